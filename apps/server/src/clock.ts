/** Milliseconds since the epoch; injected so tests can move time (captcha and token expiry, throttle windows). */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
