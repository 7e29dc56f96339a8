/**
 * Reactions on the real server, on every database: an emoji goes on and comes off again (a
 * REACTION event in the chat's seq, pushed to every member), history and catch-up answer each
 * message's reactions as the viewer sees them, who reacted is listed, strangers and text are
 * refused, a retry answers the first event, and a recall takes the reactions with it. A reaction
 * is nothing to read and no new message in the chat list.
 */
import type { ChatSession, ServerMessage } from '@paichat/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { nextMsg, sendText, sessionWith } from './support/chats';
import { groupTestbed } from './support/groups';
import type { SeededUser } from './support/seed';
import { availableDialects } from './support/server';

const dialects = await availableDialects();

interface Page {
  list: ServerMessage[];
}
interface WhoReacted {
  list: { emoji: string; users: { userId: string; nickName: string; groupNick: string }[] }[];
}

describe.each(dialects)('reactions on %s', (dialect) => {
  const bed = groupTestbed(dialect);
  let amy: SeededUser, ben: SeededUser, cat: SeededUser, dan: SeededUser;
  let taps = 0;

  beforeAll(async () => {
    [amy, ben, cat, dan] = await bed.g.users('amy', 'ben', 'cat', 'dan');
    await bed.g.befriend(amy, ben);
    await bed.g.befriend(amy, cat);
  });

  const react = (
    user: SeededUser,
    chatId: string,
    msgId: string,
    emoji: string,
    clientMsgId = `tap${++taps}`,
  ) => bed.g.post<ServerMessage>(user, '/chat/reactMsg', { chatId, msgId, emoji, clientMsgId });
  const reacted = async (
    user: SeededUser,
    chatId: string,
    msgId: string,
    emoji: string,
    clientMsgId?: string,
  ) => bed.g.ok(await react(user, chatId, msgId, emoji, clientMsgId));
  const refusal = async (user: SeededUser, chatId: string, msgId: string, emoji: string) => {
    const { body } = await react(user, chatId, msgId, emoji);
    return { code: body.code, err: body.err };
  };
  const history = async (user: SeededUser, chatId: string, chatType = 'SINGLE') =>
    bed.g.ok(await bed.g.post<Page>(user, '/chat/getChatMessages', { chatId, chatType })).list;
  const reactionsOf = async (user: SeededUser, chatId: string, msgId: string, chatType = 'SINGLE') =>
    (await history(user, chatId, chatType)).find((m) => m.msgId === msgId)?.reactions?.list;
  const who = async (user: SeededUser, chatId: string, msgId: string) =>
    bed.g.ok(await bed.g.post<WhoReacted>(user, '/chat/getReactions', { chatId, msgId })).list;

  it('an emoji goes on as a REACTION event pushed to both, and comes off when given again', async () => {
    const benSocket = await bed.open(ben);
    const sent = await sendText(bed.server.url, ben, amy, 'lunch at noon?');
    const on = await reacted(amy, sent.chatId, sent.msgId, '👍');
    expect(on).toMatchObject({
      seq: sent.seq + 1,
      msgType: 'REACTION',
      fromId: amy.userId,
      content: { targetSeq: sent.seq, targetMsgId: sent.msgId, emoji: '👍', on: true },
    });
    const pushed = await nextMsg(benSocket, (push) => push.msgId === on.msgId);
    expect(pushed.msgContent).toMatchObject({ msgType: 'REACTION', isSelf: false });
    expect(await reactionsOf(amy, sent.chatId, sent.msgId)).toEqual([{ emoji: '👍', count: 1, mine: true }]);
    expect(await reactionsOf(ben, sent.chatId, sent.msgId)).toEqual([{ emoji: '👍', count: 1, mine: false }]);

    const off = await reacted(amy, sent.chatId, sent.msgId, '👍');
    expect(off).toMatchObject({ seq: on.seq + 1, content: { emoji: '👍', on: false } });
    const [message] = (await bed.g.synced(ben, sent.chatId, sent.seq - 1)).filter(
      (m) => m.msgId === sent.msgId,
    );
    expect(message?.reactions).toEqual({ seq: off.seq, list: [] });
  });

  it('two people with the same emoji count 2; who reacted lists them by the names the group gives them', async () => {
    const { group } = await bed.g.create(amy, [ben, cat]);
    bed.g.ok(await bed.g.post(cat, '/group/setNick', { groupId: group.groupId, groupNick: 'Kitty' }));
    const sent = await bed.g.send(amy, group.groupId, 'cake in the kitchen');
    await reacted(ben, group.chatId, sent.msgId, '❤️');
    await reacted(cat, group.chatId, sent.msgId, '❤️');
    await reacted(cat, group.chatId, sent.msgId, '👨‍👩‍👧');

    expect(await reactionsOf(ben, group.chatId, sent.msgId, 'GROUP')).toEqual([
      { emoji: '❤️', count: 2, mine: true },
      { emoji: '👨‍👩‍👧', count: 1, mine: false },
    ]);
    expect(await who(amy, group.chatId, sent.msgId)).toEqual([
      {
        emoji: '❤️',
        users: [
          expect.objectContaining({ userId: ben.userId, groupNick: '' }),
          expect.objectContaining({ userId: cat.userId, groupNick: 'Kitty' }),
        ],
      },
      { emoji: '👨‍👩‍👧', users: [expect.objectContaining({ userId: cat.userId })] },
    ]);
  });

  it('in a group, one who left may no longer react', async () => {
    const { group } = await bed.g.create(amy, [ben, cat]);
    const sent = await bed.g.send(amy, group.groupId, 'who is in?');
    bed.g.ok(await bed.g.post(cat, '/group/quit', { groupId: group.groupId }));
    expect(await refusal(cat, group.chatId, sent.msgId, '👍')).toMatchObject({ err: 'notGroupMember' });
    expect(await reactionsOf(amy, group.chatId, sent.msgId, 'GROUP')).toBeUndefined();
  });

  it('refuses strangers, other chats, unknown messages, notices, events and text', async () => {
    const sent = await sendText(bed.server.url, amy, ben, 'just us');
    const other = await sendText(bed.server.url, amy, cat, 'elsewhere');
    const notFound = { code: 404, err: 'chatNotFound' };
    expect(await refusal(dan, sent.chatId, sent.msgId, '👍')).toMatchObject(notFound);
    expect(await refusal(cat, sent.chatId, sent.msgId, '👍')).toMatchObject(notFound);
    expect(
      (await bed.g.post(dan, '/chat/getReactions', { chatId: sent.chatId, msgId: sent.msgId })).body,
    ).toMatchObject(notFound);
    expect(await refusal(ben, sent.chatId, other.msgId, '👍')).toMatchObject({ err: 'messageNotFound' });
    expect(await refusal(ben, sent.chatId, '999999999', '👍')).toMatchObject({ err: 'messageNotFound' });
    for (const text of ['a', 'ok', '1', '👍👍', '👍 ', ''])
      expect(await refusal(ben, sent.chatId, sent.msgId, text)).toMatchObject({
        code: 400,
        err: 'validation',
      });

    const notice = (await history(ben, sent.chatId)).find((m) => m.msgType === 'ALERT');
    expect(await refusal(ben, sent.chatId, notice?.msgId ?? '', '👍')).toMatchObject({ code: 400 });
    const event = await reacted(ben, sent.chatId, sent.msgId, '😮');
    expect(await refusal(ben, sent.chatId, event.msgId, '👍')).toMatchObject({ code: 400 });
    // Nor is the event a message to reply to.
    const quoting = {
      userId: amy.userId,
      msgType: 'TEXT',
      content: { text: 'hm', quote: { msgId: event.msgId } },
    };
    expect((await bed.g.post(ben, '/chat/sendMsg', quoting)).body).toMatchObject({ code: 400 });
  });

  it('a retried tap answers its first event and toggles nothing', async () => {
    const sent = await sendText(bed.server.url, amy, ben, 'retry me');
    const first = await reacted(ben, sent.chatId, sent.msgId, '😂', 'same-tap');
    expect(await reacted(ben, sent.chatId, sent.msgId, '😂', 'same-tap')).toEqual(first);
    expect(await bed.g.synced(ben, sent.chatId, first.seq)).toEqual([]);
    expect(await reactionsOf(amy, sent.chatId, sent.msgId)).toEqual([{ emoji: '😂', count: 1, mine: false }]);
  });

  it('a recall takes the reactions with it', async () => {
    const sent = await sendText(bed.server.url, amy, ben, 'oops');
    await reacted(ben, sent.chatId, sent.msgId, '🙏');
    bed.g.ok(await bed.g.post(amy, '/chat/recallMsg', { chatId: sent.chatId, msgId: sent.msgId }));
    const recalled = (await history(ben, sent.chatId)).find((m) => m.msgId === sent.msgId);
    expect(recalled).toMatchObject({ msgType: 'RECALLED' });
    expect(recalled?.reactions).toBeUndefined();
    expect(await who(ben, sent.chatId, sent.msgId)).toEqual([]);
    expect(await refusal(ben, sent.chatId, sent.msgId, '🙏')).toMatchObject({ code: 400 });
  });

  it('is nothing to read and no new message in the chat list', async () => {
    const sent = await sendText(bed.server.url, amy, cat, 'see you');
    bed.g.ok(await bed.g.post(cat, '/chat/markRead', { chatId: sent.chatId }));
    const before: ChatSession = await sessionWith(bed.server.url, amy, cat);
    bed.server.clock.advance(60_000);
    await reacted(cat, sent.chatId, sent.msgId, '👍');

    const after: ChatSession = await sessionWith(bed.server.url, amy, cat);
    expect(after).toMatchObject({ unreadCount: 0, lastTime: before.lastTime, lastContent: 'see you' });
    expect(after.lastMsg).toMatchObject({ msgId: sent.msgId });
    expect(after.lastSeq).toBe(sent.seq + 1);
    expect(await sessionWith(bed.server.url, cat, amy)).toMatchObject({ unreadCount: 0 });
  });
});
