import { desc, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { LIMITS } from '@fbo/shared';
import { executedRows, type Db } from '../db/client';

/** `%` and `_` typed by a user are literal characters, not wildcards. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export type CappedTotal = { total: number; capped: boolean };

/** The count, stopping at the cap, of a filtered table: deep lists never pay for a full count(*). */
function cappedCountSql(table: SQL, where: SQL | undefined): SQL<number> {
  return sql<number>`(select count(*)::int from (select 1 from ${table} ${where ? sql`where ${where}` : sql``} limit ${LIMITS.countCap + 1}) t)`;
}

function capped(n: number): CappedTotal {
  const cap = LIMITS.countCap;
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}

/**
 * Counts the rows of a filtered table, stopping at the cap. `capped` tells the screen to show
 * "10,000+". Lists take it with their page through pageWithCappedCount; alone only for a page with no rows.
 */
async function cappedCount(db: Db, table: SQL, where: SQL | undefined): Promise<CappedTotal> {
  const result = await db.execute<{ n: number }>(sql`select ${cappedCountSql(table, where)} as n`);
  return capped(Number(executedRows<{ n: number }>(result)[0]?.n ?? 0));
}

const TOTAL = 'cappedTotal__';
type TotalColumn = { [TOTAL]: SQL.Aliased<number> };

/**
 * One page of a list and its capped count in one round trip (issue 14 item 6b): `page` builds the
 * page's select and spreads the given column into its fields; the count rides on every row as an
 * uncorrelated scalar subquery, which the database runs once. The column is taken off the rows again.
 * An empty first page means nothing matches: the count is 0 without asking (an empty list is the
 * usual state of a new agency's lists, and asking cost it a second round trip). Only an empty later
 * page (past the end) asks for the count on its own.
 *
 *   const { rows, count } = await pageWithCappedCount(db, sql`${users}`, where, q, (total) =>
 *     withPage(db.select({ ...getTableColumns(users), ...total }).from(users), where, newestFirst(users), q));
 */
export async function pageWithCappedCount<R extends { [TOTAL]: number }>(
  db: Db,
  table: SQL,
  where: SQL | undefined,
  page: ListPage,
  select: (total: TotalColumn) => PromiseLike<R[]>,
): Promise<{ rows: Omit<R, typeof TOTAL>[]; count: CappedTotal }> {
  const withTotal = await select({ [TOTAL]: cappedCountSql(table, where).mapWith(Number).as('capped_total') });
  if (withTotal.length === 0) return { rows: [], count: page.page === 1 ? capped(0) : await cappedCount(db, table, where) };
  const count = capped(withTotal[0][TOTAL]);
  const rows = withTotal.map(({ [TOTAL]: _total, ...row }) => row);
  return { rows, count };
}

/** The page a list query asks for: `page` counts from 1. */
export type ListPage = { page: number; limit: number };

/** The usual order of a list: newest first, the id breaking ties so that no row is on two pages or on none. */
export function newestFirst(table: { createdAt: AnyPgColumn; id: AnyPgColumn }): SQL[] {
  return [desc(table.createdAt), desc(table.id)];
}

/**
 * The tail every paged list shares: its filter, its order (ending on a unique column, so pages never overlap)
 * and one page of rows. `query` is the select with its columns and joins; the SQL is the same as writing
 * `.where(where).orderBy(...orderBy).limit(...).offset(...)` after it.
 */
export function withPage<Q extends { $dynamic(): PgSelect }>(query: Q, where: SQL | undefined, orderBy: SQL[], page: ListPage) {
  const paged = query
    .$dynamic()
    .where(where)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
  // A dynamic select's methods return the select itself: the rows keep the type of `query`'s columns.
  return paged as ReturnType<Q['$dynamic']>;
}

/** The list answer of every paged endpoint: `{data, total, totalCapped, page, limit}`. */
export function listAnswer<T>(data: T[], count: CappedTotal, q: { page: number; limit: number }) {
  return { data, total: count.total, totalCapped: count.capped, page: q.page, limit: q.limit };
}
