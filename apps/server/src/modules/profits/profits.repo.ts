import { and, eq, getTableColumns, gt, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { LedgerType } from '@fbo/shared/domain/money';
import type { Db } from '../../db/client';
import { ledgerEntries } from '../../db/schema/index';
import { newestFirst, pageWithCappedCount, withPage } from '../../lib/list';

export interface EntryFilter {
  sellerTeamId: string;
  type?: LedgerType;
  from?: Date;
  /** Exclusive. */
  to?: Date;
  page: number;
  limit: number;
}

/** The team's profit-account entries, newest first. */
export async function entries(db: Db, f: EntryFilter) {
  const conditions: SQL[] = [eq(ledgerEntries.sellerTeamId, f.sellerTeamId), eq(ledgerEntries.accountKind, 'profit')];
  if (f.type) conditions.push(eq(ledgerEntries.type, f.type));
  if (f.from) conditions.push(gte(ledgerEntries.createdAt, f.from));
  if (f.to) conditions.push(lt(ledgerEntries.createdAt, f.to));
  const where = and(...conditions)!;
  const { rows, count } = await pageWithCappedCount(db, sql`${ledgerEntries}`, where, f, (countColumn) =>
    withPage(db.select({ ...getTableColumns(ledgerEntries), ...countColumn }).from(ledgerEntries), where, newestFirst(ledgerEntries), f),
  );
  return { rows, count };
}

/** Held profit per release day (UTC), earliest first. */
export async function releaseSchedule(db: Db, sellerTeamId: string, now: Date) {
  const day = sql<string>`to_char(${ledgerEntries.availableAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ date: day, cents: sql<number>`sum(${ledgerEntries.amountCents})::bigint` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.sellerTeamId, sellerTeamId), eq(ledgerEntries.accountKind, 'profit'), gt(ledgerEntries.availableAt, now)))
    .groupBy(day)
    .orderBy(day);
  return rows.map((r) => ({ date: r.date, cents: Number(r.cents) }));
}
