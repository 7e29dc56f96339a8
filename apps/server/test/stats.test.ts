/**
 * The self-hosted statistics collector on the real server, on every database: the config check
 * answers `enable` for the configured app key only; reports (POST and the image beacon's GET)
 * are counted per UTC day, event and value; names and values over 255 characters, oversized
 * batches and other app keys are refused with nothing counted; only the app's own events are
 * kept, and a day keeps a bounded number of them; the operators' command shows the counts; and
 * the endpoints open to anyone are budgeted per address, reports and beacons together.
 */
import { STAT_BATCH_MAX, STAT_BEACON_MAX, STAT_PATH_MAX } from '@paichat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../src/http/rate-limit';
import { listStatCounts } from '../src/modules/stats/repo';
import { STAT_PAIRS_PER_DAY, utcDay } from '../src/modules/stats/service';
import { get, post } from './support/http';
import { STEP_MS, budget } from './support/budget';
import { runCommand } from './support/process';
import { availableDialects, startTestServer, type TestServer } from './support/server';

const dialects = await availableDialects();

const KEY = 'paichat-test';
const DAY_MS = 24 * 60 * 60 * 1000;

type Event = { name: string; value?: string };

const report = (server: TestServer, events: Event[], appKey = KEY) =>
  post(server.url, '/stat/report', { body: { appKey, events } });
const beacon = (server: TestServer, d: string, appKey = KEY) =>
  get(server.url, '/stat/beacon', { query: { appKey, d } });
const config = (server: TestServer, appKey: string, version = '1.2.2') =>
  get<{ ret: number; enable: boolean }>(server.url, '/stat/config', { query: { appKey, version } });

/** The counts of the server's clock's day, as `name value: count` lines. */
async function countsToday(server: TestServer): Promise<string[]> {
  const day = utcDay(server.clock.now());
  const rows = await listStatCounts(server.running.app.paichat.db, day);
  return rows.filter((row) => row.day === day).map((row) => `${row.name} ${row.value}: ${row.count}`);
}

describe.each(dialects)('the statistics collector on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { STAT_APP_KEY: KEY } });
  });
  afterAll(() => server.close());

  it('answers the config check: enable for its app key, of any version, and not for another', async () => {
    expect((await config(server, KEY)).body).toMatchObject({ code: 200, data: { ret: 0, enable: true } });
    expect((await config(server, KEY, '2.0.0')).body.data).toEqual({ ret: 0, enable: true });
    expect((await config(server, 'someone-else')).body.data).toEqual({ ret: 0, enable: false });
    const { status, body } = await get(server.url, '/stat/config', { query: { version: '1.2.2' } });
    expect(status).toBe(400);
    expect(body.msg).toMatch(/^appKey: /);
  });

  it('counts reported events per day, event and value, adding up across reports and beacons', async () => {
    server.clock.advance(10 * DAY_MS);
    const first = await report(server, [
      { name: 'page_view', value: '/wx/tabbar1/index' },
      { name: 'page_view', value: '/wx/tabbar1/index' },
      { name: 'page_view', value: '/wx/tabbar2/index' },
      { name: 'session_start', value: '1.2.2' },
      { name: 'language', value: 'zh-TW' },
      { name: 'session_end', value: '1-3min' },
    ]);
    expect(first.body).toMatchObject({ code: 200, data: { counted: 6 } });
    const second = await beacon(
      server,
      JSON.stringify([
        { name: 'page_view', value: '/wx/tabbar1/index' },
        { name: 'session_end', value: '1-3min' },
      ]),
    );
    expect(second.body).toMatchObject({ code: 200, data: { counted: 2 } });
    expect(await countsToday(server)).toEqual([
      'page_view /wx/tabbar1/index: 3',
      'session_end 1-3min: 2',
      'language zh-TW: 1',
      'page_view /wx/tabbar2/index: 1',
      'session_start 1.2.2: 1',
    ]);

    // The next UTC day starts its own counts; the day before keeps its own.
    server.clock.advance(DAY_MS);
    await report(server, [{ name: 'page_view', value: '/wx/tabbar1/index' }]);
    expect(await countsToday(server)).toEqual(['page_view /wx/tabbar1/index: 1']);
    const yesterday = utcDay(server.clock.now() - DAY_MS);
    const rows = await listStatCounts(server.running.app.paichat.db, yesterday);
    expect(rows.find((r) => r.day === yesterday && r.value === '/wx/tabbar1/index')?.count).toBe(3);
  });

  it('takes names and values of 255 characters and refuses longer ones, counting nothing of that batch', async () => {
    server.clock.advance(20 * DAY_MS);
    const long = 'é'.repeat(255);
    const taken = await report(server, [
      { name: long, value: long },
      { name: 'page_view', value: '/ok' },
    ]);
    expect(taken.body).toMatchObject({ code: 200, data: { counted: 1 } });

    const tooLongName = await report(server, [{ name: 'page_view', value: '/no' }, { name: `${long}x` }]);
    expect(tooLongName.status).toBe(400);
    expect(tooLongName.body).toMatchObject({
      code: 400,
      err: 'validation',
      msg: 'events.1.name: at most 255 characters',
    });
    const tooLongValue = await report(server, [{ name: 'ok', value: `${long}x` }]);
    expect(tooLongValue.body.msg).toBe('events.0.value: at most 255 characters');
    const beaconTooLong = await beacon(server, JSON.stringify([{ name: 'ok', value: `${long}x` }]));
    expect(beaconTooLong.status).toBe(400);
    expect(beaconTooLong.body.msg).toBe('d.0.value: at most 255 characters');
    // A NUL smuggled in as a JSON escape is still a control character.
    expect((await beacon(server, '[{"name":"a\\u0000b"}]')).body.msg).toBe(
      'd.0.name: must not contain control characters or invalid Unicode',
    );
    expect((await report(server, [{ name: '' }])).body.msg).toBe('events.0.name: an event needs a name');

    expect(await countsToday(server)).toEqual(['page_view /ok: 1']);
  });

  it("keeps only the app's own events, each value of its event's shape", async () => {
    server.clock.advance(25 * DAY_MS);
    const own = [
      { name: 'session_start', value: '1.2.2' },
      { name: 'language', value: 'zh-TW' },
      { name: 'language', value: '' },
      { name: 'session_end', value: '30min+' },
      { name: 'page_view', value: '/' },
      { name: 'page_view', value: '/wx/search-friends/add' },
      { name: 'page_view', value: 'not-found' },
      { name: 'page_view', value: `/${'a'.repeat(STAT_PATH_MAX - 1)}` },
    ];
    const madeUp = [
      { name: 'custom' },
      { name: 'custom', value: '/wx/tabbar1/index' },
      { name: 'session_start', value: '1.2.2 <script>' },
      { name: 'language', value: 'xx' },
      { name: 'session_end', value: 'forever' },
      { name: 'page_view' },
      { name: 'page_view', value: 'https://example.com/' },
      { name: 'page_view', value: '/wx/a b' },
      { name: 'page_view', value: `/${'a'.repeat(STAT_PATH_MAX)}` },
    ];
    const { body } = await report(server, [...own, ...madeUp]);
    expect(body).toMatchObject({ code: 200, data: { counted: own.length } });
    expect((await countsToday(server)).sort()).toEqual(own.map((e) => `${e.name} ${e.value}: 1`).sort());
  });

  it('keeps a bounded number of pairs a day, even under concurrent reports, and still counts those it holds', async () => {
    server.clock.advance(26 * DAY_MS);
    const page = (i: number) => ({ name: 'page_view', value: `/p/${i}` });
    // Five more reports of new pages than the day has room for, all at once.
    const reports = STAT_PAIRS_PER_DAY / STAT_BATCH_MAX + 5;
    const answers = await Promise.all(
      Array.from({ length: reports }, (_, r) =>
        report(
          server,
          Array.from({ length: STAT_BATCH_MAX }, (_, i) => page(r * STAT_BATCH_MAX + i)),
        ),
      ),
    );
    const counted = answers.map((a) => (a.body.data as { counted: number }).counted);
    expect(counted.reduce((sum, n) => sum + n, 0)).toBe(STAT_PAIRS_PER_DAY);
    expect(await countsToday(server)).toHaveLength(STAT_PAIRS_PER_DAY);

    // Past the cap a new pair is dropped; one the day holds still counts.
    const kept = (await countsToday(server))[0]?.split(':')[0]?.split(' ')[1] ?? '';
    const later = await report(server, [
      { name: 'page_view', value: kept },
      { name: 'session_start', value: '9.9.9' },
    ]);
    expect(later.body).toMatchObject({ code: 200, data: { counted: 1 } });
    const today = await countsToday(server);
    expect(today).toHaveLength(STAT_PAIRS_PER_DAY);
    expect(today).toContain(`page_view ${kept}: 2`);

    // The next day has room again.
    server.clock.advance(DAY_MS);
    expect((await report(server, [{ name: 'session_start', value: '9.9.9' }])).body.data).toEqual({
      counted: 1,
    });
  });

  it('refuses oversized and malformed batches, and reports for another app key', async () => {
    server.clock.advance(30 * DAY_MS);
    const many = Array.from({ length: STAT_BATCH_MAX + 1 }, () => ({ name: 'page_view' }));
    expect((await report(server, many)).body).toMatchObject({
      code: 400,
      msg: `events: at most ${STAT_BATCH_MAX} events per report`,
    });
    expect((await report(server, [])).body.msg).toBe('events: a report needs at least one event');
    expect((await beacon(server, JSON.stringify(many))).body.msg).toBe(
      `d: at most ${STAT_BATCH_MAX} events per report`,
    );
    expect((await beacon(server, '[{"name":')).body.msg).toBe('d: must be a JSON list of events');
    expect((await beacon(server, 'x'.repeat(STAT_BEACON_MAX + 1))).body.msg).toBe(
      `d: at most ${STAT_BEACON_MAX} characters`,
    );

    const hugeBody = await post(server.url, '/stat/report', {
      rawBody: JSON.stringify({ appKey: KEY, events: [{ name: 'x'.repeat(70_000) }] }),
    });
    expect(hugeBody.status).toBe(413);
    expect(hugeBody.body).toMatchObject({ code: 400, msg: 'Request body too large' });

    const stranger = await report(server, [{ name: 'page_view' }], 'someone-else');
    expect(stranger.body).toMatchObject({
      code: 403,
      err: 'forbidden',
      msg: 'Statistics are not collected for this app key',
    });
    expect((await beacon(server, '[{"name":"page_view"}]', 'someone-else')).body.code).toBe(403);

    expect(await countsToday(server)).toEqual([]);
  });

  it(
    'shows the counts to the operators with npm run stats',
    async () => {
      // The command reads the real clock's days: report under today's date.
      const today = Date.now();
      server.clock.advance(today - server.clock.now());
      await report(server, [
        { name: 'page_view', value: '/wx/tabbar3/index' },
        { name: 'session_end', value: '10-30s' },
      ]);
      const { database, dataDir } = server.config;
      const run = runCommand(
        'cli/stats.ts',
        {
          DATABASE_URL: database.dialect === 'postgres' ? database.url : `sqlite:${database.file}`,
          DATA_DIR: dataDir,
        },
        ['--days', '1'],
      );
      const { code } = await run.exited;
      expect(code, run.stderr()).toBe(0);
      const lines = run.stdout().split('\n');
      expect(lines).toContain(`${utcDay(today)}  ${KEY}         1  page_view  /wx/tabbar3/index`);
      expect(lines).toContain(`${utcDay(today)}  ${KEY}         1  session_end  10-30s`);
    },
    budget(STEP_MS.process, STEP_MS.requests),
  );
});

describe('a server without STAT_APP_KEY', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(() => server.close());

  it('answers enable false and refuses every report', async () => {
    expect((await config(server, KEY)).body.data).toEqual({ ret: 0, enable: false });
    expect((await report(server, [{ name: 'page_view' }])).body).toMatchObject({
      code: 403,
      err: 'forbidden',
    });
    expect((await beacon(server, '[{"name":"page_view"}]')).body.code).toBe(403);
  });
});

describe('the collector’s budgets', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { env: { RATE_LIMITS: 'on', STAT_APP_KEY: KEY } });
  });
  afterAll(() => server.close());

  it('refuse an address past its config checks and its reports a minute, beacons included, with the envelope', async () => {
    const checks = await Promise.all(
      Array.from({ length: RATE_LIMITS.statConfig.max + 1 }, () => config(server, KEY)),
    );
    expect(checks.filter((c) => c.body.code === 200)).toHaveLength(RATE_LIMITS.statConfig.max);
    expect(checks.filter((c) => c.body.code === 429)).toHaveLength(1);

    // Half the budget as reports, the rest and one more as beacons: one budget for both.
    const burst = { name: 'page_view', value: '/burst' };
    const { max } = RATE_LIMITS.statReport;
    const sent = await Promise.all(
      Array.from({ length: max + 1 }, (_, i) =>
        i % 2 === 0 ? report(server, [burst]) : beacon(server, JSON.stringify([burst])),
      ),
    );
    expect(sent.filter((r) => r.body.code === 429)).toHaveLength(1);
    expect(await countsToday(server)).toEqual([`page_view /burst: ${max}`]);
  });
});
