/**
 * Sends under attack (issue 8, findings 11 and 13): a burst past the send queue's bound, a
 * membership change in the window between a group message's commit and its push, and a retry
 * after a reply lost behind a commit.
 */
import type { MsgPush, SendMsgResult, ServerMessage } from '@paichat/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { msgPushes, nextMsg } from './support/chats';
import { commitGate } from './support/commit-gate';
import { alertCode, groupTestbed, nextGroupMsg } from './support/groups';
import { post, type ApiResponse } from './support/http';
import type { SeededUser } from './support/seed';
import { availableDialects } from './support/server';
import type { TestSocket } from './support/ws';

const dialects = await availableDialects();

/** Room for three sends while a batch is being written. */
const MAX_WAITING = 3;

describe.each(dialects)('sends on %s', (dialect) => {
  const gate = commitGate();
  const bed = groupTestbed(dialect, {
    appender: { maxWaiting: MAX_WAITING, afterCommit: gate.afterCommit },
  });
  // A test that fails while a batch is held must not hold up the next one.
  afterEach(() => gate.reset());

  const text = (from: SeededUser, to: SeededUser, words: string, clientMsgId: string) =>
    post<SendMsgResult | null>(bed.server.url, '/chat/sendMsg', {
      token: from.token,
      body: { userId: to.userId, msgType: 'TEXT', content: { text: words }, clientMsgId },
    });
  const groupText = (from: SeededUser, groupId: string, words: string, clientMsgId: string) =>
    bed.g.post<SendMsgResult | null>(from, '/group/sendMsg', {
      groupId,
      msgType: 'TEXT',
      content: { text: words },
      clientMsgId,
    });

  /** alice owns a group with bob and carol; dave is alice's friend but not in it. */
  async function groupOfFour() {
    const { g } = bed;
    const [alice, bob, carol, dave] = await g.users('alice', 'bob', 'carol', 'dave');
    for (const friend of [bob, carol, dave]) await g.befriend(alice, friend);
    const { group } = await g.create(alice, [bob, carol]);
    return { alice, bob, carol, dave, group };
  }

  /** Sends a message after everything before it and waits for `socket` to receive it: what came earlier has arrived. */
  async function drained(socket: TestSocket, from: SeededUser, groupId: string): Promise<MsgPush> {
    const marker = bed.g.ok(await groupText(from, groupId, 'marker', `local_marker_${Date.now()}`));
    return nextGroupMsg(socket, (p) => p.msgId === marker?.msgId);
  }

  it('answers a burst past the send queue with "busy", storing none of it, and takes it when sent again', async () => {
    const { g } = bed;
    const [alice, bob] = await g.users('alice', 'bob');
    await g.befriend(alice, bob);

    // The database is slow: a batch is being written while the burst arrives.
    const committed = gate.hold();
    const first = text(alice, bob, 'first', 'local_q0');
    await committed;
    const ids = Array.from({ length: 8 }, (_, i) => `local_q${i + 1}`);
    let refusedSoFar = 0;
    let allRefused = () => {};
    const excessRefused = new Promise<void>((resolve) => (allRefused = resolve));
    const burst = ids.map((id) =>
      text(alice, bob, id, id).then((answer) => {
        if (answer.status === 503 && ++refusedSoFar === ids.length - MAX_WAITING) allRefused();
        return answer;
      }),
    );
    // The excess is refused at once, while the batch is still being written (not seconds later).
    const stalled = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('the burst was not refused while the batch was held')), 3_000),
    );
    await Promise.race([excessRefused, stalled]);
    gate.release();
    const answers = await Promise.all([first, ...burst]);

    const busy = answers.filter((a) => a.status === 503);
    expect(busy).toHaveLength(ids.length - MAX_WAITING);
    for (const answer of busy) {
      expect(answer.body).toEqual({
        code: 503,
        msg: 'The server is busy, please try again',
        data: null,
        err: 'serverBusy',
      });
      expect(answer.headers.get('retry-after')).toBe('1');
    }
    const taken = answers.filter((a) => a.status === 200).map((a) => g.ok(a as ApiResponse<SendMsgResult>));
    expect(taken.map((a) => a.seq).sort((x, y) => x - y)).toEqual([2, 3, 4, 5]);

    const chatId = taken[0]?.chatId ?? '';
    const stored = async () => (await g.synced(bob, chatId)).filter((m) => m.msgType === 'TEXT');
    // Only what was taken is stored, once each.
    expect((await stored()).map((m) => m.clientMsgId).sort()).toEqual(taken.map((a) => a.clientMsgId).sort());

    // Sent again (as the web outbox does), every refused one is taken, after the rest.
    const refusedIds = ids.filter((id) => !taken.some((a) => a.clientMsgId === id));
    for (const id of refusedIds)
      expect(g.ok(await text(alice, bob, id, id))).toMatchObject({ status: '0', duplicate: false });
    const all = await stored();
    expect(all.map((m) => m.seq)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(new Set(all.map((m) => m.clientMsgId)).size).toBe(9);
  });

  it('pushes a group message to those who were members at its seq, whoever joins or leaves before its push', async () => {
    const { g } = bed;
    const { alice, bob, carol, dave, group } = await groupOfFour();
    const [carolSocket, daveSocket] = [await bed.open(carol), await bed.open(dave)];

    // bob's message is stored; before it is pushed, carol is removed and dave is added.
    const committed = gate.hold();
    const sending = groupText(bob, group.groupId, 'said before dave came', 'local_window');
    await committed;
    g.ok(await g.post(alice, '/group/removeMembers', { groupId: group.groupId, userIds: [carol.userId] }));
    g.ok(await g.post(alice, '/group/addMembers', { groupId: group.groupId, userIds: [dave.userId] }));
    gate.release();
    const sent = g.ok(await sending);
    if (!sent) throw new Error('no answer');

    // carol belonged when it was said: she gets it, then the notice that removed her.
    const toCarol = await nextGroupMsg(carolSocket, (p) => p.msgId === sent.msgId);
    expect(toCarol.seq).toBe(sent.seq);
    const removal = await nextGroupMsg(carolSocket, (p) => alertCode(p) === 'groupRemoved');
    expect(removal.seq).toBeGreaterThan(sent.seq);

    // dave did not: nothing he is pushed comes before the notice of his joining.
    const joined = await nextGroupMsg(daveSocket, (p) => alertCode(p) === 'groupInvited');
    expect(joined.seq).toBeGreaterThan(sent.seq);
    await drained(daveSocket, alice, group.groupId);
    const toDave = msgPushes(daveSocket).filter((p) => p.chatId === group.chatId);
    expect(toDave.filter((p) => p.seq < joined.seq)).toEqual([]);
    expect((await g.synced(dave, group.chatId)).map((m: ServerMessage) => m.seq)[0]).toBe(joined.seq);
  });

  it('pushes a one-to-one message again when its retry follows a reply lost after the commit', async () => {
    const { g } = bed;
    const [alice, bob] = await g.users('alice', 'bob');
    await g.befriend(alice, bob);
    const bobSocket = await bed.open(bob);

    gate.loseNext();
    const lost = await text(alice, bob, 'did it arrive?', 'local_lost');
    expect(lost).toMatchObject({ status: 500, body: { err: 'internal' } });

    const retry = g.ok(await text(alice, bob, 'did it arrive?', 'local_lost'));
    expect(retry).toMatchObject({ status: '0', duplicate: true });
    const push = await nextMsg(bobSocket, (p) => p.clientMsgId === 'local_lost');
    expect(push).toMatchObject({ msgId: retry?.msgId, seq: retry?.seq, msgContent: { isSelf: false } });
    // Stored once.
    const history = await g.synced(bob, retry?.chatId ?? '');
    expect(history.filter((m) => m.clientMsgId === 'local_lost').map((m) => m.msgId)).toEqual([retry?.msgId]);
  });

  it('pushes a group message again when its retry follows a lost reply, to the members at its seq only', async () => {
    const { g } = bed;
    const { alice, carol, dave, group } = await groupOfFour();
    const [carolSocket, daveSocket] = [await bed.open(carol), await bed.open(dave)];

    gate.loseNext();
    expect((await groupText(alice, group.groupId, 'lost reply', 'local_glost')).status).toBe(500);
    // dave joins after the message was stored, before it is retried.
    g.ok(await g.post(alice, '/group/addMembers', { groupId: group.groupId, userIds: [dave.userId] }));

    const retry = g.ok(await groupText(alice, group.groupId, 'lost reply', 'local_glost'));
    expect(retry).toMatchObject({ status: '0', duplicate: true });
    const toCarol = await nextGroupMsg(carolSocket, (p) => p.clientMsgId === 'local_glost');
    expect(toCarol).toMatchObject({ msgId: retry?.msgId, seq: retry?.seq });

    await drained(daveSocket, alice, group.groupId);
    expect(msgPushes(daveSocket).filter((p) => p.msgId === retry?.msgId)).toEqual([]);
  });
});
