import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
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
 * A version 7 uuid (time-ordered, like uuidv7() in the app) made by the database, for rows a statement makes from the
 * rows of another (PostgreSQL 15 has no uuidv7()): the milliseconds since the epoch over a random uuid's first six
 * bytes, the version nibble 4 turned to 7.
 */
export const UUIDV7_SQL = sql`encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing substring(int8send(floor(extract(epoch from clock_timestamp()) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid`;

/** A job for each row of `source`, its payload, agency and key as SQL over that row (`source.<column>`). */
export interface EnqueueFromRows {
  kind: string;
  payload: SQL;
  agencyId: SQL;
  dedupeKey: SQL;
}

/**
 * Adds a job for each row `source` returns (a data-modifying statement with RETURNING, say webhook deliveries recorded
 * unless already there), in the same statement: the rows and their jobs commit together without a transaction's
 * round trips. A queued or running twin of the same key is left as it is. Answers how many jobs were added.
 */
export async function insertJobsFrom(db: Db, source: SQL, job: EnqueueFromRows): Promise<number> {
  const result = await db.execute(sql`
    with source as (${source})
    insert into jobs (id, kind, payload, agency_id, dedupe_key)
    select ${UUIDV7_SQL}, ${job.kind}, ${job.payload}, ${job.agencyId}, ${job.dedupeKey} from source
    on conflict (kind, dedupe_key) where dedupe_key is not null and status in ('queued', 'running') do nothing
    returning id`);
  return executedRows(result).length;
}
