import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { useStage } from '../support/stage';
import { seed } from '../../apps/server/test/support/seed';

const stage = useStage();

const personalInfo = (page: Page) => page.goto('/#/wx/personDetail/index');
const row = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const done = (page: Page) => page.getByRole('button', { name: 'Done' }).click();

test('profile edits (name, bio, gender, region) persist across a reload', async () => {
  const amy = await seed(stage.server.url).user('amy');
  const { page, context } = await stage.signedIn(amy);
  await personalInfo(page);

  await row(page, 'Name').click();
  await page.getByRole('textbox', { name: 'Name' }).fill('Amy Lin');
  await done(page);
  await page.waitForURL(/#\/wx\/personDetail\/index/);

  await row(page, 'Bio').click();
  await page.getByRole('textbox', { name: 'Bio' }).fill('Tea, code and mountains');
  await done(page);
  await page.waitForURL(/#\/wx\/personDetail\/index/);

  await row(page, 'Gender').click();
  // A new account's gender is Unknown, as Personal Info says: chosen already in the editor.
  await page.getByRole('radio', { name: 'Unknown', checked: true }).waitFor();
  await page.getByRole('radio', { name: 'Female' }).check();
  await done(page);
  await page.waitForURL(/#\/wx\/personDetail\/index/);

  await row(page, 'Region').click();
  await page.getByRole('button', { name: 'Region' }).click();
  await page.getByText('Confirm', { exact: true }).click();
  await done(page);
  await page.waitForURL(/#\/wx\/personDetail\/index/);

  await page.reload();
  await expect.poll(() => row(page, 'Name').getAttribute('aria-describedby')).toBeTruthy();
  const description = async (name: string) => {
    const id = await row(page, name).getAttribute('aria-describedby');
    return id ? page.locator(`[id="${id}"]`).innerText() : '';
  };
  await expect.poll(() => description('Name')).toBe('Amy Lin');
  await expect.poll(() => description('Bio')).toBe('Tea, code and mountains');
  await expect.poll(() => description('Gender')).toBe('Female');
  await expect.poll(() => description('Region')).not.toBe('Not set');

  // The Me tab shows the new name too.
  await page.goto('/#/wx/tabbar4/index');
  await page.getByRole('heading', { name: 'Amy Lin' }).waitFor();
  await context.close();
});
