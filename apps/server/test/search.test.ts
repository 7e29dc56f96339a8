/**
 * Message search on the real server, on every database: English by word and word start,
 * Chinese by any run of characters, Japanese and Thai; newest first a page at a time; and never
 * a message the searcher may not read (another pair's chat, a cleared chat, a group after they
 * quit or were removed).
 */
import type { MessageHitPage } from '@paichat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../src/http/rate-limit';
import { as } from './support/api';
import { sendText } from './support/chats';
import { groupTestbed } from './support/groups';
import { seed, type SeededUser } from './support/seed';
import { availableDialects, startTestServer, type TestServer } from './support/server';

const dialects = await availableDialects();

describe.each(dialects)('message search on %s', (dialect) => {
  const bed = groupTestbed(dialect);
  const search = async (user: SeededUser, keyword: string, more: Record<string, unknown> = {}) =>
    bed.g.ok(await bed.g.post<MessageHitPage>(user, '/search/messages', { keyword, ...more }));
  const texts = async (user: SeededUser, keyword: string) =>
    (await search(user, keyword)).list.map((h) => h.text);

  it('finds English by word and word start, Chinese by characters, Japanese and Thai, with highlights', async () => {
    const [amy, ben] = await bed.g.users('amy', 'ben');
    await bed.g.befriend(amy, ben);
    const url = bed.server.url;
    await sendText(url, amy, ben, 'Dinner at eight? The DINNER place on Pine Street');
    await sendText(url, ben, amy, '我们今晚一起吃晚饭吧');
    await sendText(url, amy, ben, '明日は東京に行きます');
    await sendText(url, ben, amy, 'กินข้าวเย็นกันไหม');
    await sendText(url, amy, ben, 'nothing to see here');

    const dinner = await search(ben, 'dinner');
    expect(dinner.list).toHaveLength(1);
    expect(dinner.list[0]).toMatchObject({
      text: 'Dinner at eight? The DINNER place on Pine Street',
      highlights: [
        [0, 6],
        [21, 27],
      ],
      chatType: 'SINGLE',
      peerId: amy.userId,
      chatName: 'Amy',
      fromNickName: 'Amy',
      isSelf: 'N',
      msgType: 'TEXT',
    });
    expect(await texts(ben, 'din')).toEqual(['Dinner at eight? The DINNER place on Pine Street']);
    expect(await texts(ben, 'pine dinner')).toEqual(['Dinner at eight? The DINNER place on Pine Street']);
    expect(await texts(ben, 'dinner lunch')).toEqual([]);
    expect(await texts(ben, 'inner')).toEqual([]);

    for (const keyword of ['晚饭', '饭', '今晚一起', '一起吃'])
      expect(await texts(amy, keyword), keyword).toEqual(['我们今晚一起吃晚饭吧']);
    expect(await texts(amy, '饭晚')).toEqual([]);
    const rice = await search(amy, '晚饭');
    expect(rice.list[0]?.highlights).toEqual([[7, 9]]);
    expect(await texts(amy, '東京')).toEqual(['明日は東京に行きます']);
    expect(await texts(amy, 'ข้าว')).toEqual(['กินข้าวเย็นกันไหม']);
    expect(await texts(amy, 'เย็น')).toEqual(['กินข้าวเย็นกันไหม']);
    // Punctuation alone looks for nothing.
    expect(await texts(amy, '?!')).toEqual([]);
  });

  it('answers newest first, a page at a time', async () => {
    const [cam, dan] = await bed.g.users('cam', 'dan');
    await bed.g.befriend(cam, dan);
    for (let i = 1; i <= 7; i += 1)
      await sendText(bed.server.url, i % 2 ? cam : dan, i % 2 ? dan : cam, `picnic plan ${i}`);
    const first = await search(cam, 'picnic', { pageSize: 3 });
    expect(first.list.map((h) => h.text)).toEqual(['picnic plan 7', 'picnic plan 6', 'picnic plan 5']);
    expect(first.list.map((h) => h.isSelf)).toEqual(['Y', 'N', 'Y']);
    const second = await search(cam, 'picnic', { pageSize: 3, before: first.next });
    expect(second.list.map((h) => h.text)).toEqual(['picnic plan 4', 'picnic plan 3', 'picnic plan 2']);
    const last = await search(cam, 'picnic', { pageSize: 3, before: second.next });
    expect(last.list.map((h) => h.text)).toEqual(['picnic plan 1']);
    expect(last.next).toBeNull();
  });

  it("never answers another pair's chat or a cleared one", async () => {
    const [eve, fay, gus] = await bed.g.users('eve', 'fay', 'gus');
    await bed.g.befriend(eve, fay);
    await bed.g.befriend(fay, gus);
    const url = bed.server.url;
    const old = await sendText(url, eve, fay, 'secret orchard before the clear');
    await sendText(url, fay, gus, 'secret orchard between fay and gus');
    expect(await texts(eve, 'orchard')).toEqual(['secret orchard before the clear']);

    bed.g.ok(await bed.g.post(fay, '/chat/clearMessages', { chatId: old.chatId }));
    await sendText(url, eve, fay, 'secret orchard after the clear');
    expect(await texts(fay, 'orchard')).toEqual([
      'secret orchard after the clear',
      'secret orchard between fay and gus',
    ]);
    // Eve did not clear: she still finds both of hers, and nothing of fay and gus.
    expect(await texts(eve, 'orchard')).toEqual([
      'secret orchard after the clear',
      'secret orchard before the clear',
    ]);
  });

  it('finds nothing said in a group after one quit or was removed', async () => {
    const [hal, ivy, jon] = await bed.g.users('hal', 'ivy', 'jon');
    await bed.g.befriend(hal, ivy);
    await bed.g.befriend(hal, jon);
    const { group } = await bed.g.create(hal, [ivy, jon], 'Walkers');
    await bed.g.send(hal, group.groupId, 'meadow walk on sunday');
    expect(await search(ivy, 'meadow')).toMatchObject({
      list: [
        {
          text: 'meadow walk on sunday',
          chatType: 'GROUP',
          chatName: 'Walkers',
          peerId: '',
          fromNickName: 'Hal',
        },
      ],
    });

    bed.g.ok(await bed.g.post(ivy, '/group/quit', { groupId: group.groupId }));
    bed.g.ok(
      await bed.g.post(hal, '/group/removeMembers', { groupId: group.groupId, userIds: [jon.userId] }),
    );
    await bed.g.send(hal, group.groupId, 'meadow walk moved to monday');

    expect(await texts(hal, 'meadow')).toEqual(['meadow walk moved to monday', 'meadow walk on sunday']);
    expect(await texts(ivy, 'meadow')).toEqual(['meadow walk on sunday']);
    expect(await texts(jon, 'meadow')).toEqual(['meadow walk on sunday']);
  });

  it('refuses a bad cursor and an empty keyword finds nothing', async () => {
    const [kim] = await bed.g.users('kim');
    const bad = await bed.g.post(kim, '/search/messages', { keyword: 'x', before: 'abc' });
    expect(bad.body.code).toBe(400);
    expect(await texts(kim, '   ')).toEqual([]);
  });
});

describe('message search budget', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { env: { RATE_LIMITS: 'on' } });
  });
  afterAll(() => server.close());

  it('refuses a script searching past its budget, clearly', async () => {
    const kim = await seed(server.url).user('kim');
    const { max } = RATE_LIMITS.messageSearch;
    const answers = await Promise.all(
      Array.from({ length: max + 2 }, () => as(server.url, kim).post('/search/messages', { keyword: 'x' })),
    );
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(max);
    expect(answers.filter((a) => a.body.code === 429).map((a) => a.body.err)).toEqual([
      'tooManyAttempts',
      'tooManyAttempts',
    ]);
  });
});
