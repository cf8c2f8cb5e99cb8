import { publicErrorMessage } from '../plugins/errors';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs } from '../db/schema/index';

export type JobRow = typeof jobs.$inferSelect;

/** What a handler may do while it runs: report progress (the screens poll it). */
export interface JobRun {
  job: JobRow;
  progress(update: { processed?: number; failed?: number; total?: number }): Promise<void>;
}

/** A handler returns the job's result (counts, message, report file id) or throws to retry. */
export type JobHandler = (run: JobRun) => Promise<Record<string, unknown>>;

export interface EnqueueOptions {
  kind: string;
  payload?: Record<string, unknown>;
  agencyId?: string | null;
  sellerTeamId?: string | null;
  userId?: string | null;
  total?: number;
  runAt?: Date;
  maxAttempts?: number;
}

export interface JobQueue {
  /** Adds a job; pass the transaction that made its input so both commit together. */
  enqueue(db: Db, options: EnqueueOptions): Promise<JobRow>;
  register(kind: string, handler: JobHandler): void;
  /** Claims and runs one due job; false when none was due. */
  runOne(): Promise<boolean>;
  /** Runs due jobs until none is left (tests, and each poll tick). */
  drain(): Promise<number>;
  /** Polls for due jobs every `intervalMs` until stopped. */
  start(intervalMs?: number): void;
  /**
   * Polls now instead of at the next tick: call it after the transaction that enqueued a job has
   * committed, so a user's job starts at once rather than up to `intervalMs` later. Does nothing
   * unless started (tests drain by hand); during a poll it asks for another one right after.
   */
  kick(): void;
  stop(): Promise<void>;
}

/** A running job whose worker has been silent this long is taken to have died with its process. */
const STALE_MS = 10 * 60_000;
/** Retry after 30 s, 60 s, 120 s... */
const backoffMs = (attempt: number) => 30_000 * 2 ** Math.max(0, attempt - 1);

/**
 * A small PostgreSQL job queue (docs/architecture.md, "Jobs"): rows in `jobs`, claimed with
 * FOR UPDATE SKIP LOCKED so replicas share the work and a job runs once; retried with backoff.
 */
export function createJobQueue(deps: { db: Db; log?: { error(obj: unknown, msg?: string): void } }): JobQueue {
  const { db } = deps;
  const handlers = new Map<string, JobHandler>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  // Polling state for kick(): started by start(), a poll in progress, a kick during that poll.
  let pollEveryMs: number | undefined;
  let polling = false;
  let kicked = false;
  const tick = () => {
    polling = true;
    kicked = false;
    running = queue
      .drain()
      .catch((err) => deps.log?.error({ err }, 'job queue poll failed'))
      .finally(() => {
        polling = false;
        if (!stopped) timer = setTimeout(tick, kicked ? 0 : pollEveryMs);
      });
  };

  async function claim(): Promise<JobRow | undefined> {
    // A job left running by a dead worker goes back to the queue.
    await db
      .update(jobs)
      .set({ status: 'queued', lockedAt: null })
      .where(and(eq(jobs.status, 'running'), lt(jobs.lockedAt, new Date(Date.now() - STALE_MS))));
    const kinds = [...handlers.keys()];
    if (kinds.length === 0) return undefined;
    const rows = await db.execute<Record<string, unknown>>(sql`
      update jobs set status = 'running', locked_at = now(), attempts = attempts + 1, updated_at = now()
      where id = (
        select id from jobs
        where status = 'queued' and run_at <= now() and kind in (${sql.join(kinds.map((k) => sql`${k}`), sql`, `)})
        order by run_at limit 1 for update skip locked
      )
      returning id`);
    const list = (rows as unknown as { rows?: { id: string }[] }).rows ?? (rows as unknown as { id: string }[]);
    const id = list[0]?.id;
    if (!id) return undefined;
    const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
    return job;
  }

  async function execute(job: JobRow) {
    const handler = handlers.get(job.kind)!;
    const run: JobRun = {
      job,
      async progress(update) {
        await db
          .update(jobs)
          .set({ ...update, lockedAt: new Date(), updatedAt: new Date() })
          .where(eq(jobs.id, job.id));
      },
    };
    try {
      const result = await handler(run);
      await db
        .update(jobs)
        .set({ status: 'done', result, error: null, finishedAt: new Date(), updatedAt: new Date() })
        .where(eq(jobs.id, job.id));
    } catch (err) {
      // Shown to users by GET /api/jobs/:id: never a failed statement's SQL or values.
      const message = publicErrorMessage(err);
      const retry = job.attempts < job.maxAttempts;
      deps.log?.error({ err, jobId: job.id, kind: job.kind }, retry ? 'job failed, will retry' : 'job failed');
      await db
        .update(jobs)
        .set(
          retry
            ? { status: 'queued', error: message, lockedAt: null, runAt: new Date(Date.now() + backoffMs(job.attempts)), updatedAt: new Date() }
            : { status: 'failed', error: message, finishedAt: new Date(), updatedAt: new Date() },
        )
        .where(eq(jobs.id, job.id));
    }
  }

  const queue: JobQueue = {
    async enqueue(tx, options) {
      const [row] = await tx
        .insert(jobs)
        .values({
          kind: options.kind,
          payload: options.payload ?? {},
          agencyId: options.agencyId ?? null,
          sellerTeamId: options.sellerTeamId ?? null,
          userId: options.userId ?? null,
          total: options.total ?? 0,
          runAt: options.runAt ?? new Date(),
          maxAttempts: options.maxAttempts ?? 3,
        })
        .returning();
      return row!;
    },
    register(kind, handler) {
      handlers.set(kind, handler);
    },
    async runOne() {
      const job = await claim();
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
      timer = setTimeout(tick, intervalMs);
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
      await running;
    },
  };
  return queue;
}
