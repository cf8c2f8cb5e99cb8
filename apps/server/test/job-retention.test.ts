/**
 * Retention of finished jobs and their files (modules/jobs/job-retention.ts), on both databases. The
 * data is made through the API (an order import with a failed-rows report, orders exports, catalog
 * exports), then aged with UPDATEs of finished_at / created_at; the retention runs from its schedule.
 */
import { readFileSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobFiles, jobSchedules, jobs, orderImports, users } from '../src/db/schema/index';
import { LINK_TTL_MS, saveJobFile } from '../src/modules/jobs/job-files';
import { applyJobRetention, DEFAULT_JOB_RETENTION_DAYS, JOB_RETENTION_CRON, JOB_RETENTION_KIND } from '../src/modules/jobs/job-retention';
import { useApiTest } from './helpers/api';
import { PERSONA } from './helpers/personas';

const t = useApiTest();
const { call } = t;
const db = () => t.database.db;
const { OWNER: AGENCY, SELLER } = PERSONA;
const MINUTE = 60_000;
const RETENTION_MS = DEFAULT_JOB_RETENTION_DAYS * 86_400_000;
const OLD = RETENTION_MS + 60 * MINUTE;
const RECENT = 86_400_000;
const before = (ms: number) => sql`now() - ${ms} * interval '1 millisecond'`;

const ageJob = (id: string, ms: number) => db().update(jobs).set({ finishedAt: before(ms), createdAt: before(ms + MINUTE) }).where(eq(jobs.id, id));
const ageFile = (id: string, ms: number) => db().update(jobFiles).set({ createdAt: before(ms) }).where(eq(jobFiles.id, id));
const jobIds = async (ids: string[]) => (await db().select({ id: jobs.id }).from(jobs).where(inArray(jobs.id, ids))).map((r) => r.id).sort();
const fileIds = async (ids: string[]) => (await db().select({ id: jobFiles.id }).from(jobFiles).where(inArray(jobFiles.id, ids))).map((r) => r.id).sort();
const fileIdOf = (url: string) => /\/api\/job-files\/([0-9a-f-]{36})\?/.exec(url)![1]!;

/** An order import through the API whose every row fails (unknown SKUs): a job with a failed-rows report. */
async function importWithReport() {
  const csv = readFileSync(new URL('./fixtures/orders/shopify-orders-export.csv', import.meta.url), 'utf8').replace(/\{\{(SKU\d|UNKNOWN)\}\}/g, 'NOT-A-SKU');
  const boundary = '----retention';
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="orders.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders/import/csv',
    payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(await t.as(SELLER)) },
  });
  expect(res.statusCode, res.body).toBe(202);
  await t.app.jobs.drain();
  const [record] = await db().select().from(orderImports).where(eq(orderImports.jobId, res.json().data.jobId));
  expect(record!.reportFileId).toBeTruthy();
  const [job] = await db().select().from(jobs).where(eq(jobs.id, record!.jobId!));
  return { importId: record!.id, jobId: job!.id, reportFileId: record!.reportFileId!, uploadId: job!.payload.fileId as string };
}

/** An orders export (a job that makes a file) through the API. */
async function ordersExport() {
  const start = await call(AGENCY, 'POST', '/api/orders/export', { format: 'csv' });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  await t.app.jobs.drain();
  const jobId = start.body.data.jobId as string;
  const [job] = await db().select().from(jobs).where(eq(jobs.id, jobId));
  return { jobId, fileId: job!.result!.fileId as string };
}

/** A catalog export: a file made by a request, with no job. */
async function catalogExport() {
  const res = await call(AGENCY, 'GET', '/api/catalogs/export/agency-catalogs?exportType=csv');
  expect(res.status).toBe(200);
  return fileIdOf(res.body.data.url);
}

/** A job of a kind no one runs here (it stays queued), with a file it made and a job-less upload it names. */
async function parkedJob(status: 'queued' | 'running') {
  const [owner] = await db().select().from(users).where(eq(users.email, AGENCY));
  const upload = await saveJobFile(db(), { userId: owner!.id, purpose: 'import', name: 'in.csv', contentType: 'text/csv', data: Buffer.from('a\n1\n') });
  const job = await t.app.jobs.enqueue(db(), { kind: 'test.parked', userId: owner!.id, payload: { input: { fileId: upload.id } } });
  const made = await saveJobFile(db(), { jobId: job.id, userId: owner!.id, purpose: 'report', name: 'out.csv', contentType: 'text/csv', data: Buffer.from('b\n2\n') });
  // Old in every column retention could read: only its status keeps it.
  await db()
    .update(jobs)
    .set({ status, lockedUntil: status === 'running' ? sql`now() + interval '1 hour'` : null, finishedAt: before(OLD), createdAt: before(OLD), runAt: sql`now() + interval '1 hour'` })
    .where(eq(jobs.id, job.id));
  await ageFile(upload.id, OLD);
  await ageFile(made.id, OLD);
  return { jobId: job.id, files: [upload.id, made.id] };
}

/** Fires the retention's schedule now and runs its job; the totals are taken between the two. */
async function runScheduledRetention() {
  await db().update(jobSchedules).set({ nextRunAt: before(1000) }).where(eq(jobSchedules.name, JOB_RETENTION_KIND));
  expect(await t.app.jobs.fireSchedules()).toBe(1);
  const start = await totals();
  await t.app.jobs.drain();
  const end = await totals();
  const [job] = await db().select().from(jobs).where(eq(jobs.kind, JOB_RETENTION_KIND));
  expect(job).toMatchObject({ status: 'done' });
  return { job: job!, removed: { jobs: start.jobs - end.jobs, files: start.files - end.files, bytes: start.bytes - end.bytes, jobless: start.jobless - end.jobless } };
}

async function totals() {
  const [j] = await db().select({ n: sql<number>`count(*)::int` }).from(jobs);
  const [f] = await db()
    .select({ n: sql<number>`count(*)::int`, bytes: sql<number>`coalesce(sum(size), 0)::int`, jobless: sql<number>`(count(*) filter (where job_id is null))::int` })
    .from(jobFiles);
  return { jobs: j!.n, files: f!.n, bytes: f!.bytes, jobless: f!.jobless };
}

describe('job retention', () => {
  it('stores its hourly schedule when the app builds', async () => {
    const [row] = await db().select().from(jobSchedules).where(eq(jobSchedules.name, JOB_RETENTION_KIND));
    expect(row).toMatchObject({ kind: JOB_RETENTION_KIND, cron: JOB_RETENTION_CRON, timezone: 'UTC' });
    expect(row!.nextRunAt.getTime()).toBeGreaterThan(Date.now());
    expect(row!.nextRunAt.getTime()).toBeLessThanOrEqual(Date.now() + 60 * MINUTE);
  });

  it('deletes old finished jobs and job-less files with their files, and nothing else', async () => {
    const oldImport = await importWithReport();
    const oldExport = await ordersExport();
    const recentExport = await ordersExport();
    const linked = await ordersExport();
    const oldCatalog = await catalogExport();
    const recentCatalog = await catalogExport();
    t.app.jobs.register('test.fails', async () => {
      throw new Error('no');
    });
    const failed = await t.app.jobs.enqueue(db(), { kind: 'test.fails', maxAttempts: 1 });
    await t.app.jobs.drain();
    const queued = await parkedJob('queued');
    const running = await parkedJob('running');

    await ageJob(oldImport.jobId, OLD);
    await db().update(orderImports).set({ finishedAt: before(OLD) }).where(eq(orderImports.id, oldImport.importId));
    await ageFile(oldImport.uploadId, OLD);
    await ageJob(oldExport.jobId, OLD);
    await ageJob(failed.id, OLD);
    await ageJob(recentExport.jobId, RECENT);
    await ageFile(oldCatalog, OLD);
    await ageFile(recentCatalog, RECENT);

    // A link minted a minute before the retention ends; then its whole life passes.
    await ageJob(linked.jobId, RETENTION_MS - MINUTE);
    const view = await call(AGENCY, 'GET', `/api/jobs/${linked.jobId}`);
    const link = view.body.data.fileUrl as string;
    expect(link).toContain(linked.fileId);
    await ageJob(linked.jobId, RETENTION_MS - MINUTE + LINK_TTL_MS - MINUTE);
    // Past the retention no new link is minted, to a job or to an import's report.
    expect((await call(AGENCY, 'GET', `/api/jobs/${linked.jobId}`)).body.data.fileUrl).toBeNull();
    expect((await call(SELLER, 'GET', `/api/orders/import/${oldImport.importId}/detail`)).body.data.reportUrl).toBeNull();

    const { job: retention, removed } = await runScheduledRetention();

    const gone = [oldImport.jobId, oldExport.jobId, failed.id];
    const kept = [recentExport.jobId, linked.jobId, queued.jobId, running.jobId];
    expect(await jobIds([...gone, ...kept])).toEqual([...kept].sort());
    const goneFiles = [oldImport.reportFileId, oldImport.uploadId, oldExport.fileId, oldCatalog];
    const keptFiles = [recentExport.fileId, linked.fileId, recentCatalog, ...queued.files, ...running.files];
    expect(await fileIds([...goneFiles, ...keptFiles])).toEqual([...keptFiles].sort());
    // The minted link still downloads.
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);

    // Its result counts what went; its progress, the jobs and the job-less files.
    expect(removed.bytes).toBeGreaterThan(0);
    expect(retention.result).toEqual({ jobs: removed.jobs, files: removed.files, bytes: removed.bytes, retentionDays: DEFAULT_JOB_RETENTION_DAYS });
    expect(retention.processed).toBe(removed.jobs + removed.jobless);

    // The import's history names no deleted report.
    const [record] = await db().select().from(orderImports).where(eq(orderImports.id, oldImport.importId));
    expect(record!.reportFileId).toBeNull();
    const detail = await call(SELLER, 'GET', `/api/orders/import/${oldImport.importId}/detail`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.reportUrl).toBeNull();
  });

  it('deletes in batches of so many jobs and so many bytes, reporting progress after each', async () => {
    const run = async (jobsToMake: number, batch: { rows?: number; bytes?: number }) => {
      const made: string[] = [];
      for (let i = 0; i < jobsToMake; i++) made.push((await ordersExport()).jobId);
      for (const id of made) await ageJob(id, OLD);
      const seen: [number, number][] = [];
      const counts = await applyJobRetention(db(), DEFAULT_JOB_RETENTION_DAYS, {
        batch,
        progress: async (processed, total) => {
          seen.push([processed, total]);
        },
      });
      expect(counts).toMatchObject({ jobs: jobsToMake, files: jobsToMake });
      expect(await jobIds(made)).toEqual([]);
      return seen;
    };
    expect(await run(5, { rows: 2 })).toEqual([[2, 5], [4, 5], [5, 5]]);
    // A budget of one byte: each batch takes its first job only, whatever its files weigh.
    expect(await run(3, { bytes: 1 })).toEqual([[1, 3], [2, 3], [3, 3]]);
  });
});
