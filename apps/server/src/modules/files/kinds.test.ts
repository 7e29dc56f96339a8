import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inspectText, looksLikeMarkup } from './kinds';

describe('looksLikeMarkup', () => {
  it.each([
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
    '\uFEFF<?xml version="1.0"?>',
    'plain words, then <SCRIPT>alert(1)</SCRIPT>',
    '<!doctype html>',
    '<html lang=en>',
    '<iframe src=x>',
    'click javascript:alert(1)',
    '< body onload=x>',
  ])('finds markup in %j', (text) => {
    expect(looksLikeMarkup(text)).toBe(true);
  });

  it.each(['a < b and c > d', 'email me <ann@example.com>', 'html and svg are words', '<3 you'])(
    'leaves %j alone',
    (text) => {
      expect(looksLikeMarkup(text)).toBe(false);
    },
  );
});

describe('inspectText', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'paichat-kinds-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, content: string | Buffer) => {
    const p = path.join(dir, name);
    writeFileSync(p, content);
    return p;
  };

  it('tells text, binary and markup apart, also across chunk boundaries', async () => {
    expect(await inspectText(file('a.txt', 'héllo 世界\n'.repeat(10_000)))).toBe('text');
    expect(await inspectText(file('b.bin', Buffer.from([0x68, 0, 0x69])))).toBe('binary');
    expect(await inspectText(file('c.bin', Buffer.from([0xff, 0xfe, 0x41])))).toBe('binary');
    expect(await inspectText(file('d.txt', ''))).toBe('binary');
    // The tag straddles the 64 KiB chunk edge.
    expect(await inspectText(file('e.txt', `${'x'.repeat(64 * 1024 - 3)}<script>`))).toBe('markup');
  });
});
