import { KPI_QUICK_RANGES, type KpiQuickRange } from '@fbo/shared/schemas/kpis';

/** A quick range (the last N days, today included) or a custom pair of days. */
export type KpiRangeKey = KpiQuickRange | 'custom';
export interface KpiPeriod {
  range: KpiRangeKey;
  /** Custom only: YYYY-MM-DD, UTC days as the server counts them. */
  dateFrom?: string;
  dateTo?: string;
}

export const DEFAULT_PERIOD: KpiPeriod = { range: 'month' };
/** The server refuses a longer range (PROFIT_MSG.rangeTooLong). */
export const MAX_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;

export const utcToday = (now = Date.now()) => new Date(now).toISOString().slice(0, 10);

/** The last `days` UTC days, today included. */
export function lastDays(days: number, now = Date.now()): { dateFrom: string; dateTo: string } {
  const today = utcToday(now);
  return { dateFrom: new Date(Date.parse(`${today}T00:00:00Z`) - (days - 1) * DAY_MS).toISOString().slice(0, 10), dateTo: today };
}

export function isRangeKey(value: string | undefined): value is KpiRangeKey {
  return value === 'custom' || KPI_QUICK_RANGES.some((r) => r.key === value);
}

/** The days a period covers; a custom period missing a day falls back to the default range. */
export function periodDays(period: KpiPeriod, now = Date.now()): { dateFrom: string; dateTo: string } {
  if (period.range === 'custom' && period.dateFrom && period.dateTo) return { dateFrom: period.dateFrom, dateTo: period.dateTo };
  const quick = KPI_QUICK_RANGES.find((r) => r.key === period.range) ?? KPI_QUICK_RANGES.find((r) => r.key === DEFAULT_PERIOD.range)!;
  return lastDays(quick.days, now);
}

/** "2025-01-01 to 2025-01-30" */
export const periodLabel = (days: { dateFrom: string; dateTo: string }) => `${days.dateFrom} to ${days.dateTo}`;
