import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server';
import { fakeWebDist } from './support/webDist';

describe('compressed answers', () => {
  let server: TestServer;
  const script = 'console.log("PaiChat web app");'.repeat(100);
  const webDist = fakeWebDist(script, ['gz', 'br']);
  beforeAll(async () => {
    server = await startTestServer('sqlite', { env: { WEB_DIST: webDist.dir } });
  });
  afterAll(async () => {
    await server.close();
    webDist.remove();
  });

  it('sends the build’s brotli copy of an asset to a browser that takes brotli, else its gzip copy', async () => {
    const brotli = await fetch(`${server.url}/assets/index-abc123.js`, {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await brotli.text()).toBe(script);

    const gzip = await fetch(`${server.url}/assets/index-abc123.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toBe(script);
  });

  it('compresses a JSON answer above 1 KiB, as the client accepts', async () => {
    for (const encoding of ['br', 'gzip']) {
      const response = await fetch(`${server.url}/api/docs/json`, {
        headers: { 'accept-encoding': encoding },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding'), encoding).toBe(encoding);
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      expect((await response.json()) as unknown).toHaveProperty('openapi');
    }
  });

  it('sends a small JSON answer as it is, and nothing compressed to a client that does not ask', async () => {
    const small = await fetch(`${server.url}/healthz`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(((await small.json()) as { code: number }).code).toBe(200);

    const plain = await fetch(`${server.url}/api/docs/json`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await plain.json()) as unknown).toHaveProperty('openapi');
  });
});
