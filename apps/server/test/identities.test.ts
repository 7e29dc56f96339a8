/**
 * Sign-in through Pi, Google and X on the real server, on every database, against local fakes
 * that speak the real protocols (support/fakeProviders.ts): each service signs a new person up
 * and the same person in again; forged callbacks (state, PKCE, replayed code, ID token claims)
 * and a token Pi refuses are refused; an account links and unlinks services while another way
 * in remains.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from './support/api';
import {
  CLIENT,
  startFakeGoogle,
  startFakePi,
  startFakeX,
  type FakeGoogle,
  type FakePi,
  type FakeX,
} from './support/fakeProviders';
import { get, post } from './support/http';
import { seed } from './support/seed';
import { availableDialects, startTestServer, type TestServer } from './support/server';

const dialects = await availableDialects();

type Provider = 'google' | 'twitter';

/** Where people open the app (OAUTH_REDIRECT_BASE): a proxy in front of the server under test. */
const PUBLIC_ORIGIN = 'https://chat.paichat.test';

/** What the server answered a callback: where it sends the browser, and the session cookie it set. */
interface Landing {
  status: number;
  location: string;
  params: URLSearchParams;
  token: string | null;
}

const cookieValue = (setCookies: string[], name: string): string | null => {
  for (const line of setCookies) {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    if (pair.slice(0, eq) === name) return decodeURIComponent(pair.slice(eq + 1));
  }
  return null;
};

/** `POST /auth/oauth/start` with a Host header of the caller's choosing (fetch always sends the real one). */
function startWithHost(server: TestServer, provider: Provider, host: string): Promise<{ url: string }> {
  const body = JSON.stringify({ provider });
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${server.url}/auth/oauth/start`,
      { method: 'POST', headers: { host, 'content-type': 'application/json' } },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve((JSON.parse(text) as { data: { url: string } }).data));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

let google: FakeGoogle;
let x: FakeX;
let pi: FakePi;
beforeAll(async () => {
  [google, x, pi] = await Promise.all([startFakeGoogle(), startFakeX(), startFakePi()]);
});
afterAll(async () => {
  await Promise.all([google.close(), x.close(), pi.close()]);
});

describe.each(dialects)('sign-in through Pi, Google and X on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, {
      env: { ...google.env, ...x.env, ...pi.env, OAUTH_REDIRECT_BASE: PUBLIC_ORIGIN },
    });
  });
  afterAll(() => server.close());

  /** A login (or, with `token`, link) attempt: the provider's page, and the browser's state cookie. */
  async function start(provider: Provider, token?: string) {
    const response = token
      ? await post<{ url: string }>(server.url, '/my/identities/linkStart', { body: { provider }, token })
      : await post<{ url: string }>(server.url, '/auth/oauth/start', { body: { provider } });
    expect(response.body.code, response.body.msg).toBe(200);
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith(`paichat_oauth_${provider}=`));
    expect(setCookie).toMatch(
      new RegExp(`; Path=/auth/${provider}/callback; Max-Age=600; SameSite=Lax; HttpOnly`),
    );
    const state = cookieValue(response.headers.getSetCookie(), `paichat_oauth_${provider}`) ?? '';
    return { url: response.body.data.url, cookie: `paichat_oauth_${provider}=${state}`, state };
  }

  /**
   * The person approves at the provider, which sends the browser back to the public origin:
   * the callback URL, as it reaches this server behind that origin's proxy.
   */
  async function approve(url: string): Promise<string> {
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status, await response.text()).toBe(302);
    const location = response.headers.get('location') ?? '';
    const callbacks = ['google', 'twitter'].map((p) => `${PUBLIC_ORIGIN}/auth/${p}/callback`);
    expect(callbacks).toContain(location.split('?')[0]);
    return server.url + location.slice(PUBLIC_ORIGIN.length);
  }

  async function land(callback: string, cookie: string | null): Promise<Landing> {
    const response = await fetch(callback, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    const location = response.headers.get('location') ?? '';
    return {
      status: response.status,
      location,
      params: new URLSearchParams(location.split('?')[1] ?? ''),
      token: cookieValue(response.headers.getSetCookie(), 'auth_token'),
    };
  }

  async function signInWith(provider: Provider): Promise<Landing> {
    const attempt = await start(provider);
    return land(await approve(attempt.url), attempt.cookie);
  }

  /** A code that worked once does not work again, with the same cookie or without. */
  async function expectReplayRefused(provider: Provider) {
    const attempt = await start(provider);
    const callback = await approve(attempt.url);
    expect((await land(callback, attempt.cookie)).token).not.toBeNull();
    expectRefused(await land(callback, attempt.cookie), provider);
  }

  /** An attacker's code (their own attempt, so their PKCE verifier) pasted into the victim's attempt. */
  async function injectAttackersCode(provider: Provider): Promise<Landing> {
    const attackers = await start(provider);
    const victims = await start(provider);
    const injected = new URL(await approve(attackers.url));
    injected.searchParams.set('state', victims.state);
    return land(injected.href, victims.cookie);
  }

  const myInfo = async (token: string) =>
    (await as(server.url, { token }).get<{ userId: string; nickName: string; chatNo: string }>('/my/getInfo'))
      .body;

  function expectRefused(landing: Landing, provider: Provider) {
    expect(landing.status).toBe(303);
    expect(landing.location).toMatch(/^\/#\/wx\/login\/index\?/);
    expect(landing.params.get('provider')).toBe(provider);
    expect(landing.params.get('error')).toBe('failed');
    expect(landing.token).toBeNull();
  }

  it('sends the browser back to the configured public origin, whatever Host a request names', async () => {
    for (const provider of ['google', 'twitter'] as const) {
      const { url } = await startWithHost(server, provider, 'attacker.example');
      expect(new URL(url).searchParams.get('redirect_uri')).toBe(
        `${PUBLIC_ORIGIN}/auth/${provider}/callback`,
      );
    }
  });

  it('tells the web app which services are configured', async () => {
    const { body } = await get(server.url, '/auth/providers');
    expect(body).toMatchObject({
      code: 200,
      data: { pi: true, piSandbox: false, google: true, twitter: true },
    });
  });

  describe('Google', () => {
    it('signs a new person up, then the same person in again, with the session a password login gets', async () => {
      google.person = { id: 'g-new-1', name: 'Gina Google', handle: 'gina@example.com' };
      const refusalsBefore = google.refusals.length;
      const first = await signInWith('google');
      expect(first.status).toBe(303);
      expect(first.location).toBe('/#/wx/tabbar1/index?provider=google');
      expect(first.token).toMatch(/^[\w-]{43}$/);
      const info = await myInfo(first.token ?? '');
      expect(info.data).toMatchObject({ nickName: 'Gina Google', chatNo: '' });

      const again = await signInWith('google');
      expect(again.token).not.toBe(first.token);
      expect((await myInfo(again.token ?? '')).data.userId).toBe(info.data.userId);
      // The session works like any other: a socket ticket, and sign-out ends it.
      expect((await as(server.url, { token: again.token ?? '' }).post('/auth/socketTicket')).body.code).toBe(
        200,
      );
      // The client authenticated with HTTP Basic every time.
      expect(google.refusals.slice(refusalsBefore)).toEqual([]);
      expect(google.tokenAuthorizations.at(-1)).toBe(
        `Basic ${Buffer.from(`${CLIENT.google.clientId}:${CLIENT.google.clientSecret}`).toString('base64')}`,
      );
      // The new account sets its chat ID once, as others do.
      const set = await as(server.url, { token: again.token ?? '' }).post('/my/setChatNo', {
        chatNo: `gina_${dialect}`,
      });
      expect(set.body.code, set.body.msg).toBe(200);
    });

    it('refuses a callback without the browser’s state, or with another one', async () => {
      const attempt = await start('google');
      const callback = await approve(attempt.url);
      expectRefused(await land(callback, null), 'google');
      const other = await start('google');
      expectRefused(await land(callback, other.cookie), 'google');
      const noState = new URL(callback);
      noState.searchParams.delete('state');
      expectRefused(await land(noState.href, attempt.cookie), 'google');
    });

    it('refuses a replayed code, and a code issued for another attempt’s PKCE verifier or for none', async () => {
      await expectReplayRefused('google');
      expectRefused(await injectAttackersCode('google'), 'google');

      // A code from an authorization request that carried no PKCE challenge.
      const bare = new URL((await start('google')).url);
      bare.searchParams.delete('code_challenge');
      bare.searchParams.delete('code_challenge_method');
      const noPkce = new URL(await approve(bare.href));
      const victims = await start('google');
      noPkce.searchParams.set('state', victims.state);
      expectRefused(await land(noPkce.href, victims.cookie), 'google');
    });

    it.each([
      ['the wrong audience', (p: Record<string, unknown>) => (p.aud = 'someone-else')],
      ['the wrong issuer', (p: Record<string, unknown>) => (p.iss = 'https://accounts.example.org')],
      [
        'an expiry in the past',
        (p: Record<string, unknown>) => {
          p.iat = Math.floor(Date.now() / 1000) - 7200;
          p.exp = Math.floor(Date.now() / 1000) - 3600;
        },
      ],
      ['another nonce', (p: Record<string, unknown>) => (p.nonce = 'not-the-nonce')],
    ])('refuses an ID token with %s', async (_what, change) => {
      google.person = { id: 'g-tampered', name: 'Tess', handle: 'tess@example.com' };
      google.tamperOnce(change);
      expectRefused(await signInWith('google'), 'google');
    });
  });

  describe('X', () => {
    it('signs a new person up, then the same person in again', async () => {
      x.person = { id: '1460000000000000042', name: 'Xena', handle: 'xena_x' };
      const refusalsBefore = x.refusals.length;
      const first = await signInWith('twitter');
      expect(first.location).toBe('/#/wx/tabbar1/index?provider=twitter');
      const info = await myInfo(first.token ?? '');
      expect(info.data).toMatchObject({ nickName: 'Xena', chatNo: '' });
      const again = await signInWith('twitter');
      expect((await myInfo(again.token ?? '')).data.userId).toBe(info.data.userId);
      // Basic authentication, the verifier and the redirect URI were all right.
      expect(x.refusals.slice(refusalsBefore)).toEqual([]);
    });

    it('refuses forged callbacks: no state, another state, a replayed code, another attempt’s verifier', async () => {
      const attempt = await start('twitter');
      const callback = await approve(attempt.url);
      expectRefused(await land(callback, null), 'twitter');
      expectRefused(await land(callback, (await start('twitter')).cookie), 'twitter');

      await expectReplayRefused('twitter');

      const refusalsBefore = x.refusals.length;
      expectRefused(await injectAttackersCode('twitter'), 'twitter');
      expect(x.refusals.slice(refusalsBefore)).toEqual(['code_verifier does not match']);
    });

    it('is itself strict: PKCE and HTTP Basic are required', async () => {
      const bare = new URL(x.env.TWITTER_AUTH_URL ?? '');
      bare.searchParams.set('response_type', 'code');
      bare.searchParams.set('client_id', CLIENT.twitter.clientId);
      bare.searchParams.set('redirect_uri', `${server.url}/auth/twitter/callback`);
      expect((await fetch(bare, { redirect: 'manual' })).status).toBe(400);
      const token = await fetch(x.env.TWITTER_TOKEN_URL ?? '', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code: 'c', client_id: 'paichat-x' }),
      });
      expect(token.status).toBe(401);
    });
  });

  describe('Pi', () => {
    it('signs a new Pioneer up by the uid Pi answers, then the same one in again', async () => {
      const accessToken = pi.issue({ id: `uid-${dialect}-1`, handle: 'pioneer_one' });
      const first = await post<{ token: string }>(server.url, '/auth/pi', { body: { accessToken } });
      expect(first.body.code, first.body.msg).toBe(200);
      const info = await myInfo(first.body.data.token);
      expect(info.data).toMatchObject({ nickName: 'pioneer_one', chatNo: '' });

      const again = await post<{ token: string }>(server.url, '/auth/pi', {
        body: { accessToken: pi.issue({ id: `uid-${dialect}-1`, handle: 'pioneer_one' }) },
      });
      expect((await myInfo(again.body.data.token)).data.userId).toBe(info.data.userId);
    });

    it('refuses a token Pi does not vouch for', async () => {
      const { body } = await post(server.url, '/auth/pi', { body: { accessToken: 'made-up-token' } });
      expect(body).toMatchObject({
        code: 400,
        err: 'piLoginFailed',
        msg: 'Authentication failed, please retry',
      });
    });

    it('ignores a uid the client sends: the account is the one of the uid Pi answers', async () => {
      const mine = await post<{ token: string }>(server.url, '/auth/pi', {
        body: { accessToken: pi.issue({ id: `uid-${dialect}-victim`, handle: 'victim' }) },
      });
      const victimId = (await myInfo(mine.body.data.token)).data.userId;
      const forged = await post<{ token: string }>(server.url, '/auth/pi', {
        body: {
          accessToken: pi.issue({ id: `uid-${dialect}-attacker`, handle: 'attacker' }),
          uid: `uid-${dialect}-victim`,
          user: { uid: `uid-${dialect}-victim`, username: 'victim' },
        },
      });
      expect(forged.body.code, forged.body.msg).toBe(200);
      const reached = (await myInfo(forged.body.data.token)).data;
      expect(reached.userId).not.toBe(victimId);
      expect(reached.nickName).toBe('attacker');
    });
  });

  describe('linking', () => {
    it('links Google and Pi to a password account, which then signs in through either', async () => {
      const pat = await seed(server.url).user('pat');
      google.person = { id: `g-pat-${dialect}`, name: 'Pat G', handle: 'pat@example.com' };
      const attempt = await start('google', pat.token);
      const landing = await land(await approve(attempt.url), attempt.cookie);
      expect(landing.location).toBe('/#/wx/system/accounts?provider=google&linked=1');
      expect(landing.token).toBeNull();

      const linked = await as(server.url, pat).post('/my/identities/linkPi', {
        accessToken: pi.issue({ id: `uid-pat-${dialect}`, handle: 'pat_pi' }),
      });
      expect(linked.body).toMatchObject({
        code: 200,
        data: {
          password: true,
          list: [
            { provider: 'google', name: 'pat@example.com' },
            { provider: 'pi', name: 'pat_pi' },
          ],
        },
      });

      expect((await myInfo((await signInWith('google')).token ?? '')).data.userId).toBe(pat.userId);
      const viaPi = await post<{ token: string }>(server.url, '/auth/pi', {
        body: { accessToken: pi.issue({ id: `uid-pat-${dialect}`, handle: 'pat_pi' }) },
      });
      expect((await myInfo(viaPi.body.data.token)).data.userId).toBe(pat.userId);
    });

    it('refuses to link a service account another PaiChat account has', async () => {
      const [quinn, rory] = [await seed(server.url).user('quinn'), await seed(server.url).user('rory')];
      x.person = { id: `x-quinn-${dialect}`, name: 'Quinn', handle: 'quinn_x' };
      const first = await start('twitter', quinn.token);
      expect((await land(await approve(first.url), first.cookie)).params.get('linked')).toBe('1');
      const second = await start('twitter', rory.token);
      const landing = await land(await approve(second.url), second.cookie);
      expect(landing.location).toBe('/#/wx/system/accounts?provider=twitter&error=identityInUse');

      const piToken = pi.issue({ id: `uid-quinn-${dialect}`, handle: 'quinn_pi' });
      expect(
        (await as(server.url, quinn).post('/my/identities/linkPi', { accessToken: piToken })).body.code,
      ).toBe(200);
      expect(
        (await as(server.url, rory).post('/my/identities/linkPi', { accessToken: piToken })).body,
      ).toMatchObject({
        err: 'identityInUse',
      });
      const otherPi = pi.issue({ id: `uid-quinn2-${dialect}`, handle: 'quinn_two' });
      expect(
        (await as(server.url, quinn).post('/my/identities/linkPi', { accessToken: otherPi })).body,
      ).toMatchObject({
        err: 'identityAlreadyLinked',
      });
    });

    it('unlinks a service only while another way in remains', async () => {
      const signedUp = await post<{ token: string }>(server.url, '/auth/pi', {
        body: { accessToken: pi.issue({ id: `uid-sam-${dialect}`, handle: 'sam_pi' }) },
      });
      const sam = { token: signedUp.body.data.token };
      expect(
        (await as(server.url, sam).post('/my/identities/unlink', { provider: 'pi' })).body,
      ).toMatchObject({
        code: 409,
        err: 'lastSignInMethod',
      });

      // A password without a chat ID is no way in yet.
      expect(
        (await as(server.url, sam).post('/my/setPassword', { newPassword: 'sampass12' })).body.code,
      ).toBe(200);
      expect((await as(server.url, sam).post('/my/identities/unlink', { provider: 'pi' })).body.err).toBe(
        'lastSignInMethod',
      );

      google.person = { id: `g-sam-${dialect}`, name: 'Sam', handle: 'sam@example.com' };
      const attempt = await start('google', sam.token);
      await land(await approve(attempt.url), attempt.cookie);
      const unlinked = await as(server.url, sam).post('/my/identities/unlink', { provider: 'pi' });
      expect(unlinked.body).toMatchObject({
        code: 200,
        data: { password: false, list: [{ provider: 'google' }] },
      });
      expect((await as(server.url, sam).post('/my/identities/unlink', { provider: 'google' })).body.err).toBe(
        'lastSignInMethod',
      );

      expect((await as(server.url, sam).post('/my/setChatNo', { chatNo: `sam_${dialect}` })).body.code).toBe(
        200,
      );
      const last = await as(server.url, sam).post('/my/identities/unlink', { provider: 'google' });
      expect(last.body).toMatchObject({ code: 200, data: { password: true, list: [] } });
      // The Pi account is free again: it now signs up a new account.
      const viaPi = await post<{ token: string }>(server.url, '/auth/pi', {
        body: { accessToken: pi.issue({ id: `uid-sam-${dialect}`, handle: 'sam_pi' }) },
      });
      expect((await myInfo(viaPi.body.data.token)).data.userId).not.toBe(
        (await myInfo(sam.token)).data.userId,
      );
    });
  });
});

describe.each(dialects)('without sign-in services configured, on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('offers none and refuses them all', async () => {
    expect((await get(server.url, '/auth/providers')).body.data).toEqual({
      pi: false,
      piSandbox: false,
      google: false,
      twitter: false,
    });
    expect((await post(server.url, '/auth/pi', { body: { accessToken: 't' } })).body.err).toBe(
      'loginNotConfigured',
    );
    expect((await post(server.url, '/auth/oauth/start', { body: { provider: 'google' } })).body.err).toBe(
      'loginNotConfigured',
    );
  });

  it('answers "Failed to get … login link" when the provider cannot be reached', async () => {
    const down = await startTestServer(dialect, {
      env: {
        GOOGLE_CLIENT_ID: 'g',
        GOOGLE_CLIENT_SECRET: 's',
        // Nothing listens on port 9 (discard) here: discovery fails.
        GOOGLE_ISSUER: 'http://127.0.0.1:9',
        OAUTH_REDIRECT_BASE: PUBLIC_ORIGIN,
      },
    });
    try {
      const { body } = await post(down.url, '/auth/oauth/start', { body: { provider: 'google' } });
      expect(body).toMatchObject({
        code: 500,
        err: 'googleLoginLinkFailed',
        msg: 'Failed to get Google login link',
      });
    } finally {
      await down.close();
    }
  });
});
