/**
 * Sign-in through Pi and Google in real Chromium, against the real server configured for local
 * fakes that speak the real protocols (apps/server/test/support/fakeProviders.ts). The Pi
 * Browser is a context with its user agent and a stub `window.Pi` put in before the page
 * loads (the app uses an SDK already on the page instead of loading Pi's script); the stub and
 * the fake `/v2/me` answer when the test lets them, so every status of the Pi login page is seen.
 */
import { afterAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { startFakeGoogle, startFakePi } from '../../apps/server/test/support/fakeProviders';
import { onMessageTab } from '../support/session';
import { useStage } from '../support/stage';

const PI_BROWSER_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 PiBrowser/1.7.0';

const google = await startFakeGoogle();
const pi = await startFakePi();
afterAll(() => Promise.all([google.close(), pi.close()]));

const stage = useStage({ ...google.env, ...pi.env });

/** A Pi Browser: its user agent, and a stub SDK whose steps wait for the test (`window.piControl`). */
async function piBrowser(accessToken: string) {
  const device = await stage.phone({ userAgent: PI_BROWSER_UA });
  await device.context.addInitScript((token: string) => {
    const gate = () => {
      let open = () => {};
      const opened = new Promise<void>((resolve) => (open = resolve));
      return { open, opened };
    };
    const init = gate();
    const auth = gate();
    const seen: string[] = [];
    Object.assign(window, {
      piControl: { init: init.open, authenticate: auth.open, seen },
      Pi: {
        init: () => init.opened,
        authenticate: async (scopes: string[]) => {
          await auth.opened;
          if (!scopes.includes('username')) throw new Error('no username scope');
          // A uid of its own besides the token: the server must not believe it.
          return { accessToken: token, user: { uid: 'someone-else', username: 'someone_else' } };
        },
      },
    });
    // Every status the Pi login page shows, in order.
    new MutationObserver(() => {
      const status = document.querySelector('[data-pi-status]')?.getAttribute('data-pi-status');
      if (status && seen.at(-1) !== status) seen.push(status);
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  }, accessToken);
  return device;
}

const open = (page: Page, gate: 'init' | 'authenticate') =>
  page.evaluate(
    (name) => (window as unknown as { piControl: Record<string, () => void> }).piControl[name]?.(),
    gate,
  );

async function nickNameOnMe(page: Page, nickName: string) {
  await page.getByRole('navigation').getByRole('button', { name: 'Me', exact: true }).click();
  await page.getByRole('heading', { name: nickName }).waitFor();
}

describe('sign-in through Pi and Google', () => {
  test('in the Pi Browser, Pi login goes through every status and lands on the Message tab', async () => {
    const accessToken = pi.issue({ id: 'pi-uid-e2e', handle: 'pioneer_e2e' });
    const { page, context } = await piBrowser(accessToken);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Pi Browser' }).waitFor();
    await page.waitForURL(/#\/wx\/login\/piLogin/);

    await page.getByText('Initializing Pi SDK…').waitFor();
    await open(page, 'init');
    await page.getByText('Authenticating…').waitFor();
    const release = pi.hold();
    const asked = pi.nextRequest();
    await open(page, 'authenticate');
    await asked;
    await page.getByText('Processing…').waitFor();
    release();
    await onMessageTab(page);

    const seen = await page.evaluate(
      () => (window as unknown as { piControl: { seen: string[] } }).piControl.seen,
    );
    expect(seen).toEqual(['initializing', 'authenticating', 'processing', 'success', 'redirecting']);
    // The account is the uid Pi answered for the token, named after its Pi username.
    await nickNameOnMe(page, 'pioneer_e2e');
    await context.close();
  });

  test('in a normal browser, Google sign-in goes to the provider and back, signed in', async () => {
    google.person = { id: 'google-e2e', name: 'Gwen Google', handle: 'gwen@example.com' };
    const { page, context } = await stage.phone();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Normal browser' }).waitFor();
    await page.waitForURL(/#\/wx\/login\/index/);
    await page.getByRole('button', { name: 'Sign in with Google' }).waitFor();
    // Pi login works only inside the Pi Browser: it is not offered here.
    expect(await page.getByRole('button', { name: 'Sign in with Pi' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await onMessageTab(page);
    expect(google.refusals).toEqual([]);
    await nickNameOnMe(page, 'Gwen Google');

    // Signing out and in again reaches the same account.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await onMessageTab(page);
    await nickNameOnMe(page, 'Gwen Google');
    await context.close();
  });

  test('in the Pi Browser, the login screen offers Pi, not Google (which cannot work there)', async () => {
    const { page, context } = await piBrowser('unused');
    await page.goto('/#/wx/login/index');
    await page.getByRole('button', { name: 'Sign in with Pi' }).waitFor();
    await page.getByText('Or log in with your account').waitFor();
    expect(await page.getByRole('button', { name: /Google|Twitter/ }).count()).toBe(0);
    await context.close();
  });
});
