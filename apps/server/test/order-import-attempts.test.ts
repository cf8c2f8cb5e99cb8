/**
 * An order import whose worker dies between two batches: the queue claims the job again, and the
 * retry must report the orders of every attempt as created, not as skipped (issue 13, item 2).
 * On both databases; job-crash-recovery.test.ts kills a real server process on PostgreSQL.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_ORDERS_JOB, ORDER_IMPORT_MSG } from '@fbo/shared';
import type { AppContext } from '../src/context';
import { JOB_LEASE_MS, type JobRun } from '../src/jobs/queue';
import { claimJob, releaseOrphans, renewLease } from '../src/jobs/job-rows';
import { fixedBatches, sharesOneConnection } from '../src/lib/batch-sizer';
import { orderImportHandler } from '../src/modules/order-import/order-import.job';
import { useApiTest } from './helpers/api';
import { importCounts, importedCount, jobRow, sellerScope, shopifyCsv, uploadOrders, type SellerScope } from './helpers/order-import-files';

const t = useApiTest();
let scope: SellerScope;
const db = () => t.database.db;

beforeAll(async () => {
  scope = await sellerScope(db());
  expect(scope.skus).toHaveLength(3);
});

/** Runs the import handler as a worker that dies right after its first batch committed. */
async function crashAfterFirstBatch(jobId: string): Promise<void> {
  const job = await claimJob(db(), [IMPORT_ORDERS_JOB], JOB_LEASE_MS);
  expect(job?.id).toBe(jobId);
  let reports = 0;
  const run: JobRun = {
    job: job!,
    signal: new AbortController().signal,
    async progress(update) {
      await renewLease(db(), job!, JOB_LEASE_MS, update);
      // The first report is the plan's total, the second follows the first batch.
      if (++reports === 2) throw new Error('the worker died');
    },
  };
  // Five orders a batch: the file takes several. The handler reads nothing else from the context.
  const handler = orderImportHandler({ db: db() } as AppContext, { batches: () => fixedBatches(5) });
  await expect(handler(run)).rejects.toThrow('the worker died');
  // No finishJob: the job stays running under a lease, as a killed process leaves it.
}

describe('an order import retried after its worker died', () => {
  it('sizes its batches for the database: adaptive only where jobs share the one connection (PGlite)', () => {
    expect(sharesOneConnection(db())).toBe(t.database.kind === 'pglite');
  });

  it('counts created, skipped and failed over all attempts, in the result, the history and the audit', async () => {
    // Five orders the team has before the import, spread over the file's batches: in it again, they are skipped.
    const before = ['#ATT3', '#ATT8', '#ATT15', '#ATT22', '#ATT37'];
    const first = await uploadOrders(t, 'before.csv', shopifyCsv(before, scope.skus).text);
    await t.app.jobs.drain();
    expect(await importedCount(db(), first.importId)).toBe(5);

    // 40 orders: the 5 above, 32 new, 3 with an unknown SKU (failed, every row of them).
    const names = Array.from({ length: 40 }, (_, i) => `#ATT${i + 1}`);
    const bad = new Set(['#ATT10', '#ATT21', '#ATT34']);
    const file = shopifyCsv(names, scope.skus, bad);
    expect(file.badRows).toBe(5);
    const { importId, jobId } = await uploadOrders(t, 'orders.csv', file.text);

    await crashAfterFirstBatch(jobId);
    const partial = await importedCount(db(), importId);
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(32);
    expect((await jobRow(db(), jobId)).status).toBe('running');

    // The process is gone: its lease ends (on PostgreSQL it lapses after 30 s) and the queue claims it again.
    await releaseOrphans(db());
    // The import, then the linking of its buyers that its end queued (docs/customers.md "Imports").
    expect(await t.app.jobs.drain()).toBe(2);

    const counts = await importCounts(db(), importId, jobId);
    const expected = { created: 32, skipped: 5, failed: 5 };
    expect(counts).toEqual({
      status: 'done',
      attempts: 2,
      result: { ...expected, message: ORDER_IMPORT_MSG.done(32, 5, 5) },
      record: { status: 'done', ...expected },
      audit: expect.objectContaining(expected),
    });
    expect(await importedCount(db(), importId)).toBe(32);
  });
});
