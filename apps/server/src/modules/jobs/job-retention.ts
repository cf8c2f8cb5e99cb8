/**
 * Retention of finished jobs and their files (JOB_RETENTION_DAYS, default 30; docs/decisions.md).
 *
 * A file's clock starts when its job finished (`jobs.finished_at`) or, for a file no job made (the
 * synchronous exports), when it was made (`job_files.created_at`). Two rules keep every link on a file:
 * - a download link is minted only while the clock is inside the retention (`mayLinkFile`);
 * - a file, and its job, is deleted only after the retention plus the link's life plus a margin for
 *   replicas' clocks (`deleteBefore`).
 * So the last link minted expires before its file goes. Queued and running jobs are never touched,
 * nor a job-less file a queued or running job names (an import's upload is kept in its payload).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executedRows } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { LINK_TTL_MS } from './job-files';

export const JOB_RETENTION_KIND = 'jobs.retention';
export const DEFAULT_JOB_RETENTION_DAYS = 30;
/** Hourly, at a minute no other schedule is likely to share. */
export const JOB_RETENTION_CRON = '17 * * * *';
const DAY_MS = 86_400_000;
/** Replicas' clocks may differ this much: a link minted by one is still verified by another. */
const CLOCK_MARGIN_MS = 5 * 60_000;
/**
 * A batch: at most this many jobs (or job-less files), and no more file bytes than this beyond its
 * first row. Each batch is one statement (its own short transaction), so requests on the embedded
 * database's single connection wait at most one batch: measured there, 50 to 70 ms for 32 MB of
 * files, about 15 ms for 500 jobs with small ones (docs/decisions.md has the figures).
 */
export const RETENTION_BATCH = 500;
export const RETENTION_BATCH_BYTES = 32 * 1024 * 1024;

/** Whether a link may still be minted to a file whose clock started at `since` (null: not yet started). */
export function mayLinkFile(retentionDays: number, since: Date | null, now = Date.now()): boolean {
  return since === null || now - since.getTime() < retentionDays * DAY_MS;
}

/** Files and jobs whose clock started before this are deleted: no link minted to them can still work. */
export function deleteBefore(retentionDays: number, now = Date.now()): Date {
  return new Date(now - retentionDays * DAY_MS - LINK_TTL_MS - CLOCK_MARGIN_MS);
}

export interface RetentionCounts {
  jobs: number;
  files: number;
  bytes: number;
}

/**
 * Deletes the files `batch` selects (ids) and anything naming them, then runs `thenDelete` (the jobs
 * of the batch), in one statement: an import's history loses its report link in the same
 * transaction. The foreign key job_files.job_id is checked at the statement's end, after both.
 */
async function deleteBatch(db: Db, batch: SQL, files: SQL, thenDelete: SQL | null): Promise<RetentionCounts> {
  const [row] = executedRows<{ jobs: number | string; files: number | string; bytes: number | string }>(
    await db.execute(sql`
      with batch as (${batch}),
      files as (delete from job_files where ${files} returning id, size),
      unlinked as (update order_imports set report_file_id = null where report_file_id in (select id from files)),
      gone as (${thenDelete ?? sql`select null::uuid as id where false`})
      select (select count(*) from gone) as jobs, (select count(*) from files) as files,
        (select coalesce(sum(size), 0) from files) as bytes`),
  );
  return { jobs: Number(row!.jobs), files: Number(row!.files), bytes: Number(row!.bytes) };
}

/** Finished jobs past the cutoff (the partial index jobs_finished_idx). */
const expiredJobs = (cutoff: SQL) => sql`from jobs j where j.status in ('done', 'failed') and j.finished_at < ${cutoff}`;

/**
 * Files no job made (synchronous exports, and uploads a job reads through its payload) past the
 * cutoff; a file named anywhere in a queued or running job's payload is its input and stays.
 */
const expiredJoblessFiles = (cutoff: SQL) => sql`from job_files f
  where f.job_id is null and f.created_at < ${cutoff}
    and not exists (
      select 1 from jobs j where j.status in ('queued', 'running')
        and jsonb_path_exists(j.payload, '$.** ? (@ == $id)', jsonb_build_object('id', f.id::text)))`;

interface BatchLimits {
  rows: number;
  bytes: number;
}

/**
 * The oldest rows of `candidates` (id, at, bytes), locked, cut where their running total of bytes
 * reaches the budget (the first row always goes, however large).
 */
const oldestWithin = (candidates: SQL, limits: BatchLimits) => sql`
  select id from (
    select id, sum(bytes) over (order by at, id) - bytes as bytes_before
    from (${candidates} order by at limit ${limits.rows} for update skip locked) candidates
  ) c where bytes_before < ${limits.bytes}`;

/** One batch of finished jobs past the cutoff, oldest first, with the files they made. */
function deleteFinishedJobs(db: Db, cutoff: SQL, limits: BatchLimits) {
  return deleteBatch(
    db,
    oldestWithin(sql`select j.id, j.finished_at as at,
      (select coalesce(sum(size), 0) from job_files where job_id = j.id) as bytes ${expiredJobs(cutoff)}`, limits),
    sql`job_id in (select id from batch)`,
    sql`delete from jobs where id in (select id from batch) returning id`,
  );
}

/** One batch of job-less files past the cutoff, oldest first. */
function deleteJoblessFiles(db: Db, cutoff: SQL, limits: BatchLimits) {
  return deleteBatch(db, oldestWithin(sql`select f.id, f.created_at as at, f.size as bytes ${expiredJoblessFiles(cutoff)}`, limits), sql`id in (select id from batch)`, null);
}

/**
 * How many jobs and job-less files are past the cutoff (the progress bar's total), each counted up to
 * a cap: counting a first run's backlog (240,000 jobs: 240 ms on the embedded database) would hold
 * the connection longer than a batch. Past the cap the total grows with the progress.
 */
const COUNT_CAP = 10_000;
async function countExpired(db: Db, cutoff: SQL): Promise<number> {
  const capped = (rows: SQL) => sql`(select count(*) from (select 1 ${rows} limit ${COUNT_CAP}) capped)`;
  const [row] = executedRows<{ n: number | string }>(
    await db.execute(sql`select ${capped(expiredJobs(cutoff))} + ${capped(expiredJoblessFiles(cutoff))} as n`),
  );
  return Number(row!.n);
}

/**
 * Deletes everything past the retention, batch after batch, reporting progress (jobs and job-less
 * files removed) after each. Returns what it removed.
 */
export async function applyJobRetention(
  db: Db,
  retentionDays: number,
  options: { now?: number; batch?: Partial<BatchLimits>; progress?: (processed: number, total: number) => Promise<void> } = {},
): Promise<RetentionCounts> {
  const cutoff = sql`${deleteBefore(retentionDays, options.now).toISOString()}::timestamptz`;
  const limits = { rows: options.batch?.rows ?? RETENTION_BATCH, bytes: options.batch?.bytes ?? RETENTION_BATCH_BYTES };
  const total = await countExpired(db, cutoff);
  const done: RetentionCounts = { jobs: 0, files: 0, bytes: 0 };
  let processed = 0;
  for (const step of [deleteFinishedJobs, deleteJoblessFiles]) {
    for (;;) {
      const counts = await step(db, cutoff, limits);
      done.jobs += counts.jobs;
      done.files += counts.files;
      done.bytes += counts.bytes;
      const removed = step === deleteFinishedJobs ? counts.jobs : counts.files;
      processed += removed;
      // A batch the byte budget cut short says nothing of what is left: stop at an empty one.
      if (removed === 0) break;
      await options.progress?.(processed, Math.max(total, processed));
    }
  }
  return done;
}

/** The retention job and its hourly schedule (stored in job_schedules: replicas agree, a tick fires once). */
export async function registerJobRetention(jobs: JobQueue, db: Db, retentionDays = DEFAULT_JOB_RETENTION_DAYS): Promise<void> {
  jobs.register(JOB_RETENTION_KIND, async (run) => {
    const counts = await applyJobRetention(db, retentionDays, {
      progress: (processed, total) => run.progress({ processed, total }),
    });
    return { ...counts, retentionDays };
  });
  await jobs.schedule({ name: JOB_RETENTION_KIND, kind: JOB_RETENTION_KIND, cron: JOB_RETENTION_CRON });
}
