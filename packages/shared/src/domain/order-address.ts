/**
 * Address check (docs/orders.md, "Address check"): statuses 0 Invalid, 1 Valid, 2 Verified,
 * 3 Checking. The rules run on import, on edit and on /address/checking; Verified is set only by
 * a person confirming the address; Checking means the rules have not run yet.
 *
 * Problems come in two kinds: 'required' (a missing name, street, city or an unknown country:
 * nobody can ship that, so a person may not confirm it) and 'format' (a zip, state or phone that
 * does not look like the country's usual form: real addresses sometimes do, so a person who has
 * checked it may confirm it as Verified). No zod here: the web's form validators import it.
 */
import { isCountryCode } from './agency-settings';

export const ADDRESS_STATUS = { invalid: 0, valid: 1, verified: 2, checking: 3 } as const;
export type AddressStatusValue = (typeof ADDRESS_STATUS)[keyof typeof ADDRESS_STATUS];

export const ADDRESS_STATUS_NAMES: Record<AddressStatusValue, string> = { 0: 'Invalid', 1: 'Valid', 2: 'Verified', 3: 'Checking' };

export interface AddressFields {
  fullName: string;
  address1: string;
  address2?: string;
  city: string;
  province: string;
  zipCode: string;
  country?: string;
  countryCode: string;
  phone?: string;
  email?: string;
}

export type AddressField = 'fullName' | 'address1' | 'city' | 'province' | 'zipCode' | 'countryCode' | 'phone';

export interface AddressProblem {
  field: AddressField;
  kind: 'required' | 'format';
  message: string;
}

export const ADDRESS_MSG = {
  fullName: 'Full name is required.',
  address1: 'Address 1 is required.',
  city: 'City is required.',
  countryCode: 'Country code must be an ISO 3166-1 alpha-2 code (e.g. US).',
  zipRequired: 'Zip code is required.',
  zipFormat: (country: string, example: string) => `Zip code is not a valid ${country} zip code (e.g. ${example}).`,
  zipGeneric: 'Zip code may hold only letters, digits, spaces and hyphens (2 to 10 characters).',
  provinceRequired: (country: string) => `State / province is required for ${country}.`,
  provinceUnknown: (country: string) => `State / province is not a known ${country} code.`,
  phone: 'Phone may hold only digits, +, (, ), - and spaces.',
  confirmRefused: 'The address misses required fields: fix them before confirming.',
} as const;

/**
 * Countries without postal codes (no zip required; one given is still checked as text).
 * From the Universal Postal Union's list of countries that do not use postcodes.
 */
const NO_ZIP = new Set(
  ('AE AG AN AO AW BF BI BJ BO BS BW BZ CD CF CG CI CK CM DJ DM ER FJ GA GD GH GM GQ GY HK HM JM KI KM KN KP LY ML MO ' +
    'MR MW NR NU QA RW SB SC SL SO SR SS ST SY TD TF TG TK TL TO TV UG VU YE ZW').split(' '),
);

const US_ZIP: [RegExp, string] = [/^\d{5}(-\d{4})?$/, '12345 or 12345-6789'];

/** The usual postal code forms (upper-cased, trimmed); other countries get the generic text rule. */
const ZIP_FORMATS: Record<string, [RegExp, string]> = {
  US: US_ZIP, PR: US_ZIP, GU: US_ZIP, VI: US_ZIP, AS: US_ZIP, MP: US_ZIP,
  CA: [/^[ABCEGHJ-NPRSTVXY]\d[A-Z] ?\d[A-Z]\d$/, 'K1A 0B1'],
  GB: [/^(GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/, 'SW1A 1AA'],
  AU: [/^\d{4}$/, '2000'], NZ: [/^\d{4}$/, '6011'], AT: [/^\d{4}$/, '1010'], BE: [/^\d{4}$/, '1000'],
  CH: [/^\d{4}$/, '8001'], DK: [/^\d{4}$/, '1050'], NO: [/^\d{4}$/, '0150'], HU: [/^\d{4}$/, '1051'],
  ZA: [/^\d{4}$/, '2000'], PH: [/^\d{4}$/, '1000'],
  DE: [/^\d{5}$/, '10115'], FR: [/^\d{5}$/, '75001'], IT: [/^\d{5}$/, '00118'], ES: [/^\d{5}$/, '28001'],
  FI: [/^\d{5}$/, '00100'], MX: [/^\d{5}$/, '01000'], KR: [/^\d{5}$/, '03051'], TH: [/^\d{5}$/, '10200'],
  MY: [/^\d{5}$/, '50000'], ID: [/^\d{5}$/, '10110'], TR: [/^\d{5}$/, '34000'], UA: [/^\d{5}$/, '01001'],
  VN: [/^\d{6}$/, '100000'], IN: [/^\d{6}$/, '110001'], CN: [/^\d{6}$/, '100000'], SG: [/^\d{6}$/, '018956'],
  RU: [/^\d{6}$/, '101000'], RO: [/^\d{6}$/, '010011'],
  NL: [/^\d{4} ?[A-Z]{2}$/, '1012 AB'], SE: [/^\d{3} ?\d{2}$/, '111 22'], CZ: [/^\d{3} ?\d{2}$/, '110 00'],
  SK: [/^\d{3} ?\d{2}$/, '811 01'], GR: [/^\d{3} ?\d{2}$/, '105 57'], PL: [/^\d{2}-\d{3}$/, '00-001'],
  PT: [/^\d{4}-\d{3}$/, '1000-001'], JP: [/^\d{3}-?\d{4}$/, '100-0001'], BR: [/^\d{5}-?\d{3}$/, '01001-000'],
  IE: [/^[AC-FHKNPRTV-Y]\d[\dW] ?[\dAC-FHKNPRTV-Y]{4}$/, 'D02 X285'], IL: [/^\d{7}$/, '9614303'], CL: [/^\d{7}$/, '8320000'],
};

const GENERIC_ZIP = /^[A-Z0-9][A-Z0-9 -]{0,8}[A-Z0-9]$/;

/** Province / state codes (with full names accepted too) of the countries that need one. */
const REGIONS: Record<string, Record<string, string>> = {
  US: {
    AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
    DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho',
    IL: 'Illinois', IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine',
    MD: 'Maryland', MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri',
    MT: 'Montana', NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico',
    NY: 'New York', NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon',
    PA: 'Pennsylvania', RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee',
    TX: 'Texas', UT: 'Utah', VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia',
    WI: 'Wisconsin', WY: 'Wyoming',
    // Territories and the armed forces' post offices, which US carriers deliver to.
    AS: 'American Samoa', GU: 'Guam', MP: 'Northern Mariana Islands', PR: 'Puerto Rico', VI: 'Virgin Islands',
    UM: 'United States Minor Outlying Islands', AA: 'Armed Forces Americas', AE: 'Armed Forces Europe', AP: 'Armed Forces Pacific',
  },
  CA: {
    AB: 'Alberta', BC: 'British Columbia', MB: 'Manitoba', NB: 'New Brunswick', NL: 'Newfoundland and Labrador',
    NS: 'Nova Scotia', NT: 'Northwest Territories', NU: 'Nunavut', ON: 'Ontario', PE: 'Prince Edward Island',
    QC: 'Quebec', SK: 'Saskatchewan', YT: 'Yukon',
  },
  AU: {
    ACT: 'Australian Capital Territory', NSW: 'New South Wales', NT: 'Northern Territory', QLD: 'Queensland',
    SA: 'South Australia', TAS: 'Tasmania', VIC: 'Victoria', WA: 'Western Australia',
  },
};

/** Countries whose addresses need a state / province. */
export const PROVINCE_REQUIRED_COUNTRIES = Object.keys(REGIONS);

/** The code of a state / province given as a code or a full name ('California' -> 'CA'), or null. */
export function regionCode(countryCode: string, province: string): string | null {
  const regions = REGIONS[countryCode.trim().toUpperCase()];
  if (!regions) return null;
  const value = province.trim().toUpperCase();
  if (regions[value]) return value;
  const byName = Object.entries(regions).find(([, name]) => name.toUpperCase() === value);
  return byName ? byName[0] : null;
}

/** A spreadsheet keeps a zip's leading zeros by prefixing an apostrophe ('02134): it is not part of the value. */
export function stripSpreadsheetQuote(value: string): string {
  return value.trim().replace(/^'+/, '').trim();
}

export function normaliseZip(countryCode: string, zip: string): string {
  const value = stripSpreadsheetQuote(zip).toUpperCase().replace(/\s+/g, ' ');
  // Canadian and British codes are often typed without their space; the usual form has one.
  const cc = countryCode.trim().toUpperCase();
  if (cc === 'CA' && /^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(value)) return `${value.slice(0, 3)} ${value.slice(3)}`;
  if (cc === 'GB' && /^[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}$/.test(value)) return `${value.slice(0, -3)} ${value.slice(-3)}`;
  return value;
}

/**
 * Cleans what a form or an import gives before it is stored and checked: trimmed, the
 * spreadsheet apostrophe dropped from zip and phone, the country code upper-cased and a known
 * state name turned into its code (so 'california' is stored as CA). Exported for the import.
 */
export function normaliseAddress<T extends AddressFields>(a: T): T {
  const countryCode = a.countryCode.trim().toUpperCase();
  const province = a.province.trim();
  return {
    ...a,
    fullName: a.fullName.trim(),
    address1: a.address1.trim(),
    ...(a.address2 !== undefined ? { address2: a.address2.trim() } : {}),
    city: a.city.trim(),
    province: regionCode(countryCode, province) ?? province,
    zipCode: normaliseZip(countryCode, a.zipCode),
    ...(a.country !== undefined ? { country: a.country.trim() } : {}),
    countryCode,
    ...(a.phone !== undefined ? { phone: stripSpreadsheetQuote(a.phone) } : {}),
    ...(a.email !== undefined ? { email: a.email.trim() } : {}),
  };
}

/** The zip rule of one country (null when fine); exported for the web form's field validator. */
export function zipProblem(countryCode: string, zip: string): string | null {
  const cc = countryCode.trim().toUpperCase();
  const value = normaliseZip(cc, zip);
  if (!value) return NO_ZIP.has(cc) ? null : ADDRESS_MSG.zipRequired;
  const format = ZIP_FORMATS[cc];
  if (format) return format[0].test(value) ? null : ADDRESS_MSG.zipFormat(cc, format[1]);
  return GENERIC_ZIP.test(value) ? null : ADDRESS_MSG.zipGeneric;
}

/** The state / province rule (US, CA, AU need a known one; elsewhere it is free text). */
export function provinceProblem(countryCode: string, province: string): string | null {
  const cc = countryCode.trim().toUpperCase();
  if (!REGIONS[cc]) return null;
  if (!province.trim()) return ADDRESS_MSG.provinceRequired(cc);
  return regionCode(cc, province) ? null : ADDRESS_MSG.provinceUnknown(cc);
}

/** Phone is optional; when given, only what people write in phone numbers, with at least one digit. */
export function phoneProblem(phone: string | undefined): string | null {
  const value = stripSpreadsheetQuote(phone ?? '');
  if (!value) return null;
  return /^[\d+()\- ]+$/.test(value) && /\d/.test(value) ? null : ADDRESS_MSG.phone;
}

export function countryCodeProblem(countryCode: string): string | null {
  return isCountryCode(countryCode.trim().toUpperCase()) ? null : ADDRESS_MSG.countryCode;
}

/** Every problem of an address, each with its field and kind. */
export function addressProblems(input: AddressFields): AddressProblem[] {
  const a = normaliseAddress(input);
  const problems: AddressProblem[] = [];
  const required = (field: AddressField, message: string) => problems.push({ field, kind: 'required', message });
  const format = (field: AddressField, message: string | null) => {
    if (message) problems.push({ field, kind: 'format', message });
  };
  if (!a.fullName) required('fullName', ADDRESS_MSG.fullName);
  if (!a.address1) required('address1', ADDRESS_MSG.address1);
  if (!a.city) required('city', ADDRESS_MSG.city);
  const countryMsg = countryCodeProblem(a.countryCode);
  if (countryMsg) required('countryCode', countryMsg);
  else {
    const zipMsg = zipProblem(a.countryCode, a.zipCode);
    if (zipMsg === ADDRESS_MSG.zipRequired) required('zipCode', zipMsg);
    else format('zipCode', zipMsg);
    const provinceMsg = provinceProblem(a.countryCode, a.province);
    if (provinceMsg && !a.province) required('province', provinceMsg);
    else format('province', provinceMsg);
  }
  format('phone', phoneProblem(a.phone));
  return problems;
}

/** Runs the rules: Valid (1) when nothing is wrong, else Invalid (0) with every problem found. */
export function checkAddress(a: AddressFields): { status: 0 | 1; problems: string[] } {
  const problems = addressProblems(a).map((p) => p.message);
  return { status: problems.length === 0 ? 1 : 0, problems };
}

/** A person may confirm (Verified) an address whose only problems are of format, never one missing a required part. */
export function canConfirmAddress(a: AddressFields): boolean {
  return addressProblems(a).every((p) => p.kind === 'format');
}
