import type { GroupInfo, MyInfo, PersonView, SendMsgResult, ServerMessage } from '@paichat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../src/http/rate-limit';
import { as } from './support/api';
import { seed, type SeededUser } from './support/seed';
import { availableDialects, startTestServer, type TestServer } from './support/server';

const dialects = await availableDialects();
const NOT_FOUND = { code: 404, msg: 'User not found', data: null, err: 'userNotFound' };
const NO_SUCH_CARD = { code: 400, msg: 'content.userId: no such user', data: null, err: 'validation' };

describe.each(dialects)('nobody can list the user base on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const api = (user: { token: string }) => as(server.url, user);
  const user = (name: string) => seed(server.url).user(name);
  const befriend = (a: SeededUser, b: SeededUser) => seed(server.url).befriend(a, b);
  const info = (viewer: SeededUser, id: string, ref?: string) =>
    api(viewer).get<PersonView>(`/friend/info/${id}`, ref === undefined ? undefined : { ref });
  const search = async (viewer: SeededUser, target: SeededUser) =>
    (await api(viewer).get<PersonView & { ref: string }>('/friend/search', { chatNo: target.chatNo })).body
      .data;
  /** Sends a card of `carded` from `from` to their friend `to`; answers the card as `to` reads it. */
  const sendCard = async (from: SeededUser, to: SeededUser, carded: SeededUser) => {
    const sent = await api(from).post<SendMsgResult>('/chat/sendMsg', {
      userId: to.userId,
      msgType: 'CARD',
      content: { userId: carded.userId },
    });
    expect(sent.body.code, sent.body.msg).toBe(200);
    const page = await api(to).post<{ list: ServerMessage[] }>('/chat/syncMessages', {
      chatId: sent.body.data.chatId,
      afterSeq: sent.body.data.seq - 1,
    });
    return page.body.data.list[0]?.content as { userId: string; chatNo: string; ref: string };
  };

  it("walking sequential ids finds nobody: a stranger's id answers exactly as a missing one", async () => {
    const people = [await user('walk_a'), await user('walk_b'), await user('walk_c')];
    const mallory = await user('mallory');
    const ids = [...people.map((p) => Number(p.userId)), Number(mallory.userId)];
    const [low, high] = [Math.min(...ids), Math.max(...ids)];
    for (let id = low; id <= high + 3; id += 1) {
      const answer = await info(mallory, String(id));
      if (String(id) === mallory.userId) expect(answer.body.data.isSelf).toBe(true);
      else expect(answer.body, `id ${id}`).toEqual(NOT_FOUND);
    }
    // Nor does any other endpoint that takes a user id tell them apart, or show them.
    const missing = String(high + 3);
    const accomplice = await user('accomplice');
    await befriend(mallory, accomplice);
    for (const id of [people[0]!.userId, missing]) {
      expect((await api(mallory).post('/friend/apply', { userId: id })).body, id).toEqual(NOT_FOUND);
      expect((await api(mallory).post('/friend/block', { userId: id })).body, id).toEqual(NOT_FOUND);
      expect((await api(mallory).post('/friend/unblock', { userId: id })).body, id).toEqual(NOT_FOUND);
      // A contact card of a stranger, sent to a friend to read back: refused the same way.
      const card = await api(mallory).post('/chat/sendMsg', {
        userId: accomplice.userId,
        msgType: 'CARD',
        content: { userId: id },
      });
      expect(card.body, id).toEqual(NO_SUCH_CARD);
    }
    // A made-up or borrowed reference is no better than none.
    const borrowed = (await search(people[1]!, people[0]!)).ref;
    for (const ref of ['s', 'c', `s${'A'.repeat(22)}`, `c${'A'.repeat(22)}`, borrowed, 'x'.repeat(64)]) {
      expect((await info(mallory, people[0]!.userId, ref)).body, ref).toEqual(NOT_FOUND);
    }
  });

  it('shows the people one is related to; the chat ID only to friends and oneself', async () => {
    const [vera, friend, asked, asker, groupmate, former, host] = [
      await user('vera'),
      await user('friend'),
      await user('asked'),
      await user('asker'),
      await user('groupmate'),
      await user('former'),
      await user('host'),
    ];
    await befriend(vera, friend);
    // Vera asks someone she found; someone who found her asks her.
    const applied = await api(vera).post('/friend/apply', {
      userId: asked.userId,
      ref: (await search(vera, asked)).ref,
    });
    expect(applied.body.code).toBe(200);
    await api(asker).post('/friend/apply', { userId: vera.userId, ref: (await search(asker, vera)).ref });
    // A group both are in (made by a friend of each).
    await befriend(host, vera);
    await befriend(host, groupmate);
    const group = await api(host).post<GroupInfo>('/group/create', {
      userIds: [vera.userId, groupmate.userId],
    });
    expect(group.body.code).toBe(200);
    // A former friend: the chat they had stays.
    await befriend(vera, former);
    expect((await api(vera).post('/friend/delete', { userId: former.userId })).body.code).toBe(200);

    const seen = async (viewer: SeededUser, target: SeededUser) => {
      const { body } = await info(viewer, target.userId);
      expect(body.code, `${viewer.nickName} → ${target.nickName}`).toBe(200);
      return body.data;
    };
    expect((await seen(vera, vera)).chatNo).toBe(vera.chatNo);
    expect(await seen(vera, friend)).toMatchObject({ isFriend: true, chatNo: friend.chatNo });
    for (const other of [asked, asker, groupmate, former]) {
      expect(await seen(vera, other)).toMatchObject({ userId: other.userId, isFriend: false, chatNo: '' });
    }
    // Relations go both ways: each of them sees Vera too, without her chat ID.
    for (const other of [asked, asker, groupmate, former]) {
      expect((await seen(other, vera)).chatNo).toBe('');
    }
    // Everything else of a profile is there for them (nickname, photo, gender, region, signature).
    await api(vera).post('/my/updateInfo', {
      intro: 'Hello there',
      gender: 'female',
      address: { country: 'France', province: 'Ile-de-France', city: 'Paris' },
    });
    expect(await seen(groupmate, vera)).toMatchObject({
      nickName: 'Vera',
      intro: 'Hello there',
      gender: 'female',
      address: { country: 'France', province: 'Ile-de-France', city: 'Paris' },
    });
    // Lists follow the same rule: a request shows the chat ID once the two are friends only.
    const applies = (await api(vera).get<{ list: { userId: string; chatNo: string }[] }>('/friend/applyList'))
      .body.data.list;
    expect(
      applies.filter((a) => [asked.userId, asker.userId].includes(a.userId)).map((a) => a.chatNo),
    ).toEqual(['', '']);
  });

  it('a search reference works for the searcher only and shows the chat ID; it lets them ask', async () => {
    const [sam, tia, uri] = [await user('sam'), await user('tia'), await user('uri')];
    const found = await search(sam, tia);
    expect(found.chatNo).toBe(tia.chatNo);
    expect((await info(sam, tia.userId)).body).toEqual(NOT_FOUND);
    expect((await info(sam, tia.userId, found.ref)).body.data).toMatchObject({
      userId: tia.userId,
      chatNo: tia.chatNo,
    });
    // Not for someone else, not for another person.
    expect((await info(uri, tia.userId, found.ref)).body).toEqual(NOT_FOUND);
    expect((await info(sam, uri.userId, found.ref)).body).toEqual(NOT_FOUND);
    const asked = await api(sam).post('/friend/apply', { userId: tia.userId, ref: found.ref });
    expect(asked.body.code).toBe(200);
    // Now they are related: the page opens without the reference, without the chat ID.
    expect((await info(sam, tia.userId)).body.data).toMatchObject({ requestSent: true, chatNo: '' });
  });

  it("a contact card or a QR card opens the person's page for whoever holds it, without the chat ID", async () => {
    const [ann, bo, cas, dot] = [await user('ann'), await user('bo'), await user('cas'), await user('dot')];
    await befriend(ann, bo);
    await befriend(ann, cas);
    // Ann shares Bo's card with Cas, a stranger to Bo.
    const card = await sendCard(ann, cas, bo);
    expect(card).toMatchObject({ userId: bo.userId, chatNo: '' });
    expect((await info(cas, bo.userId)).body).toEqual(NOT_FOUND);
    expect((await info(cas, bo.userId, card.ref)).body.data).toMatchObject({ userId: bo.userId, chatNo: '' });
    // The card is for anyone holding it (it may be forwarded), and for Bo only.
    expect((await info(dot, bo.userId, card.ref)).body.data.userId).toBe(bo.userId);
    expect((await info(dot, ann.userId, card.ref)).body).toEqual(NOT_FOUND);
    const asked = await api(cas).post('/friend/apply', { userId: bo.userId, ref: card.ref, source: 'card' });
    expect(asked.body.code).toBe(200);

    // Dot's QR card carries her own reference.
    const { shareRef } = (await api(dot).get<MyInfo>('/my/getInfo')).body.data;
    expect((await info(ann, dot.userId)).body).toEqual(NOT_FOUND);
    expect((await info(ann, dot.userId, shareRef)).body.data).toMatchObject({
      userId: dot.userId,
      chatNo: '',
    });
  });

  it('a stranger found by search or on a card is blocked with that reference, and by nobody else’s', async () => {
    const [eve, fay, gus, hal] = [await user('eve'), await user('fay'), await user('gus'), await user('hal')];
    const block = (by: SeededUser, target: SeededUser, ref?: string) =>
      api(by).post('/friend/block', { userId: target.userId, ...(ref === undefined ? {} : { ref }) });
    const found = await search(eve, fay);
    expect((await block(eve, fay)).body).toEqual(NOT_FOUND);
    expect((await block(hal, fay, found.ref)).body).toEqual(NOT_FOUND);
    expect((await block(eve, fay, found.ref)).body.code).toBe(200);

    // Fay shares her friend Hal's card with Gus, a stranger to Hal.
    await befriend(fay, gus);
    await befriend(fay, hal);
    const card = await sendCard(fay, gus, hal);
    expect((await block(gus, hal)).body).toEqual(NOT_FOUND);
    expect((await block(gus, hal, card.ref)).body.code).toBe(200);
    const blacklist = async (viewer: SeededUser) =>
      (await api(viewer).get<{ list: { userId: string }[] }>('/friend/blacklist')).body.data.list.map(
        (p) => p.userId,
      );
    expect(await blacklist(eve)).toEqual([fay.userId]);
    expect(await blacklist(gus)).toEqual([hal.userId]);
  });
});

describe.each(dialects)('profile lookups by id on %s', (dialect) => {
  it('are limited per user; others keep looking', async () => {
    const limited = await startTestServer(dialect, { env: { RATE_LIMITS: 'on' } });
    try {
      const [eli, fen] = [await seed(limited.url).user('eli'), await seed(limited.url).user('fen')];
      const { max } = RATE_LIMITS.friendInfo;
      const answers = await Promise.all(
        Array.from({ length: max + 1 }, () => as(limited.url, eli).get(`/friend/info/${eli.userId}`)),
      );
      expect(answers.filter((a) => a.body.code === 200)).toHaveLength(max);
      expect(answers.map((a) => a.body).filter((b) => b.code === 429)).toEqual([
        { code: 429, msg: 'Too many requests, please try again later', data: null, err: 'tooManyAttempts' },
      ]);
      expect((await as(limited.url, fen).get(`/friend/info/${fen.userId}`)).body.code).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
