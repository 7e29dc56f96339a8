/**
 * Tells a shake from the phone's motion: the acceleration (gravity left out) jumps over a
 * threshold several separate times within a short span. A single bump, a step or a phone put
 * down makes one or two jolts, not three; a sustained push stays above the threshold and counts
 * once. After a shake the detector rests, so one shake of the hand is one shake.
 */

export interface MotionSample {
  /** Acceleration without gravity (m/s²), when the device measures it. */
  acceleration: { x: number | null; y: number | null; z: number | null } | null;
  /** Acceleration including gravity, which more devices report. */
  accelerationIncludingGravity: { x: number | null; y: number | null; z: number | null } | null;
  /** When it was measured (ms). */
  time: number;
}

export interface ShakeDetectorOptions {
  /** How strong a jolt counts (m/s², gravity left out). */
  threshold: number;
  /** How many separate jolts make a shake … */
  jolts: number;
  /** … within this span (ms). */
  withinMs: number;
  /** Rest after a shake (ms). */
  cooldownMs: number;
}

export const SHAKE_DETECTION: ShakeDetectorOptions = {
  threshold: 12,
  jolts: 3,
  withinMs: 1_000,
  cooldownMs: 1_500,
};

const STANDARD_GRAVITY = 9.81;

const magnitude = (v: { x: number | null; y: number | null; z: number | null }) =>
  Math.hypot(v.x ?? 0, v.y ?? 0, v.z ?? 0);

/** How hard the device is being moved (m/s²), or null when the sample says nothing. */
export function strengthOf(sample: MotionSample): number | null {
  const { acceleration, accelerationIncludingGravity } = sample;
  if (acceleration && acceleration.x !== null) return magnitude(acceleration);
  if (accelerationIncludingGravity && accelerationIncludingGravity.x !== null)
    return Math.abs(magnitude(accelerationIncludingGravity) - STANDARD_GRAVITY);
  return null;
}

/** A detector: feed it every motion sample; it answers true on the sample that completes a shake. */
export function createShakeDetector(options: ShakeDetectorOptions = SHAKE_DETECTION) {
  let jolts: number[] = [];
  let above = false;
  let restUntil = -Infinity;

  return {
    push(sample: MotionSample): boolean {
      const strength = strengthOf(sample);
      if (strength === null) return false;
      const wasAbove = above;
      above = strength >= options.threshold;
      if (sample.time < restUntil || !above || wasAbove) return false;
      jolts = [...jolts.filter((t) => sample.time - t < options.withinMs), sample.time];
      if (jolts.length < options.jolts) return false;
      jolts = [];
      restUntil = sample.time + options.cooldownMs;
      return true;
    },
  };
}

export type ShakeDetector = ReturnType<typeof createShakeDetector>;
