import { MAX_CLIENT_FRAME_BYTES } from '@paichat/protocol';
import { describe, expect, it } from 'vitest';
import { DEFAULT_IDLE_TIMEOUT_MS, parseClientFrame } from './heartbeat';

describe('parseClientFrame', () => {
  it('reads a ping', () => {
    expect(parseClientFrame('{"type":"ping"}')).toEqual({ type: 'ping' });
    expect(parseClientFrame('{"type":"ping","extra":1}')).toEqual({ type: 'ping' });
  });

  it.each([
    '',
    'ping',
    '{',
    'null',
    '[]',
    '42',
    '{"type":"pong"}',
    '{"kind":"ping"}',
    `{"type":"ping","x":"${'a'.repeat(MAX_CLIENT_FRAME_BYTES)}"}`,
  ])('ignores %j', (frame) => {
    expect(parseClientFrame(frame)).toBeNull();
  });

  it('allows five missed heartbeats before a socket counts as dead', () => {
    expect(DEFAULT_IDLE_TIMEOUT_MS).toBe(30_000);
  });
});
