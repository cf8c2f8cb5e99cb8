/**
 * A server process killed with SIGKILL in the middle of an order import (issue 13, item 4): a new
 * process claims the job once the dead one's lease lapses (30 s) and finishes it, with every order
 * once and the counts of all attempts. PostgreSQL only: the embedded database belongs to one
 * process (order-import-attempts.test.ts covers a crashed attempt on both databases).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ORDER_IMPORT_MSG } from '@fbo/shared';
import { useApiTest } from './helpers/api';
import { importCounts, importedCount, jobRow, sellerScope, shopifyCsv, uploadOrders, type SellerScope } from './helpers/order-import-files';
import { startServerProcess, type ServerProcess } from './helpers/server-process';

const RECOVERY_LIMIT_MS = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!process.env.TEST_DATABASE_URL)('an order import whose server is killed with SIGKILL', () => {
  // Inside the skipped block: on PGlite no database copy is made at all.
  const t = useApiTest();
  let scope: SellerScope;
  const processes: ServerProcess[] = [];
  const db = () => t.database.db;
  const databaseUrl = () => t.database.url!;

  beforeAll(async () => {
    scope = await sellerScope(db());
  });
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.kill9()));
  });

  /** Polls the job row until `done` says so; fails after `limitMs`. */
  async function waitFor(jobId: string, done: (job: Awaited<ReturnType<typeof jobRow>>) => boolean, limitMs: number, what: string) {
    const until = Date.now() + limitMs;
    for (;;) {
      const job = await jobRow(db(), jobId);
      if (done(job)) return job;
      if (Date.now() > until) throw new Error(`${what}: not within ${limitMs} ms (job ${job.status}, ${job.processed}/${job.total}, attempts ${job.attempts})`);
      await sleep(25);
    }
  }

  it('is claimed again after the lease lapses and finishes with every order once', async () => {
    // 1,000 orders the team has before the import: in the file again, they are skipped.
    const names = Array.from({ length: 40_000 }, (_, i) => `#KILL${i + 1}`);
    const before = await uploadOrders(t, 'before.csv', shopifyCsv(names.slice(0, 1_000), scope.skus).text);
    await t.app.jobs.drain();
    expect(await importedCount(db(), before.importId)).toBe(1_000);
    const teamOrdersBefore = await teamOrders();

    // 40,000 orders (60,000 rows), 195 new ones with an unknown SKU: several batches of 5,000.
    const bad = new Set(names.filter((_, i) => i >= 1_000 && i % 200 === 199));
    const file = shopifyCsv(names, scope.skus, bad);
    // The test app polls no jobs: the job waits, queued, for the server process.
    const { importId, jobId } = await uploadOrders(t, 'orders.csv', file.text);

    const first = await startServerProcess(databaseUrl());
    processes.push(first);
    const midway = await waitFor(jobId, (j) => j.total !== null && j.processed > file.badRows && j.processed < j.total, 30_000, 'a batch committed');
    await first.kill9();
    const killedAt = Date.now();
    const partial = await importedCount(db(), importId);
    expect(partial).toBeLessThan(names.length - 1_000 - bad.size);
    expect(midway.attempts).toBe(1);

    const second = await startServerProcess(databaseUrl());
    processes.push(second);
    const restartedAt = Date.now();
    const claimed = await waitFor(jobId, (j) => j.attempts === 2, RECOVERY_LIMIT_MS, 'claimed again');
    const claimedAt = Date.now();
    const done = await waitFor(jobId, (j) => j.status === 'done' || j.status === 'failed', RECOVERY_LIMIT_MS - (claimedAt - restartedAt), 'done');
    const doneAt = Date.now();
    console.log(
      `job recovery: killed at ${midway.processed}/${midway.total} rows (${partial} orders committed); restart to claim ${claimedAt - restartedAt} ms, ` +
        `kill to done ${doneAt - killedAt} ms (lease ${30_000} ms), retry ran ${doneAt - claimedAt} ms`,
    );
    expect(claimed.status).toBe('running');
    expect(done.status).toBe('done');

    const created = names.length - 1_000 - bad.size;
    const expected = { created, skipped: 1_000, failed: file.badRows };
    expect(await importCounts(db(), importId, jobId)).toEqual({
      status: 'done',
      attempts: 2,
      result: { ...expected, message: ORDER_IMPORT_MSG.done(created, 1_000, file.badRows) },
      record: { status: 'done', ...expected },
      audit: expect.objectContaining(expected),
    });
    expect(await importedCount(db(), importId)).toBe(created);
    expect(await teamOrders()).toEqual({ orders: teamOrdersBefore.orders + created, duplicateNames: 0 });
  }, 120_000);

  /** The team's orders, and how many names appear more than once (the unique index forbids it). */
  async function teamOrders() {
    const rows = await db().execute(sql`
      select count(*)::int as orders, (count(*) - count(distinct order_name))::int as "duplicateNames"
      from orders where seller_team_id = ${scope.teamId}`);
    const [row] = ((rows as { rows?: unknown[] }).rows ?? rows) as { orders: number; duplicateNames: number }[];
    return row!;
  }
});
