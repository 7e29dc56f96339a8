import { afterEach, describe, expect, it } from 'vitest';
import { clearAuthToken, readAuthToken, writeAuthToken } from './authToken';
import { detectEnvironment } from './environment';
import { initialsOf } from './initials';

describe('auth token cookie', () => {
  afterEach(() => clearAuthToken());

  it('stores the token URI-encoded and reads it back decoded', () => {
    writeAuthToken('a b;c=d/é');
    expect(document.cookie).toContain('auth_token=a%20b%3Bc%3Dd%2F%C3%A9');
    expect(readAuthToken()).toBe('a b;c=d/é');
  });
  it('reads the cookie among others and ignores look-alikes', () => {
    expect(readAuthToken('x=1; my_auth_token=no; auth_token=tok%2B1; y=2')).toBe('tok+1');
    expect(readAuthToken('x=1')).toBeNull();
    expect(readAuthToken('auth_token=')).toBeNull();
  });
  it('is gone after clearing', () => {
    writeAuthToken('t');
    clearAuthToken();
    expect(readAuthToken()).toBeNull();
  });
});

describe('detectEnvironment', () => {
  it('recognises the Pi Browser by its user agent', () => {
    expect(detectEnvironment('Mozilla/5.0 (Linux; Android 13) Chrome/120 PiBrowser/1.7.0')).toBe('pi');
    expect(detectEnvironment('Mozilla/5.0 (X11; Linux x86_64) Chrome/120 Safari/537.36')).toBe('normal');
  });
});

describe('initialsOf', () => {
  it('takes up to two letters', () => {
    expect(initialsOf('ada lovelace')).toBe('AL');
    expect(initialsOf('Grace Brewster Hopper')).toBe('GB');
    expect(initialsOf('  alice ')).toBe('A');
    expect(initialsOf('小明')).toBe('小');
    expect(initialsOf('😀 smile')).toBe('😀S');
    expect(initialsOf('')).toBe('');
  });
});
