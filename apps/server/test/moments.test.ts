/**
 * Moments on the real server, on every database: who sees which post in the feed, a detail
 * and an album, for each visibility choice and each kind of viewer; pages that stay stable
 * while new posts arrive; deleting; and bad input.
 */
import type { Moment, MomentPage } from '@paichat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from './support/api';
import { befriend, upload } from './support/chats';
import { mp4, png } from './support/media';
import { seed, type SeededUser } from './support/seed';
import { availableDialects, startTestServer, type TestServer } from './support/server';

const dialects = await availableDialects();

describe.each(dialects)('moments on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const user = (name: string) => seed(server.url).user(name);
  const api = (who: SeededUser) => as(server.url, who);

  async function post(author: SeededUser, body: Record<string, unknown>): Promise<Moment> {
    const { body: answer } = await api(author).post<Moment>('/moments/post', body);
    expect(answer.code, answer.msg).toBe(200);
    return answer.data;
  }

  async function feedTexts(viewer: SeededUser): Promise<string[]> {
    const { body } = await api(viewer).post<MomentPage>('/moments/feed', { pageSize: 50 });
    expect(body.code, body.msg).toBe(200);
    return body.data.list.map((m) => m.text);
  }

  async function albumTexts(viewer: SeededUser, author: SeededUser): Promise<string[]> {
    const { body } = await api(viewer).post<MomentPage>('/moments/album', {
      userId: author.userId,
      pageSize: 50,
    });
    expect(body.code, body.msg).toBe(200);
    return body.data.list.map((m) => m.text);
  }

  const detail = async (viewer: SeededUser, momentId: string) =>
    (await api(viewer).post<Moment>('/moments/detail', { momentId })).body;

  it('shows each post exactly to those its visibility lets see it, in the feed, a detail and an album', async () => {
    const amy = await user('amy');
    const [friend, chosen, excluded, stranger, exFriend, blocked, blocker] = [
      await user('fay'),
      await user('cat'),
      await user('xan'),
      await user('sam'),
      await user('eve'),
      await user('bob'),
      await user('bea'),
    ];
    for (const person of [friend, chosen, excluded, exFriend, blocked, blocker])
      await befriend(server.url, amy, person);
    expect((await api(amy).post('/friend/delete', { userId: exFriend.userId })).body.code).toBe(200);
    expect((await api(amy).post('/friend/block', { userId: blocked.userId })).body.code).toBe(200);
    expect((await api(blocker).post('/friend/block', { userId: amy.userId })).body.code).toBe(200);

    const posts = {
      public: await post(amy, { text: 'public' }),
      private: await post(amy, { text: 'private', visibility: 'PRIVATE' }),
      include: await post(amy, { text: 'include', visibility: 'INCLUDE', userIds: [chosen.userId] }),
      exclude: await post(amy, { text: 'exclude', visibility: 'EXCLUDE', userIds: [excluded.userId] }),
    };
    // Newest first; only the author learns who may see her posts.
    const seen: [SeededUser, string[]][] = [
      [amy, ['exclude', 'include', 'private', 'public']],
      [friend, ['exclude', 'public']],
      [chosen, ['exclude', 'include', 'public']],
      [excluded, ['public']],
      [stranger, []],
      [exFriend, []],
      [blocked, []],
      [blocker, []],
    ];
    for (const [viewer, texts] of seen) {
      expect(await feedTexts(viewer), viewer.nickName).toEqual(texts);
      expect(await albumTexts(viewer, amy), viewer.nickName).toEqual(texts);
      for (const moment of Object.values(posts)) {
        const answer = await detail(viewer, moment.momentId);
        if (texts.includes(moment.text)) expect(answer.data.text).toBe(moment.text);
        else
          expect(answer, `${viewer.nickName} ${moment.text}`).toMatchObject({
            code: 404,
            err: 'momentNotFound',
          });
      }
    }
    expect((await detail(amy, posts.include.momentId)).data.visibility).toBe('INCLUDE');
    expect((await detail(chosen, posts.include.momentId)).data).not.toHaveProperty('visibility');
  });

  it("puts my friends' posts and mine in one feed, with my remark for each friend", async () => {
    const [amy, ben] = [await user('amy'), await user('ben')];
    await befriend(server.url, amy, ben);
    await api(amy).post('/friend/setRemark', { userId: ben.userId, remark: 'Big Ben' });
    await post(ben, { text: 'from ben', location: 'West Lake' });
    await post(amy, { text: 'from amy' });
    const { body } = await api(amy).post<MomentPage>('/moments/feed', {});
    expect(body.data.list.map((m) => [m.text, m.isSelf, m.remark, m.location])).toEqual([
      ['from amy', true, '', ''],
      ['from ben', false, 'Big Ben', 'West Lake'],
    ]);
    expect(body.data.next).toBeNull();
  });

  it('pages the feed without a duplicate or a gap while new posts arrive', async () => {
    const [amy, ben] = [await user('amy'), await user('ben')];
    await befriend(server.url, amy, ben);
    for (let i = 1; i <= 25; i += 1) {
      server.clock.advance(1);
      await post(amy, { text: `p${i}` });
    }
    const read: string[] = [];
    let after: string | null = null;
    for (let pageNo = 0; pageNo < 10; pageNo += 1) {
      const request = { pageSize: 10, ...(after ? { after } : {}) };
      const page: MomentPage = (await api(ben).post<MomentPage>('/moments/feed', request)).body.data;
      read.push(...page.list.map((m) => m.text));
      // New posts arrive between pages (some in the same millisecond as older ones).
      if (pageNo === 0) for (const text of ['new1', 'new2']) await post(amy, { text });
      after = page.next;
      if (!after) break;
    }
    expect(read).toEqual(Array.from({ length: 25 }, (_, i) => `p${25 - i}`));
  });

  it('carries up to nine of my own images or one video, with their previews and sizes', async () => {
    const amy = await user('amy');
    const ben = await user('ben');
    const image = await upload(server.url, amy, await png(40, 30), 'a.png');
    const video = await upload(server.url, amy, mp4(), 'v.mp4', '/file/uploadVideo');
    const pictures = await post(amy, { images: [image.url, image.url] });
    expect(pictures.images).toEqual([
      { url: image.url, thumbUrl: image.thumbUrl, width: 40, height: 30 },
      { url: image.url, thumbUrl: image.thumbUrl, width: 40, height: 30 },
    ]);
    expect(pictures.video).toBeNull();
    const film = await post(amy, { text: 'film', video: video.url });
    expect(film).toMatchObject({ images: [], video: { url: video.url } });

    // Someone else's upload, a file that is no upload, a video as a picture: refused.
    const bens = await upload(server.url, ben, await png(), 'b.png');
    for (const body of [
      { images: [bens.url] },
      { images: ['/file/0123456789abcdef0123456789abcdef.png'] },
      { images: [video.url] },
      { video: image.url },
    ]) {
      const { body: answer } = await api(amy).post('/moments/post', body);
      expect(answer, JSON.stringify(body)).toMatchObject({ code: 400, err: 'momentMediaInvalid' });
    }
  });

  it('refuses bad posts with a clear reason, and stores none of them', async () => {
    const amy = await user('amy');
    const stranger = await user('sam');
    const image = await upload(server.url, amy, await png(), 'a.png');
    const refusals: [Record<string, unknown>, RegExp][] = [
      [{ images: Array.from({ length: 10 }, () => image.url) }, /at most 9 images/],
      [{ text: 'x'.repeat(1_501) }, /text/],
      [{}, /a post needs text, images or a video/],
      [{ text: 'both', images: [image.url], video: image.url }, /images or one video/],
      [{ text: 'to nobody', visibility: 'INCLUDE' }, /choose the friends/],
    ];
    for (const [body, reason] of refusals) {
      const { body: answer } = await api(amy).post('/moments/post', body);
      expect(answer.code, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.msg).toMatch(reason);
    }
    const notFriend = await api(amy).post('/moments/post', {
      text: 'hidden',
      visibility: 'EXCLUDE',
      userIds: [stranger.userId],
    });
    expect(notFriend.body).toMatchObject({ err: 'notFriends' });
    expect(await feedTexts(amy)).toEqual([]);
  });

  it('lets only the author delete a post, which then is gone for everyone', async () => {
    const [amy, ben] = [await user('amy'), await user('ben')];
    await befriend(server.url, amy, ben);
    const moment = await post(amy, { text: 'soon gone' });
    expect((await api(ben).post('/moments/delete', { momentId: moment.momentId })).body).toMatchObject({
      code: 404,
      err: 'momentNotFound',
    });
    expect(await feedTexts(ben)).toEqual(['soon gone']);
    expect((await api(amy).post('/moments/delete', { momentId: moment.momentId })).body.code).toBe(200);
    expect(await feedTexts(ben)).toEqual([]);
    expect(await detail(amy, moment.momentId)).toMatchObject({ code: 404, err: 'momentNotFound' });
    for (const momentId of [moment.momentId, '99999999', '0']) {
      const { body } = await api(amy).post('/moments/delete', { momentId });
      expect(body.code).not.toBe(200);
    }
  });
});
