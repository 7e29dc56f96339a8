import { isIP } from 'node:net';
import { hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_RECALL_WINDOWS, type RecallWindows } from '@paichat/protocol';
import { z } from 'zod';

/**
 * Every setting, read from the environment once, validated here and passed down.
 * An empty variable counts as unset. A bad value stops the start with a message naming it.
 *
 * | variable        | default                         | meaning |
 * |-----------------|---------------------------------|---------|
 * | PORT            | 8080                            | TCP port (0 picks a free one) |
 * | HOST            | 0.0.0.0                         | address to listen on |
 * | DATA_DIR        | ./data (from the working dir)   | where the embedded database, uploads (`uploads/`) and the message-id mark (`message-ids.mark`) live |
 * | DATABASE_URL    | sqlite:${DATA_DIR}/paichat.db   | `postgres://…` / `postgresql://…` selects PostgreSQL; `sqlite:<path>` (relative to the working dir) or `:memory:` selects SQLite |
 * | REDIS_URL       | (none)                          | `redis://[:password@]host:6379[/db]`: the Redis bus and shared request budgets of a scale-out deployment; none: in-process bus and budgets |
 * | REDIS_PREFIX    | paichat:                        | prefix of every Redis channel and key (several deployments on one Redis) |
 * | UPLOAD_DIR      | ${DATA_DIR}/uploads             | where uploads live; every node of a deployment must see the same folder (a shared volume) |
 * | NODE_ID         | <hostname>-<pid>                | this node's name in logs and in Redis' client list |
 * | CAPTCHA         | on                              | on/off: require a verification code at sign-in and sign-up (off: only for accounts with recent failures) |
 * | RATE_LIMITS     | on                              | on/off: per-caller request budgets on search, profiles, friend requests, captchas, sign-up, chat ID checks (http/rate-limit.ts) |
 * | REGISTRATION    | open                            | open/closed: whether new accounts can be created |
 * | DEMO_DATA       | on                              | on/off: create demo accounts on the first start of an empty SQLite database |
 * | TRUST_PROXY     | off                             | off: X-Forwarded-For ignored; on: trust every proxy; otherwise a comma list of addresses, CIDRs or loopback/linklocal/uniquelocal, passed to Fastify's trustProxy |
 * | TOKEN_TTL_DAYS  | 30                              | sign-in token lifetime in days |
 * | LOG_LEVEL       | info                            | fatal, error, warn, info, debug, trace or silent |
 * | WEB_DIST        | <repo>/apps/web/dist            | built web app, served at / when the folder exists |
 * | UPLOAD_MAX_MB   | 10                              | largest file accepted by /file/upload (images, voice, documents), in MB (decimals allowed) |
 * | VIDEO_MAX_MB    | 50                              | largest file accepted by /file/uploadVideo, in MB (decimals allowed) |
 * | ALLOWED_ORIGINS | (none)                          | comma list of other origins (`https://chat.example.com`) whose pages may open the socket; the app's own origin always may |
 * | MAX_SOCKETS_PER_USER | 10                         | open sockets per account, across all nodes; one more closes the oldest (4009) |
 * | RECALL_WINDOW_SECONDS | 120                        | how long after sending its sender may recall a message (/chat/recallMsg) |
 * | RECALL_FILE_WINDOW_SECONDS | 10800                 | the same for pictures, videos, voice and files |
 * | APP_DOWNLOAD_URL | (none)                         | http(s) address of the Android app the download page offers (none: the page says so and offers installing the web app) |
 * | APP_DOWNLOAD_SIZE_MB | (none)                     | its size in MB, shown on the download page |
 * | APP_UPDATED_AT  | (none)                          | when it was last updated (YYYY-MM-DD), shown on the download page |
 * | STAT_APP_KEY    | (none)                          | the app key the statistics collector (/stat/*) counts events for; none: it answers enable false and refuses reports |
 * | PI_API_KEY      | (none)                          | the app's Server API Key from the Pi Developer Portal; set, Pi sign-in is offered |
 * | PI_API_BASE     | https://api.minepi.com          | the Pi Platform API (`/v2/me` verifies access tokens) |
 * | PI_SANDBOX      | off                             | on/off: the Pi SDK's sandbox mode (an app under development) |
 * | GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET | (none)   | an OAuth client of Google's; both set, Google sign-in is offered |
 * | GOOGLE_ISSUER   | https://accounts.google.com     | the OpenID provider (discovery document at /.well-known/openid-configuration) |
 * | TWITTER_CLIENT_ID, TWITTER_CLIENT_SECRET | (none) | a confidential OAuth 2.0 client of X's; both set, Twitter sign-in is offered |
 * | TWITTER_AUTH_URL | https://x.com/i/oauth2/authorize | X's authorization page |
 * | TWITTER_TOKEN_URL | https://api.x.com/2/oauth2/token | X's token endpoint (client authentication: HTTP Basic) |
 * | TWITTER_API_BASE | https://api.x.com              | where `/2/users/me` is asked |
 * | OAUTH_REDIRECT_BASE | (none; required with Google or X) | the public origin providers send the browser back to (`{base}/auth/google/callback`, `{base}/auth/twitter/callback`); never taken from a request |
 * | PUSH_CONTACT    | mailto:push@paichat.invalid     | the VAPID subject (`mailto:` or `https:`) push services may contact about this server's pushes |
 * | PUSH_LOCAL_ENDPOINTS | off                        | on/off: pushes may reach loopback where the endpoint names it (http://127.0.0.1, [::1], localhost: a local fake push service in tests); off: https to public addresses only |
 * | LINK_PREVIEW_LOCAL_SITES | off                    | on/off: link previews may read pages at loopback where the link names it (http://127.0.0.1, [::1], localhost: local fake sites in tests); off: public addresses only |
 */

export type DatabaseConfig = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  /** The Redis of a scale-out deployment (bus, request budgets); null: a single node. */
  redis: { url: string; prefix: string } | null;
  /** Where uploads live (shared by every node). */
  uploadDir: string;
  nodeId: string;
  captcha: boolean;
  rateLimits: boolean;
  registrationOpen: boolean;
  demoData: boolean;
  trustProxy: boolean | string;
  tokenTtlDays: number;
  logLevel: LogLevel;
  webDist: string;
  /** Upload size limits in bytes. */
  uploadMaxBytes: number;
  videoMaxBytes: number;
  /** Origins besides the app's own whose pages may open the socket, normalized (`https://host[:port]`). */
  allowedOrigins: string[];
  maxSocketsPerUser: number;
  /** How long after sending its sender may recall a message (modules/chats/recall.ts). */
  recallWindows: RecallWindows;
  /** The app download the download page offers. */
  appDownload: { url: string; sizeBytes: number; updatedAt: number };
  /** The app key the statistics collector accepts (modules/stats); null: it collects nothing. */
  statAppKey: string | null;
  /** Sign-in through other services (modules/identities); a service left null is not offered. */
  signIn: SignInConfig;
  /** Web Push (modules/webpush): the VAPID subject, and whether local http push services are accepted. */
  webPush: { contact: string; allowLocalEndpoints: boolean };
  /** Link previews (modules/links): whether pages at loopback may be read (local fake sites in tests). */
  linkPreviews: { allowLocalSites: boolean };
}

export interface SignInConfig {
  pi: { apiKey: string; apiBase: string; sandbox: boolean } | null;
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  twitter: {
    clientId: string;
    clientSecret: string;
    authUrl: string;
    tokenUrl: string;
    apiBase: string;
  } | null;
  /** The public origin Google and X return to; set whenever either is (null: neither is). */
  redirectBase: string | null;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const DEFAULT_WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');
const MEMORY = ':memory:';

const onOff = (fallback: 'on' | 'off') =>
  z
    .string()
    .default(fallback)
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(['on', 'off', 'true', 'false'], { error: 'must be on or off' }))
    .transform((v) => v === 'on' || v === 'true');

const megabytes = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform(Number)
    .pipe(z.number({ error: 'must be a number' }).positive('must be positive').max(10_240));

const MB = 1024 * 1024;

/** Whole seconds, up to a week. */
const seconds = (fallback: number) =>
  z
    .string()
    .default(String(fallback))
    .transform(Number)
    .pipe(
      z
        .number({ error: 'must be a number' })
        .int('must be whole seconds')
        .min(0)
        .max(7 * 86_400),
    );

/** An http(s) address without credentials, query or fragment; a trailing slash is dropped. */
const httpUrl = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) address', abort: true }))
    .refine((v) => {
      const url = new URL(v);
      return url.username === '' && url.password === '' && url.search === '' && url.hash === '';
    }, 'must be an http(s) address without credentials, query or fragment')
    .transform((v) => {
      let end = v.length;
      while (end > 0 && v[end - 1] === '/') end -= 1;
      return v.slice(0, end);
    });

const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyEntry = (entry: string): boolean => {
  if (PROXY_KEYWORDS.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  if (rest.length > 0 || isIP(address) === 0) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d+$/.test(bits) && Number(bits) <= max;
};

/** `https://chat.example.com` as the browser sends it in `Origin`; anything else is null. */
const asOrigin = (entry: string): string | null => {
  // Exact origins only: a wildcard would let any subdomain someone can register in.
  if (entry.includes('*')) return null;
  try {
    const url = new URL(entry);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    // An origin has no path, query or credentials (a trailing slash is tolerated).
    return url.href === `${url.origin}/` ? url.origin : null;
  } catch {
    return null;
  }
};

const Env = z.object({
  PORT: z
    .string()
    .default('8080')
    .transform(Number)
    .pipe(z.number({ error: 'must be a number' }).int('must be an integer').min(0).max(65535)),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z
    .string()
    .pipe(z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// address' }))
    .optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'must be 1 to 64 letters, digits or _ : . -')
    .default('paichat:'),
  UPLOAD_DIR: z.string().optional(),
  NODE_ID: z
    .string()
    .regex(/^[\w.-]{1,64}$/, 'must be 1 to 64 letters, digits, dots, underscores or hyphens')
    .optional(),
  CAPTCHA: onOff('on'),
  RATE_LIMITS: onOff('on'),
  REGISTRATION: z
    .string()
    .default('open')
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(['open', 'closed'], { error: 'must be open or closed' })),
  DEMO_DATA: onOff('on'),
  TRUST_PROXY: z
    .string()
    .default('off')
    .transform((v, ctx) => {
      const lower = v.trim().toLowerCase();
      if (lower === 'off' || lower === 'false') return false;
      if (lower === 'on' || lower === 'true') return true;
      const entries = v
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean);
      if (entries.length === 0 || !entries.every(isProxyEntry)) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be off, on, or a comma list of addresses, CIDRs, loopback, linklocal or uniquelocal',
        });
        return z.NEVER;
      }
      return entries.join(',');
    }),
  TOKEN_TTL_DAYS: z
    .string()
    .default('30')
    .transform(Number)
    .pipe(z.number({ error: 'must be a number' }).positive('must be positive').max(3650)),
  LOG_LEVEL: z
    .string()
    .default('info')
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })),
  WEB_DIST: z.string().optional(),
  UPLOAD_MAX_MB: megabytes('10'),
  VIDEO_MAX_MB: megabytes('50'),
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const entries = v
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean);
      const origins = entries.map(asOrigin);
      if (origins.some((o) => o === null)) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be a comma list of origins like https://chat.example.com',
        });
        return z.NEVER;
      }
      return [...new Set(origins as string[])];
    }),
  MAX_SOCKETS_PER_USER: z
    .string()
    .default('10')
    .transform(Number)
    .pipe(z.number({ error: 'must be a number' }).int('must be an integer').min(1).max(1000)),
  RECALL_WINDOW_SECONDS: seconds(DEFAULT_RECALL_WINDOWS.seconds),
  RECALL_FILE_WINDOW_SECONDS: seconds(DEFAULT_RECALL_WINDOWS.fileSeconds),
  APP_DOWNLOAD_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }).optional(),
  APP_DOWNLOAD_SIZE_MB: z
    .string()
    .transform(Number)
    .pipe(z.number({ error: 'must be a number' }).positive('must be positive').max(10_240))
    .optional(),
  APP_UPDATED_AT: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-11-24')
    .transform((day) => Date.parse(`${day}T00:00:00Z`))
    .pipe(z.number({ error: 'must be a real date' }).int())
    .optional(),
  STAT_APP_KEY: z
    .string()
    .regex(/^[\w.-]{1,64}$/, 'must be 1 to 64 letters, digits, dots, underscores or hyphens')
    .optional(),
  PI_API_KEY: z.string().optional(),
  PI_API_BASE: httpUrl('https://api.minepi.com'),
  PI_SANDBOX: onOff('off'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: httpUrl('https://accounts.google.com'),
  TWITTER_CLIENT_ID: z.string().optional(),
  TWITTER_CLIENT_SECRET: z.string().optional(),
  TWITTER_AUTH_URL: httpUrl('https://x.com/i/oauth2/authorize'),
  TWITTER_TOKEN_URL: httpUrl('https://api.x.com/2/oauth2/token'),
  TWITTER_API_BASE: httpUrl('https://api.x.com'),
  OAUTH_REDIRECT_BASE: z
    .string()
    .transform((v, ctx) => {
      const origin = asOrigin(v);
      if (origin === null) {
        ctx.addIssue({ code: 'custom', message: 'must be an origin like https://chat.example.com' });
        return z.NEVER;
      }
      return origin;
    })
    .optional(),
  PUSH_CONTACT: z
    .string()
    .default('mailto:push@paichat.invalid')
    .refine((v) => /^mailto:[^@\s]+@[^@\s]+$/.test(v) || (URL.canParse(v) && v.startsWith('https://')), {
      message: 'must be a mailto: or https: address',
    }),
  PUSH_LOCAL_ENDPOINTS: onOff('off'),
  LINK_PREVIEW_LOCAL_SITES: onOff('off'),
});

/** Both halves of an OAuth client, or neither: one without the other is a mistake worth stopping for. */
function clientPair(
  env: Record<string, string | undefined>,
  idName: string,
  secretName: string,
): { clientId: string; clientSecret: string } | string | null {
  const clientId = env[idName];
  const clientSecret = env[secretName];
  if (clientId === undefined && clientSecret === undefined) return null;
  if (clientId === undefined) return `${idName}: required when ${secretName} is set`;
  if (clientSecret === undefined) return `${secretName}: required when ${idName} is set`;
  return { clientId, clientSecret };
}

function parseDatabaseUrl(raw: string | undefined, dataDir: string, cwd: string): DatabaseConfig | string {
  if (raw === undefined) return { dialect: 'sqlite', file: path.join(dataDir, 'paichat.db') };
  if (/^postgres(ql)?:\/\//i.test(raw)) return { dialect: 'postgres', url: raw };
  if (raw === MEMORY || raw === `sqlite:${MEMORY}`) return { dialect: 'sqlite', file: MEMORY };
  if (raw.startsWith('sqlite:')) {
    const file = raw.slice('sqlite:'.length);
    if (file === '') return 'sqlite: needs a file path, e.g. sqlite:./data/paichat.db';
    return { dialect: 'sqlite', file: path.resolve(cwd, file) };
  }
  return 'must start with postgres://, postgresql:// or sqlite:, or be :memory:';
}

/** Reads the settings from an environment map; throws ConfigError naming every bad variable. */
export function configFromEnv(env: Record<string, string | undefined>, cwd = process.cwd()): Config {
  const cleaned: Record<string, string> = {};
  for (const key of Object.keys(Env.shape)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') cleaned[key] = value.trim();
  }
  const parsed = Env.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        // A Redis address may carry its password: never echoed.
        if (name === 'REDIS_URL') return `${name}: ${issue.message}`;
        return `${name}: ${issue.message} (got ${JSON.stringify(cleaned[name] ?? '')})`;
      }),
    );
  }
  const e = parsed.data;
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  const database = parseDatabaseUrl(e.DATABASE_URL, dataDir, cwd);
  if (typeof database === 'string') throw new ConfigError([`DATABASE_URL: ${database}`]);
  const google = clientPair(cleaned, 'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET');
  const twitter = clientPair(cleaned, 'TWITTER_CLIENT_ID', 'TWITTER_CLIENT_SECRET');
  const pairProblems = [google, twitter].filter((pair) => typeof pair === 'string');
  if (pairProblems.length > 0) throw new ConfigError(pairProblems);
  // A request's Host header must never choose where a provider sends the browser and its code.
  if ((google || twitter) && e.OAUTH_REDIRECT_BASE === undefined)
    throw new ConfigError([
      'OAUTH_REDIRECT_BASE: required when Google or Twitter sign-in is configured: the public origin people open the app at, like https://chat.example.com',
    ]);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX } : null,
    uploadDir: e.UPLOAD_DIR === undefined ? path.join(dataDir, 'uploads') : path.resolve(cwd, e.UPLOAD_DIR),
    nodeId: e.NODE_ID ?? `${hostname().replace(/[^\w.-]/g, '_')}-${process.pid}`,
    captcha: e.CAPTCHA,
    rateLimits: e.RATE_LIMITS,
    registrationOpen: e.REGISTRATION === 'open',
    demoData: e.DEMO_DATA,
    trustProxy: e.TRUST_PROXY,
    tokenTtlDays: e.TOKEN_TTL_DAYS,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST === undefined ? DEFAULT_WEB_DIST : path.resolve(cwd, e.WEB_DIST),
    uploadMaxBytes: Math.floor(e.UPLOAD_MAX_MB * MB),
    videoMaxBytes: Math.floor(e.VIDEO_MAX_MB * MB),
    allowedOrigins: e.ALLOWED_ORIGINS,
    maxSocketsPerUser: e.MAX_SOCKETS_PER_USER,
    recallWindows: { seconds: e.RECALL_WINDOW_SECONDS, fileSeconds: e.RECALL_FILE_WINDOW_SECONDS },
    appDownload: {
      url: e.APP_DOWNLOAD_URL ?? '',
      sizeBytes: Math.floor((e.APP_DOWNLOAD_SIZE_MB ?? 0) * MB),
      updatedAt: e.APP_UPDATED_AT ?? 0,
    },
    statAppKey: e.STAT_APP_KEY ?? null,
    signIn: {
      pi: e.PI_API_KEY ? { apiKey: e.PI_API_KEY, apiBase: e.PI_API_BASE, sandbox: e.PI_SANDBOX } : null,
      google: google && typeof google === 'object' ? { ...google, issuer: e.GOOGLE_ISSUER } : null,
      twitter:
        twitter && typeof twitter === 'object'
          ? {
              ...twitter,
              authUrl: e.TWITTER_AUTH_URL,
              tokenUrl: e.TWITTER_TOKEN_URL,
              apiBase: e.TWITTER_API_BASE,
            }
          : null,
      redirectBase: e.OAUTH_REDIRECT_BASE ?? null,
    },
    webPush: { contact: e.PUSH_CONTACT, allowLocalEndpoints: e.PUSH_LOCAL_ENDPOINTS },
    linkPreviews: { allowLocalSites: e.LINK_PREVIEW_LOCAL_SITES },
  };
}
