import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/**
 * A built web app in a temporary folder, as the server serves it (WEB_DIST): an index.html and
 * one hashed script, `assets/index-abc123.js`, with the build's compressed copies asked for.
 */
export function fakeWebDist(script: string, copies: readonly ('gz' | 'br')[]) {
  const dir = mkdtempSync(path.join(tmpdir(), 'paichat-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>PaiChat</title><div id="root"></div>');
  const asset = path.join(dir, 'assets', 'index-abc123.js');
  writeFileSync(asset, script);
  if (copies.includes('gz')) writeFileSync(`${asset}.gz`, gzipSync(script));
  if (copies.includes('br')) writeFileSync(`${asset}.br`, brotliCompressSync(script));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
