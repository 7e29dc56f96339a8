import type { ChatSession, ChatState, MsgPush, SendMsgResult, ServerMessage } from '@paichat/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessionsOf } from './support/chats';
import { alertCode, groupTestbed, nextGroupMsg, type GroupsClient } from './support/groups';
import type { SeededUser } from './support/seed';
import { availableDialects, type TestServer } from './support/server';
import { receivedUpToBarrier } from './support/ws';

const dialects = await availableDialects();

interface Page {
  list: ServerMessage[];
  total: number;
  hasMore: boolean;
  lastSeq: number;
}

describe.each(dialects)('group messages on %s', (dialect) => {
  const bed = groupTestbed(dialect);
  const { open } = bed;
  let server: TestServer;
  let g: GroupsClient;

  let alice: SeededUser, bob: SeededUser, carol: SeededUser;

  beforeAll(async () => {
    ({ server, g } = bed);
    [alice, bob, carol] = await g.users('alice', 'bob', 'carol');
    await g.befriend(alice, bob);
    await g.befriend(alice, carol);
  });

  it('stores a message under the next seq and pushes it to every member, the sender as isSelf', async () => {
    const { group } = await g.create(alice, [bob, carol]);
    g.ok(await g.post(alice, '/group/setNick', { groupId: group.groupId, groupNick: 'Host' }));
    const [aliceSocket, bobSocket] = [await open(alice), await open(bob)];
    server.clock.advance(1000);
    const result = await g.send(alice, group.groupId, '  Hello all ', 'local_hello');
    expect(result).toEqual({
      status: '0',
      statusLabel: '',
      statusCode: 'ok',
      msgId: expect.stringMatching(/^\d+$/),
      seq: 2,
      chatId: group.chatId,
      clientMsgId: 'local_hello',
      createTime: server.clock.now(),
      duplicate: false,
    } satisfies SendMsgResult);
    const message: ServerMessage = {
      msgId: result.msgId,
      chatId: group.chatId,
      seq: 2,
      clientMsgId: 'local_hello',
      fromId: alice.userId,
      toId: group.groupId,
      msgType: 'TEXT',
      talkType: 'GROUP',
      content: { text: 'Hello all' },
      createTime: server.clock.now(),
      isSelf: false,
      fromNickName: 'Alice',
      fromPortrait: '',
      fromGroupNick: 'Host',
    };
    const groupParty = { userId: group.groupId, nickName: group.name, portrait: group.portrait };
    expect(await nextGroupMsg(bobSocket)).toEqual({
      pushType: 'MSG',
      msgId: result.msgId,
      chatId: group.chatId,
      chatType: 'GROUP',
      seq: 2,
      clientMsgId: 'local_hello',
      msgContent: message,
      fromInfo: { userId: alice.userId, nickName: 'Alice', portrait: '', userType: 'normal' },
      chatInfo: groupParty,
      groupInfo: groupParty,
      createTime: server.clock.now(),
    } satisfies MsgPush);
    expect((await nextGroupMsg(aliceSocket)).msgContent).toEqual({ ...message, isSelf: true });

    // Fetching answers the same message; unread is lastSeq − readSeq (the sender read their own).
    const page = g.ok(
      await g.post<Page>(bob, '/chat/getChatMessages', { chatId: group.chatId, chatType: 'GROUP' }),
    );
    expect(page.list.at(-1)).toEqual(message);
    const [bobSession, aliceSession] = [
      (await sessionsOf(server.url, bob)).find((s) => s.chatId === group.chatId),
      (await sessionsOf(server.url, alice)).find((s) => s.chatId === group.chatId),
    ];
    expect(bobSession).toMatchObject({
      lastSeq: 2,
      unreadCount: 1,
      lastContent: 'Hello all',
      lastMsg: message,
    });
    expect(aliceSession).toMatchObject({ unreadCount: 0, lastMsg: { ...message, isSelf: true } });
    const read = g.ok(await g.post<ChatState>(bob, '/chat/markRead', { chatId: group.chatId }));
    expect(read).toMatchObject({ readSeq: 2, unreadCount: 0 });
  });

  it('gives concurrent sends from several members contiguous seqs, each stored once', async () => {
    const { group } = await g.create(alice, [bob, carol]);
    const senders = [alice, bob, carol];
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        g.send(senders[i % 3] as SeededUser, group.groupId, `m${i}`, `local_c${i}`),
      ),
    );
    expect(results.every((r) => r.status === '0' && !r.duplicate)).toBe(true);
    expect(results.map((r) => r.seq).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 60 }, (_, i) => i + 2),
    );
    const history = await g.synced(carol, group.chatId);
    expect(history.map((m) => m.seq)).toEqual(Array.from({ length: 61 }, (_, i) => i + 1));
    expect(new Set(history.map((m) => m.msgId)).size).toBe(61);
  });

  it('answers racing retries with the original message and stores it once', async () => {
    const { group } = await g.create(alice, [bob, carol]);
    const bobSocket = await open(bob);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => g.send(alice, group.groupId, 'only once', 'local_retry')),
    );
    const original = answers.find((a) => !a.duplicate);
    expect(answers.filter((a) => !a.duplicate)).toHaveLength(1);
    for (const answer of answers)
      expect(answer).toMatchObject({ msgId: original?.msgId, seq: 2, status: '0' });
    const next = await g.send(alice, group.groupId, 'next');
    expect(next.seq).toBe(3);
    const pushes = (await receivedUpToBarrier(server, bobSocket, bob.userId, 0)).filter((m) =>
      m.includes('only once'),
    );
    expect(new Set(pushes).size).toBe(1);
  });

  it('stops pushing to a removed member at once and hides everything after their removal', async () => {
    const { group } = await g.create(alice, [bob, carol]);
    await g.send(bob, group.groupId, 'before');
    const carolSocket = await open(carol);
    g.ok(await g.post(alice, '/group/removeMembers', { groupId: group.groupId, userIds: [carol.userId] }));
    const removal = await nextGroupMsg(carolSocket, (p) => alertCode(p) === 'groupRemoved');
    expect(removal.msgContent.content).toMatchObject({ text: 'Alice removed Carol from the group chat' });
    expect(await carolSocket.nextNotice('GROUP_CHANGED')).toMatchObject({
      msgContent: { change: 'removed' },
    });

    const mark = carolSocket.received.length;
    await g.send(alice, group.groupId, 'after');
    await g.send(bob, group.groupId, 'after too');
    g.ok(await g.post(alice, '/group/rename', { groupId: group.groupId, name: 'Without Carol' }));
    const afterRemoval = await receivedUpToBarrier(server, carolSocket, carol.userId, mark);
    expect(afterRemoval.filter((m) => m.includes('"pushType":"MSG"'))).toEqual([]);

    const text = (list: ServerMessage[]) =>
      list.map((m) => (m.msgType === 'ALERT' ? m.content.code : m.content.text));
    const expected = ['groupCreated', 'before', 'groupRemoved'];
    expect(text(await g.synced(carol, group.chatId))).toEqual(expected);
    const page = g.ok(
      await g.post<Page>(carol, '/chat/getChatMessages', { chatId: group.chatId, chatType: 'GROUP' }),
    );
    expect(text(page.list)).toEqual(expected);
    expect(page).toMatchObject({ total: 3, lastSeq: removal.seq });
    // Asking for "after the removal" answers nothing, however it is asked.
    const after = g.ok(
      await g.post<{ list: ServerMessage[]; lastSeq: number }>(carol, '/chat/syncMessages', {
        chatId: group.chatId,
        afterSeq: removal.seq,
      }),
    );
    expect(after).toMatchObject({ list: [], lastSeq: removal.seq });
    const session = (await sessionsOf(server.url, carol)).find((s) => s.chatId === group.chatId);
    expect(session).toMatchObject({
      groupStatus: 'LEFT',
      lastSeq: removal.seq,
      // "before" and the removal, which counts since she had not read up to it.
      unreadCount: 2,
    } satisfies Partial<ChatSession>);
    expect(session?.lastMsg?.msgId).toBe(removal.msgId);
    // What the group says after she left is not hers to read, the announcement included.
    g.ok(await g.post(alice, '/group/setNotice', { groupId: group.groupId, notice: 'Members only' }));
    expect((await g.info(carol, group.groupId)).group).toMatchObject({
      status: 'LEFT',
      notice: '',
      noticeTime: 0,
    });
    // Her history is still hers to manage.
    expect(
      g.ok(await g.post<ChatState>(carol, '/chat/markRead', { chatId: group.chatId, readSeq: 999 })),
    ).toMatchObject({
      readSeq: removal.seq,
      unreadCount: 0,
    });
    g.ok(await g.post(carol, '/chat/setTop', { chatId: group.chatId, isTop: 'Y' }));

    // And she cannot send, though a retry of what she sent before answers it.
    expect(await g.send(carol, group.groupId, 'let me back', 'local_late')).toMatchObject({
      status: '4',
      statusCode: 'notGroupMember',
      statusLabel: 'You are no longer a member of this group chat.',
    });
  });

  it('keeps the group nickname a message was sent under, after a change and after leaving', async () => {
    const { group } = await g.create(alice, [bob, carol]);
    g.ok(await g.post(bob, '/group/setNick', { groupId: group.groupId, groupNick: 'Bobby' }));
    await g.send(bob, group.groupId, 'as Bobby');
    g.ok(await g.post(bob, '/group/setNick', { groupId: group.groupId, groupNick: 'Robert' }));
    await g.send(bob, group.groupId, 'as Robert');
    g.ok(await g.post(bob, '/group/quit', { groupId: group.groupId }));
    const nicks = (await g.synced(alice, group.chatId)).map((m) => [m.msgType, m.fromGroupNick]);
    expect(nicks).toEqual([
      ['ALERT', ''],
      ['TEXT', 'Bobby'],
      ['TEXT', 'Robert'],
      ['ALERT', ''],
    ]);
  });

  it('answers a retry of a message sent before leaving with that message', async () => {
    const { group } = await g.create(alice, [bob, carol]);
    const first = await g.send(carol, group.groupId, 'hello', 'local_before_leaving');
    g.ok(await g.post(carol, '/group/quit', { groupId: group.groupId }));
    expect(await g.send(carol, group.groupId, 'hello', 'local_before_leaving')).toMatchObject({
      status: '0',
      msgId: first.msgId,
      duplicate: true,
    });
  });
});
