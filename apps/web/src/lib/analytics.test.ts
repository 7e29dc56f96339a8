import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STAT_BEACON_MAX } from '@paichat/protocol';
import {
  Analytics,
  QUEUE_MAX,
  sessionBand,
  STATUS_STORAGE_KEY,
  type AnalyticsDeps,
  type PageLifecycle,
} from './analytics';
import { analyticsFromEnv, startAnalytics, watchPageViews } from './analyticsStart';

const COLLECTOR = 'https://stats.example';
const OPTIONS = { url: COLLECTOR, appKey: 'k', version: '1.2.2' };
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

type Event = { name: string; value: string };
/** How the fake collector answers a report: as the real one does, or failing one way or another. */
type ReportAnswer = 'ok' | 'network' | 'bad gateway' | 'busy' | 'refused' | 'forbidden';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** An Analytics against a fake collector, page and storage, all under the test's control. */
function setup(
  options: { enable?: boolean; storage?: Map<string, string>; deps?: Partial<AnalyticsDeps> } = {},
) {
  const collector = {
    enable: options.enable ?? true,
    config: 'ok' as 'ok' | 'network',
    report: 'ok' as ReportAnswer,
  };
  const requests: { url: string; init: RequestInit }[] = [];
  const beacons: string[] = [];
  const warnings: string[] = [];
  const stored = options.storage ?? new Map<string, string>();

  const fetch = vi.fn(async (url: string, init: RequestInit): Promise<Response> => {
    requests.push({ url, init });
    if (url.startsWith(`${COLLECTOR}/stat/config?`)) {
      if (collector.config === 'network') throw new TypeError('Failed to fetch');
      return json({ code: 200, msg: 'ok', data: { ret: 0, enable: collector.enable } });
    }
    switch (collector.report) {
      case 'ok': {
        const { events } = JSON.parse(String(init.body)) as { events: Event[] };
        return json({ code: 200, msg: 'ok', data: { counted: events.length } });
      }
      case 'network':
        throw new TypeError('Failed to fetch');
      case 'bad gateway':
        return new Response('<html>502</html>', { status: 502 });
      case 'busy':
        return json({ code: 429, msg: 'Too many requests', data: null, err: 'tooManyAttempts' });
      case 'refused':
        return json({ code: 400, msg: 'events.0.name: at most 255 characters', data: null }, 400);
      case 'forbidden':
        return json({
          code: 403,
          msg: 'Statistics are not collected for this app key',
          data: null,
          err: 'forbidden',
        });
    }
  });

  let hidden = false;
  const listeners: { type: string; listener: (persisted: boolean) => void }[] = [];
  const page: PageLifecycle = {
    hidden: () => hidden,
    on(type, listener) {
      const entry = { type, listener };
      listeners.push(entry);
      return () => listeners.splice(listeners.indexOf(entry), 1);
    },
  };
  const fire = (type: string, persisted = false) => {
    for (const entry of listeners.filter((l) => l.type === type)) entry.listener(persisted);
  };

  const deps: AnalyticsDeps = {
    fetch,
    beacon: (url) => beacons.push(url),
    storage: {
      getItem: (key) => stored.get(key) ?? null,
      setItem: (key, value) => void stored.set(key, value),
    },
    page,
    language: () => 'zh-TW',
    warn: (message) => warnings.push(message),
  };
  const allDeps = { ...deps, ...options.deps };
  const analytics = new Analytics(OPTIONS, allDeps);

  const posts = () => requests.filter((r) => r.url === `${COLLECTOR}/stat/report`);
  return {
    analytics,
    deps: allDeps,
    collector,
    stored,
    requests,
    beacons,
    warnings,
    listeners,
    configChecks: () => requests.filter((r) => r.url.startsWith(`${COLLECTOR}/stat/config?`)).length,
    posts,
    /** Every event of every POST, in order, as `name value`. */
    reported: () =>
      posts().flatMap(({ init }) =>
        (JSON.parse(String(init.body)) as { events: Event[] }).events.map((e) => `${e.name} ${e.value}`),
      ),
    beaconEvents: () =>
      beacons.flatMap((url) => JSON.parse(new URL(url).searchParams.get('d') ?? '[]') as Event[]),
    hide: () => {
      hidden = true;
      fire('visibilitychange');
    },
    show: () => {
      hidden = false;
      fire('visibilitychange');
    },
    fire,
  };
}

type Harness = ReturnType<typeof setup>;

/** Starts it and lets the config check answer. */
async function started(harness: Harness = setup()): Promise<Harness> {
  harness.analytics.start();
  await vi.advanceTimersByTimeAsync(0);
  return harness;
}

const SESSION_START = ['session_start 1.2.2', 'language zh-TW'];

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('configuration', () => {
  it('is off unless an app key is built in, and points at this server unless told otherwise', () => {
    expect(analyticsFromEnv({})).toBeNull();
    expect(analyticsFromEnv({ VITE_STAT_APP_KEY: '  ', VITE_STAT_URL: COLLECTOR })).toBeNull();
    expect(analyticsFromEnv({ VITE_STAT_APP_KEY: 'paichat' })).toEqual({ url: '', appKey: 'paichat' });
    expect(analyticsFromEnv({ VITE_STAT_APP_KEY: ' paichat ', VITE_STAT_URL: `${COLLECTOR}//` })).toEqual({
      url: COLLECTOR,
      appKey: 'paichat',
    });
  });

  it('asks the collector with the app key and version, without cookie or referrer', async () => {
    const { requests } = await started();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe(`${COLLECTOR}/stat/config?appKey=k&version=1.2.2`);
    expect(requests[0]?.init).toMatchObject({ credentials: 'omit', referrerPolicy: 'no-referrer' });
  });
});

describe('reports', () => {
  it('go out as one POST every 10 s, with the session start and the page views', async () => {
    const h = await started();
    h.analytics.pageView('/wx/tabbar1/index');
    await vi.advanceTimersByTimeAsync(10 * SECOND - 1);
    expect(h.posts()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.posts()).toHaveLength(1);
    expect(h.reported()).toEqual([...SESSION_START, 'page_view /wx/tabbar1/index']);
    expect(JSON.parse(String(h.posts()[0]?.init.body))).toMatchObject({ appKey: 'k' });
    expect(h.posts()[0]?.init).toMatchObject({ method: 'POST', credentials: 'omit' });

    // Nothing new, nothing sent; the next events wait for the next tick.
    await vi.advanceTimersByTimeAsync(10 * SECOND);
    expect(h.posts()).toHaveLength(1);
    h.analytics.pageView('/wx/tabbar2/index');
    h.analytics.track('custom');
    await vi.advanceTimersByTimeAsync(10 * SECOND);
    expect(h.posts()).toHaveLength(2);
    expect(h.reported().slice(3)).toEqual(['page_view /wx/tabbar2/index', 'custom ']);
    expect(h.beacons).toEqual([]);
  });

  it('carry at most 20 events each, and at most the newest 100 wait', async () => {
    const h = await started();
    for (let i = 0; i < 43; i += 1) h.analytics.track('e', String(i));
    await vi.advanceTimersByTimeAsync(10 * SECOND);
    expect(
      h.posts().map((p) => (JSON.parse(String(p.init.body)) as { events: Event[] }).events.length),
    ).toEqual([20, 20, 5]);

    for (let i = 0; i < QUEUE_MAX + 10; i += 1) h.analytics.track('e', String(i));
    await vi.advanceTimersByTimeAsync(10 * SECOND);
    const queued = h.reported().slice(45);
    expect(queued).toHaveLength(QUEUE_MAX);
    expect(queued[0]).toBe('e 10');
  });

  it.each<ReportAnswer>(['network', 'bad gateway', 'busy'])(
    'that fail (%s) are sent again 3 times 1 s apart, then as image beacons',
    async (failure) => {
      const h = await started();
      h.collector.report = failure;
      h.analytics.pageView('/wx/tabbar1/index');
      await vi.advanceTimersByTimeAsync(10 * SECOND);
      expect(h.posts()).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(SECOND - 1);
      expect(h.posts()).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(h.posts()).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(SECOND);
      expect(h.posts()).toHaveLength(3);
      expect(h.beacons).toEqual([]);
      await vi.advanceTimersByTimeAsync(SECOND);
      expect(h.posts()).toHaveLength(4);
      expect(h.beacons).toHaveLength(1);
      const beacon = new URL(h.beacons[0] ?? '');
      expect(`${beacon.origin}${beacon.pathname}`).toBe(`${COLLECTOR}/stat/beacon`);
      expect(beacon.searchParams.get('appKey')).toBe('k');
      expect(h.beaconEvents().map((e) => `${e.name} ${e.value}`)).toEqual([
        ...SESSION_START,
        'page_view /wx/tabbar1/index',
      ]);

      // The batch is gone: no more tries, nothing sent twice.
      await vi.advanceTimersByTimeAsync(10 * SECOND);
      expect(h.posts()).toHaveLength(4);
      expect(h.beacons).toHaveLength(1);
    },
  );

  it('split a batch of long events into beacons short enough for any server', async () => {
    const h = await started();
    h.collector.report = 'network';
    const long = '中'.repeat(255);
    for (let i = 0; i < 10; i += 1) h.analytics.track(`${i}${long.slice(1)}`, long);
    await vi.advanceTimersByTimeAsync(10 * SECOND + 3 * SECOND);
    expect(h.beacons.length).toBeGreaterThan(1);
    for (const url of h.beacons) expect(url.length).toBeLessThanOrEqual(STAT_BEACON_MAX);
    expect(h.beaconEvents()).toHaveLength(2 + 10);
  });

  it('refused by the collector are dropped at once; a 403 stops reporting until the next check', async () => {
    const h = await started();
    h.collector.report = 'refused';
    await vi.advanceTimersByTimeAsync(10 * SECOND + 5 * SECOND);
    expect(h.posts()).toHaveLength(1);
    expect(h.beacons).toEqual([]);

    h.collector.report = 'forbidden';
    h.analytics.track('custom');
    await vi.advanceTimersByTimeAsync(10 * SECOND + 5 * SECOND);
    expect(h.posts()).toHaveLength(2);
    expect(h.analytics.track('custom')).toBe(false);
    expect(h.warnings).toContain('the collector does not count this app key');

    // The next day's check turns it on again.
    h.collector.report = 'ok';
    await vi.advanceTimersByTimeAsync(DAY);
    expect(h.analytics.track('again')).toBe(true);
    await vi.advanceTimersByTimeAsync(10 * SECOND);
    expect(h.reported().at(-1)).toBe('again ');
  });
});

describe('the config check', () => {
  it('is asked again every 24 h, and its answer is kept for the next start', async () => {
    const h = await started();
    expect(h.configChecks()).toBe(1);
    await vi.advanceTimersByTimeAsync(DAY - 1);
    expect(h.configChecks()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.configChecks()).toBe(2);
    expect(JSON.parse(h.stored.get(STATUS_STORAGE_KEY) ?? '{}')).toEqual({
      url: COLLECTOR,
      appKey: 'k',
      enable: true,
      checkedAt: Date.now(),
    });
    h.analytics.stop();

    // A reload 6 h later reports at once on the kept answer and asks when it is 24 h old.
    await vi.advanceTimersByTimeAsync(6 * 60 * MINUTE);
    const next = await started(setup({ storage: h.stored }));
    expect(next.configChecks()).toBe(0);
    await vi.advanceTimersByTimeAsync(10 * SECOND);
    expect(next.reported()).toEqual(SESSION_START);
    await vi.advanceTimersByTimeAsync(18 * 60 * MINUTE - 10 * SECOND);
    expect(next.configChecks()).toBe(1);
  });

  it('with enable false records and sends nothing, until a later check enables it', async () => {
    const h = await started(setup({ enable: false }));
    h.analytics.pageView('/wx/tabbar1/index');
    expect(h.analytics.track('custom')).toBe(false);
    await vi.advanceTimersByTimeAsync(10 * SECOND + 5 * SECOND);
    expect(h.posts()).toHaveLength(0);

    h.collector.enable = true;
    await vi.advanceTimersByTimeAsync(DAY);
    // The first session ended unrecorded on its page's timeout; this page view starts the next.
    h.analytics.pageView('/wx/tabbar2/index');
    await vi.advanceTimersByTimeAsync(10 * SECOND);
    expect(h.reported()).toEqual([...SESSION_START, 'page_view /wx/tabbar2/index']);
  });

  it('unanswered, is asked again at the next tick while the events wait', async () => {
    const h = setup();
    h.collector.config = 'network';
    await started(h);
    h.analytics.pageView('/wx/tabbar1/index');
    await vi.advanceTimersByTimeAsync(10 * SECOND);
    expect(h.configChecks()).toBe(2);
    expect(h.posts()).toHaveLength(0);
    h.collector.config = 'ok';
    await vi.advanceTimersByTimeAsync(10 * SECOND);
    expect(h.configChecks()).toBe(3);
    expect(h.reported()).toEqual([...SESSION_START, 'page_view /wx/tabbar1/index']);
  });
});

describe('sessions', () => {
  it('end after 300 s in the background; back on the page a new one starts and counts the page again', async () => {
    const h = await started();
    h.analytics.pageView('/wx/tabbar1/index');
    await vi.advanceTimersByTimeAsync(20 * SECOND);
    h.hide();
    await vi.advanceTimersByTimeAsync(300 * SECOND - 1);
    h.show();
    await vi.advanceTimersByTimeAsync(10 * SECOND);
    expect(h.reported()).toEqual([...SESSION_START, 'page_view /wx/tabbar1/index']);

    h.hide();
    await vi.advanceTimersByTimeAsync(300 * SECOND);
    h.show();
    await vi.advanceTimersByTimeAsync(10 * SECOND);
    // 20 s + 299.999 s + 10 s in the first session: ended when it was hidden the second time.
    expect(h.reported().slice(3)).toEqual([
      'session_end 3-10min',
      ...SESSION_START,
      'page_view /wx/tabbar1/index',
    ]);
  });

  it('end when the time away says so, even if a background timer runs late', async () => {
    const h = await started();
    h.hide();
    vi.setSystemTime(Date.now() + 301 * SECOND);
    h.show();
    await vi.advanceTimersByTimeAsync(10 * SECOND);
    expect(h.reported()).toEqual([...SESSION_START, 'session_end 0-10s', ...SESSION_START]);
  });

  it('end after 1800 s on one page; the next page view starts a new one', async () => {
    const h = await started();
    h.analytics.pageView('/wx/tabbar1/index');
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    h.analytics.pageView('/wx/chatWindow/index');
    await vi.advanceTimersByTimeAsync(30 * MINUTE - 1);
    expect(h.reported()).not.toContain('session_end 30min+');
    await vi.advanceTimersByTimeAsync(1);
    h.analytics.pageView('/wx/tabbar1/index');
    await vi.advanceTimersByTimeAsync(10 * SECOND);
    expect(h.reported().slice(3)).toEqual([
      'page_view /wx/chatWindow/index',
      'session_end 30min+',
      ...SESSION_START,
      'page_view /wx/tabbar1/index',
    ]);
  });

  it('end when the page closes, sent at once with keepalive; back from the cache a new one starts', async () => {
    const h = await started();
    h.analytics.pageView('/wx/tabbar4/index');
    await vi.advanceTimersByTimeAsync(45 * SECOND);
    h.fire('pagehide');
    await vi.advanceTimersByTimeAsync(0);
    expect(h.posts().at(-1)?.init.keepalive).toBe(true);
    expect(h.reported()).toEqual([...SESSION_START, 'page_view /wx/tabbar4/index', 'session_end 30-60s']);

    h.fire('pageshow', true);
    await vi.advanceTimersByTimeAsync(10 * SECOND);
    expect(h.reported().slice(4)).toEqual([...SESSION_START, 'page_view /wx/tabbar4/index']);
  });

  it('name their length in coarse bands', () => {
    expect([0, 9_999, 10_000, 59_000, 60_000, 599_000, 1_799_999, 1_800_000].map(sessionBand)).toEqual([
      '0-10s',
      '0-10s',
      '10-30s',
      '30-60s',
      '1-3min',
      '3-10min',
      '10-30min',
      '30min+',
    ]);
  });
});

describe('events', () => {
  it('take a name and a value of up to 255 characters and refuse longer, empty or garbled ones', async () => {
    const h = await started();
    const max = 'x'.repeat(255);
    expect(h.analytics.track(max, max)).toBe(true);
    expect(h.analytics.track(`${max}x`)).toBe(false);
    expect(h.analytics.track('name', `${max}x`)).toBe(false);
    expect(h.analytics.track('')).toBe(false);
    expect(h.analytics.track('a\u0000b')).toBe(false);
    expect(h.analytics.track('name', 'line\nbreak')).toBe(false);
    expect(h.warnings).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(10 * SECOND);
    expect(h.reported()).toEqual([...SESSION_START, `${max} ${max}`]);
  });

  it('never throw into the app, whatever the browser does', async () => {
    const broken = (what: string) => () => {
      throw new Error(`${what} is broken`);
    };
    const h = setup({
      deps: {
        fetch: broken('fetch'),
        storage: { getItem: broken('storage'), setItem: broken('storage') },
        beacon: broken('the image beacon'),
        language: broken('i18n'),
      },
    });
    expect(() => h.analytics.start()).not.toThrow();
    expect(() => h.analytics.pageView('/wx/tabbar1/index')).not.toThrow();
    expect(() => h.hide()).not.toThrow();
    expect(() => h.fire('pagehide')).not.toThrow();
    await expect(vi.advanceTimersByTimeAsync(10 * MINUTE)).resolves.not.toThrow();

    // A language it cannot read is counted as unknown; the session still starts.
    const quiet = await started(setup({ deps: { language: broken('i18n') } }));
    await vi.advanceTimersByTimeAsync(10 * SECOND);
    expect(quiet.reported()).toEqual(['session_start 1.2.2', 'language ']);
  });

  it('stop with every timer and listener', async () => {
    const h = await started();
    h.analytics.pageView('/wx/tabbar1/index');
    h.hide();
    expect(h.posts()).toHaveLength(1);
    h.analytics.stop();
    expect(h.posts()[0]?.init.signal?.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    expect(h.listeners).toEqual([]);
    expect(h.analytics.track('late')).toBe(false);
  });
});

describe('page views', () => {
  const KNOWN = new Set(['/wx/tabbar1/index', '/wx/chatWindow/index']);
  /** A router at the Message tab; `go` moves it. */
  function fakeRouter() {
    let listener: ((state: { location: { key: string; pathname: string } }) => void) | undefined;
    const router = {
      state: { location: { key: 'a', pathname: '/wx/tabbar1/index' } },
      subscribe: (l: typeof listener) => {
        listener = l;
        return () => undefined;
      },
    };
    const go = (key: string, pathname: string) => listener?.({ location: { key, pathname } });
    return { router, go };
  }

  it('follow the router: one per new location, by path, unknown paths as not-found', () => {
    const { router, go } = fakeRouter();
    const views: string[] = [];
    watchPageViews(router, KNOWN, { pageView: (path) => views.push(path) });
    go('a', '/wx/tabbar1/index');
    go('b', '/wx/chatWindow/index');
    go('c', '/wx/chatWindow/index');
    go('d', '/wx/secret/alice');
    expect(views).toEqual(['/wx/tabbar1/index', '/wx/chatWindow/index', '/wx/chatWindow/index', 'not-found']);
  });

  it('count from the start: pages shown before the statistics loaded are reported once they have', async () => {
    const h = setup();
    let arrive = () => {};
    const loaded = new Promise<void>((resolve) => (arrive = resolve));
    const { router, go } = fakeRouter();
    const load = () => loaded.then(() => ({ Analytics }));
    watchPageViews(router, KNOWN, startAnalytics(OPTIONS, h.deps, load));
    go('b', '/wx/chatWindow/index');
    await vi.advanceTimersByTimeAsync(10 * SECOND);
    expect(h.requests).toEqual([]);

    arrive();
    await vi.advanceTimersByTimeAsync(0);
    go('c', '/wx/tabbar1/index');
    await vi.advanceTimersByTimeAsync(10 * SECOND);
    expect(h.reported()).toEqual([
      ...SESSION_START,
      'page_view /wx/tabbar1/index',
      'page_view /wx/chatWindow/index',
      'page_view /wx/tabbar1/index',
    ]);
  });
});
