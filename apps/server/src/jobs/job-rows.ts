/**
 * The statements of the job queue (queue.ts): claim, lease renewal, finish and the sweep. Every
 * write after the claim names the claim's `lock_token`, so a worker that lost its lease (its process
 * stalled past the lease and another worker took the job) can no longer report or finish it.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs } from '../db/schema/index';

export type JobRow = typeof jobs.$inferSelect;

/** `now() + ms`, computed by the database: replicas' clocks never decide a lease. */
const fromNow = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;

/**
 * Claims the oldest due job of the given kinds: a queued one, or a running one whose lease lapsed
 * (its worker died) and that has attempts left. One statement on the partial index `jobs_claim_idx`
 * (queued and running rows only), so finished jobs cost nothing however many there are.
 */
export async function claimJob(db: Db, kinds: string[], leaseMs: number): Promise<JobRow | undefined> {
  if (kinds.length === 0) return undefined;
  const next = sql`(
    select id from jobs
    where status in ('queued', 'running') and run_at <= now()
      and kind in (${sql.join(kinds.map((k) => sql`${k}`), sql`, `)})
      and (status = 'queued' or (locked_until < now() and attempts < max_attempts))
    order by run_at limit 1 for update skip locked
  )`;
  const [job] = await db
    .update(jobs)
    .set({
      status: 'running',
      lockedAt: sql`now()`,
      lockedUntil: fromNow(leaseMs),
      lockToken: randomUUID(),
      attempts: sql`${jobs.attempts} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(jobs.id, next))
    .returning();
  return job;
}

const held = (job: JobRow) => and(eq(jobs.id, job.id), eq(jobs.lockToken, job.lockToken!), eq(jobs.status, 'running'));

/** Extends the lease (and records progress, when given); false when the lease was lost. */
export async function renewLease(
  db: Db,
  job: JobRow,
  leaseMs: number,
  progress: { processed?: number; failed?: number; total?: number } = {},
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ ...progress, lockedAt: sql`now()`, lockedUntil: fromNow(leaseMs), updatedAt: sql`now()` })
    .where(held(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Ends the attempt: done, queued again after `retryInMs`, or failed. False when the lease was lost. */
export async function finishJob(
  db: Db,
  job: JobRow,
  outcome: { status: 'done'; result: Record<string, unknown> } | { status: 'retry'; error: string; retryInMs: number } | { status: 'failed'; error: string },
): Promise<boolean> {
  const release = { lockedAt: null, lockedUntil: null, lockToken: null, updatedAt: sql`now()` } as const;
  const set =
    outcome.status === 'done'
      ? { ...release, status: 'done' as const, result: outcome.result, error: null, finishedAt: sql`now()` }
      : outcome.status === 'retry'
        ? { ...release, status: 'queued' as const, error: outcome.error, runAt: fromNow(outcome.retryInMs) }
        : { ...release, status: 'failed' as const, error: outcome.error, finishedAt: sql`now()` };
  const rows = await db.update(jobs).set(set).where(held(job)).returning({ id: jobs.id });
  return rows.length > 0;
}

/** Shown when a job's worker died on its last attempt. */
export const WORKER_LOST_MESSAGE = 'The job stopped: the server running it stopped responding.';

/**
 * The sweep (at most once a minute): a job whose lease lapsed with no attempt left is failed, so its
 * screen stops showing it as running. Lapsed jobs with attempts left need no sweep: the claim takes
 * them. Reads the partial index `jobs_lease_idx` (running rows only).
 */
export async function sweepLapsed(db: Db): Promise<number> {
  const rows = await db
    .update(jobs)
    .set({ status: 'failed', error: WORKER_LOST_MESSAGE, finishedAt: sql`now()`, lockToken: null, lockedUntil: null, updatedAt: sql`now()` })
    .where(and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, sql`now()`), sql`${jobs.attempts} >= ${jobs.maxAttempts}`))
    .returning({ id: jobs.id });
  return rows.length;
}

/**
 * On the embedded database only one process can hold the data folder, so at start-up any job still
 * marked running belongs to a process that is gone: its lease ends now and the claim takes it at once.
 */
export async function releaseOrphans(db: Db): Promise<number> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: sql`now() - interval '1 millisecond'` })
    .where(eq(jobs.status, 'running'))
    .returning({ id: jobs.id });
  return rows.length;
}

/**
 * Locks up to `limit` due queued jobs of a kind whose payload contains `payload`, oldest first, in the caller's
 * transaction: workers' claims skip them (FOR UPDATE SKIP LOCKED) until it ends. A handler that does the work of
 * several jobs at once (a store's waiting deliveries) takes them, then ends those it did with `completeTaken`;
 * the others are claimed as usual once its transaction ends. Reads the partial index `jobs_claim_idx`.
 */
export async function takeQueued(db: Db, kind: string, match: { agencyId: string; payload: Record<string, string> }, limit: number): Promise<JobRow[]> {
  if (limit <= 0) return [];
  return db
    .select()
    .from(jobs)
    .where(and(
      eq(jobs.status, 'queued'), lte(jobs.runAt, sql`now()`),
      eq(jobs.kind, kind), eq(jobs.agencyId, match.agencyId), sql`${jobs.payload} @> ${JSON.stringify(match.payload)}::jsonb`,
    ))
    .orderBy(jobs.runAt, jobs.id)
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Ends taken jobs as done, each with its result, in one statement (the caller's transaction). */
export async function completeTaken(db: Db, done: { id: string; result: Record<string, unknown> }[]): Promise<void> {
  if (done.length === 0) return;
  const results = Object.fromEntries(done.map((d) => [d.id, d.result]));
  await db
    .update(jobs)
    .set({ status: 'done', result: sql`${JSON.stringify(results)}::jsonb -> ${jobs.id}::text`, error: null, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(inArray(jobs.id, done.map((d) => d.id)), eq(jobs.status, 'queued')));
}
