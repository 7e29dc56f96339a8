/**
 * Forward and "Delete for me" on the real server, on every database: a forward copies only
 * messages the forwarder may read into chats they may send to (one by one, or as one "Chat
 * history" card), files by the same URL, and a retry stores nothing twice; a deletion hides
 * messages from the deleter's history, catch-up, search and chat list, on all their devices,
 * and from nobody else.
 */
import type {
  ChatSession,
  ForwardTargetResult,
  MessageHitPage,
  SendMsgResult,
  ServerMessage,
} from '@paichat/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { sendText, sessionWith, upload } from './support/chats';
import { groupTestbed } from './support/groups';
import { png } from './support/media';
import type { SeededUser } from './support/seed';
import { availableDialects } from './support/server';

const dialects = await availableDialects();

interface Page {
  list: ServerMessage[];
}

describe.each(dialects)('forward and delete for me on %s', (dialect) => {
  const bed = groupTestbed(dialect);
  let amy: SeededUser, ben: SeededUser, cat: SeededUser, dan: SeededUser;

  beforeAll(async () => {
    [amy, ben, cat, dan] = await bed.g.users('amy', 'ben', 'cat', 'dan');
    await bed.g.befriend(amy, ben);
    await bed.g.befriend(amy, cat);
    await bed.g.befriend(ben, cat);
    await bed.g.befriend(ben, dan);
  });

  const item = (m: { chatId: string; msgId: string }) => ({ chatId: m.chatId, msgId: m.msgId });
  const forward = (user: SeededUser, body: Record<string, unknown>) =>
    bed.g.post<{ targets: ForwardTargetResult[] }>(user, '/chat/forwardMsgs', {
      mode: 'EACH',
      clientMsgId: `fw-${Math.random().toString(36).slice(2)}`,
      ...body,
    });
  const history = async (user: SeededUser, chatId: string, chatType = 'SINGLE') =>
    bed.g.ok(await bed.g.post<Page>(user, '/chat/getChatMessages', { chatId, chatType })).list;
  const search = async (user: SeededUser, keyword: string) =>
    bed.g.ok(await bed.g.post<MessageHitPage>(user, '/search/messages', { keyword })).list;
  const chatOf = async (user: SeededUser, peer: SeededUser) =>
    (await sessionWith(bed.server.url, user, peer)).chatId;

  it('forwards one by one with a note, in order; the target’s members read the copies', async () => {
    const first = await sendText(bed.server.url, ben, amy, 'first heron');
    const second = await sendText(bed.server.url, amy, ben, 'second heron');
    const target = await chatOf(amy, cat);
    const answer = bed.g.ok(
      await forward(amy, { items: [item(first), item(second)], targets: [{ chatId: target }], note: 'look' }),
    );
    expect(answer.targets).toHaveLength(1);
    expect(answer.targets[0]?.sends.map((s) => s.status)).toEqual(['0', '0', '0']);

    const seen = (await history(cat, target)).slice(-3);
    expect(seen.map((m) => [m.msgType, m.content.text, m.fromId])).toEqual([
      ['TEXT', 'first heron', amy.userId],
      ['TEXT', 'second heron', amy.userId],
      ['TEXT', 'look', amy.userId],
    ]);
  });

  it('merges into one "Chat history" card that names each sender and time', async () => {
    const { group } = await bed.g.create(amy, [ben, cat]);
    bed.g.ok(await bed.g.post(ben, '/group/setNick', { groupId: group.groupId, groupNick: 'Benny' }));
    const a = await sendText(bed.server.url, amy, ben, 'plan one');
    const b = await sendText(bed.server.url, ben, amy, 'plan two');
    const answer = bed.g.ok(
      await forward(amy, {
        mode: 'MERGED',
        title: 'Chat history of Amy and Ben',
        items: [item(a), item(b)],
        targets: [{ chatId: group.chatId }],
      }),
    );
    expect(answer.targets[0]?.sends).toHaveLength(1);
    const card = (await history(cat, group.chatId, 'GROUP')).at(-1);
    expect(card).toMatchObject({
      msgType: 'HISTORY',
      fromId: amy.userId,
      content: {
        title: 'Chat history of Amy and Ben',
        items: [
          { fromName: 'Amy', msgType: 'TEXT', content: { text: 'plan one' }, createTime: a.createTime },
          { fromName: 'Ben', msgType: 'TEXT', content: { text: 'plan two' }, createTime: b.createTime },
        ],
      },
    });
  });

  it('refuses a message the forwarder may not read: another chat, cleared, after leaving, deleted', async () => {
    const target = [{ chatId: await chatOf(amy, cat) }];
    const bens = await sendText(bed.server.url, ben, cat, 'between ben and cat');
    expect((await forward(amy, { items: [item(bens)], targets: target })).body.err).toBe('messageNotFound');

    const cleared = await sendText(bed.server.url, ben, amy, 'cleared away');
    bed.g.ok(await bed.g.post(amy, '/chat/clearMessages', { chatId: cleared.chatId }));
    expect((await forward(amy, { items: [item(cleared)], targets: target })).body.err).toBe(
      'messageNotFound',
    );

    const { group } = await bed.g.create(ben, [amy, cat]);
    const before = await bed.g.send(cat, group.groupId, 'before amy left');
    bed.g.ok(await bed.g.post(amy, '/group/quit', { groupId: group.groupId }));
    const after = await bed.g.send(cat, group.groupId, 'after amy left');
    expect((await forward(amy, { items: [item(after)], targets: target })).body.err).toBe('messageNotFound');
    // What she saw before leaving is still hers to forward.
    bed.g.ok(await forward(amy, { items: [item(before)], targets: target }));

    const mine = await sendText(bed.server.url, ben, amy, 'deleted for me');
    bed.g.ok(await bed.g.post(amy, '/chat/deleteMsgs', { chatId: mine.chatId, msgIds: [mine.msgId] }));
    expect((await forward(amy, { items: [item(mine)], targets: target })).body.err).toBe('messageNotFound');

    const notice = (await history(amy, target[0]?.chatId ?? '')).find(
      (m) => m.msgType === 'ALERT',
    ) as ServerMessage;
    expect((await forward(amy, { items: [item(notice)], targets: target })).body).toMatchObject({
      err: 'cannotForward',
      msg: 'This message cannot be forwarded',
    });
  });

  it('refuses a target the forwarder may not send to, and a chat that is not theirs', async () => {
    const source = await sendText(bed.server.url, ben, amy, 'for nobody');
    // A group Amy was never in.
    const { group } = await bed.g.create(ben, [cat, dan]);
    expect(
      (await forward(amy, { items: [item(source)], targets: [{ chatId: group.chatId }] })).body.err,
    ).toBe('chatNotFound');

    const { group: left } = await bed.g.create(amy, [ben, cat]);
    bed.g.ok(await bed.g.post(amy, '/group/quit', { groupId: left.groupId }));
    await bed.g.befriend(amy, dan);
    const danChat = await chatOf(amy, dan);
    bed.g.ok(await bed.g.post(dan, '/friend/delete', { userId: amy.userId }));
    const answer = bed.g.ok(
      await forward(amy, { items: [item(source)], targets: [{ chatId: left.chatId }, { chatId: danChat }] }),
    );
    expect(answer.targets.map((t) => t.sends.map((s: SendMsgResult) => s.statusCode))).toEqual([
      ['notGroupMember'],
      ['notFriends'],
    ]);
  });

  it('reuses the stored file; a file someone else uploaded cannot be sent as one’s own', async () => {
    const picture = await upload(bed.server.url, ben, await png(), 'photo.png');
    const sent = bed.g.ok(
      await bed.g.post<SendMsgResult>(ben, '/chat/sendMsg', {
        userId: amy.userId,
        msgType: 'IMAGE',
        content: { url: picture.url },
      }),
    );
    const target = await chatOf(amy, cat);
    bed.g.ok(await forward(amy, { items: [item(sent)], targets: [{ chatId: target }] }));
    const copy = (await history(cat, target)).at(-1);
    expect(copy).toMatchObject({ msgType: 'IMAGE', fromId: amy.userId, content: { url: picture.url } });
    const file = await fetch(`${bed.server.url}${picture.url}`, { headers: { authorization: cat.token } });
    expect(file.status).toBe(200);

    const foreign = await bed.g.post(cat, '/chat/sendMsg', {
      userId: amy.userId,
      msgType: 'IMAGE',
      content: { url: picture.url },
    });
    expect(foreign.body).toMatchObject({
      err: 'validation',
      msg: 'content.url: no such file; upload it first',
    });
  });

  it('a retry with the same clientMsgId stores nothing twice', async () => {
    const source = await sendText(bed.server.url, ben, amy, 'only once');
    const target = await chatOf(amy, cat);
    const body = { items: [item(source)], targets: [{ chatId: target }], note: 'n', clientMsgId: 'retry-1' };
    const first = bed.g.ok(await forward(amy, body));
    const again = bed.g.ok(await forward(amy, body));
    expect(again.targets[0]?.sends.map((s) => [s.msgId, s.duplicate])).toEqual(
      first.targets[0]?.sends.map((s) => [s.msgId, true]),
    );
    const texts = (await history(cat, target)).map((m) => m.content.text);
    expect(texts.filter((t) => t === 'only once')).toHaveLength(1);
  });

  it('delete for me hides from the deleter’s history, catch-up, search, list and other device, not the other side', async () => {
    const kept = await sendText(bed.server.url, amy, ben, 'kept walrus');
    const gone = await sendText(bed.server.url, ben, amy, 'gone walrus');
    const otherDevice = await bed.open(amy);

    const answer = bed.g.ok(
      await bed.g.post(amy, '/chat/deleteMsgs', { chatId: gone.chatId, msgIds: [gone.msgId] }),
    );
    expect(answer).toEqual({ chatId: gone.chatId, seqs: [gone.seq] });
    expect(await otherDevice.nextNotice('MSG_DELETED')).toMatchObject({
      msgContent: { chatId: gone.chatId, seqs: [gone.seq] },
    });

    const deleted = { seq: gone.seq, msgType: 'DELETED', content: {} };
    expect((await history(amy, gone.chatId)).find((m) => m.seq === gone.seq)).toMatchObject(deleted);
    expect((await bed.g.synced(amy, gone.chatId, kept.seq)).map((m) => m.msgType)).toEqual(['DELETED']);
    expect(JSON.stringify(await history(amy, gone.chatId))).not.toContain('gone walrus');
    expect((await search(amy, 'walrus')).map((h) => h.msgId)).toEqual([kept.msgId]);
    const session: ChatSession = await sessionWith(bed.server.url, amy, ben);
    expect(session.lastMsg).toMatchObject({ msgId: kept.msgId });

    // Ben still has it all.
    expect((await history(ben, gone.chatId)).find((m) => m.seq === gone.seq)?.content.text).toBe(
      'gone walrus',
    );
    expect((await search(ben, 'walrus')).map((h) => h.msgId)).toEqual([gone.msgId, kept.msgId]);
    expect((await sessionWith(bed.server.url, ben, amy)).lastMsg?.msgId).toBe(gone.msgId);
  });

  it('a device that missed the notice learns the deletions from its chat list and /chat/deletedSeqs', async () => {
    const gone = await sendText(bed.server.url, ben, amy, 'missed walrus');
    const before = (await sessionWith(bed.server.url, amy, ben)).deletions ?? 0;
    bed.g.ok(await bed.g.post(amy, '/chat/deleteMsgs', { chatId: gone.chatId, msgIds: [gone.msgId] }));

    expect((await sessionWith(bed.server.url, amy, ben)).deletions).toBe(before + 1);
    const answer = bed.g.ok(await bed.g.post(amy, '/chat/deletedSeqs', { chatId: gone.chatId })) as {
      seqs: number[];
    };
    expect(answer.seqs).toContain(gone.seq);
    expect(answer.seqs).toHaveLength(before + 1);
    // Ben's own view of the chat lost nothing; a stranger may not ask.
    const bens = bed.g.ok(await bed.g.post(ben, '/chat/deletedSeqs', { chatId: gone.chatId })) as {
      seqs: number[];
    };
    expect(bens.seqs).not.toContain(gone.seq);
    const stranger = await bed.g.post(cat, '/chat/deletedSeqs', { chatId: gone.chatId });
    expect(stranger.body.err).toBe('chatNotFound');
  });

  it('delete for me refuses a message outside the caller’s view', async () => {
    const theirs = await sendText(bed.server.url, ben, cat, 'not amy’s');
    const refused = await bed.g.post(amy, '/chat/deleteMsgs', {
      chatId: theirs.chatId,
      msgIds: [theirs.msgId],
    });
    expect(refused.body.err).toBe('chatNotFound');
    const mine = await sendText(bed.server.url, amy, ben, 'mine');
    const wrong = await bed.g.post(amy, '/chat/deleteMsgs', { chatId: mine.chatId, msgIds: [theirs.msgId] });
    expect(wrong.body.err).toBe('messageNotFound');
    const empty = await bed.g.post(amy, '/chat/deleteMsgs', { chatId: mine.chatId, msgIds: [] });
    expect(empty.body).toMatchObject({
      code: 400,
      msg: expect.stringContaining('choose at least one message'),
    });
  });
});
