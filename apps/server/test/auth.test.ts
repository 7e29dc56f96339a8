import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../src/http/rate-limit';
import { get, post } from './support/http';
import { seed, SEED_PASSWORD } from './support/seed';
import { availableDialects, captchaFor, startTestServer, type TestServer } from './support/server';

const dialects = await availableDialects();
const EXPIRED = { code: 401, msg: 'Login expired, please login again', data: null, err: 'unauthorized' };
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe.each(dialects)('auth on %s', (dialect) => {
  describe('with the verification code on', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect, { env: { CAPTCHA: 'on' } });
    });
    afterAll(() => server.close());
    /** Signing up needs a code too. */
    const people = () => seed(server.url, { captcha: () => captchaFor(server) });

    it('issues an SVG verification code', async () => {
      const { status, body } = await get<{ enabled: boolean; captchaId: string; image: string }>(
        server.url,
        '/auth/captcha',
      );
      expect(status).toBe(200);
      expect(body.code).toBe(200);
      expect(body.data.enabled).toBe(true);
      expect(body.data.captchaId).not.toBe('');
      expect(body.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
      const svg = Buffer.from(body.data.image.split(',')[1] ?? '', 'base64').toString();
      expect(svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
      // The answer is never part of the answer.
      expect(JSON.stringify(body)).not.toContain(`"${server.captchas.get(body.data.captchaId)}"`);
    });

    it('asks for the code when it is missing', async () => {
      const alice = await people().user('alice');
      const { status, body } = await post(server.url, '/auth/login', {
        body: { account: alice.chatNo, password: alice.password },
      });
      expect(status).toBe(200);
      expect(body).toMatchObject({ code: 400, data: null, err: 'captchaRequired' });
      const noCode = await post(server.url, '/auth/login', {
        body: { account: alice.chatNo, password: alice.password, captchaId: 'x', captchaCode: '' },
      });
      expect(noCode.body.err).toBe('captchaRequired');
    });

    it('signs in with the right code, ignoring the case of the account and of the code', async () => {
      const bob = await people().user('bob');
      const { captchaId, captchaCode } = await captchaFor(server);
      const { body } = await post<{ token: string }>(server.url, '/auth/login', {
        body: {
          account: bob.chatNo.toUpperCase(),
          password: bob.password,
          captchaId,
          captchaCode: captchaCode.toUpperCase(),
        },
      });
      expect(body.code).toBe(200);
      const info = await get<{ userId: string }>(server.url, '/my/getInfo', { token: body.data.token });
      expect(info.body.data.userId).toBe(bob.userId);
    });

    it('uses a code once: reusing it after a success is refused', async () => {
      const carol = await people().user('carol');
      const captcha = await captchaFor(server);
      const first = await post(server.url, '/auth/login', {
        body: { account: carol.chatNo, password: carol.password, ...captcha },
      });
      expect(first.body.code).toBe(200);
      const again = await post(server.url, '/auth/login', {
        body: { account: carol.chatNo, password: carol.password, ...captcha },
      });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ code: 400, err: 'captchaWrong', data: null });
    });

    it('refuses a wrong code, and the wrong guess uses the code up', async () => {
      const dave = await people().user('dave');
      const { captchaId, captchaCode } = await captchaFor(server);
      const wrong = await post(server.url, '/auth/login', {
        body: { account: dave.chatNo, password: dave.password, captchaId, captchaCode: `${captchaCode}x` },
      });
      expect(wrong.body).toMatchObject({ code: 400, err: 'captchaWrong' });
      const right = await post(server.url, '/auth/login', {
        body: { account: dave.chatNo, password: dave.password, captchaId, captchaCode },
      });
      expect(right.body.err).toBe('captchaWrong');
    });

    it('refuses an unknown code id', async () => {
      const erin = await people().user('erin');
      const { body } = await post(server.url, '/auth/login', {
        body: { account: erin.chatNo, password: erin.password, captchaId: 'no-such-id', captchaCode: 'abcd' },
      });
      expect(body.err).toBe('captchaWrong');
    });

    it('refuses a code older than 5 minutes', async () => {
      const frank = await people().user('frank');
      const captcha = await captchaFor(server);
      server.clock.advance(5 * MINUTE + 1);
      const { body } = await post(server.url, '/auth/login', {
        body: { account: frank.chatNo, password: frank.password, ...captcha },
      });
      expect(body.err).toBe('captchaWrong');
      const fresh = await captchaFor(server);
      const ok = await post(server.url, '/auth/login', {
        body: { account: frank.chatNo, password: frank.password, ...fresh },
      });
      expect(ok.body.code).toBe(200);
    });

    it('signs up only with a right code, used once, asked before the chat ID is looked at', async () => {
      const taken = await people().user('olga');
      const signUp = (body: Record<string, string>) =>
        post<{ token: string }>(server.url, '/auth/register', {
          body: { password: 'olga-pass-1', nickName: 'Olga', ...body },
        });
      // Without a code not even a taken chat ID is told apart from a free one.
      for (const chatNo of [taken.chatNo, 'olga_free']) {
        expect((await signUp({ chatNo })).body).toEqual({
          code: 400,
          msg: 'Please enter the verification code',
          data: null,
          err: 'captchaRequired',
        });
      }
      const { captchaId, captchaCode } = await captchaFor(server);
      const wrong = await signUp({ chatNo: 'olga_free', captchaId, captchaCode: `${captchaCode}x` });
      expect(wrong.body).toMatchObject({ code: 400, err: 'captchaWrong' });
      // The wrong guess used the code up.
      const reused = await signUp({ chatNo: 'olga_free', captchaId, captchaCode });
      expect(reused.body.err).toBe('captchaWrong');
      const right = await signUp({ chatNo: 'olga_free', ...(await captchaFor(server)) });
      expect(right.body.code).toBe(200);
      expect((await get(server.url, '/my/getInfo', { token: right.body.data.token })).body.code).toBe(200);
    });

    it('answers unknown account and wrong password with the same message', async () => {
      const gina = await people().user('gina');
      const wrongPassword = await post(server.url, '/auth/login', {
        body: { account: gina.chatNo, password: 'not-her-password', ...(await captchaFor(server)) },
      });
      const unknownAccount = await post(server.url, '/auth/login', {
        body: { account: 'nobody_here', password: 'whatever-123', ...(await captchaFor(server)) },
      });
      for (const answer of [wrongPassword, unknownAccount]) {
        expect(answer.status).toBe(200);
        expect(answer.body).toEqual({
          code: 400,
          msg: 'Wrong account or password',
          data: null,
          err: 'badCredentials',
        });
      }
    });
  });

  describe('with the verification code off', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect);
    });
    afterAll(() => server.close());

    it('says the code is disabled', async () => {
      const { body } = await get(server.url, '/auth/captcha');
      expect(body).toEqual({ code: 200, msg: 'ok', data: { enabled: false, captchaId: '', image: '' } });
    });

    it('registers, signs in and answers the profile', async () => {
      const { status, body } = await post<{ token: string; userId: string }>(server.url, '/auth/register', {
        body: { chatNo: 'Hana_01', password: 'hana-pass-1', nickName: '  Hana  ' },
      });
      expect(status).toBe(200);
      expect(body.code).toBe(200);
      expect(body.data.userId).toMatch(/^\d+$/);
      expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const info = await get(server.url, '/my/getInfo', { token: body.data.token });
      expect(info.body).toEqual({
        code: 200,
        msg: 'ok',
        data: {
          userId: body.data.userId,
          nickName: 'Hana',
          portrait: '',
          userType: 'normal',
          chatNo: 'Hana_01',
          gender: 'unknown',
          intro: '',
          address: { country: '', province: '', city: '' },
          shareRef: expect.stringMatching(/^c[A-Za-z0-9_-]{22}$/),
        },
      });
      // The password hash never appears in any answer.
      expect(info.text).not.toMatch(/argon2|password/i);

      const login = await post<{ token: string }>(server.url, '/auth/login', {
        body: { account: 'hana_01', password: 'hana-pass-1' },
      });
      expect(login.body.code).toBe(200);
      expect(login.body.data.token).not.toBe(body.data.token);
    });

    it('refuses a chat ID already taken, ignoring case', async () => {
      const ivan = await seed(server.url).user('ivan');
      const { status, body } = await post(server.url, '/auth/register', {
        body: { chatNo: ivan.chatNo.toUpperCase(), password: 'another-pass-1', nickName: 'Other' },
      });
      expect(status).toBe(200);
      expect(body).toEqual({ code: 409, msg: 'chat ID is already taken', data: null, err: 'chatNoTaken' });
    });

    it('refuses bad registrations, naming the field', async () => {
      const cases: [unknown, string][] = [
        [{ password: 'long-enough-1', nickName: 'N' }, 'chatNo: chatNo is required'],
        [
          { chatNo: 'ab', password: 'long-enough-1', nickName: 'N' },
          'chatNo: chatNo must be at least 3 characters',
        ],
        [
          { chatNo: 'a'.repeat(21), password: 'long-enough-1', nickName: 'N' },
          'chatNo: chatNo must be at most 20 characters',
        ],
        [
          { chatNo: 'bad id!', password: 'long-enough-1', nickName: 'N' },
          'chatNo: chatNo may only contain letters, numbers, underscore and hyphen',
        ],
        [{ chatNo: 12345, password: 'long-enough-1', nickName: 'N' }, 'chatNo: '],
        // The rule of a password change: 8 to 16 characters mixing digits and letters.
        [
          { chatNo: 'okay_id', password: 'short1', nickName: 'N' },
          'password: password must be 8 to 16 characters',
        ],
        [
          { chatNo: 'okay_id', password: 'x1'.repeat(8) + 'x', nickName: 'N' },
          'password: password must be 8 to 16 characters',
        ],
        [
          { chatNo: 'okay_id', password: 'only-letters', nickName: 'N' },
          'password: password must mix digits and letters',
        ],
        [{ chatNo: 'okay_id', password: '1234567890', nickName: 'N' }, 'password: password must mix'],
        [{ chatNo: 'okay_id', password: 'long-enough-1', nickName: '   ' }, 'nickName: nickName is required'],
        [
          { chatNo: 'okay_id', password: 'long-enough-1', nickName: 'n'.repeat(33) },
          'nickName: nickName must be at most 32 characters',
        ],
        [['not', 'an', 'object'], 'body: '],
      ];
      for (const [body, message] of cases) {
        const answer = await post(server.url, '/auth/register', { body });
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.body.code).toBe(400);
        expect(answer.body.err).toBe('validation');
        expect(answer.body.data).toBeNull();
        expect(answer.body.msg.startsWith(message), `${answer.body.msg} / ${message}`).toBe(true);
      }
      // None of them created the account.
      const check = await get<{ status: string }>(server.url, '/auth/checkChatNo', {
        query: { chatNo: 'okay_id' },
      });
      expect(check.body.data.status).toBe('available');
    });

    it('stores SQL and HTML in fields verbatim, as data', async () => {
      const nickName = `<b>x</b>'; DROP TABLE users;--`;
      const { body } = await post<{ token: string }>(server.url, '/auth/register', {
        body: { chatNo: 'x_or_1-1', password: `' OR '1'='1`, nickName },
      });
      expect(body.code).toBe(200);
      const info = await get<{ nickName: string }>(server.url, '/my/getInfo', { token: body.data.token });
      expect(info.body.data.nickName).toBe(nickName);
      const login = await post(server.url, '/auth/login', {
        body: { account: 'x_or_1-1', password: `' OR '1'='1` },
      });
      expect(login.body.code).toBe(200);
      const sqlAccount = await post(server.url, '/auth/login', {
        body: { account: `' OR 1=1 --`, password: `' OR '1'='1` },
      });
      expect(sqlAccount.body.err).toBe('badCredentials');
      // The users table is still there.
      await seed(server.url).user('after_injection');
    });

    it('limits sign-ups per address; another address may still sign up', async () => {
      const limited = await startTestServer(dialect, { env: { RATE_LIMITS: 'on', TRUST_PROXY: 'loopback' } });
      try {
        const { max } = RATE_LIMITS.register;
        const signUp = (chatNo: string, address: string) =>
          post(limited.url, '/auth/register', {
            body: { chatNo, password: 'many-pass-1', nickName: 'Many' },
            headers: { 'x-forwarded-for': address },
          });
        const answers = await Promise.all(
          Array.from({ length: max + 5 }, (_, i) => signUp(`many_${i}`, '198.51.100.7')),
        );
        expect(answers.filter((a) => a.body.code === 200)).toHaveLength(max);
        expect(answers.filter((a) => a.body.code === 429).map((a) => a.body)[0]).toEqual({
          code: 429,
          msg: 'Too many requests, please try again later',
          data: null,
          err: 'tooManyAttempts',
        });
        // A made-up token does not buy a fresh budget: sign-up counts by address only.
        const withToken = await post(limited.url, '/auth/register', {
          body: { chatNo: 'many_token', password: 'many-pass-1', nickName: 'Many' },
          headers: { 'x-forwarded-for': '198.51.100.7', authorization: 'made-up-token' },
        });
        expect(withToken.body.code).toBe(429);
        expect((await signUp('other_place', '198.51.100.8')).body.code).toBe(200);
      } finally {
        await limited.close();
      }
    });

    it('limits live chat ID checks per address, at a typing pace', async () => {
      const limited = await startTestServer(dialect, { env: { RATE_LIMITS: 'on', TRUST_PROXY: 'loopback' } });
      try {
        const { max, timeWindow } = RATE_LIMITS.checkChatNo;
        // A person typing, debounced, checks at most a few times a second: a minute of it passes.
        expect(max).toBeGreaterThanOrEqual(timeWindow / 1_000);
        const check = (chatNo: string, address: string, headers: Record<string, string> = {}) =>
          get(limited.url, '/auth/checkChatNo', {
            query: { chatNo },
            headers: { 'x-forwarded-for': address, ...headers },
          });
        const answers = await Promise.all(
          Array.from({ length: max + 1 }, (_, i) => check(`probe_${i}`, '203.0.113.5')),
        );
        expect(answers.filter((a) => a.body.code === 200)).toHaveLength(max);
        expect(answers.filter((a) => a.body.code === 429)).toHaveLength(1);
        expect((await check('probe_x', '203.0.113.5', { authorization: 'made-up' })).body.code).toBe(429);
        expect((await check('probe_y', '203.0.113.6')).body.code).toBe(200);
      } finally {
        await limited.close();
      }
    });

    it('checks chat ID availability live', async () => {
      const judy = await seed(server.url).user('judy');
      const cases: [string, string][] = [
        ['', 'tooShort'],
        ['ab', 'tooShort'],
        ['a'.repeat(21), 'tooLong'],
        ['has space', 'invalid'],
        ['中文名字', 'invalid'],
        [judy.chatNo.toUpperCase(), 'taken'],
        ['free_id-9', 'available'],
      ];
      for (const [chatNo, status] of cases) {
        const { body } = await get(server.url, '/auth/checkChatNo', { query: { chatNo } });
        expect(body, chatNo).toEqual({
          code: 200,
          msg: 'ok',
          data: { available: status === 'available', status },
        });
      }
      const missing = await get(server.url, '/auth/checkChatNo');
      expect(missing.status).toBe(400);
      expect(missing.body.msg).toBe('chatNo: chatNo is required');
      const tooLong = await get(server.url, '/auth/checkChatNo', { query: { chatNo: 'a'.repeat(201) } });
      expect(tooLong.status).toBe(400);
    });

    it('refuses bad sign-in input, naming the field', async () => {
      const missing = await post(server.url, '/auth/login', { body: { account: 'someone' } });
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({
        code: 400,
        msg: 'password: password is required',
        err: 'validation',
      });
      const blank = await post(server.url, '/auth/login', {
        body: { account: '  ', password: 'long-enough' },
      });
      expect(blank.body.msg).toBe('account: account is required');
      const typed = await post(server.url, '/auth/login', {
        body: { account: 'someone', password: 12345678 },
      });
      expect(typed.body.msg).toMatch(/^password: /);
    });

    it('answers 401 for a missing, unknown or malformed token', async () => {
      for (const token of [undefined, 'not-a-token', 'Bearer ', 'x'.repeat(5000)]) {
        const { status, body } = await get(server.url, '/my/getInfo', token === undefined ? {} : { token });
        expect(status, String(token)).toBe(401);
        expect(body).toEqual(EXPIRED);
      }
    });

    it('accepts the token with or without "Bearer"', async () => {
      const kim = await seed(server.url).user('kim');
      const bare = await get(server.url, '/my/getInfo', { token: kim.token });
      const bearer = await get(server.url, '/my/getInfo', { token: `Bearer ${kim.token}` });
      expect(bare.body.code).toBe(200);
      expect(bearer.body.code).toBe(200);
    });

    it('signs out: the token is revoked, the other device stays signed in', async () => {
      const leo = await seed(server.url).user('leo');
      const second = await seed(server.url).login(leo.chatNo, SEED_PASSWORD);
      const out = await post(server.url, '/auth/logout', { token: leo.token });
      expect(out.body).toEqual({ code: 200, msg: 'ok', data: null });
      expect((await get(server.url, '/my/getInfo', { token: leo.token })).body).toEqual(EXPIRED);
      expect((await post(server.url, '/auth/logout', { token: leo.token })).status).toBe(401);
      expect((await get(server.url, '/my/getInfo', { token: second })).body.code).toBe(200);
    });

    it('signs out with an empty JSON body or no body at all', async () => {
      const mia = await seed(server.url).user('mia');
      const other = await seed(server.url).login(mia.chatNo);
      const emptyJson = await post(server.url, '/auth/logout', { token: mia.token, rawBody: '' });
      expect(emptyJson.body.code).toBe(200);
      const noBody = await post(server.url, '/auth/logout', { token: other });
      expect(noBody.body.code).toBe(200);
    });

    it('refuses to sign out without a token', async () => {
      const { status, body } = await post(server.url, '/auth/logout');
      expect(status).toBe(401);
      expect(body).toEqual(EXPIRED);
    });
  });

  describe('token lifetime', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect, { env: { TOKEN_TTL_DAYS: '2' } });
    });
    afterAll(() => server.close());

    it('expires a token after TOKEN_TTL_DAYS', async () => {
      const nina = await seed(server.url).user('nina');
      server.clock.advance(2 * DAY - MINUTE);
      expect((await get(server.url, '/my/getInfo', { token: nina.token })).body.code).toBe(200);
      server.clock.advance(2 * MINUTE);
      const { status, body } = await get(server.url, '/my/getInfo', { token: nina.token });
      expect(status).toBe(401);
      expect(body).toEqual(EXPIRED);
      // Signing in again gives a fresh token.
      const token = await seed(server.url).login(nina.chatNo);
      expect((await get(server.url, '/my/getInfo', { token })).body.code).toBe(200);
    });
  });

  describe('with registration closed', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect, { env: { REGISTRATION: 'closed' } });
    });
    afterAll(() => server.close());

    it('refuses to register', async () => {
      const { status, body } = await post(server.url, '/auth/register', {
        body: { chatNo: 'newcomer', password: 'long-enough-1', nickName: 'New' },
      });
      expect(status).toBe(200);
      expect(body).toEqual({
        code: 403,
        msg: 'Registration is closed',
        data: null,
        err: 'registrationClosed',
      });
      const check = await get<{ status: string }>(server.url, '/auth/checkChatNo', {
        query: { chatNo: 'newcomer' },
      });
      expect(check.body.data.status).toBe('available');
    });
  });
});
