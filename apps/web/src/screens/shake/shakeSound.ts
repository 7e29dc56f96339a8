/**
 * Shake's sounds, made on the spot with the Web Audio API (no file to ship or download): the
 * swish of a shake (two bursts of noise swept through a band-pass filter, as WeChat's "shua
 * shua") and a short two-note chime for a match. Browsers start audio only from a tap, so the
 * context is made, or resumed, by `unlock()` in tap handlers; until the first tap there is no
 * sound (a shake of the phone before any tap is silent).
 * Whether they play at all is the page's setting, kept in localStorage (on unless turned off).
 */

export const SHAKE_SOUND_KEY = 'shakeSound';

export function soundSetting(storage: Storage | undefined = globalThis.localStorage): boolean {
  try {
    return storage?.getItem(SHAKE_SOUND_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function saveSoundSetting(on: boolean, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(SHAKE_SOUND_KEY, on ? 'on' : 'off');
  } catch {
    // Private mode or a full quota: the choice holds for this visit.
  }
}

type AudioContextClass = new () => AudioContext;

const audioContextClass = (): AudioContextClass | undefined =>
  (globalThis as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass }).AudioContext ??
  (globalThis as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;

/** One swish: noise swept from low to high through a band-pass filter, fading in and out. */
function swish(context: AudioContext, start: number, duration: number): void {
  const length = Math.ceil(context.sampleRate * duration);
  const buffer = context.createBuffer(1, length, context.sampleRate);
  const samples = buffer.getChannelData(0);
  for (let i = 0; i < length; i += 1) samples[i] = Math.random() * 2 - 1;
  const noise = context.createBufferSource();
  noise.buffer = buffer;
  const filter = context.createBiquadFilter();
  filter.type = 'bandpass';
  filter.Q.value = 1.2;
  filter.frequency.setValueAtTime(700, start);
  filter.frequency.exponentialRampToValueAtTime(3_200, start + duration);
  const gain = context.createGain();
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.5, start + duration * 0.3);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + duration);
  noise.connect(filter).connect(gain).connect(context.destination);
  noise.start(start);
  noise.stop(start + duration);
}

/** One bell-like note. */
function note(context: AudioContext, frequency: number, start: number, duration: number): void {
  const tone = context.createOscillator();
  tone.type = 'sine';
  tone.frequency.setValueAtTime(frequency, start);
  const gain = context.createGain();
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.35, start + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + duration);
  tone.connect(gain).connect(context.destination);
  tone.start(start);
  tone.stop(start + duration);
}

export function createShakeSound() {
  let context: AudioContext | null = null;
  const play = (draw: (context: AudioContext, now: number) => void) => {
    if (!context || context.state === 'closed') return;
    draw(context, context.currentTime);
  };
  return {
    /** From a tap: makes the audio context, or wakes it. Harmless where there is no Web Audio. */
    unlock(): void {
      const AudioContextClass = audioContextClass();
      if (!AudioContextClass) return;
      context ??= new AudioContextClass();
      if (context.state === 'suspended') void context.resume().catch(() => undefined);
    },
    shake(): void {
      play((c, now) => {
        swish(c, now, 0.22);
        swish(c, now + 0.28, 0.22);
      });
    },
    match(): void {
      play((c, now) => {
        note(c, 880, now, 0.25);
        note(c, 1_320, now + 0.15, 0.4);
      });
    },
    close(): void {
      void context?.close().catch(() => undefined);
      context = null;
    },
  };
}

export type ShakeSound = ReturnType<typeof createShakeSound>;
