/**
 * An idle socket keeps nothing of its handshake (issue 25, ≤ 5 KiB per idle socket): once it is
 * ready, the upgrade request, its headers and logger and the response made for it are garbage,
 * so 15,000 open sockets do not hold 15,000 requests.
 */
import type { IncomingMessage } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { HEARTBEAT_REPLY } from '@paichat/protocol';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seed } from './support/seed';
import { startTestServer, type TestServer } from './support/server';
import { TestSocket } from './support/ws';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

describe('an idle socket', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(() => server.close());

  it('keeps nothing of its handshake once it is ready', async () => {
    const handshakes: WeakRef<IncomingMessage>[] = [];
    server.running.app.server.on('upgrade', (request: IncomingMessage) => {
      handshakes.push(new WeakRef(request));
    });
    const ivy = await seed(server.url).user('ivy');
    const socket = await TestSocket.forSession(server.url, ivy.token);
    await socket.ready();
    expect(handshakes).toHaveLength(1);

    // A weak reference survives the job that made it: collect on later turns.
    await vi.waitFor(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      collectGarbage();
      expect(handshakes[0]!.deref()).toBeUndefined();
    });
    // The socket is still served.
    socket.send({ type: 'ping' });
    await socket.next((m) => m === HEARTBEAT_REPLY);
    socket.close();
  });
});
