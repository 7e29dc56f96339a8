/**
 * The region data set, parsed. This module is the lazily loaded chunk: import it only through
 * `loadRegions()` in `./index`.
 *
 * To add a country's divisions: write its `CountrySource` in ./sources (format in ./types), list
 * it in `SOURCES` below, and add its division count to `DIVISION_COUNTS` in data.test.ts.
 */
import { toTraditional } from './chinese';
import { COUNTRY_CODES } from './countries';
import type { Country, CountrySource, Division, Place } from './types';
import { AR, BR, CA, CO, MX, US } from './sources/americas';
import { CD, EG, ET, NG, ZA } from './sources/africa';
import { CN } from './sources/cn';
import { HK, JP, KR, MO, TW } from './sources/east-asia';
import { DE, ES, FR, GB, IT, NL, PL, UA } from './sources/europe';
import { AT, BE, CH, CZ, DK, FI, GR, HU, IE, NO, PT, RO, SE } from './sources/europe-more';
import { AU } from './sources/oceania';
import { RU } from './sources/russia';
import { BD, IN, IR, PK } from './sources/south-asia';
import { ID, MY, PH, TH, VN } from './sources/southeast-asia';
import { SA, TR } from './sources/west-asia';
import { AF, CL, EC, GH, IQ, KE, KZ, LK, MA, MM, NP, NZ, PE, UZ, VE } from './sources/world-more';

/** Countries with first-level divisions, by ISO code. */
export const SOURCES: Readonly<Record<string, CountrySource>> = {
  AF,
  AR,
  AT,
  AU,
  BD,
  BE,
  BR,
  CA,
  CD,
  CH,
  CL,
  CN,
  CO,
  CZ,
  DE,
  DK,
  EC,
  EG,
  ES,
  ET,
  FI,
  FR,
  GB,
  GH,
  GR,
  HK,
  HU,
  ID,
  IE,
  IN,
  IQ,
  IR,
  IT,
  JP,
  KE,
  KR,
  KZ,
  LK,
  MA,
  MM,
  MO,
  MX,
  MY,
  NG,
  NL,
  NO,
  NP,
  NZ,
  PE,
  PH,
  PK,
  PL,
  PT,
  RO,
  RU,
  SA,
  SE,
  TH,
  TR,
  TW,
  UA,
  US,
  UZ,
  VE,
  VN,
  ZA,
};

/** `'Value|native|繁體'` → a place; the Traditional label is derived when not given. */
export function parsePlace(text: string, chinese: boolean): Place {
  const [value = '', native, hant] = text.split('|').map((part) => part.trim());
  if (!native) return { value };
  if (!chinese) return { value, native };
  return { value, native, hant: hant || toTraditional(native) };
}

function parseCountry(code: string, source: CountrySource): Country {
  const chinese = source.native === 'zh';
  const divisions: Division[] = source.divisions.map(([division, cities = '']) => ({
    ...parsePlace(division, chinese),
    cities: cities
      .split(',')
      .map((city) => city.trim())
      .filter((city) => city !== '')
      .map((city) => parsePlace(city, chinese)),
  }));
  return { code, native: source.native, ordered: source.ordered ?? false, divisions };
}

export interface RegionData {
  /** Every country code, in code order. */
  readonly codes: readonly string[];
  /** The countries that have divisions. */
  readonly countries: ReadonlyMap<string, Country>;
}

export const REGION_DATA: RegionData = {
  codes: COUNTRY_CODES,
  countries: new Map(Object.entries(SOURCES).map(([code, source]) => [code, parseCountry(code, source)])),
};
