import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
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
