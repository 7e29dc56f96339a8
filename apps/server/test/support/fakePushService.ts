/**
 * A push service on 127.0.0.1 that speaks the Web Push protocol, for server and e2e tests.
 *
 * Each subscription it hands out holds a user agent's P-256 key pair and auth secret, as a
 * browser's would. A push must be a POST to the subscription's endpoint with a TTL header,
 * `Content-Encoding: aes128gcm` and `Authorization: vapid t=<JWT>, k=<key>` whose ES256
 * signature verifies with `k`, whose `aud` is this service's origin, whose `exp` is within a day
 * and whose `sub` is a mailto: or https: contact (RFC 8292). Its body is decrypted as the
 * browser would (RFC 8291: ECDH with the sender's key from the header, HKDF with the auth
 * secret, AES-128-GCM): a push that fails any of this is answered 400 and kept in `problems`.
 */
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { until } from './until';

export interface FakeSubscription {
  id: string;
  endpoint: string;
  /** As PushSubscription.toJSON() gives them. */
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  subscriptionId: string;
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
  /** The VAPID key that signed it (base64url) and the JWT's claims. */
  vapid: { publicKey: string; aud: string; sub: string; exp: number };
  /** The decrypted body, parsed as JSON. */
  payload: unknown;
}

interface Device {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  /** Answer pushes with this status instead of 201 (410: the subscription expired). */
  status: number;
}

const b64 = (data: Buffer) => data.toString('base64url');

/** RFC 8291 section 3.4 and RFC 8188: the single record of an aes128gcm body, decrypted. */
export function decryptPush(body: Buffer, device: Pick<Device, 'ecdh' | 'auth'>): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`keyid is ${idLength} bytes, not the sender's 65-byte key`);
  const secret = device.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, device.auth, keyInfo, 32));
  const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with 0x02, then any padding zeros.
  let end = plain.length;
  while (end > 0 && plain[end - 1] === 0) end -= 1;
  if (plain[end - 1] !== 2) throw new Error('the record does not end with the last-record delimiter');
  return plain.subarray(0, end - 1);
}

/** RFC 8292: the VAPID header's JWT, verified with its own key `k`; its claims. */
function verifyVapid(header: string | undefined, origin: string, now: number): ReceivedPush['vapid'] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), ?k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`Authorization is not "vapid t=…, k=…": ${header}`);
  const [, token = '', publicKey = ''] = match;
  const raw = Buffer.from(publicKey, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 key');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64(raw.subarray(1, 33)), y: b64(raw.subarray(33)) },
    format: 'jwk',
  });
  const [head = '', body = '', signature = ''] = token.split('.');
  const header0 = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
  if (header0.alg !== 'ES256') throw new Error(`JWT alg is ${header0.alg}, not ES256`);
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the JWT signature does not verify with k');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as {
    aud?: string;
    sub?: string;
    exp?: number;
  };
  if (claims.aud !== origin) throw new Error(`aud is ${claims.aud}, not ${origin}`);
  const exp = claims.exp ?? 0;
  if (exp * 1000 <= now || exp * 1000 > now + 24 * 3600_000)
    throw new Error(`exp ${exp} is not within a day`);
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) throw new Error(`sub ${claims.sub} is no contact`);
  return { publicKey, aud: claims.aud, sub: claims.sub ?? '', exp };
}

function checkHeaders(headers: IncomingHttpHeaders): number {
  if (headers['content-encoding'] !== 'aes128gcm')
    throw new Error(`Content-Encoding is ${headers['content-encoding']}, not aes128gcm`);
  const ttl = Number(headers.ttl);
  if (headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0)
    throw new Error(`TTL is ${headers.ttl}`);
  const topic = headers.topic;
  if (topic !== undefined && !/^[\w-]{1,32}$/.test(String(topic)))
    throw new Error(`Topic ${topic} is not allowed`);
  return ttl;
}

export async function startFakePushService() {
  const devices = new Map<string, Device>();
  const received: ReceivedPush[] = [];
  const problems: string[] = [];

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '';
      const device = devices.get(id);
      if (request.method !== 'POST' || !device) {
        response.writeHead(404).end();
        return;
      }
      try {
        const ttl = checkHeaders(request.headers);
        const vapid = verifyVapid(request.headers.authorization, origin, Date.now());
        const payload: unknown = JSON.parse(decryptPush(Buffer.concat(chunks), device).toString('utf8'));
        if (device.status >= 400) {
          response.writeHead(device.status).end();
          return;
        }
        const urgency = request.headers.urgency;
        const topic = request.headers.topic;
        received.push({
          subscriptionId: id,
          ttl,
          urgency: typeof urgency === 'string' ? urgency : undefined,
          topic: typeof topic === 'string' ? topic : undefined,
          vapid,
          payload,
        });
        response.writeHead(201).end();
      } catch (error) {
        problems.push(`${id}: ${(error as Error).message}`);
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    /** Pushes received and decrypted, oldest first. */
    received,
    /** Pushes refused as malformed, with why. */
    problems,

    /** A new browser's subscription: its endpoint here and its keys. */
    subscription(): FakeSubscription {
      const id = b64(randomBytes(9));
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const device: Device = { ecdh, auth: randomBytes(16), status: 201 };
      devices.set(id, device);
      return {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(device.auth) },
      };
    },

    /** From now on, pushes to this subscription are answered `status` (410: it expired). */
    answer(subscriptionId: string, status: number): void {
      const device = devices.get(subscriptionId);
      if (device) device.status = status;
    },

    /** The pushes this subscription has received so far. */
    pushesTo: (subscriptionId: string) => received.filter((p) => p.subscriptionId === subscriptionId),

    /** Waits for the `count`-th push to this subscription, and answers it. */
    async nextPush(subscriptionId: string, count: number): Promise<ReceivedPush> {
      await until(
        () => received.filter((p) => p.subscriptionId === subscriptionId).length >= count,
        `push ${count} to ${subscriptionId}`,
      );
      return received.filter((p) => p.subscriptionId === subscriptionId)[count - 1] as ReceivedPush;
    },

    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakePushService = Awaited<ReturnType<typeof startFakePushService>>;
