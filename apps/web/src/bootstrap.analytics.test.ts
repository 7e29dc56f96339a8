import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootstrap } from './bootstrap';

/** What the app reports, through the global fetch the analytics module uses. */
function collector() {
  const reported: string[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/stat/config?'))
      return new Response(JSON.stringify({ code: 200, msg: 'ok', data: { ret: 0, enable: true } }));
    if (url === '/stat/report') {
      const { events } = JSON.parse(String(init?.body)) as { events: { name: string; value: string }[] };
      reported.push(...events.map((e) => `${e.name} ${e.value}`));
    }
    return new Response(JSON.stringify({ code: 200, msg: 'ok', data: { counted: 0 } }));
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, reported };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('usage statistics, as the app wires them', () => {
  it('are off when the build has no app key', async () => {
    vi.useFakeTimers();
    const { fetch } = collector();
    vi.stubEnv('VITE_STAT_APP_KEY', '');
    bootstrap();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('report the session and each page the router shows, by path without its query', async () => {
    vi.useFakeTimers();
    const { fetch, reported } = collector();
    vi.stubEnv('VITE_STAT_APP_KEY', 'paichat');
    window.location.hash = '#/wx/detect/index';
    const app = bootstrap();
    await app.router.navigate('/wx/chatWindow/index?userId=42');
    await app.router.navigate('/no/such/page');
    // The statistics' code loads after the first render, a module import the fake clock does not
    // wait for: once it has asked the collector whether to report, a batch goes out 10 s later.
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled(), { timeout: 10_000 });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reported).toEqual([
      'session_start 1.2.2',
      'language en',
      'page_view /wx/detect/index',
      'page_view /wx/chatWindow/index',
      'page_view not-found',
    ]);
  });
});
