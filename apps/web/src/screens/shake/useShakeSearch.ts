import { useEffect, useRef, useState } from 'react';
import type { ShakeResult } from '@paichat/protocol';
import { useShake, useShakeResult } from '../../api/queries/shake';
import { currentPosition } from '../../lib/geolocation';
import type { ShakeSound } from './shakeSound';

/** Where a shake stands: being sent (with its swish), waiting for a partner, or ended. */
export type ShakePhase = 'idle' | 'shaking' | ShakeResult['status'];

/**
 * One shake after another: the swish, the position when the browser gives one (asked on the
 * first shake, which is a tap or a shake of the phone; refused, the shake goes without it),
 * the shake itself, then its result while it waits; the chime once a shake is matched. A shake
 * while the previous one is still being sent is ignored.
 */
export function useShakeSearch({ sound, soundOn }: { sound: ShakeSound; soundOn: boolean }) {
  const shaking = useShake();
  const result = useShakeResult(shaking.data);
  const [locating, setLocating] = useState(false);
  const [withoutPlace, setWithoutPlace] = useState(false);
  const busy = useRef(false);
  const soundWanted = useRef(soundOn);
  useEffect(() => {
    soundWanted.current = soundOn;
  });

  const start = async () => {
    if (busy.current) return;
    busy.current = true;
    if (soundWanted.current) sound.shake();
    setLocating(true);
    const fix = await currentPosition();
    setLocating(false);
    setWithoutPlace(fix === null);
    shaking.mutate(fix ?? undefined, {
      onSettled: () => {
        busy.current = false;
      },
    });
  };

  const matchedShake = result?.status === 'matched' ? shaking.data?.id : undefined;
  useEffect(() => {
    if (matchedShake !== undefined && soundWanted.current) sound.match();
  }, [matchedShake, sound]);

  const phase: ShakePhase = locating || shaking.isPending ? 'shaking' : (result?.status ?? 'idle');
  return { phase, result, start, withoutPlace };
}
