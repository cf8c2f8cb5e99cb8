/* global AbortSignal, FormData */
// The supplier price import scenario: 10,000 variant rows through the real server.
// The bench seeds its own catalogs into its own data dir (never the demo ones), exports them as
// .xlsx through the API, changes every price in the workbook, imports it back and waits for the
// IMPORT_SUPPLIER_PRICE job; then imports the same file again (nothing to change).
import { PGlite } from '@electric-sql/pglite';
// The server's migrations create pg_trgm (0009): PGlite must load it to open the data dir.
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import ExcelJS from 'exceljs';
import { sleep } from './processes.mjs';
import { replaceSection } from './sections.mjs';

export const IMPORT_SHAPE = { catalogs: 100, variantsPerCatalog: 100 };
export const IMPORT_ROWS = IMPORT_SHAPE.catalogs * IMPORT_SHAPE.variantsPerCatalog;
const SUPPLIER = { email: 'supplier@demo.test', password: 'demo-password' };
const SECTION = '## Supplier price import';

/**
 * Adds 100 dropship trademark catalogs of 100 variants each (BENCH-0001-V001...) to a stopped
 * server's PGlite data dir, set-based.
 */
export async function seedImportCatalogs(dataDir) {
  const db = new PGlite(dataDir, { extensions: { pg_trgm } });
  await db.waitReady;
  try {
    await db.exec(`
      insert into catalogs (id, name, product_code, type, dropship, is_trademark, publish_status, active)
      select gen_random_uuid(), 'Bench catalog ' || g, 'BENCH-' || lpad(g::text, 4, '0'), 'drop', true, true, 5, true
      from generate_series(1, ${IMPORT_SHAPE.catalogs}) g;
      insert into catalog_variants (id, catalog_id, catalog_variant_code, color, size, supplier_min_price_cents, supplier_max_price_cents, supplier_quantity)
      select gen_random_uuid(), c.id, c.product_code || '-V' || lpad(v::text, 3, '0'), 'Color ' || (v % 10), 'S' || (v / 10), 1000, 1500, 10
      from catalogs c cross join generate_series(1, ${IMPORT_SHAPE.variantsPerCatalog}) v
      where c.product_code like 'BENCH-%';
    `);
  } finally {
    await db.close();
  }
}

async function json(res, what) {
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${what}: HTTP ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

async function importOnce(base, headers, file, name) {
  const form = new FormData();
  form.append('importType', 'IMPORT_SUPPLIER_PRICE');
  form.append('file', new Blob([file]), name);
  const started = performance.now();
  const answer = await json(
    await fetch(`${base}/api/catalogs/import/catalog-price`, { method: 'POST', headers, body: form, signal: AbortSignal.timeout(60_000) }),
    'import upload',
  );
  const uploadMs = performance.now() - started;
  const deadline = started + 10 * 60_000;
  for (;;) {
    const { data: job } = await json(await fetch(`${base}/api/jobs/${answer.data.jobId}`, { headers, signal: AbortSignal.timeout(10_000) }), 'job poll');
    if (job.status === 'done' || job.status === 'failed') {
      const wallMs = performance.now() - started;
      if (job.status === 'failed') throw new Error(`import job failed: ${job.error}`);
      const jobMs = new Date(job.finishedAt).getTime() - new Date(job.createdAt).getTime();
      return { uploadMs, wallMs, jobMs, result: job.result, rowsPerSecond: (job.total / wallMs) * 1000 };
    }
    if (performance.now() > deadline) throw new Error('import job did not finish within 10 minutes');
    await sleep(100);
  }
}

/** Runs the scenario against a server whose data dir went through seedImportCatalogs. */
export async function benchImport(base) {
  const login = await json(
    await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(SUPPLIER) }),
    `login as ${SUPPLIER.email}`,
  );
  const headers = { authorization: `Bearer ${login.access_token}` };

  const exportStart = performance.now();
  const exported = await json(await fetch(`${base}/api/catalogs/export/catalog-price?search=BENCH`, { headers, signal: AbortSignal.timeout(120_000) }), 'export');
  const fileRes = await fetch(`${base}${exported.data.url}`, { signal: AbortSignal.timeout(60_000) });
  const exportedFile = Buffer.from(await fileRes.arrayBuffer());
  const exportMs = performance.now() - exportStart;

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(exportedFile);
  const sheet = workbook.worksheets[0];
  const rows = sheet.rowCount - 1;
  if (rows !== IMPORT_ROWS) throw new Error(`the export has ${rows} rows, expected ${IMPORT_ROWS}`);
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    row.getCell(6).value = Number(row.getCell(6).value) + 1.25;
    row.getCell(7).value = Number(row.getCell(7).value) + 1.5;
    row.getCell(8).value = Number(row.getCell(8).value) + 5;
  });
  const changed = Buffer.from(await workbook.xlsx.writeBuffer());

  console.log(`Import: ${rows} rows (${(changed.length / 1024).toFixed(0)} KiB .xlsx)`);
  const first = await importOnce(base, headers, changed, 'bench-prices.xlsx');
  if (first.result.updated !== IMPORT_ROWS) throw new Error(`first import updated ${first.result.updated} rows: ${first.result.message}`);
  console.log(`  first import: ${Math.round(first.wallMs)} ms (${Math.round(first.rowsPerSecond)} rows/s), ${first.result.message}`);
  const again = await importOnce(base, headers, changed, 'bench-prices.xlsx');
  if (again.result.updated !== 0) throw new Error(`the repeated import updated ${again.result.updated} rows`);
  console.log(`  same file again: ${Math.round(again.wallMs)} ms (${Math.round(again.rowsPerSecond)} rows/s), ${again.result.message}`);
  const date = new Date().toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
  return { date, rows, fileBytes: changed.length, exportMs, first, again };
}

const ms = (n) => `${Math.round(n).toLocaleString('en-US')} ms`;
const rps = (n) => Math.round(n).toLocaleString('en-US');

/** The markdown section (also written on its own by `npm run bench:import`). */
export function importSection(r) {
  return `${SECTION}

${IMPORT_SHAPE.catalogs} dropship trademark catalogs of ${IMPORT_SHAPE.variantsPerCatalog} variants each
(**${r.rows.toLocaleString('en-US')} variant rows**) are added to the bench's own data dir (the server stopped, then
started again), exported as .xlsx through \`GET /api/catalogs/export/catalog-price\` as
\`supplier@demo.test\`, every row's min price, max price and quantity changed with exceljs, and the
${(r.fileBytes / 1024).toFixed(0)} KiB file uploaded to \`POST /api/catalogs/import/catalog-price\`; the
\`IMPORT_SUPPLIER_PRICE\` job is polled every 100 ms until done. Wall time runs from the start of the
upload to the poll that sees the job done, so it includes up to 1 s of the server's job-queue polling.
Measured ${r.date} on the machine above (\`npm run bench:import -w bench\` refreshes this section alone).

| Step | wall time | rows/s | server: job queued to finished | result |
| --- | ---: | ---: | ---: | --- |
| Import, every row changed | ${ms(r.first.wallMs)} | ${rps(r.first.rowsPerSecond)} | ${ms(r.first.jobMs)} | ${r.first.result.message}, ${r.first.result.catalogs} logs |
| Same file again (idempotent) | ${ms(r.again.wallMs)} | ${rps(r.again.rowsPerSecond)} | ${ms(r.again.jobMs)} | ${r.again.result.message} |

Upload answer (file stored, job queued): ${ms(r.first.uploadMs)}. Export of the ${r.rows.toLocaleString('en-US')} rows
(query, .xlsx, download): ${ms(r.exportMs)}.
`;
}

/** Replaces (or appends) the import section of an existing benchmarks file. */
export function writeImportSection(file, result) {
  replaceSection(file, SECTION, importSection(result));
}
