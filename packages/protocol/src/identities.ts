import { z } from 'zod';
import { endpoint, Empty } from './endpoint';
import { text } from './text';

/**
 * Signing in through another service (spec 1): Pi Network inside the Pi Browser, Google and
 * Twitter (X) elsewhere. An account is found by the service and the person's id there (its
 * "identity"), never by anything else the client says; a new identity makes a new account with
 * no chat ID (set once, later, by /my/setChatNo) and no password.
 *
 * - Pi: the web app gets an access token from the Pi SDK (`Pi.authenticate`) and sends it to
 *   `POST /auth/pi`; the server asks the Pi Platform API who it belongs to (`GET /v2/me`).
 * - Google and X: OAuth 2.0 authorization code with PKCE. `POST /auth/oauth/start` answers the
 *   provider's page to open and sets a short-lived cookie that binds the attempt to this
 *   browser; the provider sends the browser back to `GET /auth/{google|twitter}/callback`,
 *   which signs in (the same session token a password login answers, in the `auth_token`
 *   cookie, never in a URL) and sends the browser on to the app.
 *
 * A signed-in person links more services to their account (/my/identities/*) and unlinks one
 * while another way in remains (a password counts when the account also has a chat ID).
 */

export const IdentityProvider = z.enum(['pi', 'google', 'twitter']);
export type IdentityProvider = z.infer<typeof IdentityProvider>;

/** The services signed in to through the browser (authorization code with PKCE). */
export const OAuthProvider = z.enum(['google', 'twitter']);
export type OAuthProvider = z.infer<typeof OAuthProvider>;

/** Longest Pi access token accepted (they are far shorter; anything longer is not one). */
export const PI_ACCESS_TOKEN_MAX = 2048;

/** Which ways in this server offers; the login screen hides the others. */
export const AuthProviders = z.object({
  pi: z.boolean(),
  /** The Pi SDK's `sandbox` flag (PI_SANDBOX): an app under development in the Pi sandbox. */
  piSandbox: z.boolean(),
  google: z.boolean(),
  twitter: z.boolean(),
});
export type AuthProviders = z.infer<typeof AuthProviders>;

export const getAuthProviders = endpoint({
  method: 'GET',
  path: '/auth/providers',
  request: Empty,
  response: AuthProviders,
  auth: false,
  summary: 'Which sign-in services (Pi, Google, Twitter) this server is configured for',
});

const PiToken = z.object({
  /**
   * What `Pi.authenticate` answered. Only this counts: a uid or username the client sends
   * besides it is ignored, the server asks Pi whose token it is.
   */
  accessToken: text(PI_ACCESS_TOKEN_MAX).min(1, 'accessToken is required'),
});

export const piLogin = endpoint({
  method: 'POST',
  path: '/auth/pi',
  request: PiToken,
  response: z.object({ token: z.string() }),
  auth: false,
  summary: 'Sign in (or up) with a Pi access token, verified with the Pi Platform API',
});

const OAuthStart = z.object({ provider: OAuthProvider });
const OAuthUrl = z.object({
  /** The provider's authorization page: open it in this browser (the cookie set with it must ride along). */
  url: z.string(),
});

export const startOAuthLogin = endpoint({
  method: 'POST',
  path: '/auth/oauth/start',
  request: OAuthStart,
  response: OAuthUrl,
  auth: false,
  summary: 'The Google or Twitter login link (sets the cookie that binds the attempt to this browser)',
});

/** One service linked to the signed-in account. */
export const LinkedIdentity = z.object({
  provider: IdentityProvider,
  /** How the service names the person (Pi username, Google e-mail, X @username). */
  name: z.string(),
  linkedAt: z.number().int(),
});
export type LinkedIdentity = z.infer<typeof LinkedIdentity>;

export const MyIdentities = z.object({
  /** Whether the account signs in by chat ID and password (it has both). */
  password: z.boolean(),
  list: z.array(LinkedIdentity),
});
export type MyIdentities = z.infer<typeof MyIdentities>;

export const getMyIdentities = endpoint({
  method: 'GET',
  path: '/my/identities',
  request: Empty,
  response: MyIdentities,
  auth: true,
  summary: 'The sign-in services linked to this account, and whether it has a password',
});

export const linkPi = endpoint({
  method: 'POST',
  path: '/my/identities/linkPi',
  request: PiToken,
  response: MyIdentities,
  auth: true,
  summary: 'Link the Pi account of an access token to this account',
});

export const startOAuthLink = endpoint({
  method: 'POST',
  path: '/my/identities/linkStart',
  request: OAuthStart,
  response: OAuthUrl,
  auth: true,
  summary: 'The Google or Twitter page that links an account of theirs to this one',
});

export const unlinkIdentity = endpoint({
  method: 'POST',
  path: '/my/identities/unlink',
  request: z.object({ provider: IdentityProvider }),
  response: MyIdentities,
  auth: true,
  summary: 'Unlink a sign-in service, while another way in remains',
});

/**
 * Where the server sends the browser after a provider's callback (the web app's routes), with
 * `?provider=` and, for a failure, `&error=` naming an ErrorId or `failed`.
 */
export const OAUTH_RETURN = {
  /** Signed in: the session is in the `auth_token` cookie. */
  signedIn: '/#/wx/tabbar1/index',
  /** Sign-in failed: the login page says "Google login failed" / "Twitter login failed". */
  loginFailed: '/#/wx/login/index',
  /** Linking ended, either way: the Accounts page of Settings. */
  linked: '/#/wx/system/accounts',
} as const;
