import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle';

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the first call at once and collapses the rest of the window into one trailing call', () => {
    const fn = vi.fn();
    const t = throttle(fn, 50);
    t(1);
    expect(fn).toHaveBeenCalledTimes(1);
    t(2);
    t(3);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(50);
    expect(fn).toHaveBeenCalledTimes(2);
    expect(fn).toHaveBeenLastCalledWith(3);
  });

  it('runs again at once after a quiet window', () => {
    const fn = vi.fn();
    const t = throttle(fn, 50);
    t();
    vi.advanceTimersByTime(60);
    t();
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('drops the trailing call when cancelled', () => {
    const fn = vi.fn();
    const t = throttle(fn, 50);
    t();
    t();
    t.cancel();
    vi.advanceTimersByTime(100);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
