import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import { expect, test } from 'vitest';
import { useStage } from '../support/stage';
import { seed } from '../../apps/server/test/support/seed';
import { png } from '../../apps/server/test/support/media';

const APK = 'https://downloads.example.com/paichat-1.2.2.apk';
const stage = useStage({ APP_DOWNLOAD_URL: APK, APP_DOWNLOAD_SIZE_MB: '24.5', APP_UPDATED_AT: '2026-11-20' });
const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../..');

test('a feedback with two pictures is sent from Me and shows in the operators’ list', async () => {
  const dana = await seed(stage.server.url).user('dana', { nickName: 'Dana' });
  const { page } = await stage.signedIn(dana);
  await page.goto('/#/wx/tabbar4/index');
  await page.getByRole('button', { name: 'Feedback' }).click();

  // Nothing is sent without the text.
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('alert').filter({ hasText: 'Feedback text is required' }).waitFor();

  await page
    .getByRole('textbox', { name: 'What happened?' })
    .fill('The camera button hides behind the keyboard');
  await page.getByLabel('Add pictures').setInputFiles([
    { name: 'one.png', mimeType: 'image/png', buffer: await png(80, 60) },
    { name: 'two.png', mimeType: 'image/png', buffer: await png(60, 80) },
  ]);
  await page.getByRole('list', { name: 'Pictures' }).getByRole('img').nth(1).waitFor();
  await page
    .getByRole('status')
    .filter({ hasText: /^Uploaded / })
    .waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByText('Thank you for your feedback!').waitFor();
  await page.waitForURL(/#\/wx\/tabbar4\/index/);

  // The operators read it with the server's command, on the same data.
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/feedback.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: stage.server.dataDir },
  });
  expect(stdout).toContain(`Dana (${dana.chatNo})  [version 1.2.2, H5]`);
  expect(stdout).toContain('  The camera button hides behind the keyboard');
  expect(stdout.match(/ {2}picture: /g)).toHaveLength(2);
});

test('the download page shows the app, its requirements and languages, and copies its link', async () => {
  const { page, context } = await stage.phone();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stage.server.url });
  await page.goto('/#/wx/download/index');
  await page.getByText('Version 1.2.2 (122)').waitFor();
  await page.getByText('Size: 24.5 MB').waitFor();
  await page.getByText('Android 6.0 or later (API 23)').waitFor();
  await page.getByText('iOS 12.0 or later, iPadOS 13.0 or later').waitFor();
  await page.getByRole('img', { name: 'QR code of the download link' }).waitFor();
  expect(await page.getByRole('listitem').filter({ hasText: 'Русский' }).count()).toBe(1);

  await page.getByRole('button', { name: 'Copy link' }).click();
  await page.getByText('Content copied').waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(APK);
});
