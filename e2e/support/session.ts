import type { BrowserContext, Page } from 'playwright-core';

/** What a person does to create an account on the sign-up screen. */
export async function signUp(page: Page, user: { chatNo: string; nickName: string; password: string }) {
  await page.goto('/#/wx/login/index');
  await page.getByRole('link', { name: 'Create account' }).click();
  await page.getByRole('textbox', { name: 'Chat ID' }).fill(user.chatNo);
  await page.getByRole('status').getByText('This chat ID is available').waitFor();
  await page.getByRole('textbox', { name: 'Nickname' }).fill(user.nickName);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('checkbox', { name: /^I have read and agree/ }).check();
  await page.getByRole('button', { name: 'Sign up' }).click();
}

/** Signs in on the login screen (CAPTCHA is off in e2e runs, so the code field is hidden). */
export async function logIn(page: Page, account: string, password: string) {
  await page.goto('/#/wx/login/index');
  await page.getByRole('textbox', { name: 'Account' }).fill(account);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('checkbox', { name: /^I have read and agree/ }).check();
  await page.getByRole('button', { name: 'Log in' }).click();
}

export const onMessageTab = (page: Page) => page.waitForURL(/#\/wx\/tabbar1\/index/);

/**
 * Puts a signed-in session into a browser context the way the app stores it (the
 * `auth_token` cookie), for tests whose subject is not the login screen itself.
 */
export async function useSession(context: BrowserContext, baseURL: string, token: string) {
  await context.addCookies([{ name: 'auth_token', value: encodeURIComponent(token), url: baseURL }]);
}
