import { describe, expect, it } from 'vitest';
import { isAllowedOrigin, ownOrigin } from './origin';

describe('ownOrigin', () => {
  it('is the scheme and host the request arrived with, default ports dropped', () => {
    expect(ownOrigin({ protocol: 'http', host: '127.0.0.1:8080' })).toBe('http://127.0.0.1:8080');
    expect(ownOrigin({ protocol: 'https', host: 'Chat.Example.com:443' })).toBe('https://chat.example.com');
    expect(ownOrigin({ protocol: 'http', host: '[::1]:80' })).toBe('http://[::1]');
  });

  it('is null for a missing or malformed host', () => {
    expect(ownOrigin({ protocol: 'http', host: '' })).toBeNull();
    expect(ownOrigin({ protocol: 'http', host: 'a b' })).toBeNull();
  });
});

describe('isAllowedOrigin', () => {
  const own = 'https://chat.example.com';
  const allowed = ['https://m.example.org'];

  it('accepts the app’s own origin and configured ones, however the browser spells them', () => {
    expect(isAllowedOrigin('https://chat.example.com', own, allowed)).toBe(true);
    expect(isAllowedOrigin('https://CHAT.example.com:443', own, allowed)).toBe(true);
    expect(isAllowedOrigin('https://m.example.org', own, allowed)).toBe(true);
  });

  it('accepts a handshake without Origin (not a browser page)', () => {
    expect(isAllowedOrigin(undefined, own, allowed)).toBe(true);
  });

  it.each([
    'https://evil.example',
    'http://chat.example.com',
    'https://chat.example.com:8443',
    'https://chat.example.com.evil.example',
    'null',
    '',
    'not a url',
  ])('refuses %j', (origin) => {
    expect(isAllowedOrigin(origin, own, allowed)).toBe(false);
  });

  it('refuses every browser page when the own origin is unknown and none is configured', () => {
    expect(isAllowedOrigin('https://chat.example.com', null, [])).toBe(false);
  });
});
