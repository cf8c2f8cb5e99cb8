import { describe, expect, it } from 'vitest';
import {
  ADDRESS_MSG,
  addressProblems,
  canConfirmAddress,
  checkAddress,
  normaliseAddress,
  normaliseZip,
  phoneProblem,
  provinceProblem,
  regionCode,
  stripSpreadsheetQuote,
  zipProblem,
  type AddressFields,
} from '../src/domain/order-address';

const US: AddressFields = { fullName: 'Ada Lovelace', address1: '1 Main St', city: 'Austin', province: 'TX', zipCode: '78701', countryCode: 'US', phone: '' };

describe('address check rules (docs/orders.md, "Address check")', () => {
  it('a complete US address is Valid (1) with no problems', () => {
    expect(checkAddress(US)).toEqual({ status: 1, problems: [] });
  });

  it('requires full name, address 1 and city', () => {
    const r = checkAddress({ ...US, fullName: ' ', address1: '', city: '' });
    expect(r.status).toBe(0);
    expect(r.problems).toEqual([ADDRESS_MSG.fullName, ADDRESS_MSG.address1, ADDRESS_MSG.city]);
  });

  it('requires a real ISO 3166-1 alpha-2 country code (any case)', () => {
    expect(checkAddress({ ...US, countryCode: 'ZZ' }).problems).toEqual([ADDRESS_MSG.countryCode]);
    expect(checkAddress({ ...US, countryCode: 'USA' }).problems).toEqual([ADDRESS_MSG.countryCode]);
    expect(checkAddress({ ...US, countryCode: 'us' }).status).toBe(1);
    expect(checkAddress({ ...US, countryCode: 'XK', province: '', zipCode: '10000' }).status).toBe(1);
  });

  it('requires a zip where the country uses one, not where it does not', () => {
    expect(zipProblem('US', '')).toBe(ADDRESS_MSG.zipRequired);
    expect(zipProblem('DE', '')).toBe(ADDRESS_MSG.zipRequired);
    expect(zipProblem('HK', '')).toBeNull();
    expect(zipProblem('AE', '')).toBeNull();
    expect(checkAddress({ ...US, countryCode: 'HK', province: '', zipCode: '' }).status).toBe(1);
  });

  it.each([
    ['US', '12345', true], ['US', '12345-6789', true], ['US', '1234', false], ['US', '123456', false], ['US', '12345-678', false],
    ['PR', '00901', true],
    ['CA', 'K1A 0B1', true], ['CA', 'k1a0b1', true], ['CA', 'D1A 0B1', false], ['CA', '12345', false],
    ['GB', 'SW1A 1AA', true], ['GB', 'ec1a1bb', true], ['GB', 'M1 1AE', true], ['GB', '12345', false],
    ['AU', '2000', true], ['AU', '200', false],
    ['DE', '10115', true], ['DE', '1011', false],
    ['FR', '75001', true], ['FR', '7500A', false],
    ['VN', '100000', true], ['VN', '10000', false],
    ['NL', '1012 AB', true], ['NL', '1012', false],
    ['JP', '100-0001', true], ['JP', '1000001', true],
    ['BR', '01001-000', true], ['PL', '00-001', true], ['PT', '1000-001', true], ['SE', '111 22', true],
    ['IE', 'D02 X285', true],
    ['NG', '100001', true], ['NG', 'a#b', false],
  ])('zip %s %s -> %s', (cc, zip, ok) => {
    expect(zipProblem(cc, zip) === null).toBe(ok);
  });

  it('strips the leading apostrophe spreadsheets add to keep zeros', () => {
    expect(stripSpreadsheetQuote("'02134")).toBe('02134');
    expect(normaliseZip('US', " '02134 ")).toBe('02134');
    expect(checkAddress({ ...US, province: 'MA', zipCode: "'02134" }).status).toBe(1);
    expect(normaliseAddress({ ...US, zipCode: "'02134", phone: "'0123 456" })).toMatchObject({ zipCode: '02134', phone: '0123 456' });
  });

  it('normalises Canadian and British codes to their usual spacing and upper case', () => {
    expect(normaliseZip('CA', 'k1a0b1')).toBe('K1A 0B1');
    expect(normaliseZip('GB', 'sw1a1aa')).toBe('SW1A 1AA');
  });

  it('requires a known state / province for US, CA and AU, by code or name', () => {
    expect(provinceProblem('US', '')).toBe(ADDRESS_MSG.provinceRequired('US'));
    expect(provinceProblem('US', 'XX')).toBe(ADDRESS_MSG.provinceUnknown('US'));
    expect(provinceProblem('US', 'ca')).toBeNull();
    expect(provinceProblem('US', 'California')).toBeNull();
    expect(provinceProblem('CA', 'ON')).toBeNull();
    expect(provinceProblem('CA', 'TX')).toBe(ADDRESS_MSG.provinceUnknown('CA'));
    expect(provinceProblem('AU', 'NSW')).toBeNull();
    expect(provinceProblem('AU', '')).toBe(ADDRESS_MSG.provinceRequired('AU'));
    expect(provinceProblem('DE', '')).toBeNull();
    expect(regionCode('US', 'new york')).toBe('NY');
    expect(normaliseAddress({ ...US, province: 'texas' }).province).toBe('TX');
  });

  it('phone is optional; when given only digits, +, (, ), - and spaces', () => {
    expect(phoneProblem('')).toBeNull();
    expect(phoneProblem(undefined)).toBeNull();
    expect(phoneProblem('+1 (512) 555-0100')).toBeNull();
    expect(phoneProblem('555 0100 ext 2')).toBe(ADDRESS_MSG.phone);
    expect(phoneProblem('+()')).toBe(ADDRESS_MSG.phone);
    expect(checkAddress({ ...US, phone: 'call me' }).problems).toEqual([ADDRESS_MSG.phone]);
  });

  it('lists every problem with its field and kind', () => {
    const problems = addressProblems({ ...US, address1: '', zipCode: '1', province: 'ZZ', phone: 'x' });
    expect(problems.map((p) => [p.field, p.kind])).toEqual([
      ['address1', 'required'], ['zipCode', 'format'], ['province', 'format'], ['phone', 'format'],
    ]);
  });

  it('a person may confirm format problems but never a missing required part', () => {
    expect(canConfirmAddress({ ...US, zipCode: '7870' })).toBe(true);
    expect(canConfirmAddress({ ...US, province: 'ZZ' })).toBe(true);
    expect(canConfirmAddress({ ...US, city: '' })).toBe(false);
    expect(canConfirmAddress({ ...US, zipCode: '' })).toBe(false);
    expect(canConfirmAddress({ ...US, province: '' })).toBe(false);
    expect(canConfirmAddress({ ...US, countryCode: 'ZZ' })).toBe(false);
  });
});
