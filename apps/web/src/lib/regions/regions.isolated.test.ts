import { describe, expect, it, vi } from 'vitest';
import type { CascadePickerOption } from 'antd-mobile';
import { countryName, formatRegion, preloadRegions, regionOptions, regionsLoaded } from './index';

const child = (options: CascadePickerOption[] | undefined, value: string) =>
  options?.find((o) => o.value === value);

describe('region country names', () => {
  it('localizes country names with Intl', () => {
    expect(countryName('CN', 'en')).toBe('China');
    expect(countryName('CN', 'fr')).toBe('Chine');
    expect(countryName('CN', 'zh')).toBe('中国');
    expect(countryName('CN', 'zh-TW')).toBe('中國');
    expect(countryName('JP', 'ja')).toBe('日本');
    expect(countryName('DE', 'de')).toBe('Deutschland');
  });

  it('accepts lower case and surrounding spaces', () => {
    expect(countryName(' cn ', 'en')).toBe('China');
  });

  it('falls back to English for a locale Intl rejects', () => {
    expect(countryName('CN', '')).toBe('China');
    expect(countryName('CN', 'not a locale!')).toBe('China');
  });

  it('returns anything that is not a country code as given', () => {
    expect(countryName('China', 'fr')).toBe('China');
    expect(countryName('ZZ', 'en')).toBe('ZZ');
    expect(countryName('', 'en')).toBe('');
  });
});

describe('region formatRegion', () => {
  it('shows stored values and Intl country names before the data is loaded', async () => {
    vi.resetModules();
    const fresh = await import('./index');
    expect(fresh.regionsLoaded()).toBe(false);
    const address = { country: 'CN', province: 'Guangdong', city: 'Shenzhen' };
    expect(fresh.formatRegion(address, 'en')).toBe('Shenzhen, Guangdong, China');
    expect(fresh.formatRegion(address, 'zh')).toBe('中国 Guangdong Shenzhen');
  });

  it('orders small to large with commas, or large to small with spaces in zh, ja and ko', async () => {
    await preloadRegions();
    expect(regionsLoaded()).toBe(true);
    const shenzhen = { country: 'CN', province: 'Guangdong', city: 'Shenzhen' };
    expect(formatRegion(shenzhen, 'en')).toBe('Shenzhen, Guangdong, China');
    expect(formatRegion(shenzhen, 'fr')).toBe('Shenzhen, Guangdong, Chine');
    expect(formatRegion(shenzhen, 'zh')).toBe('中国 广东 深圳');
    expect(formatRegion(shenzhen, 'zh-TW')).toBe('中國 廣東 深圳');
    expect(formatRegion(shenzhen, 'ja')).toBe('中国 Guangdong Shenzhen');
    const shinjuku = { country: 'JP', province: 'Tokyo', city: 'Shinjuku' };
    expect(formatRegion(shinjuku, 'ja')).toBe('日本 東京都 新宿区');
    expect(formatRegion(shinjuku, 'en')).toBe('Shinjuku, Tokyo, Japan');
    expect(formatRegion({ country: 'KR', province: 'Seoul', city: 'Gangnam' }, 'ko')).toBe(
      '대한민국 서울특별시 강남구',
    );
    expect(formatRegion({ country: 'TW', province: 'Taipei', city: 'Xinyi' }, 'zh-TW')).toBe(
      '台灣 臺北 信義',
    );
    expect(formatRegion({ country: 'DE', province: 'Bavaria', city: 'Munich' }, 'de')).toBe(
      'München, Bayern, Deutschland',
    );
    expect(formatRegion({ country: 'EG', province: 'Cairo', city: 'Cairo' }, 'ar')).toBe('Cairo، مصر');
  });

  it('skips empty parts and shows a repeated part once', () => {
    expect(formatRegion({ country: '', province: '', city: '' }, 'en')).toBe('');
    expect(formatRegion({ country: 'FR', province: '', city: '' }, 'en')).toBe('France');
    expect(formatRegion({ country: 'US', province: 'California', city: '' }, 'zh')).toBe('美国 California');
    expect(formatRegion({ country: '', province: '', city: 'Paris' }, 'en')).toBe('Paris');
    expect(formatRegion({ country: 'UA', province: 'Kyiv', city: 'Kyiv' }, 'en')).toBe('Kyiv, Ukraine');
  });

  it('shows unknown codes and names as stored', async () => {
    await preloadRegions();
    expect(formatRegion({ country: 'ZZ', province: 'Atlantis', city: 'Poseidonia' }, 'en')).toBe(
      'Poseidonia, Atlantis, ZZ',
    );
    expect(formatRegion({ country: 'CN', province: 'Guangdong', city: 'Nowhere' }, 'zh')).toBe(
      '中国 广东 Nowhere',
    );
    expect(formatRegion({ country: '中国', province: '广东', city: '深圳' }, 'zh')).toBe('中国 广东 深圳');
  });
});

describe('region picker options', () => {
  it('lists every country, sorted by localized name', async () => {
    const options = await regionOptions('en');
    expect(options).toHaveLength(250);
    const labels = options.map((o) => o.label);
    expect(labels).toEqual([...labels].sort(new Intl.Collator('en').compare));
    expect(child(options, 'CN')?.label).toBe('China');
    expect(new Set(options.map((o) => o.value)).size).toBe(250);
  });

  it('localizes country labels and sorts them in the locale', async () => {
    const fr = await regionOptions('fr');
    expect(child(fr, 'CN')?.label).toBe('Chine');
    const zh = await regionOptions('zh');
    const labels = zh.map((o) => o.label);
    expect(labels).toEqual([...labels].sort(new Intl.Collator('zh').compare));
    expect(child(zh, 'CN')?.label).toBe('中国');
  });

  it('has divisions and cities with native labels in the matching language', async () => {
    const en = await regionOptions('en');
    const cn = child(en, 'CN')?.children;
    expect(cn).toHaveLength(31);
    expect(cn?.[0]).toMatchObject({ label: 'Beijing', value: 'Beijing' });
    expect(child(child(cn, 'Guangdong')?.children, 'Shenzhen')).toEqual({
      label: 'Shenzhen',
      value: 'Shenzhen',
    });

    const zh = await regionOptions('zh');
    const guangdong = child(child(zh, 'CN')?.children, 'Guangdong');
    expect(guangdong?.label).toBe('广东');
    expect(child(guangdong?.children, 'Shenzhen')?.label).toBe('深圳');
    expect(child(child(zh, 'TW')?.children, 'Taipei')?.label).toBe('台北');
    expect(child(child(zh, 'JP')?.children, 'Tokyo')?.label).toBe('Tokyo');

    const tw = await regionOptions('zh-TW');
    expect(child(child(tw, 'TW')?.children, 'Taipei')?.label).toMatch(/^[臺台]北$/);
    expect(child(child(tw, 'CN')?.children, 'Guangdong')?.label).toBe('廣東');

    const ja = await regionOptions('ja');
    expect(child(child(ja, 'JP')?.children, 'Tokyo')?.label).toBe('東京都');
    const ko = await regionOptions('ko');
    expect(child(child(ko, 'KR')?.children, 'Seoul')?.label).toBe('서울특별시');
  });

  it('keeps official order where there is one and sorts by label elsewhere', async () => {
    const en = await regionOptions('en');
    const us = child(en, 'US')?.children ?? [];
    expect(us).toHaveLength(51);
    expect(us.map((o) => o.label)).toEqual(us.map((o) => o.label).sort(new Intl.Collator('en').compare));
    expect(child(en, 'JP')?.children?.[0]?.value).toBe('Hokkaido');
    const california = child(us, 'California')?.children;
    expect(california?.[0]?.value).toBe('Sacramento');
  });

  it('lets a country without division data be picked alone', async () => {
    const options = await regionOptions('en');
    expect(child(options, 'AQ')).toEqual({ label: 'Antarctica', value: 'AQ' });
  });

  it('caches the options per locale', async () => {
    const first = await regionOptions('en');
    expect(await regionOptions('en')).toBe(first);
    expect(regionOptions('en')).toBe(regionOptions('en'));
  });
});
