/** The download page's facts on the real server: as configured, and open without signing in. */
import type { AppDownload } from '@paichat/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function downloadOf(env: Record<string, string>): Promise<AppDownload> {
  const server = await startTestServer('sqlite', { env });
  servers.push(server);
  const response = await fetch(`${server.url}/app/download`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { code: number; data: AppDownload };
  expect(body.code).toBe(200);
  return body.data;
}

describe('the app download', () => {
  it('answers the configured address, size and update day with the app version, to anyone', async () => {
    expect(
      await downloadOf({
        APP_DOWNLOAD_URL: 'https://downloads.example.com/paichat.apk',
        APP_DOWNLOAD_SIZE_MB: '2',
        APP_UPDATED_AT: '2026-11-20',
      }),
    ).toEqual({
      url: 'https://downloads.example.com/paichat.apk',
      size: 2 * 1024 * 1024,
      version: '1.2.2',
      versionCode: 122,
      updatedAt: Date.UTC(2026, 10, 20),
    });
  });

  it('says there is no download where none is configured', async () => {
    expect(await downloadOf({})).toEqual({
      url: '',
      size: 0,
      version: '1.2.2',
      versionCode: 122,
      updatedAt: 0,
    });
  });
});
