/**
 * Local stand-ins for the services PaiChat signs in through, speaking their real protocols on
 * 127.0.0.1, started by the tests that need them (integration and e2e):
 *
 * - Google: oauth2-mock-server, an OpenID provider (discovery, authorize, token, JWKS). It takes
 *   any client secret, so the token endpoint's HTTP Basic header is checked here, and who signs
 *   in (`sub`, e-mail, name) and how the ID token is tampered with are set per test.
 * - X: authorize, token and `/2/users/me` by hand (X has no discovery document): PKCE S256 is
 *   mandatory, the client authenticates with HTTP Basic, a code is good once, for its own
 *   verifier and redirect URI.
 * - Pi: `/v2/me`, answering the user of an access token it issued, 401 for any other; its
 *   answers can be held back (the e2e test watches the app wait for them).
 *
 * Each fake lists what it refused in `refusals`, so a test can tell a refusal it expected from
 * one it did not.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Server, type MutableToken } from 'oauth2-mock-server';

export interface Person {
  /** The provider's id for them: Google's `sub`, X's user id, Pi's uid. */
  id: string;
  name: string;
  /** Google: e-mail; X and Pi: username. */
  handle: string;
}

const basic = (clientId: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`;

const randomId = () => randomBytes(12).toString('base64url');

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return body;
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

export const CLIENT = {
  google: { clientId: 'paichat-google', clientSecret: 'google-secret' },
  twitter: { clientId: 'paichat-x', clientSecret: 'x-secret' },
} as const;

// Google.

export interface FakeGoogle {
  issuer: string;
  /** Who the next sign-ins are. */
  person: Person;
  /** Changes the next ID token before it is signed (wrong `aud`, `iss`, an old `exp`). */
  tamperOnce(change: (payload: Record<string, unknown>) => void): void;
  /** Token requests it refused, and why. */
  refusals: string[];
  /** Every token request's Authorization header. */
  tokenAuthorizations: (string | undefined)[];
  /** Google's environment for the server under test. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startFakeGoogle(): Promise<FakeGoogle> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const issuer = server.issuer.url ?? '';
  const { clientId, clientSecret } = CLIENT.google;
  const fake: FakeGoogle = {
    issuer,
    person: { id: 'google-sub-1', name: 'Gina Google', handle: 'gina@example.com' },
    tamperOnce(change) {
      tamper = change;
    },
    refusals: [],
    tokenAuthorizations: [],
    env: { GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: clientSecret, GOOGLE_ISSUER: issuer },
    close: () => server.stop(),
  };
  let tamper: ((payload: Record<string, unknown>) => void) | null = null;
  server.service.on('beforeTokenSigning', (token: MutableToken) => {
    const payload = token.payload as Record<string, unknown>;
    payload.sub = fake.person.id;
    // The ID token is the one with an audience and no scope (the access token has a scope).
    if (payload.aud === undefined || payload.scope !== undefined) return;
    payload.email = fake.person.handle;
    payload.email_verified = true;
    payload.name = fake.person.name;
    tamper?.(payload);
    tamper = null;
  });
  server.service.on(
    'beforeResponse',
    (response: { body: unknown; statusCode: number }, request: IncomingMessage) => {
      const authorization = request.headers.authorization;
      fake.tokenAuthorizations.push(authorization);
      if (authorization !== basic(clientId, clientSecret)) {
        fake.refusals.push('client authentication');
        response.statusCode = 401;
        response.body = { error: 'invalid_client' };
      }
    },
  );
  return fake;
}

// X.

export interface FakeX {
  url: string;
  person: Person;
  refusals: string[];
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startFakeX(): Promise<FakeX> {
  const { clientId, clientSecret } = CLIENT.twitter;
  const codes = new Map<string, { challenge: string; redirectUri: string; person: Person }>();
  const accessTokens = new Map<string, Person>();
  const refusals: string[] = [];
  const refuse = (response: ServerResponse, status: number, why: string, error = 'invalid_request') => {
    refusals.push(why);
    json(response, status, { error, error_description: why });
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://x.invalid');
      if (request.method === 'GET' && url.pathname === '/i/oauth2/authorize') {
        const q = url.searchParams;
        const redirectUri = q.get('redirect_uri') ?? '';
        if (q.get('response_type') !== 'code' || q.get('client_id') !== clientId || !redirectUri)
          return refuse(response, 400, 'authorization request');
        // PKCE is mandatory at X.
        if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge'))
          return refuse(response, 400, 'authorization request without PKCE');
        const code = randomId();
        codes.set(code, { challenge: q.get('code_challenge') ?? '', redirectUri, person: fake.person });
        const back = new URL(redirectUri);
        back.searchParams.set('state', q.get('state') ?? '');
        back.searchParams.set('code', code);
        response.writeHead(302, { location: back.href });
        return response.end();
      }
      if (request.method === 'POST' && url.pathname === '/2/oauth2/token') {
        if (request.headers.authorization !== basic(clientId, clientSecret))
          return refuse(response, 401, 'client authentication', 'invalid_client');
        const form = new URLSearchParams(await readBody(request));
        if (form.get('grant_type') !== 'authorization_code') return refuse(response, 400, 'grant type');
        const code = form.get('code') ?? '';
        const issued = codes.get(code);
        codes.delete(code);
        if (!issued) return refuse(response, 400, 'unknown or used code', 'invalid_grant');
        const verifier = form.get('code_verifier');
        if (!verifier) return refuse(response, 400, 'no code_verifier', 'invalid_grant');
        if (createHash('sha256').update(verifier).digest('base64url') !== issued.challenge)
          return refuse(response, 400, 'code_verifier does not match', 'invalid_grant');
        if (form.get('redirect_uri') !== issued.redirectUri)
          return refuse(response, 400, 'redirect_uri does not match', 'invalid_grant');
        const accessToken = randomId();
        accessTokens.set(accessToken, issued.person);
        return json(response, 200, {
          token_type: 'bearer',
          access_token: accessToken,
          expires_in: 7200,
          scope: 'users.read tweet.read',
        });
      }
      if (request.method === 'GET' && url.pathname === '/2/users/me') {
        const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
        const person = accessTokens.get(token);
        if (!person) return refuse(response, 401, 'unknown access token', 'invalid_token');
        return json(response, 200, { data: { id: person.id, name: person.name, username: person.handle } });
      }
      json(response, 404, { error: 'not found' });
    })().catch((error: unknown) => json(response, 500, { error: String(error) }));
  });
  const url = await listen(server);
  const fake: FakeX = {
    url,
    person: { id: '1460000000000000001', name: 'Xavier', handle: 'xavier_x' },
    refusals,
    env: {
      TWITTER_CLIENT_ID: clientId,
      TWITTER_CLIENT_SECRET: clientSecret,
      TWITTER_AUTH_URL: `${url}/i/oauth2/authorize`,
      TWITTER_TOKEN_URL: `${url}/2/oauth2/token`,
      TWITTER_API_BASE: url,
    },
    close: () => close(server),
  };
  return fake;
}

// Pi.

export interface FakePi {
  url: string;
  /** An access token `/v2/me` answers for `person` (uid = id, username = handle). */
  issue(person: Omit<Person, 'name'>): string;
  /** Holds every answer of `/v2/me` until the returned function is called. */
  hold(): () => void;
  /** Resolves when the next `/v2/me` request arrives. */
  nextRequest(): Promise<void>;
  refusals: string[];
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startFakePi(): Promise<FakePi> {
  const tokens = new Map<string, Omit<Person, 'name'>>();
  const refusals: string[] = [];
  let held: Promise<void> = Promise.resolve();
  let arrived: (() => void)[] = [];
  const server = createServer((request, response) => {
    void (async () => {
      for (const notify of arrived.splice(0)) notify();
      await held;
      const url = new URL(request.url ?? '/', 'http://pi.invalid');
      if (request.method !== 'GET' || url.pathname !== '/v2/me') return json(response, 404, {});
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      const person = tokens.get(token);
      if (!person) {
        refusals.push('unknown access token');
        return json(response, 401, { error: 'invalid_token' });
      }
      json(response, 200, {
        uid: person.id,
        username: person.handle,
        credentials: {
          scopes: ['username'],
          valid_until: { timestamp: Math.floor(Date.now() / 1000) + 3600, iso8601: new Date().toISOString() },
        },
      });
    })();
  });
  const url = await listen(server);
  return {
    url,
    issue(person) {
      const token = `pi_${randomId()}`;
      tokens.set(token, person);
      return token;
    },
    hold() {
      let release = () => {};
      held = new Promise<void>((resolve) => (release = resolve));
      return () => release();
    },
    nextRequest: () => new Promise<void>((resolve) => arrived.push(resolve)),
    refusals,
    env: { PI_API_KEY: 'pi-server-key', PI_API_BASE: url },
    close: () => {
      arrived = [];
      return close(server);
    },
  };
}
