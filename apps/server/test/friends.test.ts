import type { FriendApply, Friend, PersonView } from '@paichat/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../src/http/rate-limit';
import type { FriendsMadeEvent } from '../src/modules/friends/service';
import { as } from './support/api';
import { get, post } from './support/http';
import { seed, type SeededUser } from './support/seed';
import { availableDialects, startTestServer, type TestServer } from './support/server';
import { receivedUpToBarrier, TestSocket } from './support/ws';

const dialects = await availableDialects();

describe.each(dialects)('friends on %s', (dialect) => {
  let server: TestServer;
  const madeFriends: FriendsMadeEvent[] = [];
  const sockets: TestSocket[] = [];
  const open = async (token: string) => {
    const socket = await TestSocket.forSession(server.url, token);
    sockets.push(socket);
    await socket.ready();
    return socket;
  };
  const api = (user: { token: string }) => as(server.url, user);
  const user = (name: string, nickName?: string) =>
    seed(server.url).user(name, nickName === undefined ? {} : { nickName });

  /** The received pending request from `from`, as `to` sees it. */
  const receivedFrom = async (to: SeededUser, from: SeededUser): Promise<FriendApply> => {
    const { body } = await api(to).get<{ list: FriendApply[] }>('/friend/applyList');
    const apply = body.data.list.find((a) => a.userId === from.userId && a.direction === 'received');
    if (!apply) throw new Error(`no request from ${from.nickName} to ${to.nickName}`);
    return apply;
  };
  const friendsOf = async (u: SeededUser) =>
    (await api(u).get<{ list: Friend[] }>('/friend/list')).body.data.list;
  const noticeCount = async (u: SeededUser) =>
    (await api(u).get<{ friendApply: { count: number } }>('/my/notices')).body.data.friendApply.count;
  /** The reference a PipID search of `to` gives `from`: what opens a stranger. */
  const refFor = async (from: SeededUser, to: SeededUser) =>
    (await api(from).get<{ ref: string }>('/friend/search', { chatNo: to.chatNo })).body.data.ref;
  /** `from` finds `to` by PipID and sends a request, as the app does. */
  const applyTo = async (from: SeededUser, to: SeededUser, body: Record<string, string> = {}) =>
    api(from).post<{ applyId: string; status: string }>('/friend/apply', {
      userId: to.userId,
      ref: await refFor(from, to),
      ...body,
    });
  const befriend = async (a: SeededUser, b: SeededUser) => {
    expect((await applyTo(a, b)).body.code).toBe(200);
    const apply = await receivedFrom(b, a);
    expect((await api(b).post('/friend/agree', { applyId: apply.applyId })).body.code).toBe(200);
  };

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      onFriendsMade: async (trx, event) => {
        // Runs inside the transaction: it sees the friendship rows the service just wrote.
        const rows = await trx
          .selectFrom('friends')
          .select('user_id')
          .where('user_id', 'in', [event.requesterId, event.accepterId])
          .where('friend_id', 'in', [event.requesterId, event.accepterId])
          .execute();
        expect(rows).toHaveLength(2);
        return async () => {
          madeFriends.push(event);
        };
      },
    });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(() => server.close());

  it('finds a person by exact PipID, ignoring case; unknown or blank ones are refused', async () => {
    const [amy, ben] = [await user('amy'), await user('ben')];
    const found = await api(amy).get<PersonView>('/friend/search', {
      chatNo: ` ${ben.chatNo.toUpperCase()} `,
    });
    expect(found.body).toEqual({
      code: 200,
      msg: 'ok',
      data: {
        userId: ben.userId,
        nickName: 'Ben',
        portrait: '',
        userType: 'normal',
        chatNo: ben.chatNo,
        gender: 'unknown',
        intro: '',
        address: { country: '', province: '', city: '' },
        isSelf: false,
        isFriend: false,
        isBlocked: false,
        requestSent: false,
        remark: '',
        tags: [],
        ref: expect.stringMatching(/^s[A-Za-z0-9_-]{22}$/),
      },
    });
    const prefix = await api(amy).get('/friend/search', { chatNo: ben.chatNo.slice(0, -1) });
    expect(prefix.body).toEqual({ code: 404, msg: 'User not found', data: null, err: 'userNotFound' });
    const self = await api(amy).get<PersonView>('/friend/search', { chatNo: amy.chatNo });
    expect(self.body.data).toMatchObject({ userId: amy.userId, isSelf: true, isFriend: false });
    const blank = await api(amy).get('/friend/search', { chatNo: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.msg).toBe('chatNo: chatNo is required');
    expect((await get(server.url, '/friend/search', { query: { chatNo: ben.chatNo } })).status).toBe(401);
  });

  it('limits PipID searches per caller, so accounts cannot be enumerated; others keep searching', async () => {
    const limited = await startTestServer(dialect, { env: { RATE_LIMITS: 'on' } });
    try {
      const [pat, quin] = [await seed(limited.url).user('pat'), await seed(limited.url).user('quin')];
      const { max } = RATE_LIMITS.friendSearch;
      const answers = await Promise.all(
        Array.from({ length: max + 1 }, (_, i) =>
          as(limited.url, pat).get('/friend/search', { chatNo: `nobody${i}` }),
        ),
      );
      expect(answers.filter((a) => a.body.err === 'userNotFound')).toHaveLength(max);
      expect(answers.map((a) => a.body).filter((b) => b.code === 429)).toEqual([
        { code: 429, msg: 'Too many requests, please try again later', data: null, err: 'tooManyAttempts' },
      ]);
      expect((await as(limited.url, quin).get('/friend/search', { chatNo: pat.chatNo })).body.code).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('shows a person by id from the path; bad and unknown ids are refused', async () => {
    const [cat, dan] = [await user('cat'), await user('dan')];
    const info = await api(cat).get<PersonView>(`/friend/info/${dan.userId}`, {
      ref: await refFor(cat, dan),
    });
    expect(info.body.data).toMatchObject({
      userId: dan.userId,
      nickName: 'Dan',
      isSelf: false,
      isFriend: false,
    });
    const bad = await api(cat).get('/friend/info/abc');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 400, err: 'validation', msg: 'id: id must be a user id' });
    for (const id of ['999999', '99999999999', '999999999999999999']) {
      const unknown = await api(cat).get(`/friend/info/${id}`);
      expect(unknown.body, id).toEqual({ code: 404, msg: 'User not found', data: null, err: 'userNotFound' });
    }
    expect((await get(server.url, `/friend/info/${dan.userId}`)).status).toBe(401);
  });

  it('delivers a request to both devices of the addressee with the pending count, then accepts it', async () => {
    const [eva, fay, gil] = [await user('eva'), await user('fay'), await user('gil')];
    const fayPhone = await open(fay.token);
    const fayLaptop = await open(await seed(server.url).login(fay.chatNo));
    const evaSocket = await open(eva.token);

    const sent = await applyTo(eva, fay, {
      reason: 'Hi, I am Eva',
      source: 'qrcode',
      remark: 'Fay from work',
    });
    expect(sent.body.code).toBe(200);
    expect(sent.body.data).toEqual({ applyId: expect.stringMatching(/^\d+$/), status: 'pending' });
    const [onPhone, onLaptop] = await Promise.all([
      fayPhone.nextNotice('FRIEND_APPLY'),
      fayLaptop.nextNotice('FRIEND_APPLY'),
    ]);
    const expected = {
      pushType: 'NOTICE',
      noticeType: 'FRIEND_APPLY',
      msgContent: { count: 1, userId: eva.userId, nickName: 'Eva' },
      createTime: server.clock.now(),
    };
    expect(onPhone).toEqual(expected);
    expect(onLaptop).toEqual(expected);
    expect(evaSocket.received.some((m) => m.includes('FRIEND_APPLY'))).toBe(false);

    // A second request: the count is of pending received requests.
    await applyTo(gil, fay);
    expect((await fayPhone.nextNotice('FRIEND_APPLY')).msgContent).toEqual({
      count: 2,
      userId: gil.userId,
      nickName: 'Gil',
    });
    expect(await noticeCount(fay)).toBe(2);
    expect((await api(fay).get('/my/notices')).body.data).toEqual({
      friendApply: { count: 2 },
      topicReply: { count: 0 },
      topicRed: { portrait: '', userId: '', nickName: '' },
    });

    const list = (await api(fay).get<{ list: FriendApply[] }>('/friend/applyList')).body.data.list;
    expect(list.map((a) => [a.nickName, a.direction, a.status])).toEqual([
      ['Gil', 'received', 'pending'],
      ['Eva', 'received', 'pending'],
    ]);
    // Eva is no friend of Fay's yet: her chat ID (her login name) is not shown.
    expect(list[1]).toMatchObject({ reason: 'Hi, I am Eva', source: 'qrcode', chatNo: '' });
    const evaList = (await api(eva).get<{ list: FriendApply[] }>('/friend/applyList')).body.data.list;
    expect(evaList).toEqual([
      expect.objectContaining({ userId: fay.userId, direction: 'sent', status: 'pending' }),
    ]);
    expect((await api(eva).get<PersonView>(`/friend/info/${fay.userId}`)).body.data.requestSent).toBe(true);

    const before = madeFriends.length;
    const agreed = await api(fay).post('/friend/agree', { applyId: list[1]?.applyId });
    expect(agreed.body).toEqual({ code: 200, msg: 'ok', data: { userId: eva.userId } });
    expect((await evaSocket.nextNotice('FRIEND_ACCEPTED')).msgContent).toEqual({
      userId: fay.userId,
      nickName: 'Fay',
    });
    expect(madeFriends.slice(before)).toEqual([
      { requesterId: Number(eva.userId), accepterId: Number(fay.userId), at: server.clock.now() },
    ]);
    // Both are friends; the requester's remark from the request is hers, not Fay's.
    expect(await friendsOf(eva)).toEqual([
      {
        userId: fay.userId,
        nickName: 'Fay',
        portrait: '',
        userType: 'normal',
        chatNo: fay.chatNo,
        remark: 'Fay from work',
        tags: [],
        isBlocked: false,
      },
    ]);
    expect((await friendsOf(fay)).map((f) => [f.userId, f.remark])).toEqual([[eva.userId, '']]);
    expect((await api(fay).get<PersonView>(`/friend/info/${eva.userId}`)).body.data.isFriend).toBe(true);
    expect(await noticeCount(fay)).toBe(1);
    const after = (await api(fay).get<{ list: FriendApply[] }>('/friend/applyList')).body.data.list;
    expect(after.map((a) => [a.nickName, a.status, a.chatNo])).toEqual([
      ['Gil', 'pending', ''],
      ['Eva', 'accepted', eva.chatNo],
    ]);
  });

  it('refuses each kind of bad request with its own error', async () => {
    const [hal, ivy, jon] = [await user('hal'), await user('ivy'), await user('jon')];
    const apply = (body: unknown) => api(hal).post('/friend/apply', body);

    expect((await apply({ userId: hal.userId })).body).toEqual({
      code: 400,
      msg: 'You cannot add yourself as a friend',
      data: null,
      err: 'cannotAddSelf',
    });
    expect((await apply({ userId: '999999' })).body).toMatchObject({
      err: 'userNotFound',
      msg: 'User not found',
    });
    // A stranger's id alone is as unknown as a missing one; the search's reference opens them.
    expect((await apply({ userId: ivy.userId })).body).toMatchObject({ err: 'userNotFound' });
    expect((await apply({ userId: ivy.userId, ref: await refFor(jon, ivy) })).body.err).toBe('userNotFound');
    expect((await apply({ userId: ivy.userId, ref: await refFor(hal, ivy) })).body.code).toBe(200);
    // Once asked, they are related: no reference is needed any more.
    expect((await apply({ userId: ivy.userId, reason: 'again?' })).body).toEqual({
      code: 409,
      msg: 'Friend request already sent, waiting for a reply',
      data: null,
      err: 'requestPending',
    });
    await befriend(hal, jon);
    expect((await apply({ userId: jon.userId })).body).toEqual({
      code: 409,
      msg: 'You are already friends',
      data: null,
      err: 'alreadyFriends',
    });
    for (const [body, message] of [
      [{}, 'userId: userId is required'],
      [{ userId: 'abc' }, 'userId: userId must be a user id'],
      [{ userId: ivy.userId, reason: 'x'.repeat(101) }, 'reason: '],
      [{ userId: ivy.userId, source: 'telepathy' }, 'source: '],
      [{ userId: ivy.userId, remark: 'r'.repeat(33) }, 'remark: '],
    ] as const) {
      const answer = await apply(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.err).toBe('validation');
      expect(answer.body.msg.startsWith(message), answer.body.msg).toBe(true);
    }
    expect((await post(server.url, '/friend/apply', { body: { userId: ivy.userId } })).status).toBe(401);
  });

  it('lets only the addressee decide a pending request, once', async () => {
    const [kim, lee, max] = [await user('kim'), await user('lee'), await user('max')];
    await applyTo(kim, lee);
    const { applyId } = await receivedFrom(lee, kim);
    const notFound = {
      code: 404,
      msg: 'Friend request not found or already handled',
      data: null,
      err: 'applyNotFound',
    };
    for (const action of ['agree', 'refuse', 'ignore']) {
      // Neither a third person nor the requester may act on it.
      expect((await api(max).post(`/friend/${action}`, { applyId })).body, action).toEqual(notFound);
      expect((await api(kim).post(`/friend/${action}`, { applyId })).body, action).toEqual(notFound);
      expect((await api(lee).post(`/friend/${action}`, { applyId: '999999' })).body, action).toEqual(
        notFound,
      );
    }
    expect((await api(lee).post('/friend/applyList')).status).toBe(404);
    expect((await api(lee).post('/friend/agree', { applyId: 'x' })).status).toBe(400);
    expect(await friendsOf(max)).toEqual([]);

    expect((await api(lee).post('/friend/ignore', { applyId })).body).toEqual({
      code: 200,
      msg: 'ok',
      data: null,
    });
    // Decided: nobody can act on it again.
    for (const action of ['agree', 'refuse', 'ignore'])
      expect((await api(lee).post(`/friend/${action}`, { applyId })).body, action).toEqual(notFound);
    expect(await friendsOf(lee)).toEqual([]);
  });

  it('tells the requester of a rejection but not of an ignore; asking again is allowed', async () => {
    const [ned, olga] = [await user('ned'), await user('olga')];
    const nedSocket = await open(ned.token);
    await applyTo(ned, olga, { reason: 'first' });
    const first = await receivedFrom(olga, ned);
    expect((await api(olga).post('/friend/refuse', { applyId: first.applyId })).body.code).toBe(200);
    expect((await nedSocket.nextNotice('FRIEND_REJECTED')).msgContent).toEqual({
      userId: olga.userId,
      nickName: 'Olga',
    });
    expect((await api(ned).get<{ list: FriendApply[] }>('/friend/applyList')).body.data.list).toEqual([
      expect.objectContaining({ applyId: first.applyId, status: 'rejected', direction: 'sent' }),
    ]);

    const again = await api(ned).post('/friend/apply', { userId: olga.userId, reason: 'second' });
    expect(again.body.data).toMatchObject({ status: 'pending' });
    const second = await receivedFrom(olga, ned);
    expect(second.reason).toBe('second');
    // The newer request supersedes the older one in the list.
    const olgaList = (await api(olga).get<{ list: FriendApply[] }>('/friend/applyList')).body.data.list;
    expect(olgaList.map((a) => [a.applyId, a.status])).toEqual([[second.applyId, 'pending']]);

    const mark = nedSocket.received.length;
    expect((await api(olga).post('/friend/ignore', { applyId: second.applyId })).body.code).toBe(200);
    const afterIgnore = await receivedUpToBarrier(server, nedSocket, ned.userId, mark);
    expect(afterIgnore.filter((m) => m.includes('FRIEND_'))).toEqual([]);
    expect((await api(ned).post('/friend/apply', { userId: olga.userId })).body.data).toMatchObject({
      status: 'pending',
    });
  });

  it('makes friends at once when the other person had already asked', async () => {
    const [pam, quin] = [await user('pam'), await user('quin')];
    const pamSocket = await open(pam.token);
    await applyTo(pam, quin, { remark: 'Q' });
    const theirs = await receivedFrom(quin, pam);
    const before = madeFriends.length;
    const back = await api(quin).post('/friend/apply', { userId: pam.userId, remark: 'Pammy' });
    expect(back.body.data).toEqual({ applyId: theirs.applyId, status: 'accepted' });
    expect((await pamSocket.nextNotice('FRIEND_ACCEPTED')).msgContent).toEqual({
      userId: quin.userId,
      nickName: 'Quin',
    });
    expect(madeFriends.slice(before)).toEqual([
      { requesterId: Number(pam.userId), accepterId: Number(quin.userId), at: server.clock.now() },
    ]);
    expect((await friendsOf(pam)).map((f) => [f.userId, f.remark])).toEqual([[quin.userId, 'Q']]);
    expect((await friendsOf(quin)).map((f) => [f.userId, f.remark])).toEqual([[pam.userId, 'Pammy']]);
    expect(await noticeCount(quin)).toBe(0);
  });

  it('blocks privately: the blocked person cannot ask, the blocker must unblock first', async () => {
    const [rob, sue] = [await user('rob'), await user('sue')];
    const robOther = await open(await seed(server.url).login(rob.chatNo));
    // Sue's waiting request goes away quietly when Rob blocks her.
    await applyTo(sue, rob);
    expect(await noticeCount(rob)).toBe(1);

    expect((await api(rob).post('/friend/block', { userId: sue.userId })).body).toEqual({
      code: 200,
      msg: 'ok',
      data: null,
    });
    await robOther.nextNotice('CONTACTS_CHANGED');
    expect((await api(rob).post('/friend/block', { userId: sue.userId })).body.code).toBe(200);
    expect(await noticeCount(rob)).toBe(0);

    expect((await api(sue).post('/friend/apply', { userId: rob.userId })).body).toEqual({
      code: 403,
      msg: 'You have been blocked by this user',
      data: null,
      err: 'blockedByUser',
    });
    expect((await api(rob).post('/friend/apply', { userId: sue.userId })).body).toEqual({
      code: 403,
      msg: 'You have blocked this user; remove them from your blacklist first',
      data: null,
      err: 'userBlocked',
    });
    const blacklist = (await api(rob).get<{ list: Friend[] }>('/friend/blacklist')).body.data.list;
    expect(blacklist.map((b) => b.userId)).toEqual([sue.userId]);
    expect((await api(rob).get<PersonView>(`/friend/info/${sue.userId}`)).body.data.isBlocked).toBe(true);
    // Nothing tells Sue: her view of Rob and her own blacklist look as before.
    expect((await api(sue).get<PersonView>(`/friend/info/${rob.userId}`)).body.data).toMatchObject({
      isBlocked: false,
      isFriend: false,
    });
    expect((await api(sue).get<{ list: Friend[] }>('/friend/blacklist')).body.data.list).toEqual([]);

    expect((await api(rob).post('/friend/unblock', { userId: sue.userId })).body.code).toBe(200);
    await robOther.nextNotice('CONTACTS_CHANGED');
    expect((await api(rob).post('/friend/unblock', { userId: sue.userId })).body.code).toBe(200);
    expect((await api(rob).get<{ list: Friend[] }>('/friend/blacklist')).body.data.list).toEqual([]);
    expect((await api(sue).post('/friend/apply', { userId: rob.userId })).body.data).toMatchObject({
      status: 'pending',
    });

    expect((await api(rob).post('/friend/block', { userId: rob.userId })).status).toBe(400);
    expect((await api(rob).post('/friend/block', { userId: '999999' })).body.err).toBe('userNotFound');
    expect((await api(rob).post('/friend/unblock', { userId: '999999' })).body.err).toBe('userNotFound');
  });

  it('keeps remarks, tags and the blacklist private to their owner', async () => {
    const [tom, uma, vic] = [await user('tom'), await user('uma'), await user('vic')];
    await befriend(tom, uma);
    const tomPhone = await open(tom.token);
    const tomTablet = await open(await seed(server.url).login(tom.chatNo));

    const mark = tomPhone.received.length;
    const set = await api(tom).post('/friend/setRemark', {
      userId: uma.userId,
      remark: ' Uma (gym) ',
      tags: ['gym', 'friends', 'gym'],
    });
    expect(set.body).toEqual({ code: 200, msg: 'ok', data: null });
    await tomTablet.nextNotice('CONTACTS_CHANGED');
    // The device that made the change is not told.
    const onPhone = await receivedUpToBarrier(server, tomPhone, tom.userId, mark);
    expect(onPhone.filter((m) => m.includes('CONTACTS_CHANGED'))).toEqual([]);
    expect((await friendsOf(tom)).map((f) => [f.remark, f.tags])).toEqual([
      ['Uma (gym)', ['gym', 'friends']],
    ]);
    expect((await api(tom).get<PersonView>(`/friend/info/${uma.userId}`)).body.data).toMatchObject({
      remark: 'Uma (gym)',
      tags: ['gym', 'friends'],
    });
    // Uma sees her own (empty) remark for Tom; a stranger sees none of Tom's.
    expect((await api(uma).get<PersonView>(`/friend/info/${tom.userId}`)).body.data).toMatchObject({
      remark: '',
      tags: [],
    });
    const vicSees = await api(vic).get<PersonView>(`/friend/info/${uma.userId}`, {
      ref: await refFor(vic, uma),
    });
    expect(vicSees.body.data).toMatchObject({ remark: '', tags: [], isFriend: false });
    expect(JSON.stringify(vicSees.body)).not.toContain('gym');

    // Blocking keeps the friendship (marked on the blocker's list only); the blacklist carries
    // the blocker's own remark.
    expect((await friendsOf(tom)).map((f) => f.isBlocked)).toEqual([false]);
    await api(tom).post('/friend/block', { userId: uma.userId });
    expect((await friendsOf(tom)).map((f) => [f.userId, f.isBlocked])).toEqual([[uma.userId, true]]);
    expect((await friendsOf(uma)).map((f) => [f.userId, f.isBlocked])).toEqual([[tom.userId, false]]);
    expect((await api(tom).get<{ list: Friend[] }>('/friend/blacklist')).body.data.list).toEqual([
      expect.objectContaining({ userId: uma.userId, remark: 'Uma (gym)', tags: ['gym', 'friends'] }),
    ]);
    expect((await api(vic).get<{ list: Friend[] }>('/friend/blacklist')).body.data.list).toEqual([]);

    for (const [body, message] of [
      [{ userId: uma.userId }, 'remark: remark is required'],
      [{ userId: uma.userId, remark: '   ' }, 'remark: please fill content'],
      [{ userId: uma.userId, remark: 'x', tags: ['ok', ''] }, 'tags.1: '],
      [{ userId: uma.userId, remark: 'x', tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'tags: '],
    ] as const) {
      const answer = await api(tom).post('/friend/setRemark', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.msg.startsWith(message), answer.body.msg).toBe(true);
    }
    expect(
      (await api(tom).post('/friend/setRemark', { userId: vic.userId, remark: 'stranger' })).body,
    ).toEqual({
      code: 403,
      msg: 'This person is not your friend',
      data: null,
      err: 'notFriends',
    });
  });

  it('deletes a friend on both sides, with remarks and pending requests, and tells both', async () => {
    const [wes, xia] = [await user('wes'), await user('xia')];
    await befriend(wes, xia);
    await api(wes).post('/friend/setRemark', { userId: xia.userId, remark: 'X' });
    const wesOther = await open(await seed(server.url).login(wes.chatNo));
    const xiaSocket = await open(xia.token);

    expect((await api(wes).post('/friend/delete', { userId: xia.userId })).body).toEqual({
      code: 200,
      msg: 'ok',
      data: null,
    });
    await Promise.all([wesOther.nextNotice('CONTACTS_CHANGED'), xiaSocket.nextNotice('CONTACTS_CHANGED')]);
    expect(await friendsOf(wes)).toEqual([]);
    expect(await friendsOf(xia)).toEqual([]);
    expect((await api(wes).post('/friend/delete', { userId: xia.userId })).body.err).toBe('notFriends');

    // Friends again later: the old remark is gone.
    await api(xia).post('/friend/apply', { userId: wes.userId });
    await befriendPending(wes, xia);
    expect((await friendsOf(wes)).map((f) => f.remark)).toEqual(['']);

    // A pending request between them goes with the friendship.
    await api(wes).post('/friend/delete', { userId: xia.userId });
    await api(wes).post('/friend/apply', { userId: xia.userId });
    expect(await noticeCount(xia)).toBe(1);
    await befriendPending(xia, wes);
    await api(xia)
      .post('/friend/apply', { userId: wes.userId })
      .then((r) => expect(r.body.err).toBe('alreadyFriends'));
  });

  /** `to` accepts the pending request `from` sent. */
  async function befriendPending(to: SeededUser, from: SeededUser) {
    const apply = await receivedFrom(to, from);
    expect((await api(to).post('/friend/agree', { applyId: apply.applyId })).body.code).toBe(200);
  }
});
