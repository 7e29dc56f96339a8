/**
 * Sending over the open socket (issue 25): a `send` frame runs as the HTTP send would, and its
 * `ack` carries the HTTP answer, refusals included; bad frames never break the socket.
 */
import {
  CloseCode,
  MAX_CLIENT_FRAME_BYTES,
  MAX_SOCKET_SENDS_IN_FLIGHT,
  SendStatus,
  type AckFrame,
  type SendMsgResult,
} from '@paichat/protocol';
import { describe, expect, it } from 'vitest';
import { nextMsg } from './support/chats';
import { groupTestbed, nextGroupMsg } from './support/groups';
import { STACK_TRACE } from './support/http';
import type { SeededUser } from './support/seed';
import { availableDialects } from './support/server';
import { TestSocket } from './support/ws';

const dialects = await availableDialects();

let frames = 0;
const frameId = () => `f${++frames}`;

/** Sends a frame and waits for its ack. */
async function sendOver(socket: TestSocket, path: string, body: unknown, id = frameId()): Promise<AckFrame> {
  socket.send({ type: 'send', id, path, body });
  return ackOf(socket, id);
}

async function ackOf(socket: TestSocket, id: string): Promise<AckFrame> {
  const text = await socket.next(
    (m) => m.startsWith('{"type":"ack"') && (JSON.parse(m) as AckFrame).id === id,
  );
  return JSON.parse(text) as AckFrame;
}

const textTo = (to: SeededUser, text: string, clientMsgId: string) => ({
  userId: to.userId,
  msgType: 'TEXT',
  content: { text },
  clientMsgId,
});

describe.each(dialects)('sends over the socket on %s', (dialect) => {
  const bed = groupTestbed(dialect);
  const http = (user: SeededUser, path: string, body: unknown) => bed.g.post<SendMsgResult>(user, path, body);

  async function friends() {
    const [alice, bob] = await bed.g.users('alice', 'bob');
    await bed.g.befriend(alice, bob);
    return { alice, bob };
  }

  it('delivers a message sent over the socket and acknowledges it with the HTTP answer', async () => {
    const { alice, bob } = await friends();
    const [aliceSocket, bobSocket] = [await bed.open(alice), await bed.open(bob)];

    const ack = await sendOver(aliceSocket, '/chat/sendMsg', textTo(bob, 'over the socket', 'local_s1'));
    expect(ack.code, ack.msg).toBe(200);
    const sent = ack.data as SendMsgResult;
    expect(sent).toMatchObject({ status: SendStatus.OK, clientMsgId: 'local_s1', duplicate: false });
    const pushed = await nextMsg(bobSocket, (p) => p.clientMsgId === 'local_s1');
    expect(pushed).toMatchObject({ msgId: sent.msgId, seq: sent.seq, chatId: sent.chatId });
    expect(pushed.msgContent.content).toMatchObject({ text: 'over the socket' });

    // The same fields as an HTTP send answers.
    const overHttp = bed.g.ok(await http(alice, '/chat/sendMsg', textTo(bob, 'over HTTP', 'local_s2')));
    expect(Object.keys(sent).sort()).toEqual(Object.keys(overHttp).sort());
    expect(overHttp.seq).toBe(sent.seq + 1);
  });

  it('answers a retried clientMsgId with the original, socket then HTTP and HTTP then socket', async () => {
    const { alice, bob } = await friends();
    const socket = await bed.open(alice);

    const first = (await sendOver(socket, '/chat/sendMsg', textTo(bob, 'once', 'local_r1')))
      .data as SendMsgResult;
    const again = bed.g.ok(await http(alice, '/chat/sendMsg', textTo(bob, 'once', 'local_r1')));
    expect(again).toMatchObject({ msgId: first.msgId, seq: first.seq, duplicate: true });

    const viaHttp = bed.g.ok(await http(alice, '/chat/sendMsg', textTo(bob, 'twice', 'local_r2')));
    const viaSocket = (await sendOver(socket, '/chat/sendMsg', textTo(bob, 'twice', 'local_r2'))).data;
    expect(viaSocket).toMatchObject({ msgId: viaHttp.msgId, seq: viaHttp.seq, duplicate: true });

    const stored = await bed.g.synced(bob, first.chatId);
    expect(stored.filter((m) => m.msgId === first.msgId || m.msgId === viaHttp.msgId)).toHaveLength(2);
  });

  it('refuses as HTTP does: not friends, blocked, a bad body', async () => {
    const [alice, bob, carol] = await bed.g.users('alice', 'bob', 'carol');
    await bed.g.befriend(alice, bob);
    const socket = await bed.open(alice);

    const strangers = await sendOver(socket, '/chat/sendMsg', textTo(carol, 'hi', 'local_n1'));
    const strangersHttp = await http(alice, '/chat/sendMsg', textTo(carol, 'hi', 'local_n2'));
    expect(strangers).toMatchObject({ code: 200, data: { status: SendStatus.NOT_FRIENDS } });
    expect(strangersHttp.body.data).toMatchObject({ status: SendStatus.NOT_FRIENDS });

    bed.g.ok(await bed.g.post(bob, '/friend/block', { userId: alice.userId }));
    const blocked = await sendOver(socket, '/chat/sendMsg', textTo(bob, 'hi', 'local_b1'));
    expect(blocked.data).toMatchObject({ status: SendStatus.BLOCKED_BY_USER, msgId: '' });

    const bad = { userId: bob.userId, msgType: 'TEXT', content: {}, clientMsgId: 'local_v1' };
    const badAck = await sendOver(socket, '/chat/sendMsg', bad);
    const badHttp = await http(alice, '/chat/sendMsg', bad);
    expect(badHttp.status).toBe(400);
    expect(badAck).toMatchObject({ code: 400, err: 'validation', msg: badHttp.body.msg });
    expect(badAck.msg).not.toMatch(STACK_TRACE);
  });

  it('sends to a group, and refuses a non-member as HTTP does', async () => {
    const [alice, bob, carol, dave] = await bed.g.users('alice', 'bob', 'carol', 'dave');
    for (const friend of [bob, carol, dave]) await bed.g.befriend(alice, friend);
    const { groupId } = (await bed.g.create(alice, [bob, dave])).group;
    const [bobSocket, carolSocket] = [await bed.open(bob), await bed.open(carol)];

    const body = { groupId, msgType: 'TEXT', content: { text: 'to the group' }, clientMsgId: 'local_g1' };
    const ack = await sendOver(bobSocket, '/group/sendMsg', body);
    expect(ack.data).toMatchObject({ status: SendStatus.OK, duplicate: false });
    const pushed = await nextGroupMsg(bobSocket, (p) => p.clientMsgId === 'local_g1');
    expect(pushed.msgId).toBe((ack.data as SendMsgResult).msgId);

    const outsider = await sendOver(carolSocket, '/group/sendMsg', { ...body, clientMsgId: 'local_g2' });
    const outsiderHttp = await http(carol, '/group/sendMsg', { ...body, clientMsgId: 'local_g3' });
    expect(outsider.data).toMatchObject({ status: SendStatus.NOT_GROUP_MEMBER });
    expect(outsiderHttp.body.data).toMatchObject({ status: SendStatus.NOT_GROUP_MEMBER });
  });

  it('survives bad frames: malformed JSON, unknown paths, reused ids, floods, early sends', async () => {
    const { alice, bob } = await friends();
    const early = await TestSocket.forSession(bed.server.url, alice.token);
    await early.opened();
    early.send({ type: 'send', id: 'early', path: '/chat/sendMsg', body: textTo(bob, 'early', 'local_e1') });
    const earlyAck = await ackOf(early, 'early');
    // Before SOCKET_READY it is refused (and nothing stored) rather than held.
    if (earlyAck.code !== 200)
      expect(earlyAck).toMatchObject({ code: 400, msg: 'Send only after SOCKET_READY' });
    early.close();

    const socket = await bed.open(alice);
    socket.send('{"type":"send",');
    socket.send({ type: 'send', path: '/chat/sendMsg', body: {} });
    socket.send({ type: 'send', id: 'x'.repeat(65), path: '/chat/sendMsg', body: {} });
    expect(await sendOver(socket, '/friend/delete', { userId: bob.userId })).toMatchObject({ code: 404 });
    expect(await sendOver(socket, '/chat/sendMsg', null)).toMatchObject({ code: 400, err: 'validation' });

    // A flood: the first MAX_SOCKET_SENDS_IN_FLIGHT are taken, the rest refused with 429 or taken once there is room.
    const ids = Array.from({ length: MAX_SOCKET_SENDS_IN_FLIGHT + 20 }, () => frameId());
    for (const [i, id] of ids.entries())
      socket.send({
        type: 'send',
        id,
        path: '/chat/sendMsg',
        body: textTo(bob, `flood ${i}`, `local_f${i}_${id}`),
      });
    const acks = await Promise.all(ids.map((id) => ackOf(socket, id)));
    expect(acks.every((a) => a.code === 200 || a.code === 429)).toBe(true);
    expect(acks.slice(0, MAX_SOCKET_SENDS_IN_FLIGHT).every((a) => a.code === 200)).toBe(true);

    // The same id twice at once: one send, the second refused.
    socket.send({ type: 'send', id: 'twin', path: '/chat/sendMsg', body: textTo(bob, 'twin', 'local_t1') });
    socket.send({ type: 'send', id: 'twin', path: '/chat/sendMsg', body: textTo(bob, 'twin', 'local_t2') });
    const twins = [await ackOf(socket, 'twin'), await ackOf(socket, 'twin')].map((a) => a.code).sort();
    expect(twins).toEqual([200, 409]);

    // Still working.
    expect((await sendOver(socket, '/chat/sendMsg', textTo(bob, 'still here', 'local_ok'))).code).toBe(200);

    // A frame past the cap closes this socket (1009), and only it.
    socket.send({
      type: 'send',
      id: 'huge',
      path: '/chat/sendMsg',
      body: { text: 'x'.repeat(MAX_CLIENT_FRAME_BYTES) },
    });
    expect((await socket.closed).code).toBe(1009);
    const next = await bed.open(alice);
    expect((await sendOver(next, '/chat/sendMsg', textTo(bob, 'after', 'local_after'))).code).toBe(200);
  });

  it('runs no send on a socket whose session signed out: it is closed as HTTP answers 401', async () => {
    const { alice, bob } = await friends();
    const socket = await bed.open(alice);
    const { chatId } = (await sendOver(socket, '/chat/sendMsg', textTo(bob, 'before', 'local_o0')))
      .data as SendMsgResult;
    bed.g.ok(await bed.g.post(alice, '/auth/logout', {}));
    // Sent the moment the sign-out is answered: the socket is already closing, so it runs nothing.
    socket.send({ type: 'send', id: 'out', path: '/chat/sendMsg', body: textTo(bob, 'after', 'local_o1') });
    expect((await socket.closed).code).toBe(CloseCode.SIGNED_OUT);
    expect((await http(alice, '/chat/sendMsg', textTo(bob, 'after', 'local_o2'))).status).toBe(401);
    const stored = await bed.g.synced(bob, chatId);
    expect(stored.map((m) => m.clientMsgId)).not.toContain('local_o1');
  });

  it('refuses a send on a socket whose session expired, as HTTP answers 401', async () => {
    const { alice, bob } = await friends();
    const socket = await bed.open(alice);
    const chatId = (await sendOver(socket, '/chat/sendMsg', textTo(bob, 'before', 'local_x0')))
      .data as SendMsgResult;
    const days = bed.server.config.tokenTtlDays;
    bed.server.clock.advance((days + 1) * 24 * 60 * 60_000);
    try {
      expect((await http(alice, '/chat/sendMsg', textTo(bob, 'late', 'local_x1'))).status).toBe(401);
      socket.send({ type: 'send', id: 'late', path: '/chat/sendMsg', body: textTo(bob, 'late', 'local_x2') });
      // Refused with a 401 ack, or the socket is closed as expired (4001) first: either way, nothing stored.
      const outcome = await Promise.race([ackOf(socket, 'late'), socket.closed]);
      if ('type' in outcome) expect(outcome).toMatchObject({ code: 401, err: 'unauthorized' });
      else expect(outcome.code).toBe(CloseCode.UNAUTHORIZED);
    } finally {
      bed.server.clock.advance(-(days + 1) * 24 * 60 * 60_000);
    }
    const stored = await bed.g.synced(bob, chatId.chatId);
    expect(stored.map((m) => m.clientMsgId)).not.toContain('local_x2');
  });
});
