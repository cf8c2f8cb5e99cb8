import { z } from 'zod';
import { LIMITS } from '../domain/limits';
import { CONTROL_CHARS } from '../domain/input-text';

export { CONTROL_CHARS, FILE_NAME_MAX, safeFileName, withoutControlChars } from '../domain/input-text';

export const idParam = z.object({ id: z.uuid() });

/** Lists: page from 1, limit from the offered sizes (any 1-200 accepted), search trimmed. */
export const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(10),
  search: z.string().trim().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

export const listResponse = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    total: z.number().int(),
    /** true when total stopped at the count cap: show "10,000+". */
    totalCapped: z.boolean().optional(),
    page: z.number().int(),
    limit: z.number().int(),
  });

export const messageResponse = z.object({ message: z.string() });

export const errorResponse = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

export const emailField = z.string().trim().toLowerCase().max(LIMITS.email.max).pipe(z.email());

export const dateTime = z.string();

// ----- input hygiene (issue 12 item 4: bad input answers 400, never 500) -----

export const INPUT_MSG = {
  controlChars: 'Control characters are not allowed',
  date: 'Date must be YYYY-MM-DD or an ISO date-time between 1970 and 2100',
  day: 'Use the format YYYY-MM-DD (a day between 1970 and 2100)',
  amountType: 'Amount must be a number',
  amountMin: 'Amount must be greater than 0',
  amountZero: 'Amount must not be 0',
} as const;

/**
 * Where the first string carrying a control character sits in a decoded request part (keys count
 * too): its path (`['items', '0', 'name']`, `[]` for a bare string), or null when there is none.
 */
export function controlCharPath(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return CONTROL_CHARS.test(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  for (const [key, item] of Object.entries(value)) {
    if (CONTROL_CHARS.test(key)) return [...path, key];
    const found = controlCharPath(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** A string without control characters (chain `.trim().max(n)` as usual). */
export const text = (message: string = INPUT_MSG.controlChars) => z.string().refine((v) => !CONTROL_CHARS.test(v), message);

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME_RE = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)?$/;
export const DATE_RANGE = { minYear: 1970, maxYear: 2100 } as const;

/**
 * A real calendar day (YYYY-MM-DD) or an ISO date-time (YYYY-MM-DDTHH:mm[:ss[.fff]][Z|±hh:mm]) whose
 * year is 1970-2100. `Date.parse` alone took '100000' (year 100000) and PostgreSQL then failed: 500.
 */
export function isIsoDate(value: string, dayOnly = false): boolean {
  const m = DAY_RE.exec(value) ?? (dayOnly ? null : DATE_TIME_RE.exec(value));
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < DATE_RANGE.minYear || year > DATE_RANGE.maxYear) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  // 2026-02-31 is no day (Date.UTC would roll it to March).
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day && !Number.isNaN(Date.parse(value));
}

/** A date filter: a day (the whole UTC day) or an ISO date-time, 1970-2100. */
export const isoDate = (message: string = INPUT_MSG.date) => z.string().trim().refine((v) => isIsoDate(v), message);
/** A calendar day only (YYYY-MM-DD), 1970-2100. */
export const isoDay = (message: string = INPUT_MSG.day) => z.string().trim().refine((v) => isIsoDate(v, true), message);

/**
 * True when `v` has at most two decimals, allowing for float noise (`12.34 + 0.01` is 12.350000000000001:
 * the server rounds it to cents). The noise allowance alone let 1e-9 through, so amounts also need
 * |v| >= 0.01 (moneyAmount).
 */
export const hasCents = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

export interface AmountOptions {
  /** The largest absolute value, in dollars (none: no limit). */
  max?: number;
  /** Only the manual balance adjustment is signed; every other amount is > 0. */
  signed?: boolean;
  /** The field's own words where the spec or an earlier screen gave them. */
  messages?: { type?: string; min?: string; max?: string; cents?: string };
}

/**
 * A dollar amount in a JSON body: a number (never a boolean or numeric text), |v| >= 0.01, at most two
 * decimals (1e-9 once slipped through a tolerance and made $0.00 requests), |v| <= max. Unsigned
 * amounts are > 0; signed ones are never 0 (nor -0).
 */
export function moneyAmount(options: AmountOptions = {}) {
  const m = options.messages ?? {};
  const min = m.min ?? (options.signed ? INPUT_MSG.amountZero : INPUT_MSG.amountMin);
  let schema = z
    .number({ error: m.type ?? INPUT_MSG.amountType })
    .refine((v) => Number.isFinite(v), m.type ?? INPUT_MSG.amountType)
    // -0 is 0: Math.abs(-0) > 0 is false.
    .refine((v) => (options.signed ? Math.abs(v) > 0 : v > 0), min);
  if (options.max !== undefined) {
    const max = options.max;
    schema = schema.refine((v) => Math.abs(v) <= max, m.max ?? `Amount can not exceed ${max}`);
  }
  // Two decimals and not 0 make |v| >= 0.01: 1e-9 is "at most 2 decimals", the true fault.
  return schema.refine((v) => hasCents(v) && Math.abs(v) >= 0.01, m.cents ?? 'Amount can have at most 2 decimals');
}

/**
 * The same amount where it arrives as text (a query string or a multipart field): only a plain
 * decimal numeral is converted (`'12.50'`, `'-3'`); 'true', '', '1e-9', '0x10' stay text and fail.
 */
export function moneyAmountText(options: AmountOptions = {}) {
  return z.preprocess(
    (v) => (typeof v === 'string' && /^-?\d{1,12}(\.\d{1,12})?$/.test(v.trim()) ? Number(v.trim()) : v),
    moneyAmount(options),
  );
}

/** A buyer's name and postal address, as an order holds them. */
export const buyerAddress = z.object({
  fullName: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  province: z.string(),
  zipCode: z.string(),
  country: z.string(),
  countryCode: z.string(),
});
