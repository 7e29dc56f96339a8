/**
 * The guarded fetcher against real local servers: a resolver the test controls makes
 * public-looking names point wherever an attacker's DNS would, and a listener that counts its
 * connections shows that a refused request never opened a socket.
 */
import type { RequestListener } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { serveHttp, silentListener } from '../../test/support/listeners';
import { createOutboundFetch, OutboundError, type OutboundFailure, type Resolver } from './fetch';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serve(handler: RequestListener, host?: string) {
  const server = await serveHttp(handler, host);
  cleanups.push(server.close);
  return server;
}

async function connectionCounter() {
  const listener = await silentListener();
  cleanups.push(listener.close);
  return listener;
}

/** Answers for the names in `records`; any other name does not resolve. */
const resolverOf =
  (records: Record<string, string[]>): Resolver =>
  async (hostname) => {
    const addresses = records[hostname];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

function fetcher(options: Parameters<typeof createOutboundFetch>[0] = {}) {
  const outbound = createOutboundFetch({ allowLoopback: true, ...options });
  cleanups.push(() => outbound.close());
  return outbound;
}

async function failure(pending: Promise<unknown>): Promise<OutboundFailure> {
  const error = await pending.then(
    () => new Error('the request succeeded'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundError);
  return (error as OutboundError).reason;
}

describe('outbound fetch', () => {
  it('sends the method, headers and body, and answers status, headers and body', async () => {
    const bodies: string[] = [];
    const server = await serve((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        bodies.push(`${request.headers['x-test']} ${body}`);
        response.writeHead(201, { 'content-type': 'text/plain' }).end('made');
      });
    });
    const answer = await fetcher().request(`http://127.0.0.1:${server.port}/push/1?a=b`, {
      method: 'POST',
      headers: { 'x-test': 'yes' },
      body: 'hello',
    });
    expect(answer.status).toBe(201);
    expect(answer.body.toString()).toBe('made');
    expect(server.requests).toEqual(['POST /push/1?a=b']);
    expect(bodies).toEqual(['yes hello']);
  });

  it('never follows a redirect: a 3xx fails and its target gets nothing', async () => {
    const inside = await serve((_request, response) => response.writeHead(200).end('secret'));
    for (const status of [301, 302, 303, 307, 308]) {
      const redirecting = await serve((_request, response) =>
        response.writeHead(status, { location: `http://127.0.0.1:${inside.port}/admin` }).end(),
      );
      const reason = await failure(
        fetcher().request(`http://127.0.0.1:${redirecting.port}/push`, { method: 'POST', body: 'x' }),
      );
      expect(reason, String(status)).toBe('redirect');
      expect(redirecting.requests).toHaveLength(1);
    }
    expect(inside.requests).toEqual([]);
  });

  it('refuses names and addresses that lead inside, before any connection, even with loopback allowed', async () => {
    const listener = await connectionCounter();
    const outbound = fetcher({
      resolve: resolverOf({
        'loop.example.com': ['127.0.0.1'],
        'lan.example.com': ['10.0.0.1'],
        'metadata.example.com': ['169.254.169.254'],
        'nat64.example.com': ['64:ff9b::7f00:1'],
        'mapped.example.com': ['::ffff:127.0.0.1'],
        'mixed.example.com': ['8.8.8.8', '127.0.0.1'],
        localhost: ['10.0.0.1'],
      }),
    });
    const urls = [
      'https://loop.example.com',
      'https://lan.example.com',
      'https://metadata.example.com',
      'https://nat64.example.com',
      'https://mapped.example.com',
      'https://mixed.example.com',
      'https://[::]',
      'http://[::ffff:127.0.0.1]',
      'http://[::ffff:7f00:1]',
      'http://0.0.0.0',
      'http://localhost',
    ].map((base) => `${base}:${listener.port}/push`);
    for (const url of urls) {
      expect(await failure(outbound.check(url)), url).toBe('address');
      expect(await failure(outbound.request(url, { method: 'POST', body: 'x' })), url).toBe('address');
    }
    expect(listener.connections()).toBe(0);
  });

  it('reaches loopback only when allowed, and only when the URL names it', async () => {
    const server = await serve((_request, response) => response.writeHead(204).end());
    const url = `http://127.0.0.1:${server.port}/`;
    expect(await failure(fetcher({ allowLoopback: false }).request(url))).toBe('address');
    expect((await fetcher({ allowLoopback: true }).request(url)).status).toBe(204);
    // localhost is loopback without a DNS query.
    expect((await fetcher({ allowLoopback: true }).request(`http://localhost:${server.port}/`)).status).toBe(
      204,
    );
    expect(server.requests).toHaveLength(2);
  });

  it('connects to the address it checked, without a second lookup', async () => {
    // Only this resolver says localhost is 127.0.0.2: the request arrives there if its socket
    // went to the checked address (the system's lookup would say 127.0.0.1, where nothing listens).
    const server = await serve((_request, response) => response.writeHead(204).end(), '127.0.0.2');
    const lookups: string[] = [];
    const answers = [['127.0.0.2'], ['10.0.0.1']];
    const outbound = fetcher({
      resolve: async (hostname) => {
        lookups.push(hostname);
        return (answers.shift() ?? []).map((address) => ({ address, family: 4 }));
      },
    });
    expect((await outbound.request(`http://localhost:${server.port}/`)).status).toBe(204);
    expect(lookups).toEqual(['localhost']);
    expect(server.requests).toHaveLength(1);
  });

  it('fails a name that does not resolve, and a URL that is not http(s)', async () => {
    const outbound = fetcher({ resolve: resolverOf({}) });
    expect(await failure(outbound.request('https://nowhere.example.com/'))).toBe('unresolved');
    expect(await failure(outbound.request('file:///etc/passwd'))).toBe('url');
    expect(await failure(outbound.request('https://user:secret@push.example.com/'))).toBe('url');
  });

  it('reads at most maxBytes, whether the answer says its length or not', async () => {
    const declared = await serve((_request, response) => response.writeHead(200).end('x'.repeat(2_000)));
    // Chunked: no length up front, and the answer never ends.
    const endless = await serve((_request, response) => {
      response.writeHead(200);
      const more = () => {
        if (response.write('y'.repeat(512))) setImmediate(more);
        else response.once('drain', more);
      };
      more();
    });
    const outbound = fetcher();
    for (const port of [declared.port, endless.port])
      expect(await failure(outbound.request(`http://127.0.0.1:${port}/`, { maxBytes: 1_000 }))).toBe(
        'tooLarge',
      );
    const small = await outbound.request(`http://127.0.0.1:${declared.port}/`, { maxBytes: 2_000 });
    expect(small.body).toHaveLength(2_000);
  });

  it('takes only the content types the caller asks for', async () => {
    const page = await serve((_request, response) =>
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<p>hi</p>'),
    );
    const outbound = fetcher();
    const url = `http://127.0.0.1:${page.port}/`;
    expect((await outbound.request(url, { contentTypes: ['text/html'] })).body.toString()).toBe('<p>hi</p>');
    expect(await failure(outbound.request(url, { contentTypes: ['image/png', 'image/jpeg'] }))).toBe(
      'contentType',
    );
  });

  it('gives up on a server that never answers, and on an answer that never ends', async () => {
    const silent = await connectionCounter();
    const trickle = await serve((_request, response) => {
      response.writeHead(200);
      const drip = setInterval(() => response.write('.'), 10);
      response.on('close', () => clearInterval(drip));
    });
    const outbound = fetcher({ headersTimeoutMs: 100, totalTimeoutMs: 300 });
    expect(await failure(outbound.request(`http://127.0.0.1:${silent.port}/`))).toBe('timeout');
    expect(silent.connections()).toBe(1);
    expect(await failure(outbound.request(`http://127.0.0.1:${trickle.port}/`))).toBe('timeout');
  });
});
