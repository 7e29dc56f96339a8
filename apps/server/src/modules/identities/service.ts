/**
 * Signing in through Pi, Google and X, and linking them to an account (the rules; routes.ts
 * speaks HTTP and the cookies, repo.ts SQL, pi.ts and oauth.ts the providers).
 *
 * An account is found by (provider, subject) alone: Pi's uid from `/v2/me`, Google's ID token
 * `sub`, X's user id from `/2/users/me`. A subject not seen before makes a new account (unless
 * REGISTRATION is closed) with the service's name as nickname, no chat ID (set once, later) and
 * no password. Signing in issues the same session token as a password login
 * (auth.signIn), so the socket, expiry and sign-out work the same.
 *
 * A Google or X attempt is a row of `oauth_logins` from the login link to the callback (at most
 * OAUTH_TTL_MS), keyed by its `state`'s hash and holding the PKCE verifier, the nonce, the
 * redirect URI and, when linking, the account; the callback takes (deletes) it, so a state, and
 * with it a code, works once. The state also sits in a cookie of the browser that asked
 * (routes.ts): a callback arriving in another browser, whose state the attacker obtained in
 * theirs, is refused (login CSRF).
 */
import { createHash } from 'node:crypto';
import {
  NICKNAME_MAX,
  type AuthProviders,
  type IdentityProvider,
  type MyIdentities,
  type OAuthProvider,
} from '@paichat/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import { isUniqueViolation, type Db } from '../../db';
import {
  IdentityAlreadyLinkedError,
  IdentityInUseError,
  LastSignInMethodError,
  LoginLinkFailedError,
  LoginNotConfiguredError,
  PiLoginFailedError,
  RegistrationClosedError,
} from '../../errors';
import * as authRepo from '../auth/repo';
import type { AuthService, Caller } from '../auth/service';
import { googleClient, twitterClient, type OAuthClient, type OAuthPerson } from './oauth';
import { PiRefusedError, verifyPiToken } from './pi';
import * as repo from './repo';

/** How long a Google or X attempt may take from the login link to the callback. */
export const OAUTH_TTL_MS = 10 * 60_000;

const FIRST_NICKNAMES: Record<IdentityProvider, string> = {
  pi: 'Pi user',
  google: 'Google user',
  twitter: 'X user',
};

const NAME_MAX = 255;

/** Control, format (bidirectional overrides, zero-width) and unpaired surrogate characters. */
const UNSHOWN = /[\p{Cc}\p{Cf}\p{Cs}]/gu;

/** A name from a provider as we keep it: nothing unshowable, trimmed, at most `max` UTF-16 units, whole characters. */
export function cleanName(raw: string, max: number): string {
  let out = '';
  for (const char of raw.replace(UNSHOWN, '').trim()) {
    if (out.length + char.length > max) break;
    out += char;
  }
  return out.trim();
}

const hashState = (state: string): string => createHash('sha256').update(state).digest('hex');

/** Why a Google or X callback was refused: an ErrorId the web app explains, or 'failed'. */
export class OAuthCallbackError extends Error {
  override readonly name = 'OAuthCallbackError';
  constructor(
    readonly reason: string,
    /** The attempt was a link (the Accounts page explains), not a sign-in (the login page does). */
    readonly linking: boolean,
    options?: ErrorOptions,
  ) {
    super(`OAuth callback refused: ${reason}`, options);
  }
}

export type OAuthOutcome = { kind: 'signedIn'; token: string } | { kind: 'linked' };

export interface IdentitiesServiceDeps {
  db: Db;
  clock: Clock;
  config: Config;
  auth: AuthService;
  log: FastifyBaseLogger;
}

export function createIdentitiesService({ db, clock, config, auth, log }: IdentitiesServiceDeps) {
  const { signIn: settings } = config;
  /**
   * Google and X, each with where it sends the browser back: under the configured public
   * origin (config.ts requires one with either), never an origin a request names.
   */
  const oauthProviders = new Map<OAuthProvider, { client: OAuthClient; redirectUri: string }>();
  const base = settings.redirectBase;
  if (base !== null) {
    const redirectUri = (provider: OAuthProvider) => `${base}/auth/${provider}/callback`;
    if (settings.google)
      oauthProviders.set('google', {
        client: googleClient(settings.google),
        redirectUri: redirectUri('google'),
      });
    if (settings.twitter)
      oauthProviders.set('twitter', {
        client: twitterClient(settings.twitter),
        redirectUri: redirectUri('twitter'),
      });
  }

  const oauthProvider = (provider: OAuthProvider) => {
    const configured = oauthProviders.get(provider);
    if (!configured) throw new LoginNotConfiguredError();
    return configured;
  };

  async function piUser(accessToken: string) {
    if (!settings.pi) throw new LoginNotConfiguredError();
    try {
      return await verifyPiToken(settings.pi.apiBase, accessToken);
    } catch (error) {
      if (!(error instanceof PiRefusedError)) throw error;
      log.info({ reason: error.message }, 'Pi refused an access token');
      throw new PiLoginFailedError();
    }
  }

  /** Signs in the account of (provider, subject), making it first if it is new. */
  async function signInAs(provider: IdentityProvider, person: OAuthPerson, caller: Caller) {
    const label = cleanName(person.label, NAME_MAX);
    const known = await repo.findIdentity(db, provider, person.subject);
    if (known) {
      if (known.name !== label) await repo.renameIdentity(db, known.id, label);
      return auth.signIn(known.user_id, caller, provider);
    }
    if (!config.registrationOpen) throw new RegistrationClosedError();
    try {
      const result = await db.transaction().execute(async (trx) => {
        const now = clock.now();
        const userId = await authRepo.insertUser(trx, {
          chat_no: null,
          chat_no_lower: null,
          nick_name: cleanName(person.nickName, NICKNAME_MAX) || FIRST_NICKNAMES[provider],
          password_hash: null,
          created_at: now,
        });
        await repo.insertIdentity(trx, {
          user_id: userId,
          provider,
          subject: person.subject,
          name: label,
          created_at: now,
        });
        const { token } = await auth.startNewAccountSession(trx, userId, caller);
        return { token, userId };
      });
      log.info({ userId: result.userId, provider }, 'registered');
      return { token: result.token };
    } catch (error) {
      // The same person's first sign-in on two devices at once: the other one made the account.
      if (!isUniqueViolation(error)) throw error;
      const made = await repo.findIdentity(db, provider, person.subject);
      if (!made) throw error;
      return auth.signIn(made.user_id, caller, provider);
    }
  }

  async function link(userId: number, provider: IdentityProvider, person: OAuthPerson): Promise<void> {
    const known = await repo.findIdentity(db, provider, person.subject);
    if (known) {
      if (known.user_id !== userId) throw new IdentityInUseError();
      return;
    }
    try {
      await repo.insertIdentity(db, {
        user_id: userId,
        provider,
        subject: person.subject,
        name: cleanName(person.label, NAME_MAX),
        created_at: clock.now(),
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const now = await repo.findIdentity(db, provider, person.subject);
      if (now && now.user_id !== userId) throw new IdentityInUseError();
      if (!now) throw new IdentityAlreadyLinkedError();
    }
    log.info({ userId, provider }, 'linked');
  }

  async function list(userId: number): Promise<MyIdentities> {
    const [password, rows] = await Promise.all([
      repo.hasPasswordSignIn(db, userId),
      repo.listIdentities(db, userId),
    ]);
    return {
      password,
      list: rows.map((row) => ({
        provider: row.provider as IdentityProvider,
        name: row.name,
        linkedAt: row.created_at,
      })),
    };
  }

  return {
    providers(): AuthProviders {
      return {
        pi: settings.pi !== null,
        piSandbox: settings.pi?.sandbox ?? false,
        google: settings.google !== null,
        twitter: settings.twitter !== null,
      };
    },

    async signInWithPi(accessToken: string, caller: Caller): Promise<{ token: string }> {
      const pi = await piUser(accessToken);
      return signInAs('pi', { subject: pi.uid, label: pi.username, nickName: pi.username }, caller);
    },

    async linkPi(userId: number, accessToken: string): Promise<MyIdentities> {
      const pi = await piUser(accessToken);
      await link(userId, 'pi', { subject: pi.uid, label: pi.username, nickName: pi.username });
      return list(userId);
    },

    /**
     * A new attempt: the provider's page to open, and the state the browser must bring back
     * (routes.ts keeps it in a cookie). `linkUserId`: link to that account instead of signing in.
     */
    async startOAuth(
      provider: OAuthProvider,
      linkUserId: number | null,
    ): Promise<{ url: string; state: string }> {
      const { client, redirectUri } = oauthProvider(provider);
      let attempt;
      try {
        attempt = await client.begin(redirectUri);
      } catch (error) {
        log.warn({ err: error, provider }, 'could not build a login link');
        throw new LoginLinkFailedError(provider);
      }
      const now = clock.now();
      await repo.deleteExpiredOAuthLogins(db, now);
      await repo.insertOAuthLogin(db, {
        state_hash: hashState(attempt.state),
        provider,
        link_user_id: linkUserId,
        code_verifier: attempt.codeVerifier,
        nonce: attempt.nonce,
        redirect_uri: redirectUri,
        expires_at: now + OAUTH_TTL_MS,
      });
      return { url: attempt.url, state: attempt.state };
    },

    /**
     * The provider sent the browser back with `params`; `browserState` is the state the
     * browser's cookie holds (null: none). Throws OAuthCallbackError for every refusal.
     */
    async finishOAuth(
      provider: OAuthProvider,
      params: URLSearchParams,
      browserState: string | null,
      caller: Caller,
    ): Promise<OAuthOutcome> {
      const state = params.get('state');
      if (!state || !browserState || state !== browserState)
        throw new OAuthCallbackError('failed', false, {
          cause: new Error('state missing or not this browser’s'),
        });
      const attempt = await repo.takeOAuthLogin(db, hashState(state));
      if (!attempt || attempt.provider !== provider || attempt.expires_at <= clock.now())
        throw new OAuthCallbackError('failed', attempt?.link_user_id != null, {
          cause: new Error('no such attempt (used, expired or never made)'),
        });
      const linkUserId = attempt.link_user_id;
      let person: OAuthPerson;
      try {
        person = await oauthProvider(provider).client.finish(
          {
            state,
            codeVerifier: attempt.code_verifier,
            nonce: attempt.nonce,
            redirectUri: attempt.redirect_uri,
          },
          params,
        );
      } catch (error) {
        throw new OAuthCallbackError('failed', linkUserId !== null, { cause: error });
      }
      try {
        if (linkUserId === null) return { kind: 'signedIn', ...(await signInAs(provider, person, caller)) };
        await link(linkUserId, provider, person);
        return { kind: 'linked' };
      } catch (error) {
        const reason =
          error instanceof IdentityInUseError || error instanceof IdentityAlreadyLinkedError
            ? error.err
            : 'failed';
        throw new OAuthCallbackError(reason, linkUserId !== null, { cause: error });
      }
    },

    list,

    async unlink(userId: number, provider: IdentityProvider): Promise<MyIdentities> {
      await db.transaction().execute(async (trx) => {
        const user = await repo.lockUserSignIn(trx, userId);
        const rows = await repo.listIdentities(trx, userId);
        if (!rows.some((row) => row.provider === provider)) return;
        const othersLeft = rows.filter((row) => row.provider !== provider).length;
        if (!user?.password && othersLeft === 0) throw new LastSignInMethodError();
        await repo.deleteIdentity(trx, userId, provider);
      });
      log.info({ userId, provider }, 'unlinked');
      return list(userId);
    },
  };
}

export type IdentitiesService = ReturnType<typeof createIdentitiesService>;
