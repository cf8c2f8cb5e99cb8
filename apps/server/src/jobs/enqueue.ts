import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { executedRows, type Db } from '../db/client';
import { jobs } from '../db/schema/index';
import type { JobRow } from './job-rows';

export interface EnqueueOptions {
  kind: string;
  payload?: Record<string, unknown>;
  agencyId?: string | null;
  sellerTeamId?: string | null;
  userId?: string | null;
  total?: number;
  runAt?: Date;
  maxAttempts?: number;
  /**
   * Jobs of one kind with the same key are one job while it is queued or running: a second
   * "sync store X" then returns the first instead of adding another (the unique index
   * `jobs_dedupe_uq` holds it under concurrent enqueues, across replicas).
   */
  dedupeKey?: string;
}

/** Adds a job, or returns the queued or running job of the same kind and de-duplication key. */
export async function insertJob(db: Db, options: EnqueueOptions): Promise<JobRow> {
  const values = {
    kind: options.kind,
    payload: options.payload ?? {},
    agencyId: options.agencyId ?? null,
    sellerTeamId: options.sellerTeamId ?? null,
    userId: options.userId ?? null,
    total: options.total ?? 0,
    runAt: options.runAt ?? new Date(),
    maxAttempts: options.maxAttempts ?? 3,
    dedupeKey: options.dedupeKey ?? null,
  };
  if (!options.dedupeKey) {
    const [row] = await db.insert(jobs).values(values).returning();
    return row!;
  }
  // The twin may finish between the refused insert and the read: then the insert goes through.
  for (let tries = 0; ; tries++) {
    const [row] = await db
      .insert(jobs)
      .values(values)
      .onConflictDoNothing({ target: [jobs.kind, jobs.dedupeKey], where: sql`dedupe_key is not null and status in ('queued', 'running')` })
      .returning();
    if (row) return row;
    const [twin] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, options.kind), eq(jobs.dedupeKey, options.dedupeKey), inArray(jobs.status, ['queued', 'running'])));
    if (twin || tries >= 2) {
      if (!twin) throw new Error(`job ${options.kind} ${options.dedupeKey}: neither inserted nor found`);
      return twin;
    }
  }
}

/**
 * Adds a job in the same statement as `source`, a data-modifying statement with RETURNING, and only when it returned a
 * row: a webhook delivery recorded unless already there, and its job, commit together without a transaction's round
 * trips. A queued or running twin of the same key is left as it is. Answers whether the job was added.
 */
export async function insertJobWith(db: Db, source: SQL, options: EnqueueOptions): Promise<boolean> {
  const runAt = options.runAt ? sql`${options.runAt.toISOString()}::timestamptz` : sql`now()`;
  const result = await db.execute(sql`
    with source as (${source})
    insert into jobs (id, kind, payload, agency_id, seller_team_id, user_id, total, run_at, max_attempts, dedupe_key)
    select ${uuidv7()}::uuid, ${options.kind}, ${JSON.stringify(options.payload ?? {})}::jsonb, ${options.agencyId ?? null}::uuid,
      ${options.sellerTeamId ?? null}::uuid, ${options.userId ?? null}::uuid, ${options.total ?? 0}::int, ${runAt}, ${options.maxAttempts ?? 3}::int,
      ${options.dedupeKey ?? null}::text
    where exists (select 1 from source)
    on conflict (kind, dedupe_key) where dedupe_key is not null and status in ('queued', 'running') do nothing
    returning id`);
  return executedRows(result).length > 0;
}
