import { describe, expect, it } from 'vitest';
import { REGION_PART_MAX } from '@paichat/protocol';
import { COUNTRY_CODES } from './countries';
import { REGION_DATA, SOURCES, parsePlace } from './data';
import type { Country, Place } from './types';

/** The 249 officially assigned ISO 3166-1 alpha-2 codes, written out independently of the data. */
const ISO_3166_1 = {
  A: 'D E F G I L M O Q R S T U W X Z',
  B: 'A B D E F G H I J L M N O Q R S T V W Y Z',
  C: 'A C D F G H I K L M N O R U V W X Y Z',
  D: 'E J K M O Z',
  E: 'C E G H R S T',
  F: 'I J K M O R',
  G: 'A B D E F G H I L M N P Q R S T U W Y',
  H: 'K M N R T U',
  I: 'D E L M N O Q R S T',
  J: 'E M O P',
  K: 'E G H I M N P R W Y Z',
  L: 'A B C I K R S T U V Y',
  M: 'A C D E F G H K L M N O P Q R S T U V W X Y Z',
  N: 'A C E F G I L O P R U Z',
  O: 'M',
  P: 'A E F G H K L M N R S T W Y',
  Q: 'A',
  R: 'E O S U W',
  S: 'A B C D E G H I J K L M N O R S T V X Y Z',
  T: 'C D F G H J K L M N O R T V W Z',
  U: 'A G M S Y Z',
  V: 'A C E G I N U',
  W: 'F S',
  Y: 'E T',
  Z: 'A M W',
};
const ISO_CODES = Object.entries(ISO_3166_1).flatMap(([first, seconds]) =>
  seconds.split(' ').map((second) => first + second),
);

/** First-level divisions expected for each country with division data. */
const DIVISION_COUNTS: Record<string, number> = {
  AT: 9,
  BE: 3,
  CH: 26,
  CZ: 14,
  DK: 5,
  FI: 18,
  GR: 14,
  HU: 20,
  IE: 26,
  NO: 15,
  PT: 20,
  RO: 42,
  SE: 21,
  CL: 16,
  EC: 24,
  PE: 25,
  VE: 24,
  AF: 34,
  IQ: 19,
  KZ: 20,
  LK: 9,
  MM: 15,
  NP: 7,
  UZ: 14,
  GH: 16,
  KE: 47,
  MA: 10,
  NZ: 16,
  CN: 31,
  IN: 36,
  US: 51,
  ID: 38,
  PK: 7,
  NG: 37,
  BR: 27,
  BD: 8,
  RU: 83,
  MX: 32,
  JP: 47,
  ET: 14,
  PH: 18,
  EG: 27,
  VN: 34,
  CD: 26,
  TR: 81,
  IR: 31,
  DE: 16,
  TH: 77,
  GB: 4,
  FR: 13,
  IT: 20,
  ZA: 9,
  KR: 17,
  ES: 19,
  CA: 13,
  AU: 8,
  AR: 24,
  CO: 33,
  UA: 27,
  PL: 16,
  SA: 13,
  MY: 16,
  NL: 12,
  TW: 22,
  HK: 3,
  MO: 3,
};

const countries = [...REGION_DATA.countries.values()];
const places = (country: Country): Place[] => country.divisions.flatMap((d) => [d, ...d.cities]);

describe('regions data: countries', () => {
  it('has every ISO 3166-1 code exactly once, plus XK', () => {
    expect(ISO_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
    for (const code of ISO_CODES) expect(COUNTRY_CODES).toContain(code);
    expect([...COUNTRY_CODES].sort()).toEqual([...ISO_CODES, 'XK'].sort());
    expect(REGION_DATA.codes).toBe(COUNTRY_CODES);
  });

  it('has an English name from Intl for every code', () => {
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
    for (const code of COUNTRY_CODES) expect(names.of(code), code).not.toBe(code);
  });

  it('has division data only for known codes, for every country asked for', () => {
    for (const code of Object.keys(SOURCES)) expect(COUNTRY_CODES).toContain(code);
    expect(Object.keys(SOURCES).sort()).toEqual(Object.keys(DIVISION_COUNTS).sort());
  });
});

describe('regions data: divisions and cities', () => {
  it.each(Object.entries(DIVISION_COUNTS))('%s has %i divisions, each with cities', (code, count) => {
    const country = REGION_DATA.countries.get(code);
    expect(country?.divisions).toHaveLength(count);
    for (const division of country?.divisions ?? []) {
      expect(division.cities.length, `${code} ${division.value}`).toBeGreaterThanOrEqual(1);
    }
  });

  it('has no duplicate values among siblings', () => {
    for (const country of countries) {
      const divisions = country.divisions.map((d) => d.value);
      expect(new Set(divisions).size, country.code).toBe(divisions.length);
      for (const division of country.divisions) {
        const cities = division.cities.map((c) => c.value);
        const dupes = cities.filter((c, i) => cities.indexOf(c) !== i);
        expect(dupes, `${country.code} ${division.value}`).toEqual([]);
      }
    }
  });

  it('stores clean values that fit a profile field', () => {
    const bad = countries.flatMap((country) =>
      places(country)
        .filter(
          (place) =>
            !/^\S(.*\S)?$/.test(place.value) ||
            /[|,]/.test(place.value) ||
            place.value.length > REGION_PART_MAX ||
            (place.native !== undefined && place.native.trim() === ''),
        )
        .map((place) => `${country.code} ${place.value}`),
    );
    expect(bad).toEqual([]);
  });

  it('labels every place in the CJK, Thai, Vietnamese and Russian data natively', () => {
    for (const code of ['CN', 'TW', 'HK', 'MO', 'JP', 'KR', 'TH', 'VN', 'RU']) {
      const country = REGION_DATA.countries.get(code);
      for (const place of country ? places(country) : []) {
        expect(place.native, `${code} ${place.value}`).toBeTruthy();
        if (country?.native === 'zh') expect(place.hant, `${code} ${place.value}`).toBeTruthy();
      }
    }
  });

  it('uses the writing system of each native language', () => {
    const scripts: Record<string, RegExp> = {
      zh: /^[\p{Script=Han}]+$/u,
      ja: /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]+$/u,
      ko: /^[\p{Script=Hangul}]+$/u,
      th: /^[\p{Script=Thai}\s-]+$/u,
      ru: /^[\p{Script=Cyrillic}\s—-]+$/u,
    };
    for (const country of countries) {
      const script = country.native ? scripts[country.native] : undefined;
      if (!script) continue;
      for (const place of places(country))
        if (place.native) expect(place.native, country.code).toMatch(script);
    }
  });

  it('has the landmark places', () => {
    const cn = REGION_DATA.countries.get('CN');
    expect(cn?.divisions[0]?.value).toBe('Beijing');
    const guangdong = cn?.divisions.find((d) => d.value === 'Guangdong');
    expect(guangdong?.native).toBe('广东');
    expect(guangdong?.hant).toBe('廣東');
    expect(guangdong?.cities.map((c) => c.value)).toEqual(expect.arrayContaining(['Guangzhou', 'Shenzhen']));
    expect(cn?.divisions.map((d) => d.value)).not.toEqual(
      expect.arrayContaining(['Hong Kong', 'Macau', 'Taiwan']),
    );

    const us = REGION_DATA.countries.get('US');
    const states = us?.divisions.filter((d) => d.value !== 'District of Columbia');
    expect(states).toHaveLength(50);
    expect(us?.divisions.find((d) => d.value === 'California')?.cities.map((c) => c.value)).toContain(
      'Los Angeles',
    );

    const tokyo = REGION_DATA.countries.get('JP')?.divisions.find((d) => d.value === 'Tokyo');
    expect(tokyo?.native).toBe('東京都');
    expect(tokyo?.cities.find((c) => c.value === 'Shinjuku')?.native).toBe('新宿区');
  });
});

describe('regions data: Chinese labels', () => {
  const hant = (code: string, division: string, city?: string) => {
    const d = REGION_DATA.countries.get(code)?.divisions.find((x) => x.value === division);
    return city ? d?.cities.find((c) => c.value === city)?.hant : d?.hant;
  };

  it('derives Traditional Chinese labels', () => {
    expect(hant('TW', 'Taipei')).toBe('臺北');
    expect(hant('TW', 'Miaoli', 'Houlong')).toBe('後龍');
    expect(hant('CN', 'Liaoning', 'Shenyang')).toBe('瀋陽');
    expect(hant('CN', 'Xinjiang', 'Urumqi')).toBe('烏魯木齊');
    expect(hant('CN', 'Shandong', 'Yantai')).toBe('煙臺');
    expect(hant('CN', 'Jiangxi', 'Xinyu')).toBe('新餘');
    expect(hant('HK', 'Hong Kong Island', 'Wan Chai')).toBe('灣仔');
    expect(hant('MO', 'Macau Peninsula')).toBe('澳門半島');
  });

  it('keeps the explicit Traditional forms', () => {
    expect(hant('CN', 'Zhejiang', 'Taizhou')).toBe('台州');
    expect(hant('CN', 'Fujian', 'Longyan')).toBe('龍巖');
  });

  it('parses place strings', () => {
    expect(parsePlace('Shenzhen', false)).toEqual({ value: 'Shenzhen' });
    expect(parsePlace(' Tokyo | 東京都 ', false)).toEqual({ value: 'Tokyo', native: '東京都' });
    expect(parsePlace('Guangdong|广东', true)).toEqual({ value: 'Guangdong', native: '广东', hant: '廣東' });
    expect(parsePlace('Taizhou|台州|台州', true)).toEqual({ value: 'Taizhou', native: '台州', hant: '台州' });
  });
});
