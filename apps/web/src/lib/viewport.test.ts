import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { computePageScale, installWidthScaling } from './viewport';

describe('computePageScale', () => {
  it('is 1 at the 375 px design width', () => {
    expect(computePageScale(375)).toEqual({ columnWidth: 375, scale: 1, rootFontSize: 16 });
  });
  it('scales with the width up to 960 px', () => {
    expect(computePageScale(750).scale).toBe(2);
    expect(computePageScale(750).columnWidth).toBe(750);
    expect(computePageScale(1920)).toEqual({ columnWidth: 960, scale: 960 / 375, rootFontSize: 20 });
  });
  it('shrinks below 375 and keeps text readable', () => {
    const small = computePageScale(320);
    expect(small.scale).toBeCloseTo(320 / 375);
    expect(small.rootFontSize).toBe(16);
  });
  it('falls back to the design width on a zero width', () => {
    expect(computePageScale(0).columnWidth).toBe(375);
  });
});

describe('installWidthScaling', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sets the variables and follows resizes, throttled', () => {
    const root = document.documentElement;
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 375 });
    const uninstall = installWidthScaling(window);
    expect(root.style.getPropertyValue('--app-width')).toBe('375px');
    expect(root.style.fontSize).toBe('16px');

    vi.advanceTimersByTime(100);
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1200 });
    window.dispatchEvent(new Event('resize'));
    expect(root.style.getPropertyValue('--app-width')).toBe('960px');

    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 400 });
    window.dispatchEvent(new Event('resize'));
    expect(root.style.getPropertyValue('--app-width')).toBe('960px');
    vi.advanceTimersByTime(50);
    expect(root.style.getPropertyValue('--app-width')).toBe('400px');
    uninstall();
  });
});
