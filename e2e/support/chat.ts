import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Resolves once none of the page's own messages is still sending or has failed: every send has
 * its answer. (No Resend alone is not enough: a message still sending has none either.)
 */
export async function delivered(page: Page): Promise<void> {
  const unsettled = () =>
    Promise.all([
      page.getByRole('status', { name: 'Sending' }).count(),
      page.getByRole('button', { name: 'Resend' }).count(),
    ]).then(([sending, failed]) => sending + failed);
  await expect.poll(unsettled).toBe(0);
}
