import { describe, expect, it } from 'vitest';
import {
  DEFAULT_AGENCY_SETTINGS,
  isExcludedDestination,
  cleanShippingExclusions,
  editorUrl,
  isCountryCode,
  isEditorDomain,
  isHttpUrl,
  isValidHost,
  mergeSettings,
  splitProvinceCodes,
} from '../src/domain/agency-settings';

describe('agency settings rules', () => {
  it('splits province codes from text or a list: trimmed, upper case, no blanks or repeats', () => {
    expect(splitProvinceCodes(' ak, hi,,PR , ak ')).toEqual(['AK', 'HI', 'PR']);
    expect(splitProvinceCodes(['on', ' qc'])).toEqual(['ON', 'QC']);
    expect(splitProvinceCodes('')).toEqual([]);
    expect(splitProvinceCodes(undefined)).toEqual([]);
  });

  it('drops shipping rows without a country code', () => {
    expect(cleanShippingExclusions([{ countryCode: 'us', provinceCode: 'ak' }, { countryCode: ' ', provinceCode: 'x' }, {}])).toEqual([
      { countryCode: 'US', provinceCode: ['AK'] },
    ]);
  });

  it('knows ISO 3166-1 alpha-2 codes', () => {
    expect(['US', 'GB', 'VN', 'XK'].every(isCountryCode)).toBe(true);
    expect(['UK', 'us', 'USA', 'ZZ'].some(isCountryCode)).toBe(false);
  });

  it('accepts fully qualified host names only', () => {
    expect(['shop.example.com', 'xn--bcher-kva.example', 'a-b.c.io'].every(isValidHost)).toBe(true);
    expect(['localhost', 'shop..example.com', '-a.example.com', 'a_b.example.com', '1.2.3.4', 'Shop.example.com'].some(isValidHost)).toBe(false);
  });

  it('takes an editor host or an https address, never http', () => {
    expect(['', 'editor.example.com', 'https://editor.example.com/app'].every(isEditorDomain)).toBe(true);
    expect(['http://editor.example.com', 'https://user:pw@editor.example.com', 'editor'].some(isEditorDomain)).toBe(false);
    expect(editorUrl('editor.example.com', 'tok en')).toBe('https://editor.example.com/?access_token=tok+en');
    expect(editorUrl('https://editor.example.com/app?x=1', 't')).toBe('https://editor.example.com/app?x=1&access_token=t');
    expect(editorUrl('', 't')).toBeNull();
  });

  it('takes template links as http(s) addresses or empty', () => {
    expect(['', 'https://cdn.example.com/a.xlsx', 'http://files.local/x'].every(isHttpUrl)).toBe(true);
    expect(['javascript:alert(1)', 'ftp://x.example.com/a', '/relative.xlsx'].some(isHttpUrl)).toBe(false);
  });

  it('merges nested objects key by key and replaces lists', () => {
    const base = { ...DEFAULT_AGENCY_SETTINGS, shippingExcludeCode: [{ countryCode: 'US', provinceCode: [] }] };
    const merged = mergeSettings(base, { payment: { topupContent: 'Pay' }, shippingExcludeCode: [], contact: undefined });
    expect(merged.payment).toEqual({ exchangeRate: 1, topupContent: 'Pay' });
    expect(merged.shippingExcludeCode).toEqual([]);
    expect(merged.contact).toEqual({ shippingTitle: '' });
  });
});

describe('isExcludedDestination', () => {
  const settings = {
    agencyShippingStatus: true,
    shippingExcludeCode: [
      { countryCode: 'US', provinceCode: ['AK', 'HI'] },
      { countryCode: 'RU', provinceCode: [] },
    ],
  };
  it('excludes listed provinces, or the whole country when none is listed, case-insensitively', () => {
    expect(isExcludedDestination(settings, 'US', 'HI')).toBe(true);
    expect(isExcludedDestination(settings, 'us', ' ak ')).toBe(true);
    expect(isExcludedDestination(settings, 'US', 'CA')).toBe(false);
    expect(isExcludedDestination(settings, 'US')).toBe(false);
    expect(isExcludedDestination(settings, 'RU', 'MOW')).toBe(true);
    expect(isExcludedDestination(settings, 'RU')).toBe(true);
    expect(isExcludedDestination(settings, 'DE', 'BY')).toBe(false);
  });
  it('excludes nothing while the shipping exclusions are switched off', () => {
    expect(isExcludedDestination({ ...settings, agencyShippingStatus: false }, 'RU')).toBe(false);
  });
});
