/**
 * Local servers that outbound requests are aimed at: an HTTP server that records what reached
 * it, and a TCP listener that answers nothing (a push service that never answers) and counts
 * who connected, so a test can show that a refused request opened no socket.
 */
import { createServer, type RequestListener } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';

export interface HttpListener {
  port: number;
  /** `METHOD /path` of each request received, in order. */
  requests: string[];
  close(): Promise<void>;
}

export async function serveHttp(handler: RequestListener, host = '127.0.0.1'): Promise<HttpListener> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface SilentListener {
  port: number;
  /** Connections accepted so far. */
  connections(): number;
  /** Of those, the ones the other side has given up on. */
  closed(): number;
  /** Stops listening and drops every connection. */
  close(): Promise<void>;
}

export async function silentListener(): Promise<SilentListener> {
  const sockets: Socket[] = [];
  let closed = 0;
  const server = createTcpServer((socket) => {
    sockets.push(socket);
    socket.on('close', () => (closed += 1));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => sockets.length,
    closed: () => closed,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
