/**
 * The one way the server sends requests to addresses its users chose (Web Push endpoints today,
 * link previews next). Every such address is treated as an attempt to reach the server's own
 * network:
 *
 * - The host name is resolved here (`resolve`: DNS unless a test injects one) and every
 *   address it has must be public (addresses.ts); the socket is then opened to the
 *   address that was checked, so no second lookup can answer differently (DNS rebinding). An
 *   address written in the URL is checked the same way.
 * - Redirects are never followed: a 3xx fails ('redirect'), or a public endpoint could send
 *   the server on to an internal one.
 * - Timeouts to connect, to the response's headers and for the whole exchange; the body is read
 *   up to `maxBytes`, and its media type checked when the caller names the ones it takes.
 * - With `allowLoopback` (tests, development) `localhost` and loopback addresses written as
 *   such reach loopback; a name that merely resolves to it still does not.
 *
 * Anything that goes wrong is an OutboundError whose `reason` says what.
 */
import { Resolver as DnsResolver } from 'node:dns/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';
import { Agent, buildConnector } from 'undici';
import { isLoopback, refusedRange } from './addresses';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** All the addresses of a host name (IPv4 first); fails when it has none. */
export type Resolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export type OutboundFailure =
  'url' | 'unresolved' | 'address' | 'timeout' | 'redirect' | 'tooLarge' | 'contentType' | 'network';

export class OutboundError extends Error {
  constructor(
    readonly reason: OutboundFailure,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'OutboundError';
  }
}

export interface OutboundOptions {
  resolve?: Resolver;
  /** Let `localhost` and loopback literals reach loopback (PUSH_LOCAL_ENDPOINTS). */
  allowLoopback?: boolean;
  connectTimeoutMs?: number;
  headersTimeoutMs?: number;
  /** From the request's start to the body's last byte. */
  totalTimeoutMs?: number;
}

export interface OutboundRequest {
  method?: 'GET' | 'HEAD' | 'POST';
  headers?: Record<string, string>;
  body?: Uint8Array | string;
  /** The most of the response's body that is read; more fails ('tooLarge'). */
  maxBytes?: number;
  /** The media types the caller takes (`text/html`); any other fails ('contentType'). */
  contentTypes?: readonly string[];
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const DEFAULT_MAX_BYTES = 1024 * 1024;

/**
 * Asks the DNS servers directly (c-ares, as `dns.resolve4/6`) rather than `dns.lookup`: that
 * blocks one of libuv's four threads per lookup, so names whose servers never answer, which
 * anyone can register, would stall file and image work; here a query gives up after seconds.
 * `localhost` is loopback without asking anyone (RFC 6761).
 */
function dnsResolver(): Resolver {
  const dns = new DnsResolver({ timeout: 2_000, tries: 2 });
  return async (hostname) => {
    if (hostname === 'localhost')
      return [
        { address: '127.0.0.1', family: 4 },
        { address: '::1', family: 6 },
      ];
    const [v4, v6] = await Promise.allSettled([dns.resolve4(hostname), dns.resolve6(hostname)]);
    const addresses = [
      ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 })) : []),
      ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 })) : []),
    ];
    if (addresses.length === 0)
      throw v4.status === 'rejected' ? v4.reason : new Error(`${hostname} has no address`);
    return addresses;
  };
}

function parseTarget(url: string): URL {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new OutboundError('url', 'not a URL');
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:')
    throw new OutboundError('url', `${target.protocol} is not http(s)`);
  if (target.username || target.password) throw new OutboundError('url', 'a URL with credentials');
  return target;
}

function mediaType(headers: IncomingHttpHeaders): string {
  return (headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

type Body = AsyncIterable<Buffer> & NodeJS.EventEmitter & { destroy(): void };

/** Stops reading an answer: undici reports that as an abort, which is no news here. */
function discard(body: Body): void {
  body.on('error', () => {});
  body.destroy();
}

async function readBody(body: Body, headers: IncomingHttpHeaders, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new OutboundError('tooLarge', `the answer is larger than ${maxBytes} bytes`);
  if (Number(headers['content-length'] ?? 0) > maxBytes) {
    discard(body);
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) {
      discard(body);
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export function createOutboundFetch(options: OutboundOptions = {}) {
  const resolve = options.resolve ?? dnsResolver();
  const allowLoopback = options.allowLoopback ?? false;
  const totalTimeoutMs = options.totalTimeoutMs ?? 10_000;

  /** Every address of `hostname` (a name, or an address as the URL writes it), each checked. */
  async function addressesOf(hostname: string): Promise<readonly ResolvedAddress[]> {
    const literal = hostname.replace(/^\[(.*)\]$/, '$1');
    const family = isIP(literal);
    let addresses: readonly ResolvedAddress[];
    if (family !== 0) {
      addresses = [{ address: literal, family }];
    } else {
      try {
        addresses = await resolve(hostname);
      } catch (error) {
        throw new OutboundError('unresolved', `${hostname} does not resolve`, { cause: error });
      }
      if (addresses.length === 0) throw new OutboundError('unresolved', `${hostname} has no address`);
    }
    const loopbackAllowed = allowLoopback && (hostname === 'localhost' || isLoopback(literal));
    for (const { address } of addresses) {
      if (loopbackAllowed && isLoopback(address)) continue;
      // A name with one inside address among public ones is refused whole, whichever is first.
      const range = refusedRange(address);
      if (range === null) continue;
      const where = family === 0 ? `${hostname} is at ${address}` : address;
      throw new OutboundError('address', `${where}: not a public address (${range})`);
    }
    return addresses;
  }

  const connect = buildConnector({ timeout: options.connectTimeoutMs ?? 5_000 });
  const agent = new Agent({
    // undici asks here for each new connection; the socket goes to the address just checked
    // (TLS still names and verifies the host: its server name comes from `host`).
    connect: (target, callback) => {
      addressesOf(target.hostname).then(
        ([first]) => connect({ ...target, hostname: first?.address ?? '' }, callback),
        (error: Error) => callback(error, null),
      );
    },
    headersTimeout: options.headersTimeoutMs ?? 5_000,
    bodyTimeout: totalTimeoutMs,
  });

  return {
    /** Fails as a request to `url` would before sending anything: a bad URL, or a host no request may reach. */
    async check(url: string): Promise<void> {
      await addressesOf(parseTarget(url).hostname);
    },

    /** Sends one request to `url`; any status but a 3xx is answered (the caller judges it). */
    async request(url: string, init: OutboundRequest = {}): Promise<OutboundResponse> {
      const target = parseTarget(url);
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(), totalTimeoutMs);
      try {
        const response = await agent.request({
          origin: target.origin,
          path: `${target.pathname}${target.search}`,
          method: init.method ?? 'GET',
          headers: init.headers ?? {},
          body: init.body ?? null,
          signal: deadline.signal,
        });
        const { statusCode: status, headers } = response;
        if (status >= 300 && status < 400) {
          discard(response.body);
          throw new OutboundError('redirect', `answered ${status}: redirects are not followed`);
        }
        if (init.contentTypes && !init.contentTypes.includes(mediaType(headers))) {
          discard(response.body);
          throw new OutboundError('contentType', `answered ${mediaType(headers) || 'no content type'}`);
        }
        const body = await readBody(response.body, headers, init.maxBytes ?? DEFAULT_MAX_BYTES);
        return { status, headers, body };
      } catch (error) {
        if (error instanceof OutboundError) throw error;
        const code = (error as { code?: unknown }).code;
        if (deadline.signal.aborted || (typeof code === 'string' && code.endsWith('_TIMEOUT')))
          throw new OutboundError('timeout', `${target.host} took too long`, { cause: error });
        throw new OutboundError('network', `${target.host}: ${(error as Error).message}`, { cause: error });
      } finally {
        clearTimeout(timer);
      }
    },

    /** Closes idle connections and refuses new requests. */
    close: () => agent.close(),
  };
}

export type OutboundFetch = ReturnType<typeof createOutboundFetch>;
