import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv, DEFAULT_WEB_DIST } from './config';

const CWD = '/srv/paichat';

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    configFromEnv(env, CWD);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
};

describe('configFromEnv', () => {
  it('has working defaults', () => {
    expect(configFromEnv({}, CWD)).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/paichat/data',
      database: { dialect: 'sqlite', file: '/srv/paichat/data/paichat.db' },
      redis: null,
      uploadDir: '/srv/paichat/data/uploads',
      nodeId: expect.stringMatching(new RegExp(`-${process.pid}$`)),
      captcha: true,
      rateLimits: true,
      registrationOpen: true,
      demoData: true,
      trustProxy: false,
      tokenTtlDays: 30,
      logLevel: 'info',
      webDist: DEFAULT_WEB_DIST,
      uploadMaxBytes: 10 * 1024 * 1024,
      videoMaxBytes: 50 * 1024 * 1024,
      allowedOrigins: [],
      maxSocketsPerUser: 10,
      recallWindows: { seconds: 120, fileSeconds: 10_800 },
      appDownload: { url: '', sizeBytes: 0, updatedAt: 0 },
      statAppKey: null,
      signIn: { pi: null, google: null, twitter: null, redirectBase: null },
      webPush: { contact: 'mailto:push@paichat.invalid', allowLocalEndpoints: false },
      linkPreviews: { allowLocalSites: false },
    });
    expect(DEFAULT_WEB_DIST.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
  });

  it('reads every variable', () => {
    const config = configFromEnv(
      {
        PORT: '9000',
        HOST: '127.0.0.1',
        DATA_DIR: '/var/lib/paichat',
        REDIS_URL: 'redis://10.0.0.5:6379/2',
        REDIS_PREFIX: 'chat-eu:',
        UPLOAD_DIR: '../shared/uploads',
        NODE_ID: 'node-a',
        CAPTCHA: 'OFF',
        REGISTRATION: 'closed',
        DEMO_DATA: 'off',
        TRUST_PROXY: 'loopback, 10.0.0.0/8 ,2001:db8::/32',
        TOKEN_TTL_DAYS: '7',
        LOG_LEVEL: 'warn',
        WEB_DIST: 'public',
        UPLOAD_MAX_MB: '0.5',
        VIDEO_MAX_MB: '200',
        ALLOWED_ORIGINS: 'https://chat.example.com, http://localhost:5173/,HTTPS://Chat.Example.com:443',
        MAX_SOCKETS_PER_USER: '3',
        RECALL_WINDOW_SECONDS: '60',
        RECALL_FILE_WINDOW_SECONDS: '3600',
        APP_DOWNLOAD_URL: 'https://downloads.example.com/paichat-1.2.2.apk',
        APP_DOWNLOAD_SIZE_MB: '24.5',
        APP_UPDATED_AT: '2026-11-20',
        STAT_APP_KEY: 'paichat-web_1.0',
      },
      CWD,
    );
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/var/lib/paichat',
      database: { dialect: 'sqlite', file: '/var/lib/paichat/paichat.db' },
      redis: { url: 'redis://10.0.0.5:6379/2', prefix: 'chat-eu:' },
      uploadDir: '/srv/shared/uploads',
      nodeId: 'node-a',
      captcha: false,
      registrationOpen: false,
      demoData: false,
      trustProxy: 'loopback,10.0.0.0/8,2001:db8::/32',
      tokenTtlDays: 7,
      logLevel: 'warn',
      webDist: '/srv/paichat/public',
      uploadMaxBytes: 524_288,
      videoMaxBytes: 200 * 1024 * 1024,
      allowedOrigins: ['https://chat.example.com', 'http://localhost:5173'],
      maxSocketsPerUser: 3,
      recallWindows: { seconds: 60, fileSeconds: 3600 },
      appDownload: {
        url: 'https://downloads.example.com/paichat-1.2.2.apk',
        sizeBytes: Math.floor(24.5 * 1024 * 1024),
        updatedAt: Date.UTC(2026, 10, 20),
      },
      statAppKey: 'paichat-web_1.0',
    });
    expect(configFromEnv({ TRUST_PROXY: 'on' }, CWD).trustProxy).toBe(true);
  });

  it('selects the database from DATABASE_URL', () => {
    const url = 'postgres://app:secret@db.internal:5432/paichat';
    expect(configFromEnv({ DATABASE_URL: url }, CWD).database).toEqual({ dialect: 'postgres', url });
    expect(configFromEnv({ DATABASE_URL: 'postgresql://db/paichat' }, CWD).database.dialect).toBe('postgres');
    expect(configFromEnv({ DATABASE_URL: 'sqlite:./chat.db' }, CWD).database).toEqual({
      dialect: 'sqlite',
      file: '/srv/paichat/chat.db',
    });
    expect(configFromEnv({ DATABASE_URL: ':memory:' }, CWD).database).toEqual({
      dialect: 'sqlite',
      file: ':memory:',
    });
  });

  it('treats empty variables as unset', () => {
    expect(configFromEnv({ PORT: '', CAPTCHA: '  ' }, CWD)).toMatchObject({ port: 8080, captcha: true });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['CAPTCHA', 'maybe'],
    ['REGISTRATION', 'invite-only'],
    ['DEMO_DATA', 'yes please'],
    ['TRUST_PROXY', 'everyone'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TOKEN_TTL_DAYS', '0'],
    ['TOKEN_TTL_DAYS', 'forever'],
    ['LOG_LEVEL', 'loud'],
    ['DATABASE_URL', 'mysql://db/paichat'],
    ['DATABASE_URL', 'sqlite:'],
    ['UPLOAD_MAX_MB', '0'],
    ['UPLOAD_MAX_MB', 'ten'],
    ['VIDEO_MAX_MB', '-5'],
    ['ALLOWED_ORIGINS', 'chat.example.com'],
    ['ALLOWED_ORIGINS', 'https://chat.example.com/app'],
    ['ALLOWED_ORIGINS', 'ftp://chat.example.com'],
    ['ALLOWED_ORIGINS', 'https://*.example.com'],
    ['MAX_SOCKETS_PER_USER', '0'],
    ['MAX_SOCKETS_PER_USER', '2.5'],
    ['RECALL_WINDOW_SECONDS', '-1'],
    ['RECALL_FILE_WINDOW_SECONDS', '1.5'],
    ['APP_DOWNLOAD_URL', 'ftp://downloads.example.com/app.apk'],
    ['APP_DOWNLOAD_URL', 'not a url'],
    ['APP_DOWNLOAD_SIZE_MB', '-1'],
    ['APP_UPDATED_AT', '20.11.2026'],
    ['APP_UPDATED_AT', '2026-13-45'],
    ['STAT_APP_KEY', 'has spaces'],
    ['STAT_APP_KEY', 'k'.repeat(65)],
    ['PI_API_BASE', 'api.minepi.com'],
    ['PI_SANDBOX', 'sometimes'],
    ['GOOGLE_ISSUER', 'https://user:pw@accounts.example.com'],
    ['TWITTER_TOKEN_URL', 'ftp://api.x.com/token'],
    ['TWITTER_API_BASE', 'https://api.x.com/?q=1'],
    ['OAUTH_REDIRECT_BASE', 'https://chat.example.com/app'],
    ['REDIS_URL', 'http://cache:6379'],
    ['REDIS_PREFIX', 'has spaces'],
    ['NODE_ID', 'a/b'],
  ])('names %s when it is %j', (name, value) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name}: `));
  });

  it('offers a sign-in service only when it is configured, with the real services by default', () => {
    expect(configFromEnv({ PI_API_KEY: 'pi-key' }, CWD).signIn).toEqual({
      pi: { apiKey: 'pi-key', apiBase: 'https://api.minepi.com', sandbox: false },
      google: null,
      twitter: null,
      redirectBase: null,
    });
    expect(
      configFromEnv(
        {
          GOOGLE_CLIENT_ID: 'g-id',
          GOOGLE_CLIENT_SECRET: 'g-secret',
          TWITTER_CLIENT_ID: 'x-id',
          TWITTER_CLIENT_SECRET: 'x-secret',
          OAUTH_REDIRECT_BASE: 'https://chat.example.com',
        },
        CWD,
      ).signIn,
    ).toEqual({
      pi: null,
      google: { clientId: 'g-id', clientSecret: 'g-secret', issuer: 'https://accounts.google.com' },
      twitter: {
        clientId: 'x-id',
        clientSecret: 'x-secret',
        authUrl: 'https://x.com/i/oauth2/authorize',
        tokenUrl: 'https://api.x.com/2/oauth2/token',
        apiBase: 'https://api.x.com',
      },
      redirectBase: 'https://chat.example.com',
    });
    expect(
      configFromEnv(
        {
          PI_API_KEY: 'k',
          PI_API_BASE: 'http://127.0.0.1:9000/',
          PI_SANDBOX: 'on',
          GOOGLE_CLIENT_ID: 'g',
          GOOGLE_CLIENT_SECRET: 's',
          GOOGLE_ISSUER: 'http://127.0.0.1:9001',
          TWITTER_CLIENT_ID: 'x',
          TWITTER_CLIENT_SECRET: 'y',
          TWITTER_AUTH_URL: 'http://127.0.0.1:9002/i/oauth2/authorize',
          TWITTER_TOKEN_URL: 'http://127.0.0.1:9002/2/oauth2/token',
          TWITTER_API_BASE: 'http://127.0.0.1:9002',
          OAUTH_REDIRECT_BASE: 'https://chat.example.com/',
        },
        CWD,
      ).signIn,
    ).toMatchObject({
      pi: { apiBase: 'http://127.0.0.1:9000', sandbox: true },
      google: { issuer: 'http://127.0.0.1:9001' },
      twitter: { tokenUrl: 'http://127.0.0.1:9002/2/oauth2/token', apiBase: 'http://127.0.0.1:9002' },
      redirectBase: 'https://chat.example.com',
    });
  });

  it('takes a VAPID contact that is a mailto: or https: address, and local push services only when asked', () => {
    const push = (env: Record<string, string>) => configFromEnv(env, CWD).webPush;
    expect(push({ PUSH_CONTACT: 'mailto:ops@example.com', PUSH_LOCAL_ENDPOINTS: 'on' })).toEqual({
      contact: 'mailto:ops@example.com',
      allowLocalEndpoints: true,
    });
    expect(push({ PUSH_CONTACT: 'https://chat.example.com/contact' }).contact).toBe(
      'https://chat.example.com/contact',
    );
    for (const bad of ['ops@example.com', 'http://chat.example.com', 'mailto:nobody'])
      expect(() => configFromEnv({ PUSH_CONTACT: bad }, CWD)).toThrow(
        /PUSH_CONTACT: must be a mailto: or https: address/,
      );
  });

  it('lets link previews read local sites only when asked', () => {
    expect(configFromEnv({ LINK_PREVIEW_LOCAL_SITES: 'on' }, CWD).linkPreviews).toEqual({
      allowLocalSites: true,
    });
    expect(() => configFromEnv({ LINK_PREVIEW_LOCAL_SITES: 'yes' }, CWD)).toThrow(
      /LINK_PREVIEW_LOCAL_SITES: must be on or off/,
    );
  });

  it('refuses Google or Twitter sign-in without OAUTH_REDIRECT_BASE, never taking a request’s origin', () => {
    const google = { GOOGLE_CLIENT_ID: 'g', GOOGLE_CLIENT_SECRET: 's' };
    const twitter = { TWITTER_CLIENT_ID: 'x', TWITTER_CLIENT_SECRET: 'y' };
    for (const env of [google, twitter, { ...google, ...twitter }]) {
      const problems = problemsOf(env);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(
        /^OAUTH_REDIRECT_BASE: required when Google or Twitter sign-in is configured/,
      );
    }
    // Pi sign-in sends nobody back through a redirect: it needs none.
    expect(configFromEnv({ PI_API_KEY: 'k' }, CWD).signIn.redirectBase).toBeNull();
  });

  it('never echoes a client secret', () => {
    const [problem] = problemsOf({ GOOGLE_CLIENT_SECRET: 'hunter2' });
    expect(problem).toBe('GOOGLE_CLIENT_ID: required when GOOGLE_CLIENT_SECRET is set');
  });

  it('names every bad variable at once, and never echoes a database password', () => {
    expect(problemsOf({ PORT: 'x', LOG_LEVEL: 'y' }).map((p) => p.split(':')[0])).toEqual([
      'PORT',
      'LOG_LEVEL',
    ]);
    const [problem] = problemsOf({ DATABASE_URL: 'mysql://root:hunter2@db/paichat' });
    expect(problem).not.toContain('hunter2');
    const [redis] = problemsOf({ REDIS_URL: 'tcp://:hunter2@cache:6379' });
    expect(redis).toBe('REDIS_URL: must be a redis:// or rediss:// address');
  });
});
