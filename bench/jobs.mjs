// `npm run bench:jobs -w bench`: the job queue's per-poll statements with 500,000 finished jobs in
// the table, on PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/fbo_bench_jobs,
// dropped and re-created) and on the embedded PGlite. Writes "## Job queue" of docs/benchmarks.md.
// Runs the server's own statements (apps/server/src/jobs/job-rows.ts) through tsx.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS, openDatabase, runMigrations } from '../apps/server/src/db/client.ts';
import { claimJob, finishJob, sweepLapsed } from '../apps/server/src/jobs/job-rows.ts';
import { insertJob } from '../apps/server/src/jobs/enqueue.ts';
import { median } from './lib/report.mjs';
import { replaceSection } from './lib/sections.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const docsFile = path.join(here, '..', 'docs/benchmarks.md');
const FINISHED = Number(process.env.BENCH_FINISHED_JOBS ?? 500_000);
const CALLS = 300;
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fbo_bench_jobs';

async function recreate(url) {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  u.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
}

/** 500,000 finished jobs (a year of imports, exports and mail retries), a few live ones. */
async function fill(db) {
  for (let from = 0; from < FINISHED; from += 100_000) {
    const n = Math.min(100_000, FINISHED - from);
    await db.execute(sql`
      insert into jobs (id, kind, status, attempts, run_at, finished_at, created_at, result)
      select gen_random_uuid(), (array['IMPORT_ORDERS', 'ORDERS_EXPORT', 'MAIL_RETRY', 'SYNC_TRACKING_TO_STORE'])[1 + g % 4],
             case when g % 50 = 0 then 'failed' else 'done' end, 1,
             now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval, '{}'::jsonb
      from generate_series(${from + 1}::int, ${from + n}::int) g`);
  }
  // Four live jobs of another process and twenty retries waiting for their backoff.
  await db.execute(sql`
    insert into jobs (id, kind, status, attempts, locked_at, locked_until, lock_token)
    select gen_random_uuid(), 'IMPORT_ORDERS', 'running', 1, now(), now() + interval '1 hour', gen_random_uuid() from generate_series(1, 4)`);
  await db.execute(sql`insert into jobs (id, kind, status, run_at) select gen_random_uuid(), 'MAIL_RETRY', 'queued', now() + interval '1 hour' from generate_series(1, 20)`);
  await db.execute(sql`analyze jobs`);
}

async function time(fn) {
  const samples = [];
  for (let i = 0; i < CALLS; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { median: median(samples), p99: samples[Math.floor(samples.length * 0.99)] };
}

/** The sweep this queue replaced: requeue stale running jobs, on a table without an index for it. */
const oldSweep = (db) =>
  db.execute(sql`update jobs set status = 'queued', locked_at = null where status = 'running' and locked_at < now() - interval '10 minutes'`);

async function measure(label, database) {
  const { db } = database;
  await runMigrations(database);
  const filled = performance.now();
  await fill(db);
  console.log(`${label}: ${FINISHED.toLocaleString('en-US')} finished jobs in ${Math.round(performance.now() - filled)} ms`);
  const kinds = ['IMPORT_ORDERS', 'ORDERS_EXPORT', 'MAIL_RETRY', 'SYNC_TRACKING_TO_STORE', 'IMPORT_TRACKING'];
  const rows = {
    sweep: await time(() => sweepLapsed(db)),
    idleClaim: await time(() => claimJob(db, kinds, 30_000)),
    cycle: await time(async () => {
      await insertJob(db, { kind: 'ORDERS_EXPORT' });
      const job = await claimJob(db, kinds, 30_000);
      await finishJob(db, job, { status: 'done', result: {} });
    }),
    dedupe: await time(() => insertJob(db, { kind: 'SYNC_TRACKING_TO_STORE', dedupeKey: 'store-1' })),
  };
  // The old sweep's plan without the new partial index: what every claim used to pay.
  await db.execute(sql`drop index jobs_lease_idx`);
  await db.execute(sql`drop index jobs_claim_idx`);
  rows.oldSweep = await time(() => oldSweep(db));
  return rows;
}

const f = (n) => (n < 1 ? n.toFixed(2) : n < 10 ? n.toFixed(1) : String(Math.round(n)));

async function main() {
  await recreate(databaseUrl);
  const onPg = await openDatabase({ databaseUrl, poolSize: 2 });
  const pgRows = await measure('PostgreSQL', onPg);
  await onPg.close();
  const onLite = await openDatabase({ pglite: new PGlite({ extensions: PGLITE_EXTENSIONS }) });
  const liteRows = await measure('PGlite', onLite);
  await onLite.close();

  const lines = [
    ['The sweep (lapsed leases with no attempt left; once a minute)', 'sweep'],
    ['A claim with nothing due (each poll, every second)', 'idleClaim'],
    ['Enqueue, claim and finish one job', 'cycle'],
    ['Enqueue with a de-duplication key, twin queued', 'dedupe'],
    ['Before: the stale sweep that ran before every claim (no index)', 'oldSweep'],
  ].map(([name, key]) => `| ${name} | ${f(pgRows[key].median)} | ${f(pgRows[key].p99)} | ${f(liteRows[key].median)} | ${f(liteRows[key].p99)} |`);
  const section = `## Job queue

The queue's statements per poll with ${FINISHED.toLocaleString('en-US')} finished jobs in \`jobs\` (plus 4 running, 20 waiting
for their retry), ${CALLS} calls each, one connection, ${os.cpus().length} cores; measured ${new Date().toISOString().slice(0, 10)}
(\`npm run bench:jobs -w bench\`). Milliseconds per call.

| Statement | PostgreSQL median | PostgreSQL p99 | PGlite median | PGlite p99 |
| --- | ---: | ---: | ---: | ---: |
${lines.join('\n')}

The claim and the sweep read partial indexes of the queued and running rows only (\`jobs_claim_idx\`,
\`jobs_lease_idx\`), so their cost does not grow with the finished jobs; retention deletes those after
JOB_RETENTION_DAYS (30).
`;
  replaceSection(docsFile, '## Job queue', section);
  console.log(section);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
