import { describe, expect, it } from 'vitest';
import { matchLanguage, requestLanguage } from './language';

describe('matchLanguage', () => {
  it.each([
    ['en', 'en'],
    ['EN-us', 'en'],
    ['zh', 'zh'],
    ['zh-CN', 'zh'],
    ['zh-Hans', 'zh'],
    ['zh_TW', 'zh-TW'],
    ['zh-tw', 'zh-TW'],
    ['zh-Hant-HK', 'zh-TW'],
    ['zh-HK', 'zh-TW'],
    ['pt-BR', 'pt'],
    ['ar-EG', 'ar'],
    ['xx', null],
    ['*', null],
    ['', null],
  ])('%s → %s', (tag, expected) => {
    expect(matchLanguage(tag)).toBe(expected);
  });
});

describe('requestLanguage', () => {
  it('prefers the lang header', () => {
    expect(requestLanguage({ lang: 'ja', 'accept-language': 'fr' })).toBe('ja');
  });
  it('falls back to Accept-Language by q-value, skipping what we do not speak', () => {
    expect(requestLanguage({ 'accept-language': 'xx;q=1, de;q=0.5, ko;q=0.8' })).toBe('ko');
    expect(requestLanguage({ lang: 'klingon', 'accept-language': 'zh-TW,zh;q=0.9' })).toBe('zh-TW');
    expect(requestLanguage({ 'accept-language': 'vi;q=0, th' })).toBe('th');
  });
  it('answers English when nothing matches', () => {
    expect(requestLanguage({})).toBe('en');
    expect(requestLanguage({ 'accept-language': 'tlh, x-pirate' })).toBe('en');
  });
});
