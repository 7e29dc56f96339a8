/**
 * Read receipts and typing on the real server, on every database: receipts follow read
 * positions (one-to-one: the other's readSeq, pushed live; groups: counts and who read, among
 * the members at the message's seq), "Send read receipts" off hides them both ways, and typing
 * reaches only the other member's sockets, throttled, never between strangers or with receipts off.
 */
import type { PeerRead, ReadCounts, Readers } from '@paichat/protocol';
import { describe, expect, it } from 'vitest';
import { sendText } from './support/chats';
import { groupTestbed } from './support/groups';
import type { SeededUser } from './support/seed';
import { availableDialects } from './support/server';
import { receivedUpToBarrier, type TestSocket } from './support/ws';

const dialects = await availableDialects();

describe.each(dialects)('read receipts and typing on %s', (dialect) => {
  const bed = groupTestbed(dialect);
  const post = <T>(user: SeededUser, path: string, body: unknown) =>
    bed.g.post<T>(user, path, body).then((answer) => bed.g.ok(answer));
  const setReceipts = (user: SeededUser, readReceipts: boolean) =>
    post(user, '/my/setReadReceipts', { readReceipts });
  const peerRead = (user: SeededUser, chatId: string) =>
    post<PeerRead>(user, '/chat/peerRead', { chatId }).then((answer) => answer.readSeq);
  const markRead = (user: SeededUser, chatId: string, readSeq?: number) =>
    post<{ unreadCount: number }>(user, '/chat/markRead', {
      chatId,
      ...(readSeq === undefined ? {} : { readSeq }),
    });
  const counts = (user: SeededUser, chatId: string, seqs: number[]) =>
    post<ReadCounts>(user, '/chat/readCounts', { chatId, seqs }).then((answer) => answer.counts);
  const readers = async (user: SeededUser, chatId: string, msgId: string) => {
    const answer = await post<Readers>(user, '/chat/readers', { chatId, msgId });
    const names = (list: Readers['read']) => list.map((r) => r.nickName);
    return { read: names(answer.read), unread: names(answer.unread) };
  };

  /** Two friends, each with a fresh name. */
  async function pair(a: string, b: string): Promise<[SeededUser, SeededUser]> {
    const [first, second] = await bed.g.users(a, b);
    await bed.g.befriend(first, second);
    return [first, second];
  }

  const typingFrom = (socket: TestSocket, chatId: string) => socket.send({ type: 'typing', chatId });
  const typingNotices = (frames: string[]) => frames.filter((m) => m.includes('"noticeType":"TYPING"'));
  /** Every frame the socket sent before this has been handled by the server (its pings are answered in order). */
  const handled = (socket: TestSocket) => {
    socket.send({ type: 'ping' });
    return socket.next((m) => m === 'ok');
  };

  it('one-to-one: the other person sees how far you read, live on every device of theirs', async () => {
    const [amy, ben] = await pair('amy1', 'ben1');
    const phone = await bed.open(amy);
    const laptop = await bed.open(amy);
    const first = await sendText(bed.server.url, amy, ben, 'one');
    const second = await sendText(bed.server.url, amy, ben, 'two');
    const before = await peerRead(amy, first.chatId);
    expect(before).toBeLessThan(first.seq);

    await markRead(ben, first.chatId, first.seq);
    for (const socket of [phone, laptop]) {
      expect((await socket.nextNotice('PEER_READ')).msgContent).toEqual({
        chatId: first.chatId,
        readSeq: first.seq,
      });
    }
    expect(await peerRead(amy, first.chatId)).toBe(first.seq);
    await markRead(ben, first.chatId);
    expect((await phone.nextNotice('PEER_READ')).msgContent).toMatchObject({ readSeq: second.seq });
    // Ben's own read position is his to know (CHAT_READ), not a receipt to himself.
    expect(await peerRead(ben, first.chatId)).toBe(second.seq);
  });

  it('"Send read receipts" off hides read positions both ways, and no notice leaves', async () => {
    const [amy, ben] = await pair('amy2', 'ben2');
    const amySocket = await bed.open(amy);
    const sent = await sendText(bed.server.url, amy, ben, 'hello');
    await sendText(bed.server.url, ben, amy, 'hi');
    expect(bed.g.ok(await bed.g.api(ben).get('/my/getReadReceipts'))).toEqual({ readReceipts: true });

    expect(await setReceipts(ben, false)).toEqual({ readReceipts: false });
    expect(bed.g.ok(await bed.g.api(ben).get('/my/getReadReceipts'))).toEqual({ readReceipts: false });
    const mark = amySocket.received.length;
    // His read position still drives his own unread count...
    expect(await markRead(ben, sent.chatId)).toMatchObject({ unreadCount: 0 });
    // ...but Amy is told nothing and shown nothing, and he is shown nothing of hers.
    const frames = await receivedUpToBarrier(bed.server, amySocket, amy.userId, mark);
    expect(frames.filter((m) => m.includes('PEER_READ'))).toEqual([]);
    expect(await peerRead(amy, sent.chatId)).toBeNull();
    await markRead(amy, sent.chatId);
    expect(await peerRead(ben, sent.chatId)).toBeNull();

    await setReceipts(ben, true);
    expect(await peerRead(amy, sent.chatId)).toBeGreaterThanOrEqual(sent.seq);
    await setReceipts(amy, false);
    expect(await peerRead(amy, sent.chatId)).toBeNull();
  });

  it('groups: "{n} read" and who read count only the members at the message, sharing receipts', async () => {
    const [amy, ben, cat, dan, eve] = await bed.g.users('Amy3', 'Ben3', 'Cat3', 'Dan3', 'Eve3');
    for (const other of [ben, cat, dan, eve]) await bed.g.befriend(amy, other);
    const group = await bed.g.create(amy, [ben, cat, eve]);
    const { groupId, chatId } = group.group;
    const amySocket = await bed.open(amy);

    const early = await bed.g.send(amy, groupId, 'before Dan');
    bed.g.ok(await bed.g.post(amy, '/group/addMembers', { groupId, userIds: [dan.userId] }));
    const late = await bed.g.send(amy, groupId, 'after Dan joined');
    for (const reader of [ben, dan]) await markRead(reader, chatId);

    expect(await counts(amy, chatId, [early.seq, late.seq])).toEqual([
      { seq: early.seq, count: 1 },
      { seq: late.seq, count: 2 },
    ]);
    // Dan joined after the first message: he is among neither list.
    expect(await readers(amy, chatId, early.msgId)).toEqual({ read: ['Ben3'], unread: ['Cat3', 'Eve3'] });
    expect(await readers(amy, chatId, late.msgId)).toEqual({
      read: ['Ben3', 'Dan3'],
      unread: ['Cat3', 'Eve3'],
    });
    // The sender is told to ask again, at most once a second per chat.
    expect((await amySocket.nextNotice('GROUP_READS')).msgContent).toEqual({ chatId });

    // Eve leaves: later messages are not hers to read; the ones before still count her.
    bed.g.ok(await bed.g.post(amy, '/group/removeMembers', { groupId, userIds: [eve.userId] }));
    const afterEve = await bed.g.send(amy, groupId, 'after Eve left');
    expect(await readers(amy, chatId, afterEve.msgId)).toEqual({
      read: [],
      unread: ['Ben3', 'Cat3', 'Dan3'],
    });
    expect((await readers(amy, chatId, late.msgId)).unread).toContain('Eve3');

    // Ben turns receipts off: left out of counts and lists, read or not.
    await setReceipts(ben, false);
    expect(await counts(amy, chatId, [late.seq])).toEqual([{ seq: late.seq, count: 1 }]);
    expect(await readers(amy, chatId, late.msgId)).toEqual({ read: ['Dan3'], unread: ['Cat3', 'Eve3'] });
    // Ben is shown none of his own either.
    const bens = await bed.g.send(ben, groupId, 'from Ben');
    await markRead(amy, chatId);
    expect(await counts(ben, chatId, [bens.seq])).toEqual([]);
    expect(await readers(ben, chatId, bens.msgId)).toEqual({ read: [], unread: [] });
  });

  it('group receipts are for members, about their own messages only', async () => {
    const [amy, ben, cat, out] = await bed.g.users('Amy4', 'Ben4', 'Cat4', 'Out4');
    for (const other of [ben, cat, out]) await bed.g.befriend(amy, other);
    const { groupId, chatId } = (await bed.g.create(amy, [ben, cat])).group;
    const sent = await bed.g.send(amy, groupId, 'mine');
    const refused = async (user: SeededUser, path: string, body: unknown) =>
      (await bed.g.post(user, path, body)).body;

    expect(await refused(out, '/chat/readers', { chatId, msgId: sent.msgId })).toMatchObject({
      err: 'chatNotFound',
    });
    expect(await refused(out, '/chat/readCounts', { chatId, seqs: [sent.seq] })).toMatchObject({
      err: 'chatNotFound',
    });
    // Ben is a member, but the message is Amy's: not his to ask about.
    expect(await refused(ben, '/chat/readers', { chatId, msgId: sent.msgId })).toMatchObject({
      err: 'messageNotFound',
    });
    expect(await counts(ben, chatId, [sent.seq])).toEqual([]);
    // Nothing beyond the chat's messages, and no huge lists.
    expect(await counts(amy, chatId, [sent.seq, 2_000_000])).toEqual([{ seq: sent.seq, count: 0 }]);
    const tooMany = Array.from({ length: 201 }, (_, i) => i + 1);
    expect(await refused(amy, '/chat/readCounts', { chatId, seqs: tooMany })).toMatchObject({ code: 400 });
    expect(await refused(amy, '/chat/peerRead', { chatId })).toMatchObject({ code: 400 });
  });

  it('typing reaches only the other member, once per interval, never stored', async () => {
    const [amy, ben] = await pair('amy5', 'ben5');
    const [cat] = await bed.g.users('cat5');
    await bed.g.befriend(amy, cat);
    const sent = await sendText(bed.server.url, amy, ben, 'are you there?');
    const amySocket = await bed.open(amy);
    const benSocket = await bed.open(ben);
    const catSocket = await bed.open(cat);
    const catMark = catSocket.received.length;

    for (let i = 0; i < 5; i += 1) typingFrom(benSocket, sent.chatId);
    expect((await amySocket.nextNotice('TYPING')).msgContent).toEqual({
      chatId: sent.chatId,
      userId: ben.userId,
    });
    await handled(benSocket);
    const frames = await receivedUpToBarrier(bed.server, amySocket, amy.userId, 0);
    expect(typingNotices(frames)).toHaveLength(1);
    // The next interval lets one through again.
    bed.server.clock.advance(2_500);
    typingFrom(benSocket, sent.chatId);
    await amySocket.nextNotice('TYPING');
    // Not to the typist's own sockets, nor anyone else's.
    expect(typingNotices(benSocket.received)).toEqual([]);
    expect(typingNotices(await receivedUpToBarrier(bed.server, catSocket, cat.userId, catMark))).toEqual([]);
    const history = await bed.g.synced(amy, sent.chatId);
    expect(history.map((m) => m.seq)).toEqual(expect.arrayContaining([sent.seq]));
    expect(history.at(-1)?.seq).toBe(sent.seq);
  });

  it('typing is dropped between strangers, across a block, in a chat not one’s own, and with receipts off', async () => {
    const [amy, ben] = await pair('amy6', 'ben6');
    const [cat, dan, eve] = await bed.g.users('cat6', 'dan6', 'eve6');
    await bed.g.befriend(amy, cat);
    await bed.g.befriend(amy, dan);
    await bed.g.befriend(amy, eve);
    const withBen = await sendText(bed.server.url, amy, ben, 'hi ben');
    const withCat = await sendText(bed.server.url, amy, cat, 'hi cat');
    const withDan = await sendText(bed.server.url, amy, dan, 'hi dan');
    const withEve = await sendText(bed.server.url, amy, eve, 'hi eve');
    const amySocket = await bed.open(amy);
    const benSocket = await bed.open(ben);
    const catSocket = await bed.open(cat);
    const danSocket = await bed.open(dan);
    const eveSocket = await bed.open(eve);

    // Ben types into Amy and Cat's chat (not his); Amy blocked Cat; Dan turned receipts off;
    // Amy and Eve are friends no more (their chat stays).
    bed.g.ok(await bed.g.post(amy, '/friend/block', { userId: cat.userId }));
    await setReceipts(dan, false);
    bed.g.ok(await bed.g.post(amy, '/friend/delete', { userId: eve.userId }));
    typingFrom(benSocket, withCat.chatId);
    typingFrom(catSocket, withCat.chatId);
    typingFrom(danSocket, withDan.chatId);
    typingFrom(eveSocket, withEve.chatId);
    await Promise.all([handled(benSocket), handled(catSocket), handled(danSocket), handled(eveSocket)]);
    // A signal that may pass, sent last: the ones before it were decided first.
    typingFrom(benSocket, withBen.chatId);
    await amySocket.nextNotice('TYPING');
    const frames = await receivedUpToBarrier(bed.server, amySocket, amy.userId, 0);
    expect(typingNotices(frames).map((m) => JSON.parse(m).msgContent)).toEqual([
      { chatId: withBen.chatId, userId: ben.userId },
    ]);
    expect(typingNotices(catSocket.received)).toEqual([]);

    // Amy turns receipts off: she is not shown Ben typing either (the next interval, so not throttled).
    await setReceipts(amy, false);
    const mark = amySocket.received.length;
    bed.server.clock.advance(2_500);
    typingFrom(benSocket, withBen.chatId);
    await handled(benSocket);
    expect(typingNotices(await receivedUpToBarrier(bed.server, amySocket, amy.userId, mark))).toEqual([]);
  });
  it('typing frames naming many chats are looked up for a few of them only', async () => {
    const [amy, ben] = await pair('amy7', 'ben7');
    const withBen = await sendText(bed.server.url, amy, ben, 'hi ben');
    const amySocket = await bed.open(amy);
    const benSocket = await bed.open(ben);
    // A script names chats by the thousand: after the first few, the rest are dropped unread,
    // his real chat among them, until the next interval.
    for (let chat = 1; chat <= 1_000; chat += 1) typingFrom(benSocket, String(chat + 1_000_000));
    typingFrom(benSocket, withBen.chatId);
    await handled(benSocket);
    expect(typingNotices(await receivedUpToBarrier(bed.server, amySocket, amy.userId, 0))).toEqual([]);
    bed.server.clock.advance(2_500);
    typingFrom(benSocket, withBen.chatId);
    expect((await amySocket.nextNotice('TYPING')).msgContent).toEqual({
      chatId: withBen.chatId,
      userId: ben.userId,
    });
  });
});
