/**
 * People Nearby on the real server, on every database: answers carry buckets, never positions;
 * probes from any number of spoofed positions learn no more than the target's cell; a place
 * expires, can be cleared, and cannot jump faster than believable; blocked pairs never meet;
 * the budgets refuse a script clearly. Every test works in its own city, so the places of one
 * do not show in another's lists.
 */
import {
  DistanceBucket,
  NEARBY_PEOPLE_PER_HOUR,
  NEARBY_TTL_MINUTES,
  type FriendApply,
  type NearbyPerson,
  type PersonView,
  type ShakeResult,
} from '@paichat/protocol';
import { cellToLatLng, gridDisk, latLngToCell } from 'h3-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../src/http/rate-limit';
import { bucketBetween, CELL_RESOLUTION, MOVE_MEMORY_MS, placeOf } from '../src/modules/nearby/cells';
import { as } from './support/api';
import { befriend } from './support/chats';
import type { ApiResponse } from './support/http';
import { insertPlainUser } from './support/rows';
import { seed, type SeededUser } from './support/seed';
import { availableDialects, startTestServer, type TestServer } from './support/server';
import { fineCentre, moved, WalkingAttacker, type Position } from './support/walking-attack';

const dialects = await availableDialects();

const cellOf = (p: Position) => latLngToCell(p.latitude, p.longitude, CELL_RESOLUTION);

/** The centre of the cell that holds `p`. */
function centreOf(p: Position): Position {
  const [latitude, longitude] = cellToLatLng(cellOf(p));
  return { latitude, longitude };
}

/** Two different positions (some 100 m apart) inside one cell, near `near`. */
function twoInOneCell(near: Position): [Position, Position] {
  for (let bearing = 0; bearing < 360; bearing += 15) {
    const other = moved(near, 100, bearing);
    if (cellOf(other) === cellOf(near)) return [near, other];
  }
  throw new Error('no two positions 100 m apart in one cell');
}

const MINUTE = 60_000;
const TTL_MS = NEARBY_TTL_MINUTES * MINUTE;
const TOO_MANY = {
  code: 429,
  msg: 'Too many requests, please try again later',
  data: null,
  err: 'tooManyAttempts',
};

interface Listed {
  list: NearbyPerson[];
  expiresAt: number;
}

/** Every key and number an answer carries, to show nothing finer than a bucket leaves. */
function leaves(value: unknown, path = ''): { path: string; value: unknown }[] {
  if (typeof value !== 'object' || value === null) return [{ path, value }];
  return Object.entries(value).flatMap(([key, child]) =>
    leaves(child, Array.isArray(value) ? `${path}[]` : path ? `${path}.${key}` : key),
  );
}

/** What may be in any People Nearby answer: profiles, buckets, references and one's own expiry. */
function expectNoPosition(answer: ApiResponse): void {
  const found = leaves(answer.body.data);
  const numbers = found.filter(({ value }) => typeof value === 'number').map(({ path }) => path);
  expect(
    numbers.every((path) => path === 'expiresAt'),
    numbers.join(),
  ).toBe(true);
  for (const { path } of found)
    expect(path).toMatch(
      /^(expiresAt|list\[\]\.(userId|nickName|portrait|intro|gender|distance|ref|isFriend))?$/,
    );
  for (const { path, value } of found.filter((leaf) => leaf.path.endsWith('distance')))
    expect(DistanceBucket.options, path).toContain(value);
  // No coordinate, however spelled, and no H3 index (references are random letters: left out).
  const text = answer.text.replace(/"ref":"[^"]*"/g, '');
  expect(text).not.toMatch(/lat|lng|lon|cell|area|\.\d{3}/i);
  expect(text).not.toMatch(/\b8[0-9a-f]{14}\b/);
}

describe.each(dialects)('people nearby on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const person = (name: string) => seed(server.url).user(name);
  /** New people, one after another (each a sign-up). */
  const persons = async <N extends string[]>(...names: N) => {
    const made: SeededUser[] = [];
    for (const name of names) made.push(await person(name));
    return made as { [K in keyof N]: SeededUser };
  };
  const share = (user: SeededUser, at: Position) =>
    as(server.url, user).post<{ expiresAt: number }>('/nearby/share', at);
  const shared = async (user: SeededUser, at: Position) => {
    const answer = await share(user, at);
    expect(answer.body.code, answer.body.msg).toBe(200);
    return answer;
  };
  const listOf = (user: SeededUser, gender?: 'all' | 'male' | 'female') =>
    as(server.url, user).post<Listed>('/nearby/list', gender ? { gender } : {});
  /** Whom `user` sees, by nickname, with the bucket. */
  const seen = async (user: SeededUser, gender?: 'all' | 'male' | 'female') => {
    const answer = await listOf(user, gender);
    expect(answer.body.code, answer.body.msg).toBe(200);
    return Object.fromEntries(answer.body.data.list.map((p) => [p.nickName, p.distance]));
  };

  it('answers people as buckets between cells, nearest first, and never a position or a finer number', async () => {
    const here = centreOf({ latitude: 30.2741, longitude: 120.1551 });
    const [amy, ben, cat, dan] = await persons('amy', 'ben', 'cat', 'dan');
    const sharing = await shared(amy, here);
    expect(sharing.body.data).toEqual({ expiresAt: server.clock.now() + TTL_MS });
    expectNoPosition(sharing);
    await shared(ben, moved(here, 4_000, 90));
    await shared(cat, moved(here, 250, 200));
    await shared(dan, moved(here, 35_000, 0));

    const answer = await listOf(amy);
    expect(answer.body.code, answer.body.msg).toBe(200);
    expectNoPosition(answer);
    const { list, expiresAt } = answer.body.data;
    expect(expiresAt).toBe(sharing.body.data.expiresAt);
    // Dan, 35 km away, is beyond the largest bucket; the others come nearest first.
    expect(list.map((p) => p.nickName)).toEqual(['Cat', 'Ben']);
    const amyCell = placeOf(here).cell;
    expect(list.map((p) => p.distance)).toEqual([
      bucketBetween(amyCell, placeOf(moved(here, 250, 200)).cell),
      bucketBetween(amyCell, placeOf(moved(here, 4_000, 90)).cell),
    ]);
    // Cat shares Amy's cell; Ben is two cells away.
    expect(list[0]).toMatchObject({ userId: cat.userId, distance: '3km' });
    expect(list[1]).toMatchObject({ userId: ben.userId, gender: 'unknown', intro: '', distance: '10km' });
    expectNoPosition(await as(server.url, amy).post('/nearby/clear'));
  });

  it('lets a simulated trilateration from spoofed positions learn no more than the target’s cell', async () => {
    const centre = centreOf({ latitude: 31.2304, longitude: 121.4737 });
    // Two targets at different positions in one cell: if any set of probes told them apart, it
    // would place someone more finely than a cell.
    const [here, there] = twoInOneCell(centre);
    const [tia, tom] = await persons('tia', 'tom');
    await shared(tia, here);
    await shared(tom, there);
    const targetCell = cellOf(here);

    // Six attackers walk outwards from the targets on six bearings, each step a believable move
    // (the clock moves on between steps), listing at every step.
    const attackers = await Promise.all(
      [0, 60, 120, 180, 240, 300].map((bearing) => person(`spy${bearing}`)),
    );
    const steps = [60, 300, 700, 1_200, 2_000, 3_000, 4_500, 6_500, 9_000, 12_000, 16_000, 21_000, 25_000];
    const observations: { probe: Position; tia: string | undefined; tom: string | undefined }[] = [];
    for (const metres of steps) {
      server.clock.advance(30_000);
      await Promise.all(
        attackers.map(async (spy, i) => {
          const probe = moved(centre, metres, i * 60);
          await shared(spy, probe);
          const answer = await listOf(spy);
          expect(answer.body.code, answer.body.msg).toBe(200);
          expectNoPosition(answer);
          const bucketOf = (name: string) => answer.body.data.list.find((p) => p.nickName === name)?.distance;
          observations.push({ probe, tia: bucketOf('Tia'), tom: bucketOf('Tom') });
        }),
      );
    }
    expect(observations).toHaveLength(steps.length * attackers.length);
    for (const { probe, tia: tiaSeen, tom: tomSeen } of observations) {
      // Both targets look the same from every probe ...
      expect(tomSeen).toBe(tiaSeen);
      // ... because each answer depends on the two cells alone.
      expect(tiaSeen).toBe(bucketBetween(cellOf(probe), targetCell) ?? undefined);
    }
    // Near probes saw them, far ones did not: the probes did span the buckets.
    expect(new Set(observations.map((o) => o.tia))).toEqual(new Set([...DistanceBucket.options, undefined]));
    // What the attacker can work out is the cells that fit every answer: whole cells, the
    // target's among them, never a point inside one.
    const fits = gridDisk(targetCell, 3).filter((cell) =>
      observations.every((o) => (bucketBetween(cellOf(o.probe), cell) ?? undefined) === o.tia),
    );
    expect(fits).toContain(targetCell);

    // Probing again from another position inside one cell answers exactly the same.
    const spy = attackers[0] as SeededUser;
    server.clock.advance(2 * MINUTE);
    const [p1, p2] = twoInOneCell(moved(centre, 2_500, 45));
    await shared(spy, p1);
    const first = (await listOf(spy)).body.data.list;
    await shared(spy, p2);
    expect((await listOf(spy)).body.data.list).toEqual(first);
  });

  it('lets an account walking its own place toward someone narrow them down to no less than 3 km²', async () => {
    // The attack that pinned a cell in 3 to 8 lists (support/walking-attack.ts), at the budgets'
    // pace: a share and a list every 3 s, each step up to 3 km and a move the server believes.
    const target = fineCentre({ latitude: 30.5728, longitude: 104.0668 });
    const [uma, spy] = await persons('uma', 'spy');
    await shared(uma, target);
    let at = moved(target, 12_000, 200);
    const attacker = new WalkingAttacker(at, 22_000);
    let lists = 0;
    for (let step: Position | null = at; step && lists < 40; step = attacker.bestStep(at, 3_000, 3_000)) {
      at = step;
      server.clock.advance(3_000);
      await shared(spy, at);
      const answer = await listOf(spy);
      lists += 1;
      const bucket = answer.body.data.list.find((p) => p.userId === uma.userId)?.distance;
      attacker.learn(at, bucket);
      // The server answers by the public rule: Uma is still where the attacker looks.
      expect(attacker.fits(target)).toBe(true);
    }
    // The walk did narrow her down from some 1,500 km² to a few (to her cell: it is no straw
    // man), but never below 3 km², the stated floor (docs/architecture.md "People Nearby").
    expect(attacker.km2).toBeLessThan(10);
    expect(attacker.km2).toBeGreaterThan(3);
  });

  // 56 stops of a share and a list each, twice: a loaded machine may need more than the default.
  it(
    'shows one account at most NEARBY_PEOPLE_PER_HOUR different people an hour, however it walks a city',
    { timeout: 60_000 },
    async () => {
      const city = { latitude: 30.5928, longitude: 114.3055 };
      // A crowd larger than the cap shares all over a city, a kilometre apart (15 by 16 km); its
      // rows are written straight in, sign-ups would take long.
      const { db } = server.running.app.paichat;
      const now = server.clock.now();
      const crowd: { user_id: number; cell: string; area: string; shared_at: number; expires_at: number }[] =
        [];
      for (let row = 0; row < 15; row += 1)
        for (let col = 0; col < 16; col += 1) {
          const user_id = await insertPlainUser(db, `crowd_${row}_${col}`);
          const place = placeOf(moved(moved(city, row * 1_000, 180), col * 1_000, 90));
          crowd.push({ user_id, ...place, shared_at: now - crowd.length, expires_at: now + TTL_MS });
        }
      await db.insertInto('nearby_locations').values(crowd).execute();
      expect(crowd.length).toBeGreaterThan(NEARBY_PEOPLE_PER_HOUR);

      // A lister walks across it in rows 4 km apart, a step (2.5 km) every 10 s, listing at each.
      const [ivy] = await persons('ivy');
      const route = [0, 1, 2, 3].flatMap((row) =>
        [0, 1, 2, 3, 4, 5, 6].map((col) =>
          moved(moved(city, row * 4_000, 180), (row % 2 === 0 ? col : 6 - col) * 2_500, 90),
        ),
      );
      const seenIds = new Set<string>();
      const walk = async (stops: Position[]) => {
        let last: NearbyPerson[] = [];
        for (const stop of stops) {
          server.clock.advance(10_000);
          await shared(ivy, stop);
          last = (await listOf(ivy)).body.data.list;
          for (const p of last) seenIds.add(p.userId);
        }
        return last;
      };
      const lastList = await walk(route);
      // The cap, and not one more, although the walk passed everyone.
      expect(seenIds.size).toBe(NEARBY_PEOPLE_PER_HOUR);
      // Lists go on showing people already shown.
      expect(lastList.length).toBeGreaterThan(0);

      // An hour on (the crowd shares again), there is room for people not shown yet: walking back
      // meets those the first walk had no room for.
      server.clock.advance(60 * MINUTE);
      await db
        .updateTable('nearby_locations')
        .set({ shared_at: server.clock.now(), expires_at: server.clock.now() + TTL_MS })
        .where(
          'user_id',
          'in',
          crowd.map((c) => c.user_id),
        )
        .execute();
      await walk(route.toReversed());
      expect(seenIds.size).toBe(crowd.length);
    },
  );

  it('refuses a place that jumped faster than believable, also after clearing, and keeps the last one', async () => {
    const start = { latitude: 39.9042, longitude: 116.4074 };
    const [jay, kim] = await persons('jay', 'kim');
    await shared(jay, start);
    await shared(kim, moved(start, 800, 0));
    const far = moved(start, 120_000, 90);
    const jump = await share(jay, far);
    expect(jump.body).toMatchObject({ code: 400, err: 'locationJump' });
    // The refused place changed nothing: Kim still sees Jay where he was.
    expect(await seen(kim)).toEqual({ Jay: bucketBetween(cellOf(start), cellOf(moved(start, 800, 0))) });

    // Clearing hides him at once but does not wipe the last place: the jump is still too fast.
    expect((await as(server.url, jay).post('/nearby/clear')).body.code).toBe(200);
    expect((await share(jay, far)).body.err).toBe('locationJump');
    // A few metres' wobble within the slack is fine at once; 120 km after ten minutes is an airliner's pace.
    await shared(jay, moved(start, 500, 180));
    server.clock.advance(10 * MINUTE);
    await shared(jay, far);
    expect(await seen(kim)).toEqual({});
  });

  it('does not list expired or cleared places, and needs a live place of one’s own to list', async () => {
    const here = { latitude: 22.5431, longitude: 114.0579 };
    const [lea, max, ned] = await persons('lea', 'max', 'ned');
    expect((await listOf(lea)).body).toMatchObject({ code: 400, err: 'locationRequired', data: null });
    await shared(lea, here);
    await shared(max, moved(here, 300, 45));
    server.clock.advance(TTL_MS / 2);
    await shared(ned, moved(here, 300, 225));
    expect(await seen(lea)).toEqual({ Ned: expect.any(String), Max: expect.any(String) });

    // Ned clears his: gone at once, and he may not list without one.
    expect((await as(server.url, ned).post('/nearby/clear')).body).toMatchObject({ code: 200, data: null });
    expect(Object.keys(await seen(lea))).toEqual(['Max']);
    expect((await listOf(ned)).body.err).toBe('locationRequired');

    // An hour after they shared, Lea's and Max's places have expired.
    server.clock.advance(TTL_MS / 2);
    expect((await listOf(lea)).body.err).toBe('locationRequired');
    await shared(lea, here);
    expect(await seen(lea)).toEqual({});
    // Sharing again lists them again.
    await shared(max, moved(here, 300, 45));
    expect(Object.keys(await seen(lea))).toEqual(['Max']);
  });

  it('forgets a place, cleared or expired, once it no longer constrains the next share', async () => {
    const here = { latitude: 29.563, longitude: 106.5516 };
    const [yan, zoe] = await persons('yan', 'zoe');
    await shared(yan, here);
    await shared(zoe, here);
    await as(server.url, yan).post('/nearby/clear');
    const stored = () =>
      server.running.app.paichat.db.selectFrom('nearby_locations').select('user_id').execute();
    // Hidden, but kept to judge Yan's next share.
    expect((await stored()).map((row) => Number(row.user_id))).toContain(Number(yan.userId));
    // A day on, any move is believable: the next share anywhere forgets both.
    server.clock.advance(MOVE_MEMORY_MS + TTL_MS + MINUTE);
    await shared(zoe, moved(here, 5_000_000, 270));
    const kept = (await stored()).map((row) => Number(row.user_id));
    expect(kept).toContain(Number(zoe.userId));
    expect(kept).not.toContain(Number(yan.userId));
  });

  it('never shows two people to each other when either blocked the other', async () => {
    const here = { latitude: 23.1291, longitude: 113.2644 };
    const [ola, pia, quy, rex] = await persons('ola', 'pia', 'quy', 'rex');
    await befriend(server.url, ola, pia);
    await befriend(server.url, quy, rex);
    for (const [i, user] of [ola, pia, quy, rex].entries()) await shared(user, moved(here, 100 * i, 90));
    expect(Object.keys(await seen(ola)).sort()).toEqual(['Pia', 'Quy', 'Rex']);

    expect((await as(server.url, ola).post('/friend/block', { userId: pia.userId })).body.code).toBe(200);
    expect((await as(server.url, rex).post('/friend/block', { userId: quy.userId })).body.code).toBe(200);
    expect(Object.keys(await seen(ola)).sort()).toEqual(['Quy', 'Rex']);
    expect(Object.keys(await seen(pia)).sort()).toEqual(['Quy', 'Rex']);
    expect(Object.keys(await seen(quy)).sort()).toEqual(['Ola', 'Pia']);
    expect(Object.keys(await seen(rex)).sort()).toEqual(['Ola', 'Pia']);

    await as(server.url, ola).post('/friend/unblock', { userId: pia.userId });
    expect(Object.keys(await seen(pia)).sort()).toEqual(['Ola', 'Quy', 'Rex']);
  });

  it('tells the viewer which people nearby are their own friends, and nothing of anyone else’s friends', async () => {
    const here = { latitude: 25.0389, longitude: 102.7183 };
    const [kim, lee, max] = await persons('kim', 'lee', 'max');
    await befriend(server.url, kim, lee);
    for (const user of [kim, lee, max]) await shared(user, here);
    const friendsOf = async (user: SeededUser) => {
      const answer = await listOf(user);
      expect(answer.body.code, answer.body.msg).toBe(200);
      return Object.fromEntries(answer.body.data.list.map((p) => [p.nickName, p.isFriend]));
    };
    expect(await friendsOf(kim)).toEqual({ Lee: true, Max: false });
    expect(await friendsOf(lee)).toEqual({ Kim: true, Max: false });
    // Max, a stranger to both, learns nothing of their friendship.
    expect(await friendsOf(max)).toEqual({ Kim: false, Lee: false });
  });

  it('blocks someone met nearby by the reference they were shown: then neither meets the other, nearby or shaking', async () => {
    const here = { latitude: 36.0671, longitude: 120.3826 };
    const [abe, bea, cy] = await persons('abe', 'bea', 'cy');
    for (const user of [abe, bea, cy]) await shared(user, here);
    const listed = (await listOf(abe)).body.data.list.find((p) => p.nickName === 'Bea') as NearbyPerson;
    const block = (by: SeededUser, body: { userId: string; ref?: string }) =>
      as(server.url, by).post('/friend/block', body);
    // Without the reference, or with one issued to someone else, Bea is a stranger to block.
    expect((await block(abe, { userId: bea.userId })).body.err).toBe('userNotFound');
    expect((await block(cy, { userId: bea.userId, ref: listed.ref })).body.err).toBe('userNotFound');
    expect((await block(abe, { userId: bea.userId, ref: listed.ref })).body).toMatchObject({ code: 200 });

    expect(Object.keys(await seen(abe))).toEqual(['Cy']);
    expect(Object.keys(await seen(bea))).toEqual(['Cy']);
    const blacklist = await as(server.url, abe).get<{ list: { userId: string }[] }>('/friend/blacklist');
    expect(blacklist.body.data.list.map((p) => p.userId)).toEqual([bea.userId]);
    // Shaking side by side, they are not paired either.
    const shake = (user: SeededUser) =>
      as(server.url, user).post<ShakeResult>('/shake/shake', { position: here });
    expect((await shake(bea)).body.data.status).toBe('waiting');
    expect((await shake(abe)).body.data.status).toBe('waiting');
    // On his blacklist, she is taken off again by id alone.
    expect((await as(server.url, abe).post('/friend/unblock', { userId: bea.userId })).body.code).toBe(200);
    expect(Object.keys(await seen(bea)).sort()).toEqual(['Abe', 'Cy']);
  });

  it('filters by gender, and opens a stranger’s page for a greeting from nearby', async () => {
    const here = { latitude: 34.3416, longitude: 108.9398 };
    const [sam, tess, uri, vic] = await persons('sam', 'tess', 'uri', 'vic');
    await as(server.url, tess).post('/my/updateInfo', { gender: 'female', intro: 'Tea and trails' });
    await as(server.url, uri).post('/my/updateInfo', { gender: 'male' });
    for (const user of [sam, tess, uri, vic]) await shared(user, here);
    expect(Object.keys(await seen(sam)).sort()).toEqual(['Tess', 'Uri', 'Vic']);
    expect(Object.keys(await seen(sam, 'female'))).toEqual(['Tess']);
    expect(Object.keys(await seen(sam, 'male'))).toEqual(['Uri']);

    const [found] = (await listOf(sam, 'female')).body.data.list;
    expect(found).toMatchObject({
      nickName: 'Tess',
      gender: 'female',
      intro: 'Tea and trails',
      distance: '3km',
    });
    const { ref, userId } = found as NearbyPerson;
    // Without the reference Tess is a stranger to Sam; with it her page opens, without her chat ID.
    expect((await as(server.url, sam).get(`/friend/info/${userId}`)).body.err).toBe('userNotFound');
    const page = await as(server.url, sam).get<PersonView>(`/friend/info/${userId}`, { ref });
    expect(page.body.data).toMatchObject({ nickName: 'Tess', chatNo: '', isFriend: false });
    // The reference is Sam's alone.
    expect((await as(server.url, vic).get(`/friend/info/${userId}`, { ref })).body.err).toBe('userNotFound');

    const greeting = await as(server.url, sam).post('/friend/apply', {
      userId,
      ref,
      source: 'nearby',
      reason: 'Hi!',
    });
    expect(greeting.body.code, greeting.body.msg).toBe(200);
    const received = await as(server.url, tess).get<{ list: FriendApply[] }>('/friend/applyList');
    expect(received.body.data.list).toEqual([
      expect.objectContaining({
        userId: sam.userId,
        source: 'nearby',
        direction: 'received',
        status: 'pending',
      }),
    ]);
  });
});

describe.each(dialects)('people nearby budgets on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { RATE_LIMITS: 'on' } });
  });
  afterAll(() => server.close());

  it('refuse a script sharing or listing past its budget, clearly', async () => {
    const wes = await seed(server.url).user('wes');
    const here = { latitude: 45.8038, longitude: 126.535 };
    const shares = [];
    for (let i = 0; i <= RATE_LIMITS.nearbyShare.max; i += 1)
      shares.push(await as(server.url, wes).post('/nearby/share', moved(here, 10 * i, 0)));
    expect(shares.slice(0, -1).every((a) => a.body.code === 200)).toBe(true);
    expect(shares.at(-1)?.body).toEqual(TOO_MANY);

    const lists = await Promise.all(
      Array.from({ length: RATE_LIMITS.nearbyList.max + 3 }, () =>
        as(server.url, wes).post('/nearby/list', {}),
      ),
    );
    expect(lists.filter((a) => a.body.code === 200)).toHaveLength(RATE_LIMITS.nearbyList.max);
    expect(lists.filter((a) => a.body.code === 429).map((a) => a.body)).toEqual(Array(3).fill(TOO_MANY));
  });
});
