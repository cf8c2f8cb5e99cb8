/**
 * The job queue's guarantees, on both databases, with queues of their own on a test database
 * standing in for replicas (a short lease keeps the tests quick; the defaults are 30 s / 10 s).
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { jobSchedules, jobs } from '../src/db/schema/index';
import { WORKER_LOST_MESSAGE } from '../src/jobs/job-rows';
import { createJobQueue, LeaseLostError, type JobQueue, type JobQueueOptions } from '../src/jobs/queue';
import { nextTick } from '../src/jobs/schedules';
import { testDatabase } from './helpers/db';

let database: Database;
const db = () => database.db;
const queues: JobQueue[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  database = await testDatabase();
});
afterAll(async () => {
  await Promise.all(queues.map((q) => q.stop()));
  await database.close();
});

/** A replica: its own queue on the shared database. */
function replica(options: Partial<JobQueueOptions> = {}): JobQueue {
  const queue = createJobQueue({ db: db(), leaseMs: 1_000, heartbeatMs: 200, ...options });
  queues.push(queue);
  return queue;
}

const jobRow = async (id: string) => (await db().select().from(jobs).where(eq(jobs.id, id)))[0]!;

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(25);
  }
}

describe('leases', () => {
  it('a slow job that stays alive is never taken by another replica', async () => {
    const kind = 'test.slow-alive';
    const runs: string[] = [];
    const handler = (name: string) => async () => {
      runs.push(name);
      await sleep(3_500); // three and a half leases, renewed by the heartbeat all along
      return { by: name };
    };
    const a = replica();
    const b = replica();
    a.register(kind, handler('a'));
    b.register(kind, handler('b'));
    const job = await a.enqueue(db(), { kind });
    const running = a.runOne();
    await until(async () => (await jobRow(job.id)).status === 'running');
    // The other replica keeps asking while the first works.
    const end = Date.now() + 3_800;
    while (Date.now() < end) {
      expect(await b.runOne()).toBe(false);
      await sleep(100);
    }
    await running;
    expect(runs).toEqual(['a']);
    expect(await jobRow(job.id)).toMatchObject({ status: 'done', attempts: 1, result: { by: 'a' }, lockToken: null });
  });

  it('a worker that stops renewing loses the job after its lease: another runs it, the first can neither report nor finish', async () => {
    const kind = 'test.stalled';
    let release!: () => void;
    const stalled = new Promise<void>((resolve) => (release = resolve));
    let lostOnProgress: unknown;
    // No heartbeat within the test: the lease of 300 ms lapses while the handler waits.
    const a = replica({ leaseMs: 300, heartbeatMs: 60_000 });
    const b = replica({ leaseMs: 300, heartbeatMs: 60_000 });
    a.register(kind, async (run) => {
      await stalled;
      lostOnProgress = await run.progress({ processed: 1 }).catch((err: unknown) => err);
      return { by: 'a' };
    });
    b.register(kind, async () => ({ by: 'b' }));
    const job = await a.enqueue(db(), { kind });
    const first = a.runOne();
    await until(async () => (await jobRow(job.id)).status === 'running');
    await sleep(400);
    expect(await b.runOne()).toBe(true);
    release();
    await first;
    expect(lostOnProgress).toBeInstanceOf(LeaseLostError);
    expect(await jobRow(job.id)).toMatchObject({ status: 'done', attempts: 2, result: { by: 'b' } });
  });

  it('the sweep fails a lapsed job with no attempt left and leaves live and retryable ones', async () => {
    const kind = 'test.swept';
    const q = replica();
    q.register(kind, async () => ({ ok: true }));
    const lapsed = (attempts: number) => ({ kind, status: 'running' as const, attempts, maxAttempts: 2, lockToken: crypto.randomUUID(), lockedUntil: new Date(Date.now() - 5_000) });
    const [exhausted, retryable, live] = await db()
      .insert(jobs)
      .values([lapsed(2), lapsed(1), { ...lapsed(1), lockedUntil: new Date(Date.now() + 60_000) }])
      .returning();
    expect(await q.sweep()).toBe(1);
    expect(await jobRow(exhausted!.id)).toMatchObject({ status: 'failed', error: WORKER_LOST_MESSAGE });
    // The lapsed job with an attempt left is claimed again directly; the live one is not touched.
    expect(await q.runOne()).toBe(true);
    expect(await jobRow(retryable!.id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await q.runOne()).toBe(false);
    expect(await jobRow(live!.id)).toMatchObject({ status: 'running', attempts: 1 });
  });

  it('on the embedded database a starting queue takes over the jobs left running by the previous process at once', async () => {
    const kind = 'test.orphan';
    const [orphan] = await db()
      .insert(jobs)
      .values({ kind, status: 'running', attempts: 1, lockToken: crypto.randomUUID(), lockedUntil: new Date(Date.now() + 60_000) })
      .returning();
    const q = replica({ embedded: true });
    q.register(kind, async () => ({ recovered: true }));
    q.start(50);
    await until(async () => (await jobRow(orphan!.id)).status === 'done');
    await q.stop();
    expect(await jobRow(orphan!.id)).toMatchObject({ attempts: 2, result: { recovered: true } });
  });
});

describe('de-duplication', () => {
  it('concurrent enqueues of one key make one job; other keys and later enqueues make their own', async () => {
    const kind = 'test.sync-store';
    const q = replica();
    const enqueue = (key: string) => db().transaction((tx) => q.enqueue(tx, { kind, dedupeKey: key, payload: { key } }));
    const first = await Promise.all(Array.from({ length: 20 }, () => enqueue('store-1')));
    const other = await enqueue('store-2');
    expect(new Set(first.map((j) => j.id)).size).toBe(1);
    expect(other.id).not.toBe(first[0]!.id);
    const rows = await db().select().from(jobs).where(eq(jobs.kind, kind));
    expect(rows).toHaveLength(2);

    // While it runs it is still the same job; once finished, a new enqueue is a new job.
    let during: string | undefined;
    q.register(kind, async (run) => {
      if (run.job.payload['key'] === 'store-1') during = (await enqueue('store-1')).id;
      return {};
    });
    await q.drain();
    expect(during).toBe(first[0]!.id);
    const after = await enqueue('store-1');
    expect(after.id).not.toBe(first[0]!.id);
    expect(await db().select().from(jobs).where(and(eq(jobs.kind, kind), eq(jobs.dedupeKey, 'store-1')))).toHaveLength(2);
  });
});

describe('concurrency', () => {
  it('runs jobs side by side within the per-kind and process limits', async () => {
    const q = replica({ concurrency: 3 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const now = new Map<string, number>();
    const peak = new Map<string, number>();
    const track = (kind: string) => async () => {
      now.set(kind, (now.get(kind) ?? 0) + 1);
      peak.set(kind, Math.max(peak.get(kind) ?? 0, now.get(kind)!));
      peak.set('all', Math.max(peak.get('all') ?? 0, [...now.values()].reduce((a, b) => a + b, 0)));
      await gate;
      now.set(kind, now.get(kind)! - 1);
      return {};
    };
    q.register('test.wide', track('test.wide'), { concurrency: 2 });
    q.register('test.narrow', track('test.narrow'));
    for (let i = 0; i < 4; i++) await q.enqueue(db(), { kind: 'test.wide' });
    for (let i = 0; i < 2; i++) await q.enqueue(db(), { kind: 'test.narrow' });
    q.start(50);
    await until(() => (now.get('test.wide') ?? 0) === 2 && (now.get('test.narrow') ?? 0) === 1);
    await sleep(300);
    expect(peak.get('test.wide')).toBe(2);
    expect(peak.get('test.narrow')).toBe(1);
    expect(peak.get('all')).toBe(3);
    release();
    await until(async () => {
      const [{ open }] = (await db().select({ open: sql<number>`count(*)::int` }).from(jobs).where(and(sql`${jobs.kind} in ('test.wide', 'test.narrow')`, sql`${jobs.status} <> 'done'`))) as [{ open: number }];
      return open === 0;
    });
    await q.stop();
  });
});

describe('schedules', () => {
  it('two replicas fire a schedule once per tick', async () => {
    const kind = 'test.tick';
    const ran: string[] = [];
    const a = replica();
    const b = replica();
    for (const [name, q] of [['a', a], ['b', b]] as const) {
      q.register(kind, async () => {
        ran.push(name);
        return { by: name };
      });
      await q.schedule({ name: 'every-second', kind, cron: '* * * * * *' });
    }
    a.start(20);
    b.start(20);
    await sleep(4_500);
    await Promise.all([a.stop(), b.stop()]);
    const rows = await db().select().from(jobs).where(eq(jobs.kind, kind));
    const ticks = rows.map((r) => r.payload['scheduledFor'] as string);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(new Set(ticks).size).toBe(ticks.length);
    expect(ran).toHaveLength(rows.filter((r) => r.status === 'done').length);
    const [schedule] = await db().select().from(jobSchedules).where(eq(jobSchedules.name, 'every-second'));
    expect(schedule!.lastJobId).toBeTruthy();
  });

  it('keeps the next tick when re-registered unchanged, restarts it when the pattern changes, refuses a bad pattern', async () => {
    const q = replica();
    await q.schedule({ name: 'nightly', kind: 'test.nightly', cron: '0 3 * * *' });
    const read = async () => (await db().select().from(jobSchedules).where(eq(jobSchedules.name, 'nightly')))[0]!;
    const planned = new Date(Date.now() + 3_600_000);
    await db().update(jobSchedules).set({ nextRunAt: planned }).where(eq(jobSchedules.name, 'nightly'));
    await q.schedule({ name: 'nightly', kind: 'test.nightly', cron: '0 3 * * *' });
    expect((await read()).nextRunAt.getTime()).toBe(planned.getTime());
    await q.schedule({ name: 'nightly', kind: 'test.nightly', cron: '30 4 * * *' });
    const moved = await read();
    expect(moved.cron).toBe('30 4 * * *');
    expect(moved.nextRunAt.getUTCHours()).toBe(4);
    expect(moved.nextRunAt.getUTCMinutes()).toBe(30);
    await expect(q.schedule({ name: 'broken', kind: 'test.nightly', cron: 'every day' })).rejects.toThrow();
  });

  it('a tick whose previous run is still going joins it instead of overlapping', async () => {
    const kind = 'test.long-tick';
    const q = replica();
    q.register(kind, async () => ({}));
    await q.schedule({ name: 'long', kind, cron: '* * * * * *' });
    await db().update(jobSchedules).set({ nextRunAt: new Date(Date.now() - 1_000) }).where(eq(jobSchedules.name, 'long'));
    expect(await q.fireSchedules()).toBe(1);
    await db().update(jobSchedules).set({ nextRunAt: new Date(Date.now() - 1_000) }).where(eq(jobSchedules.name, 'long'));
    expect(await q.fireSchedules()).toBe(1);
    expect(await db().select().from(jobs).where(eq(jobs.kind, kind))).toHaveLength(1);
  });

  it('computes ticks in the schedule\'s zone', () => {
    const from = new Date('2026-06-01T00:00:00Z');
    expect(nextTick('0 9 * * *', 'UTC', from).toISOString()).toBe('2026-06-01T09:00:00.000Z');
    expect(nextTick('0 9 * * *', 'America/New_York', from).toISOString()).toBe('2026-06-01T13:00:00.000Z');
  });
});
