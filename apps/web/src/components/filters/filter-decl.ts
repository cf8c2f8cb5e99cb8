import type { ReactNode } from 'react';
import type { z } from 'zod';

/** One choice of a select filter. */
export interface FilterOption {
  value: string;
  label: string;
}

/** Text searched as the user types; `key` 'search' is the list's own search box. */
export interface SearchFilterDecl {
  kind: 'search';
  key: string;
  id: string;
  label: string;
  placeholder?: string;
}

/** A clearable pick of one value, or (multi) of several kept comma-joined. */
export interface SelectFilterDecl {
  kind: 'select' | 'multi';
  key: string;
  id: string;
  label: string;
  placeholder: string;
  width: number;
  options: readonly FilterOption[];
  searchable?: boolean;
  loading?: boolean;
  /** Other address changes each pick makes (a quick period clears the custom days). */
  also?: FilterValues;
}

/** 'From' and 'To' day pickers (ids `${idPrefix}-from` / `-to`) over two address keys. */
export interface DateRangeFilterDecl {
  kind: 'dateRange';
  idPrefix: string;
  from: string;
  to: string;
}

/**
 * One range picker (ids `id` / `${id}-end`) over two address day keys; either end may stay empty.
 * `also` is written with each pick (choosing days turns a quick period off, or to 'custom').
 */
export interface DayRangeFilterDecl {
  kind: 'dayRange';
  id: string;
  label: string;
  from: string;
  to: string;
  also?: FilterValues;
}

/** A page's own widget (a period switch, a fetched picker) drawn in its place among the others. */
export interface CustomFilterDecl {
  kind: 'custom';
  /** The address keys it reads and writes. */
  keys: readonly string[];
  /** Draws it from the checked values; none for a key only the page itself shows (an open drawer). */
  render?: (values: FilterValues, onChange: (change: FilterValues) => void) => ReactNode;
}

export type FilterDecl = SearchFilterDecl | SelectFilterDecl | DateRangeFilterDecl | DayRangeFilterDecl | CustomFilterDecl;

/** What the address holds for each filter key: a string, or undefined when absent or refused. */
export type FilterValues = Record<string, string | undefined>;

/** The address's day format for 'from' / 'to' filters. */
export const FILTER_DAY = 'YYYY-MM-DD';

/** The list's own search box. */
export const searchFilter = (id: string, placeholder: string, label = 'Search'): SearchFilterDecl => ({ kind: 'search', key: 'search', id, label, placeholder });

/** The address keys a declared list reads and writes. */
export function filterKeys(decls: readonly FilterDecl[]): string[] {
  return decls.flatMap((decl) => (isDayPair(decl) ? [decl.from, decl.to] : decl.kind === 'custom' ? [...decl.keys] : [decl.key]));
}

/** Two day keys (two pickers or one range picker). */
function isDayPair(decl: FilterDecl): decl is DateRangeFilterDecl | DayRangeFilterDecl {
  return decl.kind === 'dateRange' || decl.kind === 'dayRange';
}

/** A real calendar day in YYYY-MM-DD (2024-02-30 is not). */
export function isFilterDay(raw: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** What the server would accept for this key, judged by the list query schema it validates with. */
function schemaAccepts(schema: z.ZodObject, key: string, raw: string): boolean {
  const field = schema.shape[key] as z.ZodType | undefined;
  // A key the server never reads (a tab, a page-only switch) is the page's own business.
  return field ? field.safeParse(raw).success : true;
}

/**
 * The filters read from the address: a value the list's query schema refuses (a hand-edited
 * address) falls back to undefined, i.e. 'All', instead of making the list answer 400.
 */
export function filtersFromAddress(schema: z.ZodObject, decls: readonly FilterDecl[], read: (key: string) => string | null | undefined): FilterValues {
  const dayKeys = new Set(decls.flatMap((decl) => (isDayPair(decl) ? [decl.from, decl.to] : [])));
  const values: FilterValues = {};
  for (const key of filterKeys(decls)) {
    const raw = read(key);
    const accepted = raw && (!dayKeys.has(key) || isFilterDay(raw)) && schemaAccepts(schema, key, raw);
    values[key] = accepted ? raw : undefined;
  }
  return values;
}

/** The address change one filter makes: '' (a cleared box) leaves the address like undefined. */
export function filterChange(key: string, value: string | undefined): FilterValues {
  return { [key]: value || undefined };
}

/** The address change a pick of a select makes: its value, and what else the pick resets. */
export function selectChange(decl: SelectFilterDecl, value: string | undefined): FilterValues {
  return { ...decl.also, [decl.key]: value };
}

/** The address change a range picker makes: both days (undefined for an empty end) and its `also`. */
export function dayRangeChange(decl: DayRangeFilterDecl, from: string | undefined, to: string | undefined): FilterValues {
  return { ...decl.also, [decl.from]: from, [decl.to]: to };
}
