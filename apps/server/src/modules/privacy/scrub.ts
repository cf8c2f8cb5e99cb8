/**
 * Pure helpers of the erase (docs/stores.md, "Privacy"): the marker that replaces an erased value, the keys
 * that name a buyer's personal data inside stored JSON, and the replacement of known values inside texts.
 */

import { ERASED } from '@fbo/shared';

/** What an erased value becomes, everywhere (docs/decisions.md, "Privacy erase"); the customers' key reads it too. */
export { ERASED };

/**
 * JSON keys whose string value is a buyer's personal data wherever they appear (events' before/after,
 * audit entries, the order's metadata, stored webhook bodies): the order's own fields and Shopify's names.
 * Not `name`: it names products and line items too; a buyer's name is erased as a value instead.
 */
export const PERSONAL_KEYS = new Set([
  'fullName', 'full_name', 'firstName', 'first_name', 'lastName', 'last_name', 'email', 'contact_email', 'phone',
  'address1', 'address2', 'city', 'province', 'zip', 'zipCode', 'zip_code', 'company',
]);

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const htmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The forms a value takes in stored text: as is, HTML-escaped (mail bodies). Empty and erased values drop out. */
export function valueForms(values: Iterable<string>, minLength = 1): string[] {
  const out = new Set<string>();
  for (const raw of values) {
    const v = raw.trim();
    if (v.length < minLength || v === ERASED) continue;
    out.add(v);
    out.add(htmlEscape(v));
  }
  return [...out].sort((a, b) => b.length - a.length);
}

/**
 * Replaces each whole occurrence of the values (case-insensitive; not inside a longer word, so a province
 * "CA" leaves "Cancel" alone) by the marker. Null: nothing to replace.
 */
export function valuePattern(values: string[]): RegExp | null {
  if (values.length === 0) return null;
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${values.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`, 'giu');
}

export function scrubText(text: string, pattern: RegExp | null): string {
  return pattern ? text.replace(pattern, ERASED) : text;
}

/**
 * A JSON value with the values replaced inside every string, and (when `keys`) every non-empty string under a
 * personal key replaced whole. Keys themselves are kept: they are field names, not data.
 */
export function scrubJson(value: unknown, pattern: RegExp | null, keys: boolean): unknown {
  if (typeof value === 'string') return scrubText(value, pattern);
  if (Array.isArray(value)) return value.map((v) => scrubJson(v, pattern, keys));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      out[k] = keys && PERSONAL_KEYS.has(k) && typeof v === 'string' && v !== '' ? ERASED : scrubJson(v, pattern, keys);
    }
    return out;
  }
  return value;
}

/** Collects the strings found under personal keys (an address an event recorded before a change). */
export function collectPersonal(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) for (const v of value) collectPersonal(v, into);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (PERSONAL_KEYS.has(k) && typeof v === 'string') {
        if (v.trim() !== '' && v !== ERASED) into.add(v);
      } else collectPersonal(v, into);
    }
  }
}
