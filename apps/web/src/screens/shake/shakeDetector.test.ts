import { describe, expect, it } from 'vitest';
import { createShakeDetector, strengthOf, type MotionSample } from './shakeDetector';

const at = (time: number, x: number): MotionSample => ({
  acceleration: { x, y: 0, z: 0 },
  accelerationIncludingGravity: null,
  time,
});

/** Feeds samples 20 ms apart (50 Hz), the strength of each given; answers the times a shake was told. */
function feed(strengths: number[], start = 0, detector = createShakeDetector()): number[] {
  return strengths.flatMap((x, i) => (detector.push(at(start + i * 20, x)) ? [start + i * 20] : []));
}

const calm = (n: number) => Array<number>(n).fill(1);
/** One jolt: a few samples above the threshold, back and forth, then calm. */
const jolt = [15, -18, 14, 2, 1];

describe('shake detector', () => {
  it('tells a shake from three separate jolts within a second', () => {
    expect(feed([...jolt, ...jolt, ...jolt])).toEqual([200]);
  });

  it('ignores one or two jolts, a steady push, and jolts too far apart', () => {
    expect(feed([...jolt, ...calm(10), ...jolt])).toEqual([]);
    expect(feed(Array<number>(100).fill(20))).toEqual([]);
    // 1.2 s between jolts: never three within a second.
    expect(feed([...jolt, ...calm(55), ...jolt, ...calm(55), ...jolt])).toEqual([]);
  });

  it('rests after a shake, then tells the next one', () => {
    const detector = createShakeDetector();
    const shaking = [...jolt, ...jolt, ...jolt, ...jolt, ...jolt, ...jolt];
    // Six jolts in 0.6 s are one shake, not two.
    expect(feed(shaking, 0, detector)).toEqual([200]);
    expect(feed([...jolt, ...jolt, ...jolt], 2_000, detector)).toEqual([2_200]);
  });

  it('measures without gravity, from the gravity-including reading where that is all there is', () => {
    expect(strengthOf(at(0, 3))).toBe(3);
    const resting = { acceleration: null, accelerationIncludingGravity: { x: 0, y: 9.81, z: 0 }, time: 0 };
    expect(strengthOf(resting)).toBeCloseTo(0);
    const moving = {
      acceleration: { x: null, y: null, z: null },
      accelerationIncludingGravity: { x: 0, y: 25, z: 0 },
      time: 0,
    };
    expect(strengthOf(moving)).toBeCloseTo(15.19);
    expect(strengthOf({ acceleration: null, accelerationIncludingGravity: null, time: 0 })).toBeNull();
  });
});
