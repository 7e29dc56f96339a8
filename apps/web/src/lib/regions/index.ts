/**
 * Regions for the profile's city picker: country → state/province → city.
 *
 * Country names come from `Intl.DisplayNames`, so every interface language has them without
 * stored text. The divisions and cities (./data) are a separate chunk that loads on demand:
 * `regionOptions()` loads it; `formatRegion()` works without it and uses it once loaded.
 *
 * What a profile stores: `country` is the ISO 3166-1 alpha-2 code ('CN'), `province` and `city`
 * the English or romanized values ('Guangdong', 'Shenzhen'). Labels in the country's own
 * language (广东, 深圳 / 廣東; 東京都; 서울특별시; …) are shown when the interface language is it.
 */
import type { CascadePickerOption } from 'antd-mobile';
import type { RegionData } from './data';
import { COUNTRY_CODES } from './countries';
import type { Country, Place } from './types';

export { COUNTRY_CODES };
export type { Country, Division, NativeLanguage, Place } from './types';
export type { RegionData } from './data';

export interface RegionAddress {
  country: string;
  province: string;
  city: string;
}

let loaded: RegionData | undefined;
let loading: Promise<RegionData> | undefined;

/** Loads the division and city data (once; a failed load is retried on the next call). */
export function loadRegions(): Promise<RegionData> {
  loading ??= import('./data').then(
    (module) => (loaded = module.REGION_DATA),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Starts loading the data so that later `formatRegion` calls show native labels; never rejects. */
export function preloadRegions(): Promise<void> {
  return loadRegions().then(
    () => undefined,
    () => undefined,
  );
}

/** Whether the division and city data are loaded (then `formatRegion` uses native labels). */
export function regionsLoaded(): boolean {
  return loaded !== undefined;
}

// ---------------------------------------------------------------------------------------------
// Locales

/** A usable BCP 47 tag for Intl, or 'en' for anything Intl rejects. */
function intlLocale(locale: string): string {
  const tag = locale.trim().replace(/_/g, '-');
  if (!tag) return 'en';
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? 'en';
  } catch {
    return 'en';
  }
}

function languageOf(locale: string): string {
  return (locale.split('-')[0] ?? '').toLowerCase();
}

/** zh-TW, zh-HK, zh-MO and zh-Hant* use Traditional characters. */
function isTraditional(locale: string): boolean {
  return /^zh-(?:hant|tw|hk|mo)\b/i.test(locale);
}

/** Chinese, Japanese and Korean addresses run from large to small, separated by spaces. */
function isLargeToSmall(locale: string): boolean {
  const language = languageOf(locale);
  return language === 'zh' || language === 'ja' || language === 'ko';
}

// ---------------------------------------------------------------------------------------------
// Labels

const displayNames = new Map<string, Intl.DisplayNames | null>();

function regionNames(locale: string): Intl.DisplayNames | null {
  let names = displayNames.get(locale);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    } catch {
      names = null;
    }
    displayNames.set(locale, names);
  }
  return names;
}

function nameOf(code: string, locale: string): string | undefined {
  try {
    const name = regionNames(locale)?.of(code);
    return name && name !== code ? name : undefined;
  } catch {
    return undefined;
  }
}

const KNOWN_CODES: ReadonlySet<string> = new Set(COUNTRY_CODES);

/**
 * 'CN' → 'China' / '中国' / 'Chine' (English when the locale has no name, else the code);
 * anything that is not one of `COUNTRY_CODES` is returned as given (trimmed).
 */
export function countryName(code: string, locale: string): string {
  const trimmed = code.trim();
  const upper = trimmed.toUpperCase();
  if (!KNOWN_CODES.has(upper)) return trimmed;
  return nameOf(upper, intlLocale(locale)) ?? nameOf(upper, 'en') ?? upper;
}

/** A division's or city's label: native when the interface speaks the country's language. */
function placeLabel(place: Place, country: Country, locale: string): string {
  if (!place.native || !country.native || languageOf(locale) !== country.native) return place.value;
  if (country.native === 'zh' && isTraditional(locale)) return place.hant ?? place.native;
  return place.native;
}

// ---------------------------------------------------------------------------------------------
// Picker options

const optionsCache = new Map<string, Promise<CascadePickerOption[]>>();

function collatorFor(locale: string): Intl.Collator {
  try {
    return new Intl.Collator(locale);
  } catch {
    return new Intl.Collator('en');
  }
}

function buildOptions(data: RegionData, locale: string): CascadePickerOption[] {
  const collator = collatorFor(locale);
  const byLabel = (a: CascadePickerOption, b: CascadePickerOption) => collator.compare(a.label, b.label);
  return data.codes
    .map((code): CascadePickerOption => {
      const option: CascadePickerOption = { label: countryName(code, locale), value: code };
      const country = data.countries.get(code);
      if (!country) return option;
      const divisions = country.divisions.map((division): CascadePickerOption => {
        const node: CascadePickerOption = {
          label: placeLabel(division, country, locale),
          value: division.value,
        };
        if (division.cities.length > 0) {
          node.children = division.cities.map((city) => ({
            label: placeLabel(city, country, locale),
            value: city.value,
          }));
        }
        return node;
      });
      if (!country.ordered) divisions.sort(byLabel);
      option.children = divisions;
      return option;
    })
    .sort(byLabel);
}

/**
 * CascadePicker options for the interface language: every country sorted by its localized name;
 * a country with division data has its divisions (official order for CN, JP, KR, TW, HK and MO,
 * by label elsewhere), each with its cities (capital first, then the largest). Countries without
 * division data have no children: the user picks just the country. The result is cached per
 * locale; treat it as read-only.
 */
export function regionOptions(locale: string): Promise<CascadePickerOption[]> {
  const key = intlLocale(locale);
  let options = optionsCache.get(key);
  if (!options) {
    options = loadRegions().then((data) => buildOptions(data, key));
    optionsCache.set(key, options);
    options.catch(() => optionsCache.delete(key));
  }
  return options;
}

// ---------------------------------------------------------------------------------------------
// Display

/**
 * A stored address for display: 'Shenzhen, Guangdong, China' (small to large, with commas) or,
 * in Chinese, Japanese and Korean, '中国 广东 深圳' (large to small, with spaces). Empty parts are
 * skipped and a part repeating the one before it is shown once ('Kyiv, Ukraine'). Unknown codes
 * and names are shown as stored. Synchronous: native division and city labels need the data
 * loaded (`preloadRegions()`); until then the stored values are shown.
 */
export function formatRegion(address: RegionAddress, locale: string): string {
  const code = (address.country ?? '').trim();
  const province = (address.province ?? '').trim();
  const city = (address.city ?? '').trim();
  const tag = intlLocale(locale);

  let provinceLabel = province;
  let cityLabel = city;
  const country = loaded?.countries.get(code.toUpperCase());
  if (country && province) {
    const division = country.divisions.find((d) => d.value === province);
    if (division) {
      provinceLabel = placeLabel(division, country, tag);
      const place = city ? division.cities.find((c) => c.value === city) : undefined;
      if (place) cityLabel = placeLabel(place, country, tag);
    }
  }

  const parts: string[] = [];
  for (const part of [code ? countryName(code, tag) : '', provinceLabel, cityLabel]) {
    if (part && part !== parts[parts.length - 1]) parts.push(part);
  }
  if (isLargeToSmall(tag)) return parts.join(' ');
  return parts.reverse().join(languageOf(tag) === 'ar' ? '، ' : ', ');
}
