import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as protocol from '@paichat/protocol';
import { endpointsIn } from '@paichat/protocol/schema-walk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upload } from './support/chats';
import { call, get } from './support/http';
import { png } from './support/media';
import { seed, type SeededUser } from './support/seed';
import { startTestServer, type TestServer } from './support/server';

/**
 * What the browser is told about every answer: the web app and the API docs may only run our
 * own scripts and talk to our own origin, nothing may frame them, and no cache may keep one
 * user's API answers.
 */

/** A Content-Security-Policy header as a map from directive to its sources. */
const directives = (header: string | null): Record<string, string[]> =>
  Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );

/** The parts of the policy a page's safety rests on. */
function expectStrictPolicy(header: string | null, styles = ["'self'"]) {
  const policy = directives(header);
  expect(policy['default-src']).toEqual(["'self'"]);
  expect(policy['script-src']).toEqual(["'self'"]);
  expect(policy['style-src']).toEqual(styles);
  expect(policy['connect-src']).toEqual(["'self'"]);
  expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  expect(policy['object-src']).toEqual(["'none'"]);
  expect(policy['frame-ancestors']).toEqual(["'none'"]);
  // The web view frames other sites' pages (sandboxed); nothing else but web pages.
  expect(policy['frame-src']).toEqual(['https:', 'http:']);
  expect(policy['base-uri']).toEqual(["'self'"]);
  // Over plain HTTP (a LAN install) an upgrade would break every request the page makes.
  expect(policy).not.toHaveProperty('upgrade-insecure-requests');
}

describe('security headers', () => {
  let server: TestServer;
  let webDist: string;
  let rui: SeededUser;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'paichat-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><title>PaiChat</title><script type="module" src="/assets/index-abc123.js"></script>',
    );
    writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log("PaiChat");');
    server = await startTestServer('sqlite', { env: { WEB_DIST: webDist } });
    rui = await seed(server.url).user('rui');
  });
  afterAll(async () => {
    await server.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('give the web app at / a strict Content-Security-Policy, no framing and same-origin referrers', async () => {
    const page = await fetch(`${server.url}/`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expectStrictPolicy(page.headers.get('content-security-policy'));
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(page.headers.get('x-permitted-cross-domain-policies')).toBe('none');
    expect(page.headers.get('strict-transport-security')).toBeNull();
    expect(page.headers.get('cache-control')).toBe('no-cache');
  });

  it('give the API docs the same policy, but for the inline style swagger-ui sets', async () => {
    const docs = await fetch(`${server.url}/api/docs`, { headers: { accept: 'text/html' } });
    expect(docs.status).toBe(200);
    expectStrictPolicy(docs.headers.get('content-security-policy'), ["'self'", "'unsafe-inline'"]);
    const html = await docs.text();
    // Every script and stylesheet is a file of our own origin: nothing inline for the policy to block.
    expect(html).toMatch(/<script src="[^"]+swagger-ui-bundle\.js"/);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|\sstyle=|https?:\/\//);
  });

  it('let a stored file keep its own sandbox policy and long private caching', async () => {
    const file = await upload(server.url, rui, await png(8, 8), 'dot.png');
    const response = await fetch(`${server.url}${file.url}`, { headers: { authorization: rui.token } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe('sandbox');
    expect(response.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const asset = await fetch(`${server.url}/assets/index-abc123.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('allow the Pi SDK’s origin for scripts only where Pi sign-in is configured, and the Pi sandbox to frame only in sandbox mode', async () => {
    const piServer = await startTestServer('sqlite', { env: { WEB_DIST: webDist, PI_API_KEY: 'k' } });
    const sandboxServer = await startTestServer('sqlite', {
      env: { WEB_DIST: webDist, PI_API_KEY: 'k', PI_SANDBOX: 'on' },
    });
    try {
      const page = await fetch(`${piServer.url}/`, { headers: { accept: 'text/html' } });
      const policy = directives(page.headers.get('content-security-policy'));
      expect(policy['script-src']).toEqual(["'self'", 'https://sdk.minepi.com']);
      expect({ ...policy, 'script-src': ["'self'"] }).toEqual(
        directives((await fetch(`${server.url}/`)).headers.get('content-security-policy')),
      );
      expect(page.headers.get('x-frame-options')).toBe('DENY');

      const sandboxed = await fetch(`${sandboxServer.url}/`, { headers: { accept: 'text/html' } });
      expect(directives(sandboxed.headers.get('content-security-policy'))['frame-ancestors']).toEqual([
        'https://sandbox.minepi.com',
      ]);
      expect(sandboxed.headers.get('x-frame-options')).toBeNull();
    } finally {
      await Promise.all([piServer.close(), sandboxServer.close()]);
    }
  });

  it('give a JSON answer nosniff and same-origin resources, but none of the headers only a document heeds', async () => {
    const { headers } = await get(server.url, '/healthz');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(headers.get('referrer-policy')).toBe('same-origin');
    expect(headers.get('cache-control')).toBe('no-store');
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-permitted-cross-domain-policies',
    ])
      expect(headers.get(name), name).toBeNull();
  });

  it('mark every API answer, success or refusal, signed in or not, Cache-Control: no-store', async () => {
    const token = await seed(server.url).login(rui.chatNo);
    // Signing out last, so every other endpoint answers as signed in.
    const endpoints = endpointsIn(protocol).sort(
      (a, b) => Number(a === protocol.logout) - Number(b === protocol.logout),
    );
    const answers: string[] = [];
    for (const endpoint of endpoints) {
      const url = endpoint.path.replace(/:\w+/g, '1');
      const { headers, body } = await call(server.url, endpoint.method, url, {
        token,
        ...(endpoint.method === 'POST' ? { body: {} } : {}),
      });
      answers.push(`${endpoint.path} (${body.code}): ${headers.get('cache-control')}`);
    }
    expect(answers.filter((a) => a.includes('(200)')).length).toBeGreaterThanOrEqual(8);
    expect(answers).toEqual(answers.map((a) => a.replace(/: .*$/, ': no-store')));

    for (const refused of [
      await get(server.url, '/my/getInfo'),
      await get(server.url, '/my/getInfo', { token: 'made-up' }),
      await get(server.url, '/no/such/endpoint', { headers: { accept: 'application/json' } }),
      await call(server.url, 'POST', '/auth/login', { rawBody: '{not json' }),
    ]) {
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.headers.get('cache-control')).toBe('no-store');
    }
  });
});
