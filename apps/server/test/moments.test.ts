/**
 * Moments on the real server, on every database: who sees which post in the feed, a detail
 * and an album, for each visibility choice and each kind of viewer; pages that stay stable
 * while new posts arrive; deleting; and bad input.
 */
import type { Moment, MomentInteraction, MomentPage, Notices } from '@paichat/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { as } from './support/api';
import { befriend, sendText, upload } from './support/chats';
import { mp4, png } from './support/media';
import { seed, type SeededUser } from './support/seed';
import { availableDialects, startTestServer, type TestServer } from './support/server';
import { receivedUpToBarrier, TestSocket } from './support/ws';

const dialects = await availableDialects();

describe.each(dialects)('moments on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());
  const sockets: TestSocket[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  const open = async (who: SeededUser) => {
    const socket = await TestSocket.forSession(server.url, who.token);
    sockets.push(socket);
    await socket.ready();
    return socket;
  };

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

  /** Amy posts; Ben, Cat and Dan are her friends; Ben and Dan are friends; Cat knows neither. */
  async function circle() {
    const [amy, ben, cat, dan] = [await user('amy'), await user('ben'), await user('cat'), await user('dan')];
    for (const friend of [ben, cat, dan]) await befriend(server.url, amy, friend);
    await befriend(server.url, ben, dan);
    const moment = await post(amy, { text: 'sunset' });
    return { amy, ben, cat, dan, momentId: moment.momentId };
  }

  const act = async (who: SeededUser, path: string, body: Record<string, unknown>) => {
    const { body: answer } = await api(who).post<Moment>(path, body);
    expect(answer.code, answer.msg).toBe(200);
    return answer.data;
  };

  /** What a viewer sees of the post's likes and comments ("who" or "who→whom: text"). */
  async function interactionsSeen(viewer: SeededUser, momentId: string) {
    const moment = (await detail(viewer, momentId)).data;
    return {
      likes: moment.likes.map((p) => p.nickName),
      comments: moment.comments.map(
        (c) => `${c.from.nickName}${c.replyTo ? `→${c.replyTo.nickName}` : ''}: ${c.text}`,
      ),
    };
  }

  it('shows a like or a comment only to friends of whoever made it, in every answer', async () => {
    const { amy, ben, cat, dan, momentId } = await circle();
    await act(ben, '/moments/like', { momentId });
    await act(cat, '/moments/like', { momentId });
    const withBen = await act(ben, '/moments/comment', { momentId, text: 'wow' });
    const bensComment = withBen.comments[0]?.commentId;
    await act(cat, '/moments/comment', { momentId, text: 'pretty' });
    await act(dan, '/moments/comment', { momentId, text: 'agreed', replyTo: bensComment });
    // Cat cannot answer Ben, whom she does not know: she never sees his comment.
    const { body: refused } = await api(cat).post('/moments/comment', {
      momentId,
      text: 'hi',
      replyTo: bensComment,
    });
    expect(refused).toMatchObject({ code: 404, err: 'momentCommentNotFound' });

    expect(await interactionsSeen(amy, momentId)).toEqual({
      likes: ['Ben', 'Cat'],
      comments: ['Ben: wow', 'Cat: pretty', 'Dan→Ben: agreed'],
    });
    expect(await interactionsSeen(ben, momentId)).toEqual({
      likes: ['Ben'],
      comments: ['Ben: wow', 'Dan→Ben: agreed'],
    });
    expect(await interactionsSeen(cat, momentId)).toEqual({ likes: ['Cat'], comments: ['Cat: pretty'] });
    expect(await interactionsSeen(dan, momentId)).toEqual({
      likes: ['Ben'],
      comments: ['Ben: wow', 'Dan→Ben: agreed'],
    });
    // The feed and the album carry the same filter.
    const feed = (await api(cat).post<MomentPage>('/moments/feed', {})).body.data.list[0];
    const album = (await api(cat).post<MomentPage>('/moments/album', { userId: amy.userId })).body.data
      .list[0];
    for (const shown of [feed, album]) {
      expect(shown?.likes.map((p) => p.nickName)).toEqual(['Cat']);
      expect(shown?.comments.map((c) => c.text)).toEqual(['pretty']);
      expect(shown?.liked).toBe(true);
    }
    // Liking twice is one like; taking it back shows at once.
    expect((await act(ben, '/moments/like', { momentId })).likes.map((p) => p.nickName)).toEqual(['Ben']);
    expect((await act(ben, '/moments/unlike', { momentId })).liked).toBe(false);
  });

  it('lets the commenter or the post author delete a comment, and nobody else', async () => {
    const { amy, ben, dan, momentId } = await circle();
    const commentId = (await act(ben, '/moments/comment', { momentId, text: 'first' })).comments[0]
      ?.commentId;
    const other = (await act(ben, '/moments/comment', { momentId, text: 'second' })).comments[1]?.commentId;
    const { body: refused } = await api(dan).post('/moments/deleteComment', { commentId });
    expect(refused).toMatchObject({ code: 404, err: 'momentCommentNotFound' });
    expect((await act(ben, '/moments/deleteComment', { commentId })).comments.map((c) => c.text)).toEqual([
      'second',
    ]);
    expect((await act(amy, '/moments/deleteComment', { commentId: other })).comments).toEqual([]);
  });

  it('lists likes, comments and replies for whom they concern, counts them unread in the notices, and clears', async () => {
    const { amy, ben, cat, dan, momentId } = await circle();
    const notices = async (who: SeededUser) => (await api(who).get<Notices>('/my/notices')).body.data;
    const interactions = async (who: SeededUser) =>
      (await api(who).post<{ list: MomentInteraction[] }>('/moments/interactions', {})).body.data.list;

    await act(ben, '/moments/like', { momentId });
    const bensComment = (await act(ben, '/moments/comment', { momentId, text: 'wow' })).comments[0]
      ?.commentId;
    await act(cat, '/moments/comment', { momentId, text: 'pretty' });
    await act(dan, '/moments/comment', { momentId, text: 'agreed', replyTo: bensComment });
    await act(amy, '/moments/like', { momentId }); // her own: no entry

    expect((await notices(amy)).topicReply.count).toBe(4);
    expect((await notices(ben)).topicReply.count).toBe(1);
    const list = await interactions(amy);
    expect(list.map((i) => [i.kind, i.from.nickName, i.text, i.read])).toEqual([
      ['REPLY', 'Dan', 'agreed', false],
      ['COMMENT', 'Cat', 'pretty', false],
      ['COMMENT', 'Ben', 'wow', false],
      ['LIKE', 'Ben', '', false],
    ]);
    expect(list[0]).toMatchObject({ momentId, momentText: 'sunset' });
    expect((await interactions(ben)).map((i) => [i.kind, i.from.nickName])).toEqual([['REPLY', 'Dan']]);
    // Opening the list read it.
    expect((await notices(amy)).topicReply.count).toBe(0);
    expect((await interactions(amy)).every((i) => i.read)).toBe(true);

    // A like taken back takes its entry with it; an unfriended person's entries are not shown.
    await act(ben, '/moments/unlike', { momentId });
    await api(amy).post('/friend/delete', { userId: cat.userId });
    expect((await interactions(amy)).map((i) => [i.kind, i.from.nickName])).toEqual([
      ['REPLY', 'Dan'],
      ['COMMENT', 'Ben'],
    ]);
    expect((await api(amy).post('/moments/clearInteractions', {})).body.code).toBe(200);
    expect(await interactions(amy)).toEqual([]);

    // Deleting the post takes everything of it along.
    await act(dan, '/moments/comment', { momentId, text: 'again' });
    expect((await notices(amy)).topicReply.count).toBe(1);
    await api(amy).post('/moments/delete', { momentId });
    expect((await notices(amy)).topicReply.count).toBe(0);
    expect(await interactions(ben)).toEqual([]);
  });

  it('shows nothing of a post in the interaction list of someone who may no longer see it', async () => {
    // Ben and Bob commented on Amy's post while her friends; Dan, a friend of all three, replies.
    const [amy, ben, bob, dan] = [await user('amy'), await user('ben'), await user('bob'), await user('dan')];
    for (const friend of [ben, bob, dan]) await befriend(server.url, amy, friend);
    for (const commenter of [ben, bob]) await befriend(server.url, dan, commenter);
    const image = await upload(server.url, amy, await png(), 'secret.png');
    const { momentId } = await post(amy, { text: 'only for friends', images: [image.url] });
    const bensComment = (await act(ben, '/moments/comment', { momentId, text: 'nice' })).comments[0];
    const bobsComment = (await act(bob, '/moments/comment', { momentId, text: 'cool' })).comments[1];
    await act(dan, '/moments/comment', { momentId, text: 'agreed', replyTo: bensComment?.commentId });
    const interactions = async (who: SeededUser) =>
      (await api(who).post<{ list: MomentInteraction[] }>('/moments/interactions', {})).body.data.list;
    const unread = async (who: SeededUser) =>
      (await api(who).get<Notices>('/my/notices')).body.data.topicReply.count;
    expect((await interactions(ben)).map((i) => [i.kind, i.momentText])).toEqual([
      ['REPLY', 'only for friends'],
    ]);

    // Amy unfriends Ben and blocks Bob; Dan still answers their old comments.
    expect((await api(amy).post('/friend/delete', { userId: ben.userId })).body.code).toBe(200);
    expect((await api(amy).post('/friend/block', { userId: bob.userId })).body.code).toBe(200);
    const bensSocket = await open(ben);
    const mark = bensSocket.received.length;
    await act(dan, '/moments/comment', { momentId, text: 'still there?', replyTo: bensComment?.commentId });
    await act(dan, '/moments/comment', { momentId, text: 'hello?', replyTo: bobsComment?.commentId });
    for (const gone of [ben, bob]) {
      expect(await unread(gone), gone.nickName).toBe(0);
      expect(await interactions(gone), gone.nickName).toEqual([]);
    }
    // Not even a push says that something happened there.
    expect(await receivedUpToBarrier(server, bensSocket, ben.userId, mark)).toEqual([]);
    // Amy's own list follows her post as she sees it: no answer to Ben, whom she no longer knows.
    const amys = (await detail(amy, momentId)).data.comments.map((c) => c.text);
    expect(amys).toEqual(['cool', 'hello?']);
    expect((await interactions(amy)).map((i) => i.text)).toEqual(['hello?', 'cool']);
  });

  it("shows the newest friend's post not yet seen as the Discover dot, until the feed is opened", async () => {
    const [amy, ben] = [await user('amy'), await user('ben')];
    await befriend(server.url, amy, ben);
    const image = await upload(server.url, amy, await png(), 'me.png');
    expect((await api(amy).post('/my/updateInfo', { portrait: image.url })).body.code).toBe(200);
    const portrait = (await api(amy).get<{ portrait: string }>('/my/getInfo')).body.data.portrait;
    const red = async () => (await api(ben).get<Notices>('/my/notices')).body.data.topicRed.portrait;

    expect(await red()).toBe('');
    server.clock.advance(1000);
    await post(amy, { text: 'new' });
    expect(await red()).toBe(portrait);
    // The author is named too, so a friend without a photo lights the dot as well.
    expect((await api(ben).get<Notices>('/my/notices')).body.data.topicRed).toMatchObject({
      userId: amy.userId,
      nickName: expect.any(String),
    });
    await api(ben).post('/moments/feed', {});
    expect(await red()).toBe('');
    // Her own posts never light it; a private one reaches nobody.
    server.clock.advance(1000);
    await post(amy, { text: 'mine only', visibility: 'PRIVATE' });
    await post(ben, { text: 'his own' });
    expect(await red()).toBe('');
  });

  it('tells at once the friends who may see a new post, and whom a like or comment concerns', async () => {
    const [amy, ben, xan] = [await user('amy'), await user('ben'), await user('xan')];
    for (const friend of [ben, xan]) await befriend(server.url, amy, friend);
    const [amys, bens, xans] = [await open(amy), await open(ben), await open(xan)];

    const moment = await post(amy, { text: 'not for xan', visibility: 'EXCLUDE', userIds: [xan.userId] });
    expect(await bens.nextNotice('MOMENT_POSTED')).toMatchObject({
      msgContent: { portrait: moment.portrait, userId: amy.userId, nickName: moment.nickName },
    });
    // A message sent after the post is the barrier: nothing about the post came to Xan before it.
    await sendText(server.url, amy, xan, 'barrier');
    await xans.next((m) => m.includes('barrier'));
    expect(xans.received.filter((m) => m.includes('MOMENT_POSTED'))).toEqual([]);

    await act(ben, '/moments/comment', { momentId: moment.momentId, text: 'nice' });
    expect(await amys.nextNotice('MOMENT_INTERACTION')).toMatchObject({
      msgContent: { count: 1, momentId: moment.momentId },
    });
    await act(ben, '/moments/like', { momentId: moment.momentId });
    expect(await amys.nextNotice('MOMENT_INTERACTION')).toMatchObject({
      msgContent: { count: 2, momentId: moment.momentId },
    });
  });

  it('names the post liked or commented on only to whom it concerns: never to a friend it is hidden from, a friend of the commenter or a stranger', async () => {
    // Amy hides her post from Xan; Ben and Dan are friends of hers and of each other; Cat knows
    // only Ben; Sam knows nobody.
    const [amy, ben, dan, xan, cat, sam] = [
      await user('amy'),
      await user('ben'),
      await user('dan'),
      await user('xan'),
      await user('cat'),
      await user('sam'),
    ];
    for (const friend of [ben, dan, xan]) await befriend(server.url, amy, friend);
    await befriend(server.url, ben, dan);
    await befriend(server.url, ben, cat);
    const { momentId } = await post(amy, {
      text: 'not for xan',
      visibility: 'EXCLUDE',
      userIds: [xan.userId],
    });
    const [amys, bens] = [await open(amy), await open(ben)];
    const others = await Promise.all([xan, cat, sam].map(async (who) => ({ who, socket: await open(who) })));
    const marks = others.map(({ socket }) => socket.received.length);

    const bensComment = (await act(ben, '/moments/comment', { momentId, text: 'lovely' })).comments[0];
    expect(await amys.nextNotice('MOMENT_INTERACTION')).toMatchObject({ msgContent: { count: 1, momentId } });
    await act(dan, '/moments/comment', { momentId, text: 'agreed', replyTo: bensComment?.commentId });
    expect(await bens.nextNotice('MOMENT_INTERACTION')).toMatchObject({ msgContent: { count: 1, momentId } });
    await act(dan, '/moments/like', { momentId });

    for (const [index, { who, socket }] of others.entries()) {
      const heard = await receivedUpToBarrier(server, socket, who.userId, marks[index] ?? 0);
      expect(
        heard.filter((m) => m.includes('MOMENT_')),
        who.nickName,
      ).toEqual([]);
    }
  });

  it('keeps a cover per person, one of their own images, shown to them and their friends', async () => {
    const [amy, ben, sam] = [await user('amy'), await user('ben'), await user('sam')];
    await befriend(server.url, amy, ben);
    const cover = async (viewer: SeededUser) =>
      (await api(viewer).post<{ cover: string }>('/moments/cover', { userId: amy.userId })).body.data.cover;
    expect(await cover(amy)).toBe('');

    const image = await upload(server.url, amy, await png(60, 20), 'sea.png');
    expect((await api(amy).post('/moments/setCover', { cover: image.url })).body.data).toEqual({
      cover: image.url,
    });
    expect(await cover(amy)).toBe(image.url);
    expect(await cover(ben)).toBe(image.url);
    expect(await cover(sam)).toBe('');

    const bens = await upload(server.url, ben, await png(), 'b.png');
    const { body } = await api(amy).post('/moments/setCover', { cover: bens.url });
    expect(body).toMatchObject({ code: 400, err: 'momentMediaInvalid' });
    expect(await cover(amy)).toBe(image.url);
  });

  it('hides a cover between friends when either has blocked the other, as the posts are', async () => {
    const [amy, ben, cal] = [await user('amy'), await user('ben'), await user('cal')];
    for (const friend of [ben, cal]) await befriend(server.url, amy, friend);
    const coverOf = async (viewer: SeededUser, owner: SeededUser) =>
      (await api(viewer).post<{ cover: string }>('/moments/cover', { userId: owner.userId })).body.data.cover;
    for (const owner of [amy, ben]) {
      const image = await upload(server.url, owner, await png(60, 20), 'cover.png');
      expect((await api(owner).post('/moments/setCover', { cover: image.url })).body.code).toBe(200);
    }
    expect(await coverOf(ben, amy)).not.toBe('');

    expect((await api(amy).post('/friend/block', { userId: ben.userId })).body.code).toBe(200);
    expect(await coverOf(ben, amy)).toBe('');
    expect(await coverOf(amy, ben)).toBe('');
    expect(await coverOf(cal, amy)).not.toBe('');
    expect((await api(cal).post('/friend/block', { userId: amy.userId })).body.code).toBe(200);
    expect(await coverOf(cal, amy)).toBe('');
    expect(await coverOf(amy, amy)).not.toBe('');
  });
});
