import { afterEach, describe, expect, it } from 'vitest';
import { get, post, type ApiResponse } from './support/http';
import { seed } from './support/seed';
import { availableDialects, captchaFor, startTestServer, type TestServer } from './support/server';

const dialects = await availableDialects();
const WINDOW = 15 * 60_000;
/** The refusal of a try that must wait, answered at once. */
const WAIT = (seconds: number) => ({
  code: 429,
  msg: `Too many failed sign-ins, please try again in ${seconds} s`,
  data: { seconds },
  err: 'signInWait',
});
const CODE_REQUIRED = {
  code: 400,
  msg: 'Please enter the verification code',
  data: null,
  err: 'captchaRequired',
};

// Behind TRUST_PROXY=loopback, X-Forwarded-For names the client: one test acts from many places.
const ATTACKER = '203.0.113.66';
const OWNER = '198.51.100.20';
/** A school's (or an office's, or a carrier's) one address, shared by everyone behind it. */
const SCHOOL = '192.0.2.200';

describe.each(dialects)('sign-in protection on %s', (dialect) => {
  let server: TestServer;
  afterEach(() => server.close());

  const start = async (env: Record<string, string> = {}) => {
    server = await startTestServer(dialect, { env: { TRUST_PROXY: 'loopback', ...env } });
  };
  const login = (account: string, password: string, from: string, extra: Record<string, string> = {}) =>
    post<{ token: string }>(server.url, '/auth/login', {
      body: { account, password, ...extra },
      headers: { 'x-forwarded-for': from },
    });
  /** What the login form does once told a code is needed: ask for one for this account. */
  const withCode = async (account: string, password: string, from: string) =>
    login(account, password, from, await captchaFor(server, account, from));
  /** How long a refused try must wait. */
  const secondsOf = (answer: ApiResponse<unknown>) => (answer.body.data as { seconds: number }).seconds;
  /** A person (or a script that solves codes) at the login form: the code when asked for it. */
  const attempt = async (account: string, password: string, from: string) => {
    const answer = await login(account, password, from);
    return answer.body.err === 'captchaRequired' ? withCode(account, password, from) : answer;
  };

  it("an attacker's failures do not lock the owner out: they sign in from elsewhere with the code", async () => {
    await start();
    const alice = await seed(server.url).user('alice');
    for (let i = 0; i < 8; i += 1) {
      const { body } = await attempt(alice.chatNo, `guess-${i}-pw`, ATTACKER);
      // Five guesses, then the attacker's own pair waits.
      if (i < 5) expect(body.err).toBe('badCredentials');
      else expect(body).toEqual(WAIT(30));
    }

    // The owner, elsewhere: the account now wants the code, and with it she is in.
    expect((await login(alice.chatNo, alice.password, OWNER)).body).toEqual(CODE_REQUIRED);
    const signedIn = await withCode(alice.chatNo, alice.password, OWNER);
    expect(signedIn.body.code).toBe(200);
    expect((await get(server.url, '/my/getInfo', { token: signedIn.body.data.token })).body.code).toBe(200);

    // The attacker's pair still waits, even with the right password.
    expect((await login(alice.chatNo, alice.password, ATTACKER)).body).toEqual(WAIT(30));
  });

  it('never locks out everyone behind a shared address: past 20 failures it needs the code, and failures wait', async () => {
    await start();
    const dana = await seed(server.url).user('dana');
    // Someone behind the school's address tries 20 accounts.
    for (let i = 0; i < 20; i += 1) {
      expect((await attempt(`nobody_${i}`, 'wrong-password', SCHOOL)).body.err).toBe('badCredentials');
    }
    // Dana, behind the same address, a second later: the code is needed, and with it she is in.
    server.clock.advance(1_000);
    expect((await login(dana.chatNo, dana.password, SCHOOL)).body).toEqual(CODE_REQUIRED);
    const danaIn = await withCode(dana.chatNo, dana.password, SCHOOL);
    expect(danaIn.body.code).toBe(200);
    // The code is offered to the form for any account from there, not to other addresses.
    const offered = (from: string) =>
      get<{ enabled: boolean }>(server.url, '/auth/captcha', {
        query: { account: 'fresh_name' },
        headers: { 'x-forwarded-for': from },
      });
    expect((await offered(SCHOOL)).body.data.enabled).toBe(true);
    expect((await offered(OWNER)).body.data.enabled).toBe(false);
    // Elsewhere, nothing changed.
    expect((await login(dana.chatNo, dana.password, OWNER)).body.code).toBe(200);

    // Each further failure from there makes the address wait longer before its next try:
    // doubling from 2 s, at most a minute, answered at once (the clock stands still meanwhile).
    const waits: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      expect((await withCode(`other_${i}`, 'wrong-password', SCHOOL)).body.err).toBe('badCredentials');
      const refused = await login(dana.chatNo, dana.password, SCHOOL);
      expect(refused.body.err).toBe('signInWait');
      expect(refused.headers.get('retry-after')).toBe(String(secondsOf(refused)));
      waits.push(secondsOf(refused));
      server.clock.advance(secondsOf(refused) * 1000);
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 60, 60]);
    // Once the wait is over, the owner of the right password gets in (with the code).
    expect((await withCode(dana.chatNo, dana.password, SCHOOL)).body.code).toBe(200);

    // A quarter of an hour after its last failure, the address needs no code any more.
    server.clock.advance(WINDOW);
    expect((await login(dana.chatNo, dana.password, SCHOOL)).body.code).toBe(200);
  });

  it('makes a pair wait from its 5th failure, 30 s doubling to at most 10 minutes, then lets it in', async () => {
    await start();
    const cleo = await seed(server.url).user('cleo');
    for (let i = 0; i < 5; i += 1) {
      expect((await attempt(cleo.chatNo, 'wrong-password', ATTACKER)).body.err).toBe('badCredentials');
    }
    // Even the right password waits, counted from the last failure.
    expect((await withCode(cleo.chatNo, cleo.password, ATTACKER)).body).toEqual(WAIT(30));
    server.clock.advance(29_000);
    expect((await withCode(cleo.chatNo.toUpperCase(), cleo.password, ATTACKER)).body).toEqual(WAIT(1));
    server.clock.advance(1_000);
    // Each guess after a wait makes the next wait twice as long, up to 10 minutes.
    const waits: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      expect((await withCode(cleo.chatNo, 'wrong-password', ATTACKER)).body.err).toBe('badCredentials');
      const seconds = secondsOf(await login(cleo.chatNo, cleo.password, ATTACKER));
      waits.push(seconds);
      server.clock.advance(seconds * 1000);
    }
    expect(waits).toEqual([60, 120, 240, 480, 600, 600]);
    // Waiting one out does not start the count again: the right password, with the code, is in.
    expect((await withCode(cleo.chatNo, cleo.password, ATTACKER)).body.code).toBe(200);
    // Other addresses never waited.
    const dora = await seed(server.url).user('dora');
    expect((await login(dora.chatNo, dora.password, ATTACKER)).body.code).toBe(200);
  });

  it('needs the verification code after 3 failures from anywhere, until a right one is given', async () => {
    await start();
    const finn = await seed(server.url).user('finn');
    const quiet = await get(server.url, '/auth/captcha', { query: { account: finn.chatNo } });
    expect(quiet.body.data).toEqual({ enabled: false, captchaId: '', image: '' });

    // Three failures from three addresses: no pair or address limit is near.
    for (const from of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) {
      expect((await login(finn.chatNo, 'wrong-password', from)).body.err).toBe('badCredentials');
    }
    expect((await login(finn.chatNo.toUpperCase(), finn.password, OWNER)).body).toEqual(CODE_REQUIRED);
    // The form asks for a code for this account: a real one, though the server runs with CAPTCHA=off.
    const issued = await get<{ enabled: boolean; captchaId: string; image: string }>(
      server.url,
      '/auth/captcha',
      { query: { account: finn.chatNo.toUpperCase() } },
    );
    expect(issued.body.data.enabled).toBe(true);
    expect(issued.body.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const wrong = await login(finn.chatNo, finn.password, OWNER, {
      captchaId: issued.body.data.captchaId,
      captchaCode: 'nope',
    });
    expect(wrong.body.err).toBe('captchaWrong');
    // A wrong code is no failed password: still only the code is asked, never a lock.
    expect((await login(finn.chatNo, finn.password, OWNER)).body).toEqual(CODE_REQUIRED);
    expect((await withCode(finn.chatNo, finn.password, OWNER)).body.code).toBe(200);
    // Signing in cleared the account's failures: the code is off again.
    expect((await login(finn.chatNo, finn.password, OWNER)).body.code).toBe(200);
    // Other accounts never needed one.
    const gail = await seed(server.url).user('gail');
    expect((await login(gail.chatNo, gail.password, '192.0.2.1')).body.code).toBe(200);
  });

  it('starts counting again after a successful sign-in', async () => {
    await start();
    const bob = await seed(server.url).user('bob');
    for (let i = 0; i < 2; i += 1) await login(bob.chatNo, 'wrong-password', ATTACKER);
    expect((await login(bob.chatNo, bob.password, ATTACKER)).body.code).toBe(200);
    for (let i = 0; i < 2; i += 1) {
      expect((await login(bob.chatNo, 'wrong-password', ATTACKER)).body.err).toBe('badCredentials');
    }
    expect((await login(bob.chatNo, bob.password, ATTACKER)).body.code).toBe(200);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy: a made-up one does not escape', async () => {
    server = await startTestServer(dialect);
    const eve = await seed(server.url).user('eve');
    for (let i = 0; i < 20; i += 1) {
      expect((await login(`nobody_${i}`, 'wrong-password', `203.0.113.${i}`)).body.err).toBe(
        'badCredentials',
      );
    }
    // All 20 came from the one real address: it waits, then needs the code.
    expect((await login(eve.chatNo, eve.password, '192.0.2.77')).body).toEqual(WAIT(1));
  });

  it('does not count wrong verification codes as failed passwords (CAPTCHA=on)', async () => {
    await start({ CAPTCHA: 'on' });
    const hugo = await seed(server.url, { captcha: () => captchaFor(server) }).user('hugo');
    for (let i = 0; i < 6; i += 1) {
      const { captchaId } = await captchaFor(server);
      const { body } = await login(hugo.chatNo, 'wrong-password', ATTACKER, {
        captchaId,
        captchaCode: 'nope',
      });
      expect(body.err).toBe('captchaWrong');
    }
    expect((await login(hugo.chatNo, hugo.password, ATTACKER, await captchaFor(server))).body.code).toBe(200);
  });
});
