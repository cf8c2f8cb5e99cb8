/* global AbortSignal, FormData */
// `npm run bench:order-import -w bench`: the CSV order import end to end through the real server.
// Generates a Shopify export of BENCH_ORDER_IMPORT_ROWS line items (default 100,000; 1 order in 100
// with an unknown SKU), uploads it as seller@demo.test, polls the job to the end, then imports the
// same file again (every order skipped). With DATABASE_URL the server runs on that PostgreSQL (the
// goal, >= 50,000 rows/s, is for PostgreSQL); without it on a fresh PGlite data dir.
// Rewrites only the "CSV order import" section of docs/benchmarks.md (BENCH_DOCS_FILE: another file).
// BENCH_SERVER_MAIN picks a server build.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOOPBACK, freePort, killAllNow, sleep, startNode, stop, waitFor200 } from './lib/processes.mjs';
import { replaceSection } from './lib/sections.mjs';
import { shopifyExport } from './lib/shopify-export.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const serverMain = process.env.BENCH_SERVER_MAIN ?? path.join(root, 'apps/server/dist/main.js');
const docsFile = process.env.BENCH_DOCS_FILE ?? path.join(root, 'docs/benchmarks.md');
const ROWS = Number(process.env.BENCH_ORDER_IMPORT_ROWS ?? 100_000);
const SELLER = { email: 'seller@demo.test', password: 'demo-password' };
const SECTION = '## CSV order import';

async function json(res, what) {
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${what}: HTTP ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

/** A SKU the seller's agency offers: the example row of the order template. */
async function offeredSkus(base, headers) {
  const res = await fetch(`${base}/api/orders/import/template`, { headers });
  if (!res.ok) throw new Error(`template: HTTP ${res.status}`);
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(await res.arrayBuffer()));
  const sheet = book.worksheets[0];
  const header = sheet.getRow(1).values.map(String);
  return [String(sheet.getRow(2).getCell(header.indexOf('SKU')).value)];
}

async function importOnce(base, headers, text, name) {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/csv' }), name);
  const started = performance.now();
  const answer = await json(await fetch(`${base}/api/orders/import/csv`, { method: 'POST', headers, body: form, signal: AbortSignal.timeout(120_000) }), 'upload');
  const uploadMs = performance.now() - started;
  for (;;) {
    const { data: job } = await json(await fetch(`${base}/api/jobs/${answer.data.jobId}`, { headers, signal: AbortSignal.timeout(10_000) }), 'job poll');
    if (job.status === 'done' || job.status === 'failed') {
      const wallMs = performance.now() - started;
      if (job.status === 'failed' || job.result?.ok === false) throw new Error(`import failed: ${job.error ?? job.result?.message}`);
      const jobMs = new Date(job.finishedAt).getTime() - new Date(job.createdAt).getTime();
      return { uploadMs, wallMs, jobMs, result: job.result, rowsPerSecond: (job.total / wallMs) * 1000, jobRowsPerSecond: (job.total / jobMs) * 1000 };
    }
    if (performance.now() - started > 15 * 60_000) throw new Error('the import did not finish within 15 minutes');
    await sleep(50);
  }
}

const ms = (n) => `${Math.round(n).toLocaleString('en-US')} ms`;
const rps = (n) => Math.round(n).toLocaleString('en-US');

async function main() {
  if (!existsSync(serverMain)) throw new Error(`${serverMain} is missing: run npm run build first`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fbo-bench-order-import-'));
  const port = await freePort(3214);
  const base = `http://${LOOPBACK}:${port}`;
  const env = { ...process.env, PORT: String(port), HOST: LOOPBACK, DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn' };
  for (const name of ['SMTP_URL', 'PUBLIC_URL', 'WEB_DIST', 'TRUST_PROXY']) delete env[name];
  const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  let server = null;
  try {
    server = startNode(serverMain, { cwd: root, env, label: 'server' });
    await waitFor200(`${base}/api/health`, server, { timeoutMs: 90_000 });
    const login = await json(await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(SELLER) }), 'login');
    const headers = { authorization: `Bearer ${login.access_token}` };
    const skus = await offeredSkus(base, headers);
    const genStart = performance.now();
    const file = shopifyExport({ rows: ROWS, skus, prefix: `#B${Date.now().toString(36).toUpperCase()}-` });
    const genMs = performance.now() - genStart;
    console.log(`Generated ${file.rows} rows / ${file.orders} orders (${(file.text.length / 1024 / 1024).toFixed(1)} MiB) in ${ms(genMs)}`);
    const first = await importOnce(base, headers, file.text, 'bench-shopify-orders.csv');
    console.log(`  import: ${ms(first.wallMs)} (${rps(first.rowsPerSecond)} rows/s), ${first.result.message} ${JSON.stringify(first.result.timings)}`);
    const again = await importOnce(base, headers, file.text, 'bench-shopify-orders.csv');
    console.log(`  same file again: ${ms(again.wallMs)} (${rps(again.rowsPerSecond)} rows/s), ${again.result.message} ${JSON.stringify(again.result.timings)}`);
    const date = new Date().toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
    replaceSection(docsFile, SECTION, `${SECTION}

A generated Shopify order export (bench/lib/shopify-export.mjs): **${file.rows.toLocaleString('en-US')} line-item rows**,
${file.orders.toLocaleString('en-US')} orders of 1-3 items, ${file.badOrders} of them with an unknown SKU,
${(file.text.length / 1024 / 1024).toFixed(1)} MiB, uploaded as seller@demo.test to \`POST /api/orders/import/csv\` on
${engine}; the IMPORT_ORDERS job is polled every 50 ms. Wall time runs from the start of the upload to the poll that
sees the job done (the upload kicks the job queue, so no poll interval is in it). Measured ${date}
(\`npm run bench:order-import -w bench\`; set DATABASE_URL for PostgreSQL). Goal: >= 50,000 rows/s on PostgreSQL.

| Step | wall time | rows/s (wall) | job queued to finished | rows/s (job) | result |
| --- | ---: | ---: | ---: | ---: | --- |
| Import | ${ms(first.wallMs)} | ${rps(first.rowsPerSecond)} | ${ms(first.jobMs)} | ${rps(first.jobRowsPerSecond)} | ${first.result.message} |
| Same file again (nothing new) | ${ms(again.wallMs)} | ${rps(again.rowsPerSecond)} | ${ms(again.jobMs)} | ${rps(again.jobRowsPerSecond)} | ${again.result.message} |

Upload answer (file stored, history row and job queued): ${ms(first.uploadMs)}. Inside the job (ms), first import:
${JSON.stringify(first.result.timings)}; again: ${JSON.stringify(again.result.timings)} (readFile: the stored upload; plan:
parse, group, check rows, the one SKU query; insert: the batches; report: the failed-rows file).
`);
    console.log(`Wrote the "${SECTION.slice(3)}" section of ${path.relative(root, docsFile)}`);
  } finally {
    await stop(server);
    killAllNow();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(`bench:order-import failed: ${err.stack ?? err}`);
  process.exitCode = 1;
});
