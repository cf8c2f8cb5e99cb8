import { sql } from 'drizzle-orm';
import { customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { agencies } from './agencies';
import { users } from './users';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The job queue (apps/server/src/jobs): background work that survives restarts and is shared by
 * replicas. A worker claims the oldest due queued job with FOR UPDATE SKIP LOCKED.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    kind: text('kind').notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] }).notNull().default('queued'),
    agencyId: uuid('agency_id').references(() => agencies.id),
    sellerTeamId: uuid('seller_team_id'),
    userId: uuid('user_id').references(() => users.id),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** Rows (or steps) in all, done so far, and failed: the progress bar reads them. */
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** What the job produced: counts, a message, the report file's id. */
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When the current attempt was claimed (or last renewed). */
    lockedAt: timestamp('locked_at', { withTimezone: true, mode: 'date' }),
    /**
     * The lease: the worker renews it every few seconds while the job runs; once it has lapsed the
     * worker is taken to be dead and another may claim the job (jobs/queue.ts).
     */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    /** Set by each claim: only the holder of the current token may renew, report or finish the job. */
    lockToken: uuid('lock_token'),
    /** Jobs of one kind with the same key while queued or running are one job ("sync store X"). */
    dedupeKey: text('dedupe_key'),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The claim reads queued and running rows only: finished jobs, however many, cost it nothing.
    index('jobs_claim_idx').on(t.runAt).where(sql`status in ('queued', 'running')`),
    // The once-a-minute sweep of lapsed leases.
    index('jobs_lease_idx').on(t.lockedUntil).where(sql`status = 'running'`),
    uniqueIndex('jobs_dedupe_uq').on(t.kind, t.dedupeKey).where(sql`dedupe_key is not null and status in ('queued', 'running')`),
    // Retention deletes finished jobs by age.
    index('jobs_finished_idx').on(t.finishedAt).where(sql`status in ('done', 'failed')`),
    index('jobs_user_created_idx').on(t.userId, t.createdAt),
    index('jobs_kind_created_idx').on(t.kind, t.createdAt),
  ],
);

/**
 * Files the server makes or keeps for a job: an uploaded import, its report of failed rows, an
 * export. Kept in the database so every replica can serve them; downloaded by their owner.
 */
export const jobFiles = pgTable(
  'job_files',
  {
    id: id(),
    jobId: uuid('job_id').references(() => jobs.id),
    userId: uuid('user_id').references(() => users.id),
    agencyId: uuid('agency_id').references(() => agencies.id),
    purpose: text('purpose', { enum: ['import', 'report', 'export'] }).notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    /** The whole file, for files written before job_file_parts (0013); newer files keep it null. */
    data: bytea('data'),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('job_files_job_idx').on(t.jobId),
    index('job_files_user_idx').on(t.userId, t.createdAt),
    // Retention of the files a request made without a job (synchronous exports).
    index('job_files_jobless_created_idx').on(t.createdAt).where(sql`job_id is null`),
  ],
);

/**
 * A job file's content in parts of at most JOB_FILE_PART_BYTES, each written and read by a statement of
 * its own: on the embedded database one statement holds the only connection, and a 10 MB bytea
 * took over 2 s to write in one.
 */
export const jobFileParts = pgTable(
  'job_file_parts',
  {
    fileId: uuid('file_id').notNull().references(() => jobFiles.id, { onDelete: 'cascade' }),
    part: integer('part').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.part] })],
);

/**
 * Recurring jobs (cron). Kept in the database so every replica reads the same schedules; a tick fires
 * once because the replica that moves `next_run_at` forward (a row lock, SKIP LOCKED) enqueues it.
 */
export const jobSchedules = pgTable('job_schedules', {
  name: text('name').primaryKey(),
  kind: text('kind').notNull(),
  /** Five fields, or six with seconds first (croner syntax). */
  cron: text('cron').notNull(),
  timezone: text('timezone').notNull().default('UTC'),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
  nextRunAt: timestamp('next_run_at', { withTimezone: true, mode: 'date' }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true, mode: 'date' }),
  lastJobId: uuid('last_job_id'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
