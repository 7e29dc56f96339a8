/**
 * Quote-reply and @mentions on the real server, on every database: a quote is frozen from the
 * stored original (what the client says of it is ignored) and only of a message the sender may
 * read in the same chat; mentions name current members of a group only, @All is the owner's,
 * and a mentioned member's chat list is marked until they read past the mention.
 */
import { QUOTE_SNIPPET_MAX, type ChatSession, type ChatState, type ServerMessage } from '@paichat/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { as } from './support/api';
import { sessionWith } from './support/chats';
import { groupTestbed, type GroupsClient } from './support/groups';
import type { SeededUser } from './support/seed';
import { availableDialects, type TestServer } from './support/server';

const dialects = await availableDialects();

describe.each(dialects)('quotes and mentions on %s', (dialect) => {
  const bed = groupTestbed(dialect);
  let server: TestServer;
  let g: GroupsClient;
  // alice knows everyone; bob and carol are in alice's group, dave is not.
  let alice: SeededUser, bob: SeededUser, carol: SeededUser, dave: SeededUser;
  let groupId: string;
  let groupChatId: string;

  beforeAll(async () => {
    ({ server, g } = bed);
    [alice, bob, carol, dave] = await g.users('alice', 'bob', 'carol', 'dave');
    for (const friend of [bob, carol, dave]) await g.befriend(alice, friend);
    const created = await g.create(alice, [bob, carol], 'Hikers');
    groupId = created.group.groupId;
    groupChatId = created.group.chatId;
  });

  const sendTo = (from: SeededUser, to: SeededUser, content: unknown) =>
    as(server.url, from).post('/chat/sendMsg', { userId: to.userId, msgType: 'TEXT', content });
  const sendToGroup = (from: SeededUser, content: unknown) =>
    as(server.url, from).post('/group/sendMsg', { groupId, msgType: 'TEXT', content });
  /** The viewer's copy of a message, as catch-up answers it. */
  async function fetched(viewer: SeededUser, chatId: string, seq: number): Promise<ServerMessage> {
    const all = await g.synced(viewer, chatId, seq - 1);
    return all.find((m) => m.seq === seq) as ServerMessage;
  }
  const groupSession = async (viewer: SeededUser) =>
    g.ok(await as(server.url, viewer).post<ChatSession>('/chat/getChatSession', { chatId: groupChatId }));

  it("freezes the quoted original's sender, type and first characters, whatever the client says of it", async () => {
    const long = `${'Meet at the north gate. '.repeat(6)}Bring water.`;
    const original = g.ok(await sendTo(alice, bob, { text: long })) as {
      msgId: string;
      seq: number;
      chatId: string;
    };
    const forged = {
      msgId: original.msgId,
      snippet: 'I never said this',
      fromName: 'Mallory',
      recalled: true,
    };
    const reply = g.ok(await sendTo(bob, alice, { text: 'On my way', quote: forged })) as { seq: number };

    const expected = {
      msgId: original.msgId,
      seq: original.seq,
      fromId: alice.userId,
      fromName: 'Alice',
      msgType: 'TEXT',
      snippet: long.slice(0, QUOTE_SNIPPET_MAX),
      recalled: false,
    };
    for (const viewer of [alice, bob])
      expect((await fetched(viewer, original.chatId, reply.seq)).content).toEqual({
        text: 'On my way',
        quote: expected,
      });
  });

  it('quotes in a group under the group nickname, and refuses a quote from another chat', async () => {
    g.ok(await as(server.url, carol).post('/group/setNick', { groupId, groupNick: 'Caz' }));
    const original = g.ok(await sendToGroup(carol, { text: 'Who brings the map?' })) as {
      msgId: string;
      seq: number;
    };
    const reply = g.ok(await sendToGroup(bob, { text: 'I do', quote: { msgId: original.msgId } })) as {
      seq: number;
    };
    const quote = (await fetched(alice, groupChatId, reply.seq)).content.quote;
    expect(quote).toMatchObject({
      msgId: original.msgId,
      fromId: carol.userId,
      fromName: 'Caz',
      snippet: 'Who brings the map?',
    });

    // The same message quoted into alice's chat with bob: not a message of that chat.
    const { status, body } = await sendTo(bob, alice, { text: 'see', quote: { msgId: original.msgId } });
    expect(status).toBe(400);
    expect(body.msg).toBe('quote.msgId: no such message in this chat');
  });

  it('refuses a quote of a message the sender cleared, of a notice, and of one that does not exist', async () => {
    const kept = g.ok(await sendTo(alice, dave, { text: 'before the clear' })) as {
      msgId: string;
      chatId: string;
    };
    const session = await sessionWith(server.url, dave, alice);
    g.ok(await as(server.url, dave).post('/chat/clearMessages', { chatId: session.chatId }));
    const notice = (await g.synced(alice, kept.chatId)).find((m) => m.msgType === 'ALERT') as ServerMessage;

    for (const msgId of [kept.msgId, notice.msgId, '999999999']) {
      const refused = await sendTo(dave, alice, { text: 'hm', quote: { msgId } });
      expect(refused.status, msgId).toBe(400);
      expect(refused.body.msg).toBe('quote.msgId: no such message in this chat');
    }
    // alice did not clear it: she may.
    g.ok(await sendTo(alice, dave, { text: 'again', quote: { msgId: kept.msgId } }));
  });

  it('refuses a mention of a non-member, any mention in a one-to-one chat, and @All from a plain member', async () => {
    const stranger = await sendToGroup(bob, { text: '@Dave hi', mentions: [dave.userId] });
    expect(stranger.status).toBe(400);
    expect(stranger.body.msg).toBe(`mentions: user ${dave.userId} is not a member of this group`);

    const single = await sendTo(alice, bob, { text: '@Bob hi', mentions: [bob.userId] });
    expect(single.status).toBe(400);
    expect(single.body.msg).toBe('mentions: only group messages may mention people');

    const everyone = await sendToGroup(bob, { text: '@All hi', mentionAll: true });
    expect(everyone.status).toBe(400);
    expect(everyone.body.msg).toBe('mentionAll: only the group owner may mention everyone');
  });

  it("marks the mentioned member's chat until they read past it; @All marks everyone but its sender", async () => {
    const sent = g.ok(await sendToGroup(bob, { text: '@Carol bring the map', mentions: [carol.userId] })) as {
      seq: number;
    };
    expect((await fetched(carol, groupChatId, sent.seq)).content).toEqual({
      text: '@Carol bring the map',
      mentions: [carol.userId],
    });
    expect((await groupSession(carol)).mentioned).toBe(true);
    expect((await groupSession(alice)).mentioned).toBe(false);
    expect((await groupSession(bob)).mentioned).toBe(false);

    // Still marked after a later message; read past it, gone.
    g.ok(await sendToGroup(alice, { text: 'and snacks' }));
    expect((await groupSession(carol)).mentioned).toBe(true);
    const read = g.ok(await as(server.url, carol).post<ChatState>('/chat/markRead', { chatId: groupChatId }));
    expect(read.mentioned).toBe(false);

    g.ok(await sendToGroup(alice, { text: '@All leaving now', mentionAll: true }));
    expect((await groupSession(bob)).mentioned).toBe(true);
    expect((await groupSession(carol)).mentioned).toBe(true);
    expect((await groupSession(alice)).mentioned).toBe(false);
  });
});
