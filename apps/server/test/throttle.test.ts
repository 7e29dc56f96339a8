import { afterEach, describe, expect, it } from 'vitest';
import { post } from './support/http';
import { seed } from './support/seed';
import { availableDialects, captchaFor, startTestServer, type TestServer } from './support/server';

const dialects = await availableDialects();
const WINDOW = 15 * 60_000;
const TOO_MANY = {
  code: 429,
  msg: 'Too many failed attempts, please try again later',
  data: null,
  err: 'tooManyAttempts',
};

const login = (server: TestServer, account: string, password: string, headers: Record<string, string> = {}) =>
  post<{ token: string }>(server.url, '/auth/login', { body: { account, password }, headers });

describe.each(dialects)('login throttling on %s', (dialect) => {
  let server: TestServer;
  afterEach(() => server.close());

  it('locks an account after 5 failures for 15 minutes, even with the right password', async () => {
    server = await startTestServer(dialect);
    const alice = await seed(server.url).user('alice');
    for (let i = 0; i < 5; i += 1) {
      // A different made-up address each time: the account lock does not care.
      const { body } = await login(server, alice.chatNo, 'wrong-password', {
        'x-forwarded-for': `198.51.100.${i}`,
      });
      expect(body.err).toBe('badCredentials');
    }
    const locked = await login(server, alice.chatNo.toUpperCase(), alice.password);
    expect(locked.status).toBe(200);
    expect(locked.body).toEqual(TOO_MANY);

    server.clock.advance(WINDOW - 1_000);
    expect((await login(server, alice.chatNo, alice.password)).body.err).toBe('tooManyAttempts');
    server.clock.advance(2_000);
    expect((await login(server, alice.chatNo, alice.password)).body.code).toBe(200);
  });

  it('starts counting again after a successful sign-in', async () => {
    server = await startTestServer(dialect);
    const bob = await seed(server.url).user('bob');
    for (let i = 0; i < 4; i += 1) await login(server, bob.chatNo, 'wrong-password');
    expect((await login(server, bob.chatNo, bob.password)).body.code).toBe(200);
    for (let i = 0; i < 4; i += 1) {
      expect((await login(server, bob.chatNo, 'wrong-password')).body.err).toBe('badCredentials');
    }
    expect((await login(server, bob.chatNo, bob.password)).body.code).toBe(200);
  });

  it('opens a new window once the old one has ended', async () => {
    server = await startTestServer(dialect);
    const cleo = await seed(server.url).user('cleo');
    for (let i = 0; i < 4; i += 1) await login(server, cleo.chatNo, 'wrong-password');
    server.clock.advance(WINDOW + 1);
    // Four more failures in the new window do not reach the limit.
    for (let i = 0; i < 4; i += 1) {
      expect((await login(server, cleo.chatNo, 'wrong-password')).body.err).toBe('badCredentials');
    }
    expect((await login(server, cleo.chatNo, cleo.password)).body.code).toBe(200);
  });

  it('locks an address after 20 failures; a made-up X-Forwarded-For does not escape it', async () => {
    server = await startTestServer(dialect);
    const dana = await seed(server.url).user('dana');
    for (let i = 0; i < 20; i += 1) {
      const { body } = await login(server, `nobody_${i}`, 'wrong-password', {
        'x-forwarded-for': `203.0.113.${i}`,
      });
      expect(body.err).toBe('badCredentials');
    }
    // Another account, the right password, yet another forwarded address: still the same client.
    const refused = await login(server, dana.chatNo, dana.password, { 'x-forwarded-for': '192.0.2.77' });
    expect(refused.body).toEqual(TOO_MANY);
    const unknown = await login(server, 'fresh_name', 'wrong-password', { 'x-forwarded-for': '192.0.2.78' });
    expect(unknown.body).toEqual(TOO_MANY);

    server.clock.advance(WINDOW + 1);
    expect((await login(server, dana.chatNo, dana.password)).body.code).toBe(200);
  });

  it('trusts X-Forwarded-For only from the proxies TRUST_PROXY names', async () => {
    server = await startTestServer(dialect, { env: { TRUST_PROXY: 'loopback' } });
    const eve = await seed(server.url).user('eve');
    for (let i = 0; i < 20; i += 1) {
      await login(server, `nobody_${i}`, 'wrong-password', { 'x-forwarded-for': '203.0.113.9' });
    }
    const sameClient = await login(server, eve.chatNo, eve.password, { 'x-forwarded-for': '203.0.113.9' });
    expect(sameClient.body.err).toBe('tooManyAttempts');
    const otherClient = await login(server, eve.chatNo, eve.password, { 'x-forwarded-for': '203.0.113.10' });
    expect(otherClient.body.code).toBe(200);
  });

  it('does not count wrong verification codes as failed passwords', async () => {
    server = await startTestServer(dialect, { env: { CAPTCHA: 'on' } });
    const finn = await seed(server.url).user('finn');
    for (let i = 0; i < 6; i += 1) {
      const { captchaId } = await captchaFor(server);
      const { body } = await post(server.url, '/auth/login', {
        body: { account: finn.chatNo, password: 'wrong-password', captchaId, captchaCode: 'nope' },
      });
      expect(body.err).toBe('captchaWrong');
    }
    const { body } = await post(server.url, '/auth/login', {
      body: { account: finn.chatNo, password: finn.password, ...(await captchaFor(server)) },
    });
    expect(body.code).toBe(200);
  });
});
