/**
 * Google and X sign-in: OAuth 2.0 authorization code with PKCE (S256), through openid-client.
 *
 * - Google speaks OpenID Connect: its configuration comes from the issuer's discovery document
 *   (fetched once, again after a failure), the client authenticates with HTTP Basic, and the ID
 *   token's `iss`, `aud`, `exp`, `iat` and `nonce` are checked (openid-client; the token comes
 *   straight from the token endpoint over TLS, so its signature needs no check of ours, as
 *   OpenID Connect Core 3.1.3.7 allows). The person is the ID token's `sub`.
 * - X has no discovery document: its endpoints are configured by hand, PKCE is mandatory, the
 *   confidential client authenticates with HTTP Basic, and the person is whom `/2/users/me`
 *   answers for the access token.
 *
 * Each attempt has its own `state`, PKCE verifier and (Google) nonce; the caller keeps them on
 * the server between `begin` and `finish`.
 */
import * as oidc from 'openid-client';
import { z } from 'zod';
import type { SignInConfig } from '../../config';

/** Seconds any one request to a provider may take. */
const PROVIDER_TIMEOUT_S = 10;

export interface OAuthAttempt {
  url: string;
  state: string;
  codeVerifier: string;
  /** '' where the provider has no ID token (X). */
  nonce: string;
}

export interface OAuthPerson {
  /** The provider's stable id for the person. */
  subject: string;
  /** How the provider names them to their owner (e-mail, @username). */
  label: string;
  /** A first nickname for a new account. */
  nickName: string;
}

export interface OAuthClient {
  begin(redirectUri: string): Promise<OAuthAttempt>;
  /** Checks the provider's answer (`params`: the callback's query) and answers who signed in. */
  finish(
    attempt: Pick<OAuthAttempt, 'state' | 'codeVerifier' | 'nonce'> & { redirectUri: string },
    params: URLSearchParams,
  ): Promise<OAuthPerson>;
}

/**
 * HTTP Basic client authentication as providers read it. openid-client's ClientSecretBasic
 * form-encodes every character but letters and digits (RFC 6749 2.3.1 to the letter), so an
 * X or Google secret with a `-` or `_` in it arrives as `%2D`/`%5F`, which a provider that does
 * not form-decode (as X documents it: base64 of `client_id:client_secret`) refuses.
 * `encodeURIComponent` leaves those characters alone and still escapes the ones that matter
 * (`:`, `%`, `+`, `/`, `=`), so both kinds of provider read the same credentials.
 */
function clientSecretBasic(clientId: string, clientSecret: string): oidc.ClientAuth {
  const credentials = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`);
  return (_as, _client, _body, headers) => {
    headers.set('authorization', `Basic ${credentials.toString('base64')}`);
  };
}

/** Plain HTTP is allowed only where the operator configured an http:// address (the test fakes). */
const isPlainHttp = (url: string): boolean => url.startsWith('http://');

/** The callback URL as openid-client reads it: the redirect URI the attempt used, with the answer's parameters. */
function callbackUrl(redirectUri: string, params: URLSearchParams): URL {
  const url = new URL(redirectUri);
  for (const [key, value] of params) url.searchParams.append(key, value);
  return url;
}

/** A new attempt at the provider's authorization page: its own state, PKCE verifier (S256) and, for OpenID, nonce. */
async function beginAttempt(
  config: oidc.Configuration,
  redirectUri: string,
  scope: string,
  openId: boolean,
): Promise<OAuthAttempt> {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = openId ? oidc.randomNonce() : '';
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    ...(openId ? { nonce } : {}),
  });
  return { url: url.href, state, codeVerifier, nonce };
}

export function googleClient(google: NonNullable<SignInConfig['google']>): OAuthClient {
  let configuration: Promise<oidc.Configuration> | null = null;
  const configure = () => {
    configuration ??= oidc
      .discovery(
        new URL(google.issuer),
        google.clientId,
        undefined,
        clientSecretBasic(google.clientId, google.clientSecret),
        {
          timeout: PROVIDER_TIMEOUT_S,
          ...(isPlainHttp(google.issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
        },
      )
      .then((config) => {
        config.timeout = PROVIDER_TIMEOUT_S;
        return config;
      })
      .catch((error: unknown) => {
        configuration = null;
        throw error;
      });
    return configuration;
  };

  return {
    async begin(redirectUri) {
      return beginAttempt(await configure(), redirectUri, 'openid email profile', true);
    },

    async finish(attempt, params) {
      const config = await configure();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl(attempt.redirectUri, params), {
        pkceCodeVerifier: attempt.codeVerifier,
        expectedState: attempt.state,
        expectedNonce: attempt.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token');
      const email = typeof claims.email === 'string' ? claims.email : '';
      const name = typeof claims.name === 'string' ? claims.name : '';
      return {
        subject: claims.sub,
        label: email || name,
        nickName: name || email.split('@')[0] || '',
      };
    },
  };
}

const XUser = z.object({
  data: z.object({
    id: z.string().min(1).max(255),
    name: z.string().max(255).optional(),
    username: z.string().max(255).optional(),
  }),
});

export function twitterClient(twitter: NonNullable<SignInConfig['twitter']>): OAuthClient {
  const config = new oidc.Configuration(
    {
      issuer: new URL(twitter.authUrl).origin,
      authorization_endpoint: twitter.authUrl,
      token_endpoint: twitter.tokenUrl,
    },
    twitter.clientId,
    undefined,
    clientSecretBasic(twitter.clientId, twitter.clientSecret),
  );
  config.timeout = PROVIDER_TIMEOUT_S;
  if ([twitter.authUrl, twitter.tokenUrl, twitter.apiBase].some(isPlainHttp))
    oidc.allowInsecureRequests(config);

  return {
    begin(redirectUri) {
      return beginAttempt(config, redirectUri, 'users.read tweet.read', false);
    },

    async finish(attempt, params) {
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl(attempt.redirectUri, params), {
        pkceCodeVerifier: attempt.codeVerifier,
        expectedState: attempt.state,
      });
      const response = await oidc.fetchProtectedResource(
        config,
        tokens.access_token,
        new URL(`${twitter.apiBase}/2/users/me`),
        'GET',
      );
      if (!response.ok) throw new Error(`/2/users/me answered ${response.status}`);
      const { data } = XUser.parse(await response.json());
      const username = data.username ?? '';
      return {
        subject: data.id,
        label: username ? `@${username}` : (data.name ?? ''),
        nickName: data.name || username,
      };
    },
  };
}
