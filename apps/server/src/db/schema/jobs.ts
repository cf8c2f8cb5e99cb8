import { sql } from 'drizzle-orm';
import { customType, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    lockedAt: timestamp('locked_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`status = 'queued'`),
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
    data: bytea('data').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('job_files_job_idx').on(t.jobId), index('job_files_user_idx').on(t.userId, t.createdAt)],
);
