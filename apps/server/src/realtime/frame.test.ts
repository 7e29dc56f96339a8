import { once } from 'node:events';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { textFrame, turnCorker, writeFrame } from './frame';

const servers: WebSocketServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    for (const client of server.clients) client.terminate();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A server socket and the client at its other end, collecting the text frames it receives. */
async function pair(perMessageDeflate: boolean) {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate });
  servers.push(server);
  await once(server, 'listening');
  const accepted = once(server, 'connection');
  const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`, {
    perMessageDeflate,
  });
  const received: string[] = [];
  client.on('message', (data, isBinary) => {
    if (!isBinary) received.push(data.toString());
  });
  const [socket] = (await accepted) as [WebSocket];
  await once(client, 'open');
  return { socket, received };
}

const push = (text: string) => Buffer.from(JSON.stringify({ pushType: 'MSG', text }));
// Each length header form: 7 bits, 16 bits (126+), 64 bits (65,536+); multi-byte UTF-8 too.
const payloads = [push('hi'), push('群聊'.repeat(100)), push('x'.repeat(70_000))];

it('one frame built per push reaches each socket whole, of every length, in order with sends', async () => {
  const sockets = await Promise.all([pair(false), pair(false)]);
  for (const payload of payloads) {
    const frame = textFrame(payload);
    for (const { socket } of sockets) writeFrame(socket, frame, payload);
  }
  sockets[0]!.socket.send('after');
  const expected = payloads.map(String);
  await expect.poll(() => sockets.map((s) => s.received.length)).toEqual([4, 3]);
  expect(sockets[0]!.received).toEqual([...expected, 'after']);
  expect(sockets[1]!.received).toEqual(expected);
});

it('keeps its place behind a message ws is still compressing', async () => {
  const { socket, received } = await pair(true);
  // Compressed asynchronously: ws queues what is sent after it until it is done.
  socket.send('y'.repeat(50_000), { compress: true });
  const payload = push('next');
  writeFrame(socket, textFrame(payload), payload);
  await expect.poll(() => received.length).toBe(2);
  expect(received[1]).toBe(String(payload));
  expect(received[0]).toHaveLength(50_000);
});

it("what is written to a held socket in one turn leaves in one write, in order, at the turn's end", async () => {
  const { socket, received } = await pair(false);
  const tcp = (socket as unknown as { _socket: Socket })._socket;
  const writev = vi.spyOn(tcp, '_writev');
  const write = vi.spyOn(tcp, '_write');
  const hold = turnCorker();
  const frames = payloads.slice(0, 2);
  for (const payload of frames) {
    hold(socket);
    writeFrame(socket, textFrame(payload), payload);
  }
  // Anything else written meanwhile (an ack) keeps its place.
  socket.send('ack');
  hold(socket);
  writeFrame(socket, textFrame(payloads[0]!), payloads[0]!);
  expect(writev).not.toHaveBeenCalled();
  expect(write).not.toHaveBeenCalled();
  await expect.poll(() => received.length).toBe(4);
  expect(received).toEqual([...frames.map(String), 'ack', String(payloads[0])]);
  // One system call for the four frames (the ack's header and body are two buffers).
  expect(writev).toHaveBeenCalledTimes(1);
  expect(write).not.toHaveBeenCalled();
});
