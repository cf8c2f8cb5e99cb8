/**
 * Agency settings (spec part 2 section 3, "Agency settings") and custom domains: shape, defaults,
 * limits, messages and the pure rules both the server and the settings pages apply.
 * Free of zod so the web can use it in any chunk; the zod schemas are in schemas/agency-settings.ts.
 */
import { lengthMessage } from './messages';

/** A country whose orders (or only some provinces of it) the agency does not ship to. */
export interface ShippingExclusion {
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode: string;
  /** Province codes, upper case; empty means the whole country. */
  provinceCode: string[];
}

export interface AgencySettings {
  customerEmail: string;
  contactEmail: string;
  payment: { exchangeRate: number; topupContent: string };
  /** Shipping exclusions apply only while this is on. */
  agencyShippingStatus: boolean;
  shippingExcludeCode: ShippingExclusion[];
  /** Host (or https address) of the landing-page editor. */
  editorDomain: string;
  contact: { shippingTitle: string };
  /** Default for new seller teams: their orders skip review. */
  autoApproveOrders: boolean;
  /** What the design service charges per order by default, in dollars (docs/orders.md, "Design service"). */
  defaultDesignCost: number;
  /** Days from approval to shipment an order may take when its catalog states no production time (the KPIs' on-time share). */
  productionDays: number;
  /**
   * A warehouse order without enough stock at approval (docs/warehouses.md "Orders"): held with the reason
   * 'awaiting stock' and re-checked on every receipt, or refused with a per-order message.
   */
  warehouseShortage: 'hold' | 'refuse';
  /** Whose name heads the warehouse packing slip: the seller's store, nobody (neutral), or the agency. */
  packingSlipBrand: 'seller' | 'neutral' | 'agency';
}

/** What PATCH /agencies/update-settings takes: any subset, nested objects partial too. */
export interface AgencySettingsPatch {
  customerEmail?: string;
  contactEmail?: string;
  payment?: Partial<AgencySettings['payment']>;
  agencyShippingStatus?: boolean;
  shippingExcludeCode?: ShippingExclusion[];
  editorDomain?: string;
  contact?: Partial<AgencySettings['contact']>;
  autoApproveOrders?: boolean;
  defaultDesignCost?: number;
  productionDays?: number;
  warehouseShortage?: AgencySettings['warehouseShortage'];
  packingSlipBrand?: AgencySettings['packingSlipBrand'];
}

export const DEFAULT_AGENCY_SETTINGS: AgencySettings = {
  customerEmail: '',
  contactEmail: '',
  // Spec part 2 section 9: exchange rate USD to VND, default 1.
  payment: { exchangeRate: 1, topupContent: '' },
  agencyShippingStatus: false,
  shippingExcludeCode: [],
  editorDomain: '',
  contact: { shippingTitle: '' },
  autoApproveOrders: false,
  defaultDesignCost: 0,
  productionDays: 5,
  warehouseShortage: 'hold',
  packingSlipBrand: 'seller',
};

export const SETTINGS_LIMITS = {
  topupContent: 1000,
  shippingTitle: 255,
  exchangeRateMax: 10_000_000,
  designCostMax: 10_000,
  /** Production time in whole days. */
  productionDaysMin: 1,
  productionDaysMax: 60,
  /** Rows of the shipping exclusion table, and province codes per row. */
  shippingRows: 300,
  provincesPerRow: 200,
  provinceCode: 20,
  url: 2048,
  host: 253,
  /** Custom domains one agency may add. */
  domainsPerAgency: 20,
} as const;

/** connectStatus of a domain: 1 connected, anything else not connected (spec). */
export const DOMAIN_CONNECTED = 1;

/** The DNS target when APP_DOMAIN_TARGET is not set (docs/deploy.md, Custom domains). */
export const DEFAULT_DOMAIN_TARGET = 'cname.fulfilment.local';

export const SETTINGS_MSG = {
  updateSuccess: 'Update success!',
  error: 'Error!',
  created: 'Created',
  deleted: 'Deleted',
  connected: 'Connected',
  notConnected: (reason: string) => `Not connected: ${reason}`,
  confirmDelete: 'Are you sure to delete this?',
  cancelAction: 'Cancel action!',
  // Server and form messages the spec leaves to us (docs/decisions.md, Agency settings).
  inputHost: 'Please input host',
  invalidHost: 'Please input a valid host name, e.g. shop.example.com',
  designCost: 'Design cost must be between $0 and $10,000, in whole cents',
  productionDays: 'Production time must be a whole number of days from 1 to 60',
  hostTaken: (host: string) => `The domain ${host} is already in use`,
  tooManyDomains: `An agency can have at most ${SETTINGS_LIMITS.domainsPerAgency} domains`,
  invalidCountry: (code: string) => `${code} is not an ISO 3166-1 alpha-2 country code`,
  provinceLength: lengthMessage('Province code', 1, SETTINGS_LIMITS.provinceCode),
  tooManyProvinces: `At most ${SETTINGS_LIMITS.provincesPerRow} province codes per country`,
  exchangeRate: `Exchange rate must be greater than 0 and at most ${SETTINGS_LIMITS.exchangeRateMax.toLocaleString('en-US')}`,
  topupContent: lengthMessage('Top-up content', 0, SETTINGS_LIMITS.topupContent),
  shippingTitle: lengthMessage('Shipping title', 0, SETTINGS_LIMITS.shippingTitle),
  invalidEditorDomain: 'Please input a host name (editor.example.com) or an https:// address',
  invalidUrl: 'Please input a valid http:// or https:// address',
} as const;

/** The six template-file links of the agency config (spec part 2 section 3), in page order. */
export const TEMPLATE_FILE_FIELDS = [
  { key: 'importOrderFilePath', label: 'Import order file' },
  { key: 'importTrackingFilePath', label: 'Import tracking file' },
  { key: 'dataCatalogFile', label: 'Data catalog file' },
  { key: 'importFileToCancel', label: 'Import file to cancel' },
  { key: 'importFileToHold', label: 'Import file to hold' },
  { key: 'importSupplierCode', label: 'Import supplier code' },
] as const;
export type TemplateFileKey = (typeof TEMPLATE_FILE_FIELDS)[number]['key'];

// ISO 3166-1 alpha-2, all 249 assigned codes, plus XK (Kosovo), which carriers use.
const COUNTRY_CODES = new Set(
  ('AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
    'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
    'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
    'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
    'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
    'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ ' +
    'UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW XK').split(' '),
);

export function isCountryCode(code: string): boolean {
  return COUNTRY_CODES.has(code);
}

/** Province codes from a list or from comma-separated text: trimmed, upper case, no blanks or repeats. */
export function splitProvinceCodes(value: string | readonly string[] | null | undefined): string[] {
  const parts = typeof value === 'string' ? value.split(',') : (value ?? []);
  return [...new Set(parts.map((p) => p.trim().toUpperCase()).filter(Boolean))];
}

/** A shipping row as a form or a client may send it. */
export interface ShippingExclusionInput {
  countryCode?: string | null;
  provinceCode?: string | readonly string[] | null;
}

/** Rows without a country code are dropped; codes upper-cased, provinces split (spec part 2 section 5). */
export function cleanShippingExclusions(rows: readonly ShippingExclusionInput[]): ShippingExclusion[] {
  return rows
    .map((row) => ({ countryCode: (row.countryCode ?? '').trim().toUpperCase(), provinceCode: splitProvinceCodes(row.provinceCode) }))
    .filter((row) => row.countryCode !== '');
}

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Trimmed, lower case, without the root dot a DNS name may end with. */
export function normaliseHost(value: string): string {
  return value.trim().toLowerCase().replace(/\.$/, '');
}

/**
 * A fully qualified host name (two labels or more, letters, digits and hyphens; internationalised
 * names in their xn-- form). Not an IP address: a custom domain is pointed here by a DNS record.
 */
export function isValidHost(host: string): boolean {
  if (host.length > SETTINGS_LIMITS.host) return false;
  const labels = host.split('.');
  return labels.length >= 2 && labels.every((label) => HOST_LABEL.test(label)) && !/^\d+$/.test(labels[labels.length - 1]!);
}

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** Empty, or an absolute http(s) address (template file links). */
export function isHttpUrl(value: string): boolean {
  if (value === '') return true;
  const url = parseUrl(value);
  return !!url && (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
}

/**
 * Empty, a host name, or an https address. Never plain http: the editor is opened with the
 * user's access token in its address.
 */
export function isEditorDomain(value: string): boolean {
  if (value === '') return true;
  if (!/^https:\/\//i.test(value)) return isValidHost(value.toLowerCase());
  const url = parseUrl(value);
  return !!url && url.protocol === 'https:' && !url.username && !url.password && isValidHost(url.hostname);
}

/** The landing editor's address with the token (spec: "opens the editor domain in a new tab with the stored access token in the query"). */
export function editorUrl(editorDomain: string, accessToken: string): string | null {
  if (!editorDomain || !isEditorDomain(editorDomain)) return null;
  const url = new URL(/^https:\/\//i.test(editorDomain) ? editorDomain : `https://${editorDomain}/`);
  url.searchParams.set('access_token', accessToken);
  return url.toString();
}

/** Settings merged over a base: nested payment and contact key by key, lists replaced whole. */
export function mergeSettings(base: AgencySettings, patch: AgencySettingsPatch): AgencySettings {
  return {
    ...base,
    ...definedOnly(patch),
    payment: { ...base.payment, ...definedOnly(patch.payment ?? {}) },
    contact: { ...base.contact, ...definedOnly(patch.contact ?? {}) },
  } as AgencySettings;
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * Whether the agency does not ship to this destination (the order is flagged cannot-ship): the
 * exclusions apply only while agencyShippingStatus is on; a row with no province excludes the
 * whole country, otherwise only the listed provinces. Codes compare case-insensitively.
 */
export function isExcludedDestination(
  settings: Pick<AgencySettings, 'agencyShippingStatus' | 'shippingExcludeCode'>,
  countryCode: string,
  provinceCode = '',
): boolean {
  if (!settings.agencyShippingStatus) return false;
  const country = countryCode.trim().toUpperCase();
  const province = provinceCode.trim().toUpperCase();
  return settings.shippingExcludeCode.some(
    (row) => row.countryCode === country && (row.provinceCode.length === 0 || (province !== '' && row.provinceCode.includes(province))),
  );
}

/** Orders not yet in production: a change of the exclusions re-flags these (docs/decisions.md). */
export const CANNOT_SHIP_OPEN_STATUSES = ['Unfulfilled', 'InReview', 'Approved', 'Hold', 'Rejected'] as const;
