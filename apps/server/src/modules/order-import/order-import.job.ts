/**
 * The IMPORT_ORDERS job: plans the file (one SKU query), then inserts the ready orders in batches,
 * one transaction and one statement per batch (orders, items and timeline rows together), and
 * saves the failed rows (the original columns + Reason) as a report the history links to.
 *
 * A re-import of the same file, or of overlapping orders, creates nothing twice: the partial unique
 * index orders_source_name_uq and a probe of its prefix skip a name the team has from any source (counted as skipped). A retried job (after a
 * crash) skips the batches it finished for the same reason, and counts their orders as created: the
 * counts come from the orders carrying the import's id, not from one attempt's inserts.
 */
import { IMPORT_ORDERS_JOB, ORDER_IMPORT_LIMITS, ORDER_IMPORT_MSG } from '@fbo/shared';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { AppContext } from '../../context';
import type { JobHandler, JobRun } from '../../jobs/queue';
import { jobBatches, sharesOneConnection, type BatchSizer } from '../../lib/batch-sizer';
import { HttpError } from '../../lib/errors';
import { writeAudit } from '../audit';
import { enqueueImportLink } from '../customers';
import { readSettings } from '../settings';
import { productsFromImport } from '../products';
import { planImport, toRecords } from './import-plan';
import * as repo from './order-import.repo';
import { saveFailedRows } from './failed-rows-report';

const gunzip = promisify(zlib.gunzip);

/**
 * Orders per insert statement. Larger than ORDER_IMPORT_LIMITS.batchOrders (written for the old
 * JSON payload): with one array parameter per column a batch costs the same few round trips at any
 * size, so fewer, larger batches amortise them; 5,000 orders (~7,500 items) keep a statement's
 * parameters a few MB and still report progress about 20 times on a 100,000-row file.
 */
export const IMPORT_BATCH_ORDERS = 5_000;

export interface ImportJobPayload {
  importId: string;
  fileId: string;
}

export interface OrderImportOptions {
  /** Orders per insert; by default IMPORT_BATCH_ORDERS on PostgreSQL, adaptive on PGlite (lib/batch-sizer.ts). */
  batches?: () => BatchSizer;
}

export function registerOrderImport(ctx: AppContext): void {
  // Two imports at once per process: one agency's 100,000-row file does not hold up another's.
  ctx.jobs.register(IMPORT_ORDERS_JOB, orderImportHandler(ctx), { concurrency: 2 });
}

/** The job's handler (tests run it with small batches to crash it between two). */
export function orderImportHandler(ctx: AppContext, options: OrderImportOptions = {}): JobHandler {
  return async (run) => {
    const { importId } = run.job.payload as unknown as ImportJobPayload;
    try {
      return { ...(await runOrderImport(ctx, run, options.batches?.() ?? jobBatches(ctx.db, IMPORT_BATCH_ORDERS))) };
    } catch (error) {
      // The queue retries; the history shows 'failed' only when no attempt is left.
      if (run.job.attempts >= run.job.maxAttempts) await repo.updateImport(ctx.db, importId, { status: 'failed', finishedAt: new Date() });
      throw error;
    }
  };
}

async function runOrderImport(ctx: AppContext, run: JobRun, batches: BatchSizer) {
  const { importId, fileId } = run.job.payload as unknown as ImportJobPayload;
  // Phase times in the job result: the bench reports where an import spends its time.
  const clock = { start: performance.now(), last: performance.now() };
  const lap = () => {
    const now = performance.now();
    const ms = Math.round(now - clock.last);
    clock.last = now;
    return ms;
  };
  const timings: Record<string, number> = {};
  const record = await repo.findImport(ctx.db, importId);
  const stored = await repo.jobFileData(ctx.db, fileId);
  // The upload stores the file gzipped under its own name + .gz (order-import.service.ts).
  const file = stored && record ? { name: record.fileName, data: stored.name.endsWith('.gz') ? await gunzip(stored.data) : stored.data } : undefined;
  timings.readFileMs = lap();
  if (!record || !file) {
    if (record) await repo.updateImport(ctx.db, importId, { status: 'failed', finishedAt: new Date() });
    return { ok: false, message: ORDER_IMPORT_MSG.unreadable, importId };
  }
  await repo.updateImport(ctx.db, importId, { status: 'running' });

  let plan: Awaited<ReturnType<typeof planImport>>;
  try {
    plan = await planImport(ctx.db, { agencyId: record.agencyId, sellerTeamId: record.sellerTeamId }, file, { createProduct: record.createProduct });
  } catch (error) {
    // A file the dry run would refuse (the upload checks the same, so only a changed rule gets here).
    if (!(error instanceof HttpError)) throw error;
    await repo.updateImport(ctx.db, importId, { status: 'failed', finishedAt: new Date() });
    return { ok: false, message: error.message, importId };
  }
  timings.planMs = lap();
  const made = record.createProduct ? await createProducts(ctx, record, plan) : null;
  const total = plan.sheet.rows.length;
  await run.progress({ total, processed: plan.failures.length, failed: plan.failures.length });
  await repo.updateImport(ctx.db, importId, { totalRows: total });

  const settings = readSettings(await repo.agencySettingsRow(ctx.db, record.agencyId));
  const scope: repo.BatchScope = {
    agencyId: record.agencyId,
    sellerTeamId: record.sellerTeamId,
    sellerId: record.userId ?? run.job.userId!,
    importId,
    actorEmail: await repo.userEmail(ctx.db, record.userId ?? run.job.userId!),
  };
  let processed = plan.failures.length;
  // On PostgreSQL batches overlap: the next batch's rows are built while the database inserts, and two
  // batches insert at once on two connections (no name is in two batches, so they never conflict).
  // Per-row foreign-key checks make the database the bottleneck.
  const inFlight = new Set<Promise<void>>();
  // PGlite runs a statement on this thread: building the next batch while one is open would only hold
  // the connection (and its lock, which requests wait for) longer. One batch at a time there.
  const batchesInFlight = sharesOneConnection(ctx.db) ? 1 : ORDER_IMPORT_LIMITS.batchesInFlight;
  try {
    for (let from = 0; from < plan.ready.length; ) {
      if (inFlight.size >= batchesInFlight) await Promise.race(inFlight);
      // Sized once the previous batch has reported its time (PGlite's sizer adapts to it).
      const size = batches.next();
      const batch = toRecords(plan.ready.slice(from, from + size), plan.variants, plan.waiting, plan.stocked, settings, plan.format);
      from += size;
      const insert: Promise<void> = ctx.db
        .transaction(async (tx) => {
          // Timed inside the transaction: how long it holds the connection (what PGlite's sizer bounds).
          const started = performance.now();
          await repo.insertBatch(tx, scope, batch.orders, batch.items);
          batches.record(batch.orders.length, performance.now() - started);
        })
        .then(async () => {
          processed += batch.items.length;
          await run.progress({ processed });
        })
        .finally(() => inFlight.delete(insert));
      // Handled here too, so a failure while the loop is elsewhere is not an unhandled rejection.
      insert.catch(() => undefined);
      inFlight.add(insert);
    }
    await Promise.all(inFlight);
  } catch (error) {
    // Let the other batch finish before the queue retries the job (a retry skips what was inserted).
    await Promise.allSettled(inFlight);
    throw error;
  }
  // Progress writes of overlapping batches may land out of order: the last word is the total.
  await run.progress({ processed });
  // Counted from the orders, not from this attempt's inserts: a retried job (its worker died) finds
  // the batches of earlier attempts already there, which are this import's orders, not skipped ones.
  // A ready order is either this import's or one the team had before (skipped).
  const created = await repo.countImportedOrders(ctx.db, importId);
  const skipped = plan.ready.length - created;
  if (created > 0 && sharesOneConnection(ctx.db)) await repo.refreshOrderStatistics(ctx.db);
  timings.insertMs = lap();

  const reportFileId = plan.failures.length ? await saveFailedRows(ctx, run, record.fileName, plan.sheet, plan.failures) : null;
  timings.reportMs = lap();
  const waitingLines = plan.ready.reduce((n, o) => n + o.items.filter((i) => !plan.variants.has(i.sku)).length, 0);
  const message = [
    ORDER_IMPORT_MSG.done(created, skipped, plan.failures.length),
    made && made.products ? ORDER_IMPORT_MSG.productsCreated(made.products, made.stores.join(', ')) : '',
    waitingLines ? ORDER_IMPORT_MSG.linesWaiting(waitingLines) : '',
  ]
    .filter(Boolean)
    .join(' ');
  await ctx.db.transaction(async (tx) => {
    await repo.updateImport(tx, importId, {
      status: 'done',
      ordersCreated: created,
      ordersSkipped: skipped,
      failedRows: plan.failures.length,
      failures: plan.failures.slice(0, ORDER_IMPORT_LIMITS.storedFailures).map((f) => ({ row: f.line, orderName: f.orderName, reason: f.reason })),
      reportFileId,
      finishedAt: new Date(),
    });
    // One audit entry per import (not per order: the orders' timelines carry their own 'import' row).
    await writeAudit(tx, {
      actorId: scope.sellerId,
      agencyId: record.agencyId,
      entity: 'order_import',
      entityId: importId,
      action: 'import_orders',
      after: { format: plan.format, rows: total, created, skipped, failed: plan.failures.length },
    });
    // The imported orders' buyers are linked by a job of their own, queued with the import's end (docs/customers.md
    // "Imports"): linking in every batch's transaction made a 50,000-order import about half again as long.
    if (created > 0) await enqueueImportLink(tx, record.agencyId, importId);
  });
  timings.totalMs = Math.round(performance.now() - clock.start);
  return {
    ok: true, message, importId, rows: total, created, skipped, failed: plan.failures.length, timings,
    ...(made ? { productsCreated: made.products } : {}), ...(reportFileId ? { reportFileId } : {}),
  };
}

/**
 * createProduct: the file's unknown SKUs become products of the team's manual stores (products-from-import.ts), and
 * their lines are imported waiting for the mapping, each with the store variant just made (sync-to-item resolves
 * them once the seller maps the product).
 */
async function createProducts(ctx: AppContext, record: repo.ImportRow, plan: Awaited<ReturnType<typeof planImport>>) {
  if (plan.unknown.size === 0) return null;
  const made = await ctx.db.transaction((tx) =>
    productsFromImport(tx, { agencyId: record.agencyId, sellerTeamId: record.sellerTeamId }, [...plan.unknown].map(([sku, line]) => ({ sku, ...line }))),
  );
  for (const sku of plan.unknown.keys()) plan.waiting.set(sku, { productVariantId: made.variantIds.get(sku) ?? null });
  return made;
}
