/**
 * Recall on the real server, on every database: the sender within the window (files longer), a
 * group's owner any member's message, nobody else; the RECALL event takes the chat's next seq
 * and reaches every member, and the recalled text is gone from history, catch-up, search, the
 * chat list and the replies that quoted it.
 */
import {
  DEFAULT_RECALL_WINDOWS,
  type ChatSession,
  type MessageHitPage,
  type ServerMessage,
} from '@paichat/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { nextMsg, sendText, sessionWith, upload } from './support/chats';
import { groupTestbed } from './support/groups';
import { png } from './support/media';
import type { SeededUser } from './support/seed';
import { availableDialects } from './support/server';

const dialects = await availableDialects();

interface Page {
  list: ServerMessage[];
}

describe.each(dialects)('recall on %s', (dialect) => {
  const bed = groupTestbed(dialect);
  let amy: SeededUser, ben: SeededUser, cat: SeededUser, dan: SeededUser;

  beforeAll(async () => {
    [amy, ben, cat, dan] = await bed.g.users('amy', 'ben', 'cat', 'dan');
    await bed.g.befriend(amy, ben);
    await bed.g.befriend(amy, cat);
    await bed.g.befriend(amy, dan);
  });

  const recall = (user: SeededUser, chatId: string, msgId: string) =>
    bed.g.post<ServerMessage>(user, '/chat/recallMsg', { chatId, msgId });
  const refusal = async (user: SeededUser, chatId: string, msgId: string) => {
    const { body } = await recall(user, chatId, msgId);
    return { err: body.err, msg: body.msg };
  };
  const history = async (user: SeededUser, chatId: string, chatType = 'SINGLE') =>
    bed.g.ok(await bed.g.post<Page>(user, '/chat/getChatMessages', { chatId, chatType })).list;
  const search = async (user: SeededUser, keyword: string) =>
    bed.g.ok(await bed.g.post<MessageHitPage>(user, '/search/messages', { keyword })).list;
  const bySeq = (list: ServerMessage[], seq: number) => list.find((m) => m.seq === seq);

  it('the sender recalls within the window: the event takes the next seq and the text is gone everywhere', async () => {
    const benSocket = await bed.open(ben);
    const sent = await sendText(bed.server.url, amy, ben, 'wrong chat, sorry flamingo');
    bed.g.ok(await bed.g.post(ben, '/chat/markRead', { chatId: sent.chatId }));
    bed.server.clock.advance(DEFAULT_RECALL_WINDOWS.seconds * 1000 - 1000);

    const event = bed.g.ok(await recall(amy, sent.chatId, sent.msgId));
    expect(event).toMatchObject({
      seq: sent.seq + 1,
      msgType: 'RECALL',
      fromId: amy.userId,
      isSelf: true,
      content: { targetSeq: sent.seq, targetMsgId: sent.msgId },
    });
    const pushed = await nextMsg(benSocket, (push) => push.msgContent.msgType === 'RECALL');
    expect(pushed.msgContent).toMatchObject({ msgId: event.msgId, seq: event.seq, isSelf: false });

    const recalled = { msgType: 'RECALLED', content: { byId: amy.userId, byName: 'Amy' } };
    for (const viewer of [amy, ben]) {
      const list = await history(viewer, sent.chatId);
      expect(bySeq(list, sent.seq)).toMatchObject(recalled);
      expect(JSON.stringify(list)).not.toContain('flamingo');
      const synced = await bed.g.synced(viewer, sent.chatId, sent.seq - 1);
      expect(synced.map((m) => m.msgType)).toEqual(['RECALLED', 'RECALL']);
      expect(await search(viewer, 'flamingo')).toEqual([]);
    }
    // Ben had read everything before it: the event is nothing to read.
    const session: ChatSession = await sessionWith(bed.server.url, ben, amy);
    expect(session).toMatchObject({ unreadCount: 0, lastMsg: { msgType: 'RECALL', fromId: amy.userId } });
    expect(JSON.stringify(session)).not.toContain('flamingo');
  });

  it('a retry answers the same event; a second recall, a notice or someone else’s message is refused', async () => {
    const sent = await sendText(bed.server.url, amy, ben, 'twice');
    const first = bed.g.ok(await recall(amy, sent.chatId, sent.msgId));
    expect(bed.g.ok(await recall(amy, sent.chatId, sent.msgId))).toEqual(first);
    expect(await bed.g.synced(amy, sent.chatId, first.seq)).toEqual([]);
    expect(await refusal(amy, sent.chatId, first.msgId)).toEqual({
      err: 'cannotRecall',
      msg: 'This message cannot be recalled',
    });
    const notice = (await history(amy, sent.chatId)).find((m) => m.msgType === 'ALERT') as ServerMessage;
    expect((await refusal(amy, sent.chatId, notice.msgId)).err).toBe('cannotRecall');

    const bens = await sendText(bed.server.url, ben, amy, 'mine, not yours');
    expect(await refusal(amy, bens.chatId, bens.msgId)).toEqual({
      err: 'recallNotAllowed',
      msg: 'You can only recall your own messages',
    });
    // Not a member of the chat: it does not exist for them.
    expect((await refusal(cat, bens.chatId, bens.msgId)).err).toBe('chatNotFound');
    expect((await refusal(ben, bens.chatId, '999999')).err).toBe('messageNotFound');
    expect(bySeq(await history(ben, bens.chatId), bens.seq)?.msgType).toBe('TEXT');
  });

  it('past the window a text is refused; a picture has the longer window', async () => {
    const text = await sendText(bed.server.url, amy, dan, 'too late');
    const image = await upload(bed.server.url, amy, await png(), 'photo.png');
    const picture = bed.g.ok(
      await bed.g.post<{ msgId: string; chatId: string }>(amy, '/chat/sendMsg', {
        userId: dan.userId,
        msgType: 'IMAGE',
        content: { url: image.url },
      }),
    );
    bed.server.clock.advance(DEFAULT_RECALL_WINDOWS.seconds * 1000 + 1000);
    expect(await refusal(amy, text.chatId, text.msgId)).toEqual({
      err: 'recallTooLate',
      msg: "It's been too long to recall this message",
    });
    bed.g.ok(await recall(amy, picture.chatId, picture.msgId));
    bed.server.clock.advance(DEFAULT_RECALL_WINDOWS.fileSeconds * 1000);
    const later = bed.g.ok(
      await bed.g.post<{ msgId: string }>(amy, '/chat/sendMsg', {
        userId: dan.userId,
        msgType: 'IMAGE',
        content: { url: image.url },
      }),
    );
    bed.server.clock.advance(DEFAULT_RECALL_WINDOWS.fileSeconds * 1000 + 1000);
    expect((await refusal(amy, text.chatId, later.msgId)).err).toBe('recallTooLate');
  });

  it('in a group: the owner recalls any member’s message at any time, a member only their own', async () => {
    const { group } = await bed.g.create(amy, [ben, cat]);
    bed.g.ok(await bed.g.post(amy, '/group/setNick', { groupId: group.groupId, groupNick: 'Boss' }));
    const catSocket = await bed.open(cat);
    const bens = await bed.g.send(ben, group.groupId, 'a secret pelican');
    const cats = await bed.g.send(cat, group.groupId, 'my own');

    expect((await refusal(cat, group.chatId, bens.msgId)).err).toBe('recallNotAllowed');
    bed.g.ok(await recall(cat, group.chatId, cats.msgId));
    bed.server.clock.advance(3600_000);
    expect((await refusal(ben, group.chatId, bens.msgId)).err).toBe('recallTooLate');

    const event = bed.g.ok(await recall(amy, group.chatId, bens.msgId));
    expect(event).toMatchObject({ msgType: 'RECALL', fromGroupNick: 'Boss', talkType: 'GROUP' });
    await nextMsg(catSocket, (push) => push.msgId === event.msgId);
    const list = await history(cat, group.chatId, 'GROUP');
    expect(bySeq(list, bens.seq)).toMatchObject({
      msgType: 'RECALLED',
      fromId: ben.userId,
      content: { byId: amy.userId, byName: 'Boss' },
    });
    expect(bySeq(list, cats.seq)).toMatchObject({ content: { byId: cat.userId } });
    expect(await search(cat, 'pelican')).toEqual([]);
    // Once out of the group, a former member recalls nothing.
    const mine = await bed.g.send(ben, group.groupId, 'leaving now');
    bed.g.ok(await bed.g.post(ben, '/group/quit', { groupId: group.groupId }));
    expect((await refusal(ben, group.chatId, mine.msgId)).err).toBe('notGroupMember');
  });

  it('an offline device catches up on the event; replies that quoted the message lose their snippet', async () => {
    const target = await sendText(bed.server.url, amy, cat, 'the quoted heron');
    const reply = bed.g.ok(
      await bed.g.post<{ msgId: string; seq: number }>(cat, '/chat/sendMsg', {
        userId: amy.userId,
        msgType: 'TEXT',
        content: { text: 'what heron?', quote: { msgId: target.msgId } },
      }),
    );
    const quote = {
      msgId: target.msgId,
      seq: target.seq,
      fromId: amy.userId,
      fromName: 'Amy',
      msgType: 'TEXT',
      snippet: 'the quoted heron',
      recalled: false,
    };
    expect(bySeq(await history(cat, target.chatId), reply.seq)?.content).toEqual({
      text: 'what heron?',
      quote,
    });
    // A device of Cat's that held everything up to the reply, offline meanwhile.
    const held = reply.seq;
    bed.g.ok(await recall(amy, target.chatId, target.msgId));

    const caughtUp = await bed.g.synced(cat, target.chatId, held);
    expect(caughtUp).toHaveLength(1);
    expect(caughtUp[0]).toMatchObject({
      msgType: 'RECALL',
      content: { targetSeq: target.seq, targetMsgId: target.msgId },
    });
    const list = await history(cat, target.chatId);
    expect(bySeq(list, reply.seq)?.content).toEqual({
      text: 'what heron?',
      quote: { ...quote, snippet: '', recalled: true },
    });
    expect(JSON.stringify(list)).not.toContain('quoted heron');
  });
});
