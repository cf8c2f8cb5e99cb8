import type { SQL } from 'drizzle-orm';
import { publicErrorMessage } from '../plugins/errors';
import type { Db } from '../db/client';
import { insertJob, insertJobsFrom, type EnqueueFromRows, type EnqueueOptions } from './enqueue';
import { claimJob, completeTaken, finishJob, releaseOrphans, renewLease, sweepLapsed, takeQueued, type JobRow } from './job-rows';
import { fireDueSchedules, upsertSchedule, type ScheduleDefinition } from './schedules';

export type { JobRow } from './job-rows';
export type { EnqueueFromRows, EnqueueOptions } from './enqueue';
export type { ScheduleDefinition } from './schedules';

/** What a handler may do while it runs: report progress (the screens poll it). */
export interface JobRun {
  job: JobRow;
  /**
   * Records progress and renews the lease. Throws `LeaseLostError` when another worker holds the job
   * (this process stalled past its lease): the handler must stop, its work is the other's now.
   */
  progress(update: { processed?: number; failed?: number; total?: number }): Promise<void>;
  /** Aborted when the lease is lost; long waits (HTTP calls to a store) should pass it on. */
  signal: AbortSignal;
}

/** A handler returns the job's result (counts, message, report file id) or throws to retry. */
export type JobHandler = (run: JobRun) => Promise<Record<string, unknown>>;

export interface RegisterOptions {
  /** Jobs of this kind one process runs at once (default 1); the process-wide limit caps the sum. */
  concurrency?: number;
}

export class LeaseLostError extends Error {
  constructor(jobId: string) {
    super(`job ${jobId}: lease lost to another worker`);
  }
}

export interface JobQueue {
  /**
   * Adds a job (or returns its queued or running twin of the same `dedupeKey`); pass the
   * transaction that made its input so both commit together.
   */
  enqueue(db: Db, options: EnqueueOptions): Promise<JobRow>;
  /**
   * Adds a job for each row `source` (an INSERT ... RETURNING, say) returns, in one statement with it: both commit
   * together with no transaction. A twin of the same key is left as it is. Answers how many were added.
   */
  enqueueFrom(db: Db, source: SQL, job: EnqueueFromRows): Promise<number>;
  register(kind: string, handler: JobHandler, options?: RegisterOptions): void;
  /**
   * For a handler that does the work of several waiting jobs at once: locks up to `limit` due queued jobs of the
   * kind whose payload contains `match.payload`, in the given transaction; no worker claims them while it lasts.
   */
  take(tx: Db, kind: string, match: { agencyId: string; payload: Record<string, string> }, limit: number): Promise<JobRow[]>;
  /** Ends jobs taken in this transaction as done, each with its result; those not named are claimed as usual after it. */
  completeTaken(tx: Db, done: { id: string; result: Record<string, unknown> }[]): Promise<void>;
  /** Stores a recurring schedule (cron) in the database; every replica may call it at start-up. */
  schedule(definition: ScheduleDefinition): Promise<void>;
  /** Enqueues the jobs of due schedules (each poll does); returns how many fired here. */
  fireSchedules(): Promise<number>;
  /** Fails jobs whose worker died on their last attempt (each poll, at most once a minute). */
  sweep(): Promise<number>;
  /** Claims and runs one due job; false when none was due. */
  runOne(): Promise<boolean>;
  /** Runs due jobs one after another until none is left (tests). */
  drain(): Promise<number>;
  /** Polls for due jobs every `intervalMs` until stopped, running up to the concurrency limits. */
  start(intervalMs?: number): void;
  /**
   * Polls now instead of at the next tick: call it after the transaction that enqueued a job has
   * committed, so a user's job starts at once rather than up to `intervalMs` later. Does nothing
   * unless started (tests drain by hand); during a poll it asks for another one right after.
   */
  kick(): void;
  /** Stops polling and waits for the running jobs to end. */
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  db: Db;
  /** The embedded database: a single process owns it, so its leftover running jobs are orphans. */
  embedded?: boolean;
  log?: { error(obj: unknown, msg?: string): void; warn?(obj: unknown, msg?: string): void };
  /** How long a claim holds without renewal (default 30 s). */
  leaseMs?: number;
  /** How often a running job renews its lease (default 10 s, a third of the lease). */
  heartbeatMs?: number;
  /** The sweep runs at most this often (default 60 s). */
  sweepEveryMs?: number;
  /** Jobs this process runs at once, all kinds together (default 4 on PostgreSQL, 2 embedded). */
  concurrency?: number;
}

export const JOB_LEASE_MS = 30_000;
export const JOB_HEARTBEAT_MS = 10_000;
export const JOB_SWEEP_EVERY_MS = 60_000;
/** Retry after 30 s, 60 s, 120 s... */
const backoffMs = (attempt: number) => 30_000 * 2 ** Math.max(0, attempt - 1);

/**
 * A small PostgreSQL job queue (docs/architecture.md, "Jobs"): rows in `jobs`, claimed with
 * FOR UPDATE SKIP LOCKED under a lease the worker renews every `heartbeatMs`, so replicas share
 * the work, a live job is never taken from its worker, and a dead worker's job is claimed again as
 * soon as its lease lapses. Retried with backoff; recurring jobs come from `job_schedules`.
 */
export function createJobQueue(deps: JobQueueOptions): JobQueue {
  const { db } = deps;
  const leaseMs = deps.leaseMs ?? JOB_LEASE_MS;
  const heartbeatMs = deps.heartbeatMs ?? Math.min(JOB_HEARTBEAT_MS, Math.floor(leaseMs / 3));
  const sweepEveryMs = deps.sweepEveryMs ?? JOB_SWEEP_EVERY_MS;
  const limit = Math.max(1, deps.concurrency ?? (deps.embedded ? 2 : 4));
  const handlers = new Map<string, { handler: JobHandler; concurrency: number }>();
  const active = new Map<string, number>();
  const runningJobs = new Set<Promise<void>>();
  let activeTotal = 0;
  let lastSweep = 0;
  let lastSchedules = 0;
  let timer: NodeJS.Timeout | undefined;
  let poll: Promise<unknown> = Promise.resolve();
  let stopped = true;
  let pollEveryMs: number | undefined;
  let polling = false;
  let kicked = false;

  async function execute(job: JobRow): Promise<void> {
    const { handler } = handlers.get(job.kind)!;
    const lease = new AbortController();
    const lost = () => {
      if (!lease.signal.aborted) lease.abort(new LeaseLostError(job.id));
    };
    // The heartbeat: renews the lease while the handler works, whether or not it reports progress.
    const heartbeat = setInterval(() => {
      renewLease(db, job, leaseMs)
        .then((held) => held || lost())
        .catch((err) => deps.log?.error({ err, jobId: job.id }, 'job lease renewal failed'));
    }, heartbeatMs);
    heartbeat.unref();
    const run: JobRun = {
      job,
      signal: lease.signal,
      async progress(update) {
        if (lease.signal.aborted || !(await renewLease(db, job, leaseMs, update))) {
          lost();
          throw new LeaseLostError(job.id);
        }
      },
    };
    try {
      let outcome: Parameters<typeof finishJob>[2];
      try {
        outcome = { status: 'done', result: await handler(run) };
      } catch (err) {
        if (lease.signal.aborted) return;
        // Shown to users by GET /api/jobs/:id: never a failed statement's SQL or values.
        const error = publicErrorMessage(err);
        const retry = job.attempts < job.maxAttempts;
        deps.log?.error({ err, jobId: job.id, kind: job.kind }, retry ? 'job failed, will retry' : 'job failed');
        outcome = retry ? { status: 'retry', error, retryInMs: backoffMs(job.attempts) } : { status: 'failed', error };
      }
      if (!(await finishJob(db, job, outcome))) deps.log?.warn?.({ jobId: job.id, kind: job.kind }, 'job finished after losing its lease: result dropped');
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** Claims jobs while this process has free slots for some registered kind, and starts them. */
  async function fill(): Promise<number> {
    let started = 0;
    while (!stopped && activeTotal < limit) {
      const kinds = [...handlers].filter(([kind, h]) => (active.get(kind) ?? 0) < h.concurrency).map(([kind]) => kind);
      const job = await claimJob(db, kinds, leaseMs);
      if (!job) break;
      started++;
      activeTotal++;
      active.set(job.kind, (active.get(job.kind) ?? 0) + 1);
      const done: Promise<void> = execute(job)
        .catch((err) => deps.log?.error({ err, jobId: job.id }, 'job run failed'))
        .finally(() => {
          activeTotal--;
          active.set(job.kind, active.get(job.kind)! - 1);
          runningJobs.delete(done);
          // A slot came free: look for the next job now rather than at the next tick.
          queue.kick();
        });
      runningJobs.add(done);
    }
    return started;
  }

  async function pollOnce() {
    const kinds = [...handlers.keys()];
    // Schedules are minutes apart: once per poll interval is enough, not on every kick (a kick follows every job
    // that ends, and a busy queue would ask for due schedules hundreds of times a second).
    if (Date.now() - lastSchedules >= (pollEveryMs ?? 1000)) {
      lastSchedules = Date.now();
      await queue.fireSchedules().catch((err) => deps.log?.error({ err }, 'job schedules failed'));
    }
    if (Date.now() - lastSweep >= sweepEveryMs) {
      lastSweep = Date.now();
      await queue.sweep().catch((err) => deps.log?.error({ err }, 'job sweep failed'));
    }
    if (kinds.length) await fill();
  }

  const tick = () => {
    polling = true;
    kicked = false;
    poll = pollOnce()
      .catch((err) => deps.log?.error({ err }, 'job queue poll failed'))
      .finally(() => {
        polling = false;
        if (!stopped) timer = setTimeout(tick, kicked ? 0 : pollEveryMs);
      });
  };

  const queue: JobQueue = {
    enqueue: (tx, options) => insertJob(tx, options),
    enqueueFrom: (db, source, job) => insertJobsFrom(db, source, job),
    take: (tx, kind, match, limit) => takeQueued(tx, kind, match, limit),
    completeTaken: (tx, done) => completeTaken(tx, done),
    register(kind, handler, options = {}) {
      handlers.set(kind, { handler, concurrency: Math.max(1, options.concurrency ?? 1) });
    },
    schedule: (definition) => upsertSchedule(db, definition),
    fireSchedules: () => fireDueSchedules(db, [...handlers.keys()]),
    sweep: () => sweepLapsed(db),
    async runOne() {
      const job = await claimJob(db, [...handlers.keys()], leaseMs);
      if (!job) return false;
      await execute(job);
      return true;
    },
    async drain() {
      let n = 0;
      while (await queue.runOne()) n++;
      return n;
    },
    start(intervalMs = 1000) {
      stopped = false;
      pollEveryMs = intervalMs;
      const begin = deps.embedded ? releaseOrphans(db).then(() => undefined) : Promise.resolve();
      poll = begin
        .catch((err) => deps.log?.error({ err }, 'job orphan release failed'))
        .then(() => {
          if (!stopped) timer = setTimeout(tick, 0);
        });
    },
    kick() {
      if (pollEveryMs === undefined || stopped) return;
      if (polling) {
        kicked = true;
        return;
      }
      if (timer) clearTimeout(timer);
      timer = setTimeout(tick, 0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await poll;
      await Promise.allSettled([...runningJobs]);
    },
  };
  return queue;
}
