import type { Page } from 'playwright-core';

/** A point on the page, in CSS pixels from its top left corner. */
export interface Point {
  x: number;
  y: number;
}

/**
 * A finger put down at `from`, drawn to `to` in `steps` moves and lifted, as the touch events a
 * phone sends (Playwright's touchscreen only taps). Drives swipes and pull-to-refresh.
 */
export async function drag(page: Page, from: Point, to: Point, steps = 8): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', at: Point) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [at] });
  await touch('touchStart', from);
  for (let step = 1; step <= steps; step++)
    await touch('touchMove', {
      x: from.x + ((to.x - from.x) * step) / steps,
      y: from.y + ((to.y - from.y) * step) / steps,
    });
  await touch('touchEnd', to);
  await cdp.detach();
}

/**
 * A finger's tap: down, held for `holdMs` as a person's is, and up. Playwright's own tap lifts
 * the finger in the same instant it lands, and gesture code that times its taps may not count
 * that one (antd-mobile's picture viewer closes only on a tap that lasted longer than 0 ms).
 */
export async function tap(page: Page, at: Point, holdMs = 80): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
  await new Promise((resolve) => setTimeout(resolve, holdMs));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** A finger pulling the page down from near its top and letting go: pull-to-refresh. */
export function pullDown(page: Page, distance = 260): Promise<void> {
  const from = { x: 195, y: 160 };
  return drag(page, from, { x: from.x, y: from.y + distance }, 12);
}
