import { useEffect, useRef, useState } from 'react';
import { createShakeDetector } from './shakeDetector';

/**
 * Shakes of the phone, from `devicemotion`:
 * - 'unsupported': the browser has no motion events at all;
 * - 'ask': it needs the person's permission, asked from a tap (`enable`; iOS Safari);
 * - 'on': listening (a device without a motion sensor simply never reports one);
 * - 'denied': the person said no; the Shake button still works.
 */
export type MotionAccess = 'unsupported' | 'ask' | 'on' | 'denied';

type MotionEventClass = { requestPermission?: () => Promise<'granted' | 'denied'> };

const motionEventClass = (): MotionEventClass | undefined =>
  (globalThis as { DeviceMotionEvent?: MotionEventClass }).DeviceMotionEvent;

function initialAccess(): MotionAccess {
  const motion = motionEventClass();
  if (!motion) return 'unsupported';
  return typeof motion.requestPermission === 'function' ? 'ask' : 'on';
}

export function useDeviceShake(onShake: () => void): { access: MotionAccess; enable: () => Promise<void> } {
  const [access, setAccess] = useState(initialAccess);
  const latest = useRef(onShake);
  useEffect(() => {
    latest.current = onShake;
  });

  useEffect(() => {
    if (access !== 'on') return;
    const detector = createShakeDetector();
    const listener = (event: DeviceMotionEvent) => {
      const { acceleration, accelerationIncludingGravity, timeStamp } = event;
      if (detector.push({ acceleration, accelerationIncludingGravity, time: timeStamp })) latest.current();
    };
    window.addEventListener('devicemotion', listener);
    return () => window.removeEventListener('devicemotion', listener);
  }, [access]);

  /** Asks for motion access; call it from the person's tap, which is what lets the browser ask. */
  const enable = async () => {
    try {
      const answer = await motionEventClass()?.requestPermission?.();
      setAccess(answer === 'granted' ? 'on' : 'denied');
    } catch {
      setAccess('denied');
    }
  };
  return { access, enable };
}
