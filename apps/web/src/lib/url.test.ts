import { describe, expect, it } from 'vitest';
import { webPageUrl, withQuery } from './url';

describe('withQuery', () => {
  it('adds route parameters as query values, encoded, leaving out undefined ones', () => {
    expect(withQuery('/wx/personInfo/detail', { userId: '7' })).toBe('/wx/personInfo/detail?userId=7');
    expect(withQuery('/a', { q: 'a b&c', skip: undefined })).toBe('/a?q=a+b%26c');
    expect(withQuery('/a?x=1', { y: '2' })).toBe('/a?x=1&y=2');
    expect(withQuery('/a', {})).toBe('/a');
  });
});

describe('webPageUrl', () => {
  it('takes an absolute http or https address, normalised', () => {
    expect(webPageUrl('https://example.com/a?b=1#c')).toBe('https://example.com/a?b=1#c');
    expect(webPageUrl(' HTTP://Example.com ')).toBe('http://example.com/');
  });

  it('refuses every other scheme, a relative or malformed address, and credentials', () => {
    for (const raw of [
      undefined,
      '',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'ftp://example.com/',
      '//example.com/',
      '/wx/tabbar1/index',
      'example.com',
      'https://',
      'https://bank.com@evil.example/',
      'https://user:pass@example.com/',
    ])
      expect(webPageUrl(raw), String(raw)).toBeNull();
  });
});
