/**
 * The background linking of orders to customers: the imports' (docs/customers.md "Imports") and the backfill of
 * orders made before customers existed (docs/customers.md "Backfill"). The migration that made
 * customers added a `customer_backfills` row per agency; at start-up every unfinished one gets a
 * `customers.backfill` job, which links the agency's orders a batch per transaction, walking them by id from the
 * row's cursor: a job stopped half way (a restart, a lost lease) resumes after the last batch it committed, and a
 * batch linked twice changes nothing (linking is idempotent). The Customers page shows the row's progress.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { CUSTOMER_LIMITS } from '@fbo/shared';
import type { AppContext } from '../../context';
import { insertJob } from '../../jobs/enqueue';
import type { JobRun } from '../../jobs/queue';
import { executedRows, type Db, type Tx } from '../../db/client';
import { customerBackfills } from '../../db/schema/index';
import { linkCustomers } from './customer-link';

export const CUSTOMER_BACKFILL_JOB = 'customers.backfill';
export const CUSTOMER_IMPORT_LINK_JOB = 'customers.link-import';

/** Links the agency's next batch of orders after `cursor` (by id); answers the last id and how many there were. */
export async function linkOrdersAfter(tx: Tx, agencyId: string, cursor: string | null, limit: number): Promise<{ last: string | null; count: number }> {
  const rows = executedRows<{ id: string }>(await tx.execute(sql`
    select id from orders where agency_id = ${agencyId} ${cursor ? sql`and id > ${cursor}` : sql``} order by id limit ${limit}`));
  if (rows.length === 0) return { last: cursor, count: 0 };
  await linkCustomers(tx, agencyId, rows.map((r) => r.id));
  return { last: rows[rows.length - 1]!.id, count: rows.length };
}

/** Every order of the agency linked, a batch at a time, in the caller's transaction (the demo seed). */
export async function linkAllOrders(tx: Tx, agencyId: string): Promise<void> {
  let cursor: string | null = null;
  for (;;) {
    const step = await linkOrdersAfter(tx, agencyId, cursor, CUSTOMER_LIMITS.backfillBatch);
    if (step.count < CUSTOMER_LIMITS.backfillBatch) return;
    cursor = step.last;
  }
}

/** One batch of an agency's backfill under its row's lock; answers whether it is finished. */
async function backfillStep(db: Db, agencyId: string): Promise<{ done: boolean; processed: number; total: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(customerBackfills).where(eq(customerBackfills.agencyId, agencyId)).for('update');
    if (!row || row.doneAt) return { done: true, processed: row?.processed ?? 0, total: row?.total ?? 0 };
    let total = row.total;
    if (row.cursor === null && row.processed === 0) {
      const [n] = executedRows<{ n: number }>(await tx.execute(sql`select count(*)::int as n from orders where agency_id = ${agencyId}`));
      total = Number(n?.n ?? 0);
    }
    const step = await linkOrdersAfter(tx, agencyId, row.cursor, CUSTOMER_LIMITS.backfillBatch);
    const processed = row.processed + step.count;
    const done = step.count < CUSTOMER_LIMITS.backfillBatch;
    await tx
      .update(customerBackfills)
      // Orders made meanwhile were linked as they were written: the total may have grown, the bar still ends full.
      .set({ cursor: step.last, processed, total: Math.max(total, processed), doneAt: done ? new Date() : null })
      .where(eq(customerBackfills.agencyId, agencyId));
    return { done, processed, total: Math.max(total, processed) };
  });
}

export function registerCustomerBackfill(ctx: AppContext): void {
  ctx.jobs.register(CUSTOMER_IMPORT_LINK_JOB, async (run) => {
    const { agencyId, importId } = run.job.payload as { agencyId: string; importId: string };
    return { ok: true, processed: await linkImport(ctx.db, agencyId, importId, run) };
  });
  ctx.jobs.register(CUSTOMER_BACKFILL_JOB, async (run) => {
    const agencyId = String(run.job.payload['agencyId'] ?? '');
    for (;;) {
      const step = await backfillStep(ctx.db, agencyId);
      await run.progress({ processed: step.processed, total: step.total });
      if (step.done) return { ok: true, processed: step.processed };
    }
  });
}

/**
 * An order import's buyers, linked after the import (docs/customers.md "Imports"): queued in the transaction that
 * ends the import; the job links the import's orders 1,000 per transaction, by id (a retry links again, harmlessly).
 */
export async function enqueueImportLink(tx: Tx, agencyId: string, importId: string): Promise<void> {
  await insertJob(tx, { kind: CUSTOMER_IMPORT_LINK_JOB, payload: { agencyId, importId }, agencyId, dedupeKey: `customers-link-import:${importId}` });
}

async function linkImport(db: Db, agencyId: string, importId: string, run: JobRun): Promise<number> {
  let cursor: string | null = null;
  let processed = 0;
  for (;;) {
    const step: { last: string | null; count: number } = await db.transaction(async (tx) => {
      const rows = executedRows<{ id: string }>(await tx.execute(sql`
        select id from orders where agency_id = ${agencyId} and import_id = ${importId} ${cursor ? sql`and id > ${cursor}` : sql``}
        order by id limit ${CUSTOMER_LIMITS.backfillBatch}`));
      await linkCustomers(tx, agencyId, rows.map((r) => r.id));
      return { last: rows.at(-1)?.id ?? cursor, count: rows.length };
    });
    processed += step.count;
    await run.progress({ processed });
    if (step.count < CUSTOMER_LIMITS.backfillBatch) return processed;
    cursor = step.last;
  }
}

/** At start-up: a job for every agency whose backfill has not finished (a twin already queued is kept). */
export async function startCustomerBackfills(ctx: AppContext): Promise<void> {
  const pending = await ctx.db.select({ agencyId: customerBackfills.agencyId }).from(customerBackfills).where(isNull(customerBackfills.doneAt));
  for (const { agencyId } of pending) {
    await ctx.jobs.enqueue(ctx.db, { kind: CUSTOMER_BACKFILL_JOB, payload: { agencyId }, agencyId, dedupeKey: `customers-backfill:${agencyId}` });
  }
}

/** The agency's backfill as the Customers page shows it. */
export async function backfillState(db: Db, agencyId: string): Promise<{ status: 'done' | 'running'; processed: number; total: number }> {
  const [row] = await db.select().from(customerBackfills).where(and(eq(customerBackfills.agencyId, agencyId)));
  if (!row || row.doneAt) return { status: 'done', processed: row?.processed ?? 0, total: row?.total ?? 0 };
  return { status: 'running', processed: row.processed, total: row.total };
}
