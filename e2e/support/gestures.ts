import type { Page } from 'playwright-core';

/**
 * A finger pulling the page down from near its top and letting go, as touch events (what a
 * phone sends; Playwright's touchscreen only taps). Drives pull-to-refresh.
 */
export async function pullDown(page: Page, distance = 260): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const x = 195;
  const from = 160;
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
    });
  await touch('touchStart', from);
  const steps = 12;
  for (let i = 1; i <= steps; i += 1) await touch('touchMove', from + (distance * i) / steps);
  await touch('touchEnd', from + distance);
  await cdp.detach();
}
