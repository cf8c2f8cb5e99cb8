import { sql, type SQL } from 'drizzle-orm';
import { LIMITS } from '@fbo/shared';
import { executedRows, type Db } from '../db/client';

/** `%` and `_` typed by a user are literal characters, not wildcards. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Counts the rows of a filtered table, stopping at the cap: deep lists never pay for a full
 * count(*). `capped` tells the screen to show "10,000+".
 */
export async function cappedCount(db: Db, table: SQL, where: SQL | undefined): Promise<{ total: number; capped: boolean }> {
  const cap = LIMITS.countCap;
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (select 1 from ${table} ${where ? sql`where ${where}` : sql``} limit ${cap + 1}) t`,
  );
  const rows = executedRows<{ n: number }>(result);
  const n = Number(rows[0]?.n ?? 0);
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}

/** The list answer of every paged endpoint: `{data, total, totalCapped, page, limit}`. */
export function listAnswer<T>(data: T[], count: { total: number; capped: boolean }, q: { page: number; limit: number }) {
  return { data, total: count.total, totalCapped: count.capped, page: q.page, limit: q.limit };
}
