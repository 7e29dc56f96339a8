import { describe, expect, it } from 'vitest';
import { withQuery } from './url';

describe('withQuery', () => {
  it('adds route parameters as query values, encoded, leaving out undefined ones', () => {
    expect(withQuery('/wx/personInfo/detail', { userId: '7' })).toBe('/wx/personInfo/detail?userId=7');
    expect(withQuery('/a', { q: 'a b&c', skip: undefined })).toBe('/a?q=a+b%26c');
    expect(withQuery('/a?x=1', { y: '2' })).toBe('/a?x=1&y=2');
    expect(withQuery('/a', {})).toBe('/a');
  });
});
