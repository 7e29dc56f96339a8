import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { configFromEnv } from '../src/config';
import { migrateToLatest, openDatabase } from '../src/db';
import { call, get, post, STACK_TRACE } from './support/http';
import { availableDialects, startTestServer, type TestServer } from './support/server';
import { fakeWebDist } from './support/webDist';

const dialects = await availableDialects();
const NOT_FOUND = { code: 404, msg: 'Not found', data: null, err: 'notFound' };

describe.each(dialects)('the HTTP surface on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('reports health, checking the database', async () => {
    const { status, body } = await get(server.url, '/healthz');
    expect(status).toBe(200);
    expect(body).toEqual({
      code: 200,
      msg: 'ok',
      data: { db: 'ok', node: server.config.nodeId, bus: 'local' },
    });
  });

  it('answers an unknown route with the 404 envelope', async () => {
    for (const [method, route] of [
      ['GET', '/no/such/thing'],
      ['POST', '/chat/notYet'],
      ['GET', '/'],
    ] as const) {
      const { status, body } = await call(server.url, method, route);
      expect(status, route).toBe(404);
      expect(body).toEqual(NOT_FOUND);
    }
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const { status, body } = await post(server.url, '/auth/login', {
      rawBody: '{"account": "a", "password": ',
    });
    expect(status).toBe(400);
    expect(body).toEqual({ code: 400, msg: 'Malformed request body', data: null, err: 'validation' });
  });

  it('refuses prototype poisoning in JSON', async () => {
    const { status, body } = await post(server.url, '/auth/login', {
      rawBody: '{"account":"a","password":"long-enough","__proto__":{"admin":true}}',
    });
    expect(status).toBe(400);
    expect(body.err).toBe('validation');
  });

  it('answers an unsupported content type and an oversized body with envelopes', async () => {
    const wrongType = await post(server.url, '/auth/login', {
      rawBody: 'account=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(wrongType.status).toBe(415);
    expect(wrongType.body).toMatchObject({ code: 400, msg: 'Unsupported content type', data: null });

    const huge = await post(server.url, '/auth/login', {
      body: { account: 'a', password: 'long-enough', padding: 'x'.repeat(1_100_000) },
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ code: 400, msg: 'Request body too large', data: null });
  });

  it('sends security headers', async () => {
    const { headers } = await get(server.url, '/healthz');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    // The document headers (framing, CSP) are the HTML answers' (security-headers.test.ts).
    expect(headers.get('x-frame-options')).toBeNull();
    expect(headers.get('access-control-allow-origin')).toBeNull();
  });

  it('publishes OpenAPI built from the protocol schemas', async () => {
    const response = await fetch(`${server.url}/api/docs/json`);
    expect(response.status).toBe(200);
    const doc = (await response.json()) as {
      paths: Record<
        string,
        Record<string, { security?: unknown; requestBody?: unknown; parameters?: unknown[] }>
      >;
    };
    for (const [route, method] of [
      ['/auth/captcha', 'get'],
      ['/auth/register', 'post'],
      ['/auth/checkChatNo', 'get'],
      ['/auth/login', 'post'],
      ['/auth/logout', 'post'],
      ['/my/getInfo', 'get'],
    ] as const) {
      expect(doc.paths[route]?.[method], route).toBeDefined();
    }
    expect(doc.paths['/my/getInfo']?.get?.security).toEqual([{ token: [] }]);
    expect(doc.paths['/auth/login']?.post?.security).toBeUndefined();
    const register = JSON.stringify(doc.paths['/auth/register']?.post?.requestBody);
    expect(register).toContain('"minLength":3');
    expect(register).toContain('"maxLength":20');
    expect(JSON.stringify(doc.paths['/auth/checkChatNo']?.get?.parameters)).toContain('chatNo');
    // Path parameters are documented as such, under the OpenAPI spelling of the path.
    for (const [route, name] of [
      ['/friend/info/{id}', 'id'],
      ['/system/dict/data/type/{type}', 'type'],
    ] as const) {
      const parameters = (doc.paths[route]?.get?.parameters ?? []) as {
        in: string;
        name: string;
        required?: boolean;
      }[];
      expect(parameters, route).toContainEqual(expect.objectContaining({ in: 'path', name, required: true }));
      expect(
        parameters.filter((p) => p.in === 'query' && p.name === name),
        route,
      ).toEqual([]);
    }
    // The rest of the request is the query.
    expect(doc.paths['/friend/info/{id}']?.get?.parameters).toContainEqual(
      expect.objectContaining({ in: 'query', name: 'ref', required: false }),
    );
    expect(JSON.stringify(doc.paths['/system/dict/data/type/{type}']?.get?.parameters)).toContain(
      'friend_apply_reason',
    );
    expect(doc.paths['/file/upload']?.post).toBeDefined();
    expect(doc.paths['/file/uploadVideo']?.post).toBeDefined();
    // The socket and the docs themselves are not API paths.
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/docs') || p === '/ws')).toEqual([]);

    const ui = await fetch(`${server.url}/api/docs`);
    expect(ui.status).toBe(200);
    expect(ui.headers.get('content-type')).toMatch(/text\/html/);
  });
});

describe('unexpected errors', () => {
  let app: FastifyInstance;
  let url: string;
  const logLines: string[] = [];
  beforeAll(async () => {
    const config = configFromEnv({ DATABASE_URL: ':memory:', LOG_LEVEL: 'error', CAPTCHA: 'off' });
    const { db, dialect } = openDatabase(config.database);
    await migrateToLatest(db, dialect);
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    app = await buildApp(config, { db, logger: pino({ level: 'error' }, logStream) });
    app.addHook('onClose', async () => db.destroy());
    app.get('/boom', async () => {
      throw new Error('secret detail: SELECT * FROM users at /srv/app.ts:12:3');
    });
    app.get('/bad-shape', { schema: {} }, async () => {
      throw Object.assign(new TypeError('undefined is not a function'), { statusCode: 500 });
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => app.close());

  it('answers 500 "Internal error" without the message or stack, and logs the stack', async () => {
    for (const route of ['/boom', '/bad-shape']) {
      const response = await fetch(`${url}${route}`);
      const text = await response.text();
      expect(response.status).toBe(500);
      expect(JSON.parse(text)).toEqual({ code: 500, msg: 'Internal error', data: null, err: 'internal' });
      expect(text).not.toMatch(STACK_TRACE);
      expect(text).not.toContain('secret');
    }
    const logged = logLines.join('');
    expect(logged).toContain('secret detail');
    expect(logged).toMatch(/"stack":"Error: secret detail[^"]*\\n\s+at /);
  });

  it('reports an unreachable database on /healthz with 503', async () => {
    await app.paichat.db.destroy();
    const response = await fetch(`${url}/healthz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      code: 500,
      msg: 'Database unavailable',
      data: null,
      err: 'internal',
    });
  });
});

describe('buildApp on its own', () => {
  it('opens, migrates and seeds the configured database when given none, and closes it with the app', async () => {
    const config = configFromEnv({
      DATABASE_URL: ':memory:',
      LOG_LEVEL: 'silent',
      CAPTCHA: 'off',
      DEMO_DATA: 'on',
    });
    const app = await buildApp(config);
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.json()).toEqual({
      code: 200,
      msg: 'ok',
      data: { db: 'ok', node: config.nodeId, bus: 'local' },
    });
    const login = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { account: 'Amy', password: 'paichat123' },
    });
    expect(login.json()).toMatchObject({ code: 200, data: { token: expect.any(String) } });
    const { db } = app.paichat;
    await app.close();
    await expect(db.selectFrom('users').select('id').execute()).rejects.toThrow();
  });
});

describe('serving the web app', () => {
  let server: TestServer;
  const script = 'console.log("PaiChat web app");'.repeat(50);
  const webDist = fakeWebDist(script, ['gz']);
  beforeAll(async () => {
    server = await startTestServer('sqlite', { env: { WEB_DIST: webDist.dir } });
  });
  afterAll(async () => {
    await server.close();
    webDist.remove();
  });

  it('serves index.html at / without long caching', async () => {
    const response = await fetch(`${server.url}/`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toContain('<title>PaiChat</title>');
  });

  it('serves the pre-compressed asset, cached forever', async () => {
    const response = await fetch(`${server.url}/assets/index-abc123.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe(script);
  });

  it('answers a browser on an unknown page with the app, and API clients with the 404 envelope', async () => {
    const page = await fetch(`${server.url}/some/old/link`, { headers: { accept: 'text/html,*/*' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');

    for (const route of ['/auth/nothing', '/assets/missing.js']) {
      const { status, body } = await get(server.url, route, { headers: { accept: 'application/json' } });
      expect(status, route).toBe(404);
      expect(body).toEqual(NOT_FOUND);
    }
    expect((await post(server.url, '/some/old/link')).body).toEqual(NOT_FOUND);
  });

  it('keeps the API and the socket path working beside it', async () => {
    expect((await get(server.url, '/healthz')).body.code).toBe(200);
    expect((await get(server.url, '/auth/captcha')).body.code).toBe(200);
    expect((await get(server.url, '/my/getInfo')).status).toBe(401);
  });
});
