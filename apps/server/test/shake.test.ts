/**
 * Shake on the real server, on every database: two shakes within the window pair (the second
 * learns it at once, the first by asking), nearest first; nobody is paired with themself, with
 * someone blocked either way, twice, or outside the window; answers carry no coordinates and
 * no cell; the budget refuses clearly. Time moves only by the test's clock.
 */
import { SHAKE_WINDOW_SECONDS, type Coordinates, type PersonView, type ShakeResult } from '@paichat/protocol';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../src/http/rate-limit';
import { placeOf } from '../src/modules/nearby/cells';
import { SETTLE_MS } from '../src/modules/shake/service';
import { as } from './support/api';
import { befriend } from './support/chats';
import { seed, type SeededUser } from './support/seed';
import { availableDialects, startTestServer, type TestServer } from './support/server';

const dialects = await availableDialects();
const WINDOW_MS = SHAKE_WINDOW_SECONDS * 1000;

/** The Bund in Shanghai, a street away, Hongqiao airport (about 15 km) and Hangzhou (about 170 km). */
const BUND: Coordinates = { latitude: 31.2401, longitude: 121.4905 };
const NEXT_STREET: Coordinates = { latitude: 31.2405, longitude: 121.4911 };
const HONGQIAO: Coordinates = { latitude: 31.1979, longitude: 121.3363 };
const HANGZHOU: Coordinates = { latitude: 30.2741, longitude: 120.1551 };

describe.each(dialects)('shake on %s', (dialect) => {
  let server: TestServer;
  /** Every answer any test saw, as sent: none may hold a position. */
  const answers: string[] = [];
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());
  // Every test starts long after the previous test's shakes closed.
  beforeEach(() => server.clock.advance(60_000));

  const person = (name: string) => seed(server.url).user(name);
  async function shake(user: SeededUser, position?: Coordinates): Promise<ShakeResult> {
    const { body, text } = await as(server.url, user).post<ShakeResult>(
      '/shake/shake',
      position ? { position } : {},
    );
    expect(body.code, body.msg).toBe(200);
    answers.push(text);
    return body.data;
  }
  async function result(user: SeededUser): Promise<ShakeResult> {
    const { body, text } = await as(server.url, user).post<ShakeResult>('/shake/result', {});
    expect(body.code, body.msg).toBe(200);
    answers.push(text);
    return body.data;
  }
  const partnerOf = (answer: ShakeResult) => (answer.status === 'matched' ? answer.person.userId : null);
  /** Two who may not be paired with each other (befriended, then one blocks the other). */
  async function apart(a: SeededUser, b: SeededUser): Promise<void> {
    await befriend(server.url, a, b);
    expect((await as(server.url, a).post('/friend/block', { userId: b.userId })).body.code).toBe(200);
  }
  /** Shakes one after another, a second apart, so the first waited longest. */
  async function inTurn(...shakes: [SeededUser, Coordinates?][]): Promise<void> {
    for (const [user, position] of shakes) {
      expect((await shake(user, position)).status).toBe('waiting');
      server.clock.advance(1_000);
    }
  }

  it('pairs two shakes within the window: the second at once, the first when it asks', async () => {
    const [amy, bob] = [await person('amy'), await person('bob')];
    const first = await shake(amy);
    expect(first).toEqual({ status: 'waiting', until: server.clock.now() + WINDOW_MS });
    expect(await result(amy)).toEqual(first);

    server.clock.advance(WINDOW_MS - 1);
    const second = await shake(bob);
    expect(second).toMatchObject({
      status: 'matched',
      person: {
        userId: amy.userId,
        nickName: 'Amy',
        intro: '',
        gender: 'unknown',
        portrait: '',
        distance: null,
        isFriend: false,
      },
    });
    const seen = await result(amy);
    expect(seen).toMatchObject({
      status: 'matched',
      person: { userId: bob.userId, nickName: 'Bob', distance: null, isFriend: false },
    });
    // Still matched after the window: the pairing stays until one of them shakes again.
    server.clock.advance(60_000);
    expect(partnerOf(await result(amy))).toBe(bob.userId);
    expect(partnerOf(await result(bob))).toBe(amy.userId);

    // The reference opens the other's page for that viewer only, without the chat ID.
    const ref = seen.status === 'matched' ? seen.person.ref : '';
    const page = await as(server.url, amy).get<PersonView>(`/friend/info/${bob.userId}`, { ref });
    expect(page.body.data).toMatchObject({ userId: bob.userId, nickName: 'Bob', chatNo: '' });
    const cat = await person('cat');
    expect((await as(server.url, cat).get(`/friend/info/${bob.userId}`, { ref })).body.err).toBe(
      'userNotFound',
    );
  });

  it('does not pair shakes farther apart than the window, and says "none" once it is over', async () => {
    const [amy, bob] = [await person('amy'), await person('bob')];
    expect(await result(amy)).toEqual({ status: 'none' });
    await shake(amy);
    server.clock.advance(WINDOW_MS + 1);
    expect((await shake(bob)).status).toBe('waiting');
    // A moment after the window amy still waits (a pairing begun inside it may be committing) …
    expect((await result(amy)).status).toBe('waiting');
    server.clock.advance(SETTLE_MS);
    // … then nobody came.
    expect(await result(amy)).toEqual({ status: 'none' });
    server.clock.advance(WINDOW_MS + SETTLE_MS);
    expect(await result(bob)).toEqual({ status: 'none' });
  });

  it('never pairs anyone with themself', async () => {
    const amy = await person('amy');
    await shake(amy);
    server.clock.advance(1_000);
    const again = await shake(amy);
    expect(again).toEqual({ status: 'waiting', until: server.clock.now() + WINDOW_MS });
    expect((await result(amy)).status).toBe('waiting');
  });

  it('never pairs people when either blocks the other', async () => {
    const [amy, bob, cat] = [await person('amy'), await person('bob'), await person('cat')];
    await apart(amy, bob);

    // The blocker waits, the blocked one comes second: not paired, either way round.
    await inTurn([amy], [bob]);
    server.clock.advance(60_000);
    await inTurn([bob], [amy]);
    // Someone else is paired with the longest waiting of them.
    expect(partnerOf(await shake(cat))).toBe(bob.userId);
    expect(partnerOf(await result(bob))).toBe(cat.userId);
    expect((await result(amy)).status).toBe('waiting');
  });

  it('says when the partner is already a friend of the shaker', async () => {
    const [amy, bob] = [await person('amy'), await person('bob')];
    await befriend(server.url, amy, bob);
    await shake(amy);
    expect(await shake(bob)).toMatchObject({
      status: 'matched',
      person: { userId: amy.userId, isFriend: true },
    });
    expect(await result(amy)).toMatchObject({
      status: 'matched',
      person: { userId: bob.userId, isFriend: true },
    });
  });

  it('hides a match once one of the two blocks the other', async () => {
    const [amy, bob] = [await person('amy'), await person('bob')];
    await befriend(server.url, amy, bob);
    await shake(amy);
    expect(partnerOf(await shake(bob))).toBe(amy.userId);
    await as(server.url, bob).post('/friend/block', { userId: amy.userId });
    expect(await result(amy)).toEqual({ status: 'none' });
    expect(await result(bob)).toEqual({ status: 'none' });
  });

  it('lets either of a matched pair block the other by the match’s reference: then they never meet again', async () => {
    const [amy, bob] = [await person('amy'), await person('bob')];
    await shake(amy, BUND);
    const match = await shake(bob, NEXT_STREET);
    const ref = match.status === 'matched' ? match.person.ref : '';
    // Strangers: Amy's id alone does not name anyone Bob may block.
    expect((await as(server.url, bob).post('/friend/block', { userId: amy.userId })).body.err).toBe(
      'userNotFound',
    );
    const blocked = await as(server.url, bob).post('/friend/block', { userId: amy.userId, ref });
    expect(blocked.body).toMatchObject({ code: 200 });
    expect(await result(amy)).toEqual({ status: 'none' });
    expect(await result(bob)).toEqual({ status: 'none' });

    server.clock.advance(60_000);
    await inTurn([amy, BUND], [bob, NEXT_STREET]);
    // Nor do they see each other in People Nearby.
    for (const user of [amy, bob]) await as(server.url, user).post('/nearby/share', BUND);
    for (const user of [amy, bob]) {
      const listed = await as(server.url, user).post<{ list: unknown[] }>('/nearby/list', {});
      expect(listed.body.data.list).toEqual([]);
    }
  });

  it('pairs each shake once: a third shaker does not take someone already paired', async () => {
    const [amy, bob, cat, dan] = [
      await person('amy'),
      await person('bob'),
      await person('cat'),
      await person('dan'),
    ];
    await shake(amy);
    expect(partnerOf(await shake(bob))).toBe(amy.userId);
    expect((await shake(cat)).status).toBe('waiting');
    expect(partnerOf(await shake(dan))).toBe(cat.userId);
    expect(partnerOf(await result(amy))).toBe(bob.userId);
    expect(partnerOf(await result(cat))).toBe(dan.userId);
  });

  it('pairs the nearest first, whoever waited longer, with the distance as a bucket', async () => {
    const [far, near, me, you] = [
      await person('far'),
      await person('near'),
      await person('me'),
      await person('you'),
    ];
    await apart(far, near);
    await inTurn([far, HONGQIAO], [near, NEXT_STREET]);
    expect(await shake(me, BUND)).toMatchObject({
      status: 'matched',
      person: { userId: near.userId, distance: '3km' },
    });
    expect(await result(near)).toMatchObject({
      status: 'matched',
      person: { userId: me.userId, distance: '3km' },
    });
    expect(await shake(you, BUND)).toMatchObject({
      status: 'matched',
      person: { userId: far.userId, distance: '20km' },
    });
  });

  it('pairs a shake without a position after those with one, without a distance', async () => {
    const [nowhere, far, me, you] = [
      await person('nowhere'),
      await person('far'),
      await person('me'),
      await person('you'),
    ];
    await apart(nowhere, far);
    await inTurn([nowhere], [far, HONGQIAO]);
    expect(partnerOf(await shake(me, BUND))).toBe(far.userId);
    expect(await shake(you, BUND)).toMatchObject({
      status: 'matched',
      person: { userId: nowhere.userId, distance: null },
    });
    expect(await result(nowhere)).toMatchObject({
      status: 'matched',
      person: { userId: you.userId, distance: null },
    });
  });

  it('never pairs two positions beyond the largest bucket', async () => {
    const [there, me] = [await person('there'), await person('me')];
    await inTurn([there, HANGZHOU]);
    expect((await shake(me, BUND)).status).toBe('waiting');
    expect((await result(there)).status).toBe('waiting');
  });

  it('pairs everyone shaking at the same instant in twos, each pair both ways', async () => {
    const people = await Promise.all(['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'].map(person));
    await Promise.all(people.map((p) => shake(p, BUND)));
    const partners = new Map<string, string | null>();
    for (const p of people) partners.set(p.userId, partnerOf(await result(p)));
    for (const [id, partner] of partners) {
      if (partner !== null) expect(partners.get(partner), `${id} ↔ ${partner}`).toBe(id);
    }
    // Seven people: three pairs, one left waiting.
    expect([...partners.values()].filter((p) => p === null)).toHaveLength(1);
  });

  it('answers no coordinates, and no cell, ever', () => {
    expect(answers.length).toBeGreaterThan(20);
    const places = [BUND, NEXT_STREET, HONGQIAO, HANGZHOU].flatMap((c) => [
      placeOf(c).cell,
      placeOf(c).area,
      String(c.latitude),
      String(c.longitude),
    ]);
    for (const text of answers) {
      expect(text).not.toMatch(/latitude|longitude|"cell"|"area"/);
      for (const value of places) expect(text).not.toContain(value);
    }
  });
});

describe.each(dialects)('shake budget on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { RATE_LIMITS: 'on' } });
  });
  afterAll(() => server.close());

  it('refuses shaking beyond the budget clearly, for that person only', async () => {
    const [amy, bob] = [await seed(server.url).user('amy'), await seed(server.url).user('bob')];
    const { max } = RATE_LIMITS.shake;
    for (let i = 0; i < max; i += 1) {
      expect((await as(server.url, amy).post('/shake/shake', {})).body.code).toBe(200);
    }
    const refused = await as(server.url, amy).post('/shake/shake', {});
    expect(refused.body).toEqual({
      code: 429,
      msg: 'Too many requests, please try again later',
      data: null,
      err: 'tooManyAttempts',
    });
    // Asking how the last shake went has its own, larger budget; bob's shaking his own.
    expect((await as(server.url, amy).post('/shake/result', {})).body.code).toBe(200);
    expect((await as(server.url, bob).post('/shake/shake', {})).body.code).toBe(200);
  });
});
