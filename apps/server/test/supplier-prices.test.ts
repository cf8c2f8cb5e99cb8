import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { IMPORT_SUPPLIER_PRICE, PRICE_SHEET_COLUMNS, SUPPLIER_MSG } from '@fbo/shared/domain/supplier-prices';
import { useApiTest, type Method } from './helpers/api';
import { PERSONA } from './helpers/personas';
import { auditEntries, catalogs, catalogVariants, jobFiles, jobs, priceChangeLogs } from '../src/db/schema/index';
import { readXlsx, toXlsx } from '../src/lib/spreadsheet';

const t = useApiTest();
const { call } = t;
const { ADMIN, SUPPLIER } = PERSONA;

const db = () => t.database.db;

type Catalog = typeof catalogs.$inferSelect;
type Variant = typeof catalogVariants.$inferSelect;
let scoped: Catalog[];
let podCatalog: Catalog;
beforeAll(async () => {
  scoped = await db()
    .select()
    .from(catalogs)
    .where(and(eq(catalogs.dropship, true), eq(catalogs.isTrademark, true), eq(catalogs.active, true)))
    .orderBy(asc(catalogs.productCode));
  [podCatalog] = await db().select().from(catalogs).where(eq(catalogs.type, 'pod')).limit(1);
  expect(scoped.length).toBeGreaterThanOrEqual(4);
});

const variantsOf = (catalogId: string) =>
  db().select().from(catalogVariants).where(eq(catalogVariants.catalogId, catalogId)).orderBy(asc(catalogVariants.catalogVariantCode));
const logsOf = (catalogId: string) =>
  db().select().from(priceChangeLogs).where(eq(priceChangeLogs.catalogId, catalogId)).orderBy(desc(priceChangeLogs.createdAt));
const dollars = (v: Variant) => ({
  id: v.id,
  inStock: v.inStock,
  supplierMinPrice: v.supplierMinPriceCents / 100,
  supplierMaxPrice: v.supplierMaxPriceCents / 100,
  supplierQuantity: v.supplierQuantity,
});

/** A multipart body as a browser sends it. */
function multipart(parts: { name: string; value?: string; filename?: string; data?: Buffer; type?: string }[]) {
  const boundary = `----vitest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const head = p.filename !== undefined
      ? `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n`
      : `Content-Disposition: form-data; name="${p.name}"\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}\r\n`), p.data ?? Buffer.from(p.value ?? ''), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
async function upload(email: string, file?: { filename: string; data: Buffer }, importType = IMPORT_SUPPLIER_PRICE) {
  const parts = [{ name: 'importType', value: importType }, ...(file ? [{ name: 'file', ...file }] : [])];
  const body = multipart(parts);
  const res = await t.app.inject({ method: 'POST', url: '/api/catalogs/import/catalog-price', payload: body.payload, headers: { ...body.headers, ...(await t.as(email)) } });
  return { status: res.statusCode, body: res.json() };
}
async function runJob(email: string, jobId: string) {
  await t.app.jobs.drain();
  return (await call(email, 'GET', `/api/jobs/${jobId}`)).body.data;
}
async function download(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

describe('who may use supplier prices', () => {
  it.each([PERSONA.OWNER, PERSONA.STAFF, PERSONA.SELLER, PERSONA.SELLER_ACCOUNTING, PERSONA.OTHER_OWNER])(
    '%s is refused everywhere (403)',
    async (email) => {
      const id = scoped[0]!.id;
      const attempts: [Method, string, object?][] = [
        ['GET', `/api/catalogs/${id}/variants`],
        ['PATCH', `/api/catalogs/${id}/variants`, { publishStatus: 5, note: '', variants: [] }],
        ['GET', `/api/products/supplier-log/histories?catalog=${id}`],
        ['POST', '/api/products/supplier-log/save-log', { catalog: id, variantChanged: [], status: 5, type: 'CHANGE_SUPPLIER_PRICE' }],
        ['GET', '/api/catalogs/export/catalog-price'],
        ['POST', '/api/catalogs/import/catalog-price', {}],
      ];
      for (const [method, url, payload] of attempts) expect((await call(email, method, url, payload)).status, `${method} ${url}`).toBe(403);
    },
  );

  it('refuses callers without a token (401); the sample template is public', async () => {
    expect((await call(null, 'GET', `/api/catalogs/${scoped[0]!.id}/variants`)).status).toBe(401);
    const res = await t.app.inject({ url: '/api/catalogs/import/catalog-price/template' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const sheet = await readXlsx(res.rawPayload);
    expect(sheet.headers).toEqual([...PRICE_SHEET_COLUMNS]);
    expect(sheet.rows).toHaveLength(1);
  });
});

describe('GET /api/catalogs/:id/variants', () => {
  it('answers the catalog and its variants in dollars, by SKU', async () => {
    const c = scoped[1]!;
    const { status, body } = await call(SUPPLIER, 'GET', `/api/catalogs/${c.id}/variants`);
    expect(status).toBe(200);
    expect(body.data.catalog).toEqual({ id: c.id, name: c.name, productCode: c.productCode, dropship: true, publishStatus: c.publishStatus, note: c.note });
    const rows = await variantsOf(c.id);
    expect(body.data.variants).toHaveLength(rows.length);
    expect(body.data.variants[0]).toEqual({
      ...dollars(rows[0]!),
      catalogVariantCode: rows[0]!.catalogVariantCode,
      color: rows[0]!.color,
      size: rows[0]!.size,
    });
  });

  it('keeps a supplier inside the supplier scope (404 outside); the administrator reaches any catalog', async () => {
    expect((await call(SUPPLIER, 'GET', `/api/catalogs/${podCatalog.id}/variants`)).status).toBe(404);
    expect((await call(SUPPLIER, 'GET', '/api/catalogs/00000000-0000-7000-8000-000000000000/variants')).status).toBe(404);
    expect((await call(ADMIN, 'GET', `/api/catalogs/${podCatalog.id}/variants`)).status).toBe(200);
    // An inactive trademark catalog leaves the supplier's scope.
    const c = scoped[3]!;
    await db().update(catalogs).set({ active: false }).where(eq(catalogs.id, c.id));
    expect((await call(SUPPLIER, 'GET', `/api/catalogs/${c.id}/variants`)).status).toBe(404);
    await db().update(catalogs).set({ active: true }).where(eq(catalogs.id, c.id));
  });
});

describe('PATCH /api/catalogs/:id/variants', () => {
  it('saves prices and the status in one go, logs the changed variants and audits', async () => {
    const c = scoped[0]!;
    const rows = await variantsOf(c.id);
    const logsBefore = (await logsOf(c.id)).length;
    const variants = rows.map(dollars);
    variants[0] = { ...variants[0]!, supplierMinPrice: 11.25, supplierMaxPrice: 13.5, supplierQuantity: 7, inStock: false };
    variants[1] = { ...variants[1]!, supplierMinPrice: 0, supplierMaxPrice: 0.1 };
    const { status, body } = await call(SUPPLIER, 'PATCH', `/api/catalogs/${c.id}/variants`, { publishStatus: 5, note: '  Spring prices ', variants });
    expect(status).toBe(200);
    expect(body.message).toBe('Update success!');
    expect(body.data.changed).toBe(2);
    expect(body.data.catalog).toMatchObject({ publishStatus: 5, note: 'Spring prices' });
    expect(body.data.variants.find((v: { id: string }) => v.id === rows[0]!.id)).toMatchObject({ supplierMinPrice: 11.25, supplierMaxPrice: 13.5, supplierQuantity: 7, inStock: false });

    const [stored] = await db().select().from(catalogVariants).where(eq(catalogVariants.id, rows[0]!.id));
    expect(stored).toMatchObject({ supplierMinPriceCents: 1125, supplierMaxPriceCents: 1350, supplierQuantity: 7, inStock: false });
    const logs = await logsOf(c.id);
    expect(logs).toHaveLength(logsBefore + 1);
    expect(logs[0]).toMatchObject({ id: body.data.logId, status: 5, note: 'Spring prices', type: 'CHANGE_SUPPLIER_PRICE', createdUserEmail: SUPPLIER });
    expect(logs[0]!.variantChanged.map((v) => v.catalogVariantCode).sort()).toEqual([rows[0]!.catalogVariantCode, rows[1]!.catalogVariantCode].sort());
    expect(logs[0]!.variantChanged.find((v) => v.variantId === rows[1]!.id)).toMatchObject({ supplierMinPriceCents: 0, supplierMaxPriceCents: 10 });
    const [audit] = await db().select().from(auditEntries).where(and(eq(auditEntries.entityId, c.id), eq(auditEntries.action, 'supplier_prices')));
    expect(audit).toMatchObject({ entity: 'catalog', before: { publishStatus: c.publishStatus }, after: { publishStatus: 5, note: 'Spring prices' } });
  });

  it('accepts an unchanged save idempotently: nothing written, no log', async () => {
    const c = scoped[0]!;
    const variants = (await variantsOf(c.id)).map(dollars);
    const [fresh] = await db().select().from(catalogs).where(eq(catalogs.id, c.id));
    const logsBefore = (await logsOf(c.id)).length;
    for (let i = 0; i < 2; i++) {
      const { status, body } = await call(SUPPLIER, 'PATCH', `/api/catalogs/${c.id}/variants`, { publishStatus: fresh!.publishStatus, note: fresh!.note, variants });
      expect(status).toBe(200);
      expect(body).toMatchObject({ message: 'No changed!', data: { changed: 0, logId: null } });
    }
    expect(await logsOf(c.id)).toHaveLength(logsBefore);
  });

  it('Save & Finish alone (status 6, no variant) writes a log of no variants', async () => {
    const c = scoped[0]!;
    const { body } = await call(ADMIN, 'PATCH', `/api/catalogs/${c.id}/variants`, { publishStatus: 6, note: 'Spring prices', variants: [] });
    expect(body.data).toMatchObject({ changed: 0, catalog: { publishStatus: 6 } });
    const [log] = await logsOf(c.id);
    expect(log).toMatchObject({ id: body.data.logId, status: 6, variantChanged: [], createdUserEmail: ADMIN });
  });

  it('validates prices, quantity and status with clear messages', async () => {
    const c = scoped[1]!;
    const [v] = await variantsOf(c.id);
    const base = dollars(v!);
    const cases: [object, string, string][] = [
      [{ ...base, supplierMinPrice: 20, supplierMaxPrice: 10 }, 'variants.0.supplierMinPrice', SUPPLIER_MSG.minOverMax],
      [{ ...base, supplierMinPrice: 1.005, supplierMaxPrice: 2 }, 'variants.0.supplierMinPrice', 'Min price can have at most 2 decimals'],
      [{ ...base, supplierMinPrice: -1 }, 'variants.0.supplierMinPrice', 'Min price must be from 0 to 100,000 dollars'],
      [{ ...base, supplierMaxPrice: 100000.01 }, 'variants.0.supplierMaxPrice', 'Max price must be from 0 to 100,000 dollars'],
      [{ ...base, supplierQuantity: 1.5 }, 'variants.0.supplierQuantity', SUPPLIER_MSG.quantity],
      [{ ...base, supplierQuantity: -1 }, 'variants.0.supplierQuantity', SUPPLIER_MSG.quantity],
      [{ ...base, supplierMinPrice: '12' }, 'variants.0.supplierMinPrice', 'Min price must be a number'],
    ];
    for (const [variant, field, message] of cases) {
      const { status, body } = await call(SUPPLIER, 'PATCH', `/api/catalogs/${c.id}/variants`, { publishStatus: 5, variants: [variant] });
      expect(status, JSON.stringify(variant)).toBe(400);
      expect(body.errors[field], JSON.stringify(body)).toBe(message);
    }
    const wrongStatus = await call(SUPPLIER, 'PATCH', `/api/catalogs/${c.id}/variants`, { publishStatus: 1, variants: [] });
    expect(wrongStatus.body.errors.publishStatus).toBe(SUPPLIER_MSG.status);
    const twice = await call(SUPPLIER, 'PATCH', `/api/catalogs/${c.id}/variants`, { publishStatus: 5, variants: [base, base] });
    expect(twice.body.errors['variants.1.id']).toBe(SUPPLIER_MSG.duplicateVariant);
    const [foreign] = await variantsOf(scoped[2]!.id);
    const other = await call(SUPPLIER, 'PATCH', `/api/catalogs/${c.id}/variants`, { publishStatus: 5, variants: [dollars(foreign!)] });
    expect(other).toMatchObject({ status: 400, body: { message: SUPPLIER_MSG.variantNotInCatalog, errors: { 'variants.0.id': SUPPLIER_MSG.variantNotInCatalog } } });
    // Nothing of it was stored.
    const [after] = await db().select().from(catalogVariants).where(eq(catalogVariants.id, v!.id));
    expect(after).toEqual(v);
  });

  it('keeps a supplier out of catalogs outside the scope (404)', async () => {
    const { status } = await call(SUPPLIER, 'PATCH', `/api/catalogs/${podCatalog.id}/variants`, { publishStatus: 5, variants: [] });
    expect(status).toBe(404);
    const [pod] = await db().select().from(catalogs).where(eq(catalogs.id, podCatalog.id));
    expect(pod!.publishStatus).toBe(podCatalog.publishStatus);
  });
});

describe('price-change logs', () => {
  it('pages the histories of a catalog, newest first, with pagination.total', async () => {
    const c = scoped[0]!;
    const all = await logsOf(c.id);
    expect(all.length).toBeGreaterThanOrEqual(2);
    const { status, body } = await call(SUPPLIER, 'GET', `/api/products/supplier-log/histories?catalog=${c.id}&limit=1&page=1`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: all.length, pagination: { total: all.length }, page: 1, limit: 1 });
    expect(body.data.map((l: { id: string }) => l.id)).toEqual([all[0]!.id]);
    expect(body.data[0]).toMatchObject({ catalog: { id: c.id, name: c.name, productCode: c.productCode }, createdUser: ADMIN, status: 6, type: 'CHANGE_SUPPLIER_PRICE', variantCount: 0 });
    const page2 = await call(SUPPLIER, 'GET', `/api/products/supplier-log/histories?catalog=${c.id}&limit=1&page=2`);
    const second = page2.body.data[0];
    expect(second.id).toBe(all[1]!.id);
    expect(second).toMatchObject({ createdUser: SUPPLIER, status: 5, note: 'Spring prices', variantCount: 2 });
    expect(second.variantChanged.find((v: { supplierMinPrice: number }) => v.supplierMinPrice === 11.25)).toMatchObject({ supplierMaxPrice: 13.5, supplierQuantity: 7, inStock: false });
    const firstPage = await call(SUPPLIER, 'GET', `/api/products/supplier-log/histories?catalog=${c.id}`);
    expect(firstPage.body.limit).toBe(10);
    expect(firstPage.body.data).toHaveLength(Math.min(10, all.length));
  });

  it('filters by type and keeps suppliers to their scope', async () => {
    const c = scoped[0]!;
    expect((await call(SUPPLIER, 'GET', `/api/products/supplier-log/histories?catalog=${c.id}&type=CHANGE_SELLER_PRICE`)).body.total).toBe(0);
    await db().insert(priceChangeLogs).values({ catalogId: podCatalog.id, createdUserEmail: ADMIN, status: 1, type: 'CHANGE_SELLER_PRICE' });
    expect((await call(SUPPLIER, 'GET', `/api/products/supplier-log/histories?catalog=${podCatalog.id}`)).body.total).toBe(0);
    expect((await call(ADMIN, 'GET', `/api/products/supplier-log/histories?catalog=${podCatalog.id}`)).body.total).toBe(1);
    expect((await call(SUPPLIER, 'GET', '/api/products/supplier-log/histories?catalog=nope')).status).toBe(400);
  });

  it('save-log records the stored values of the named variants, never the body', async () => {
    const c = scoped[1]!;
    const [v] = await variantsOf(c.id);
    const { status, body } = await call(SUPPLIER, 'POST', '/api/products/supplier-log/save-log', {
      catalog: c.id,
      variantChanged: [{ id: v!.id, supplierMinPrice: 999 }],
      status: 5,
      note: 'Checked',
      type: 'CHANGE_SUPPLIER_PRICE',
    });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ catalog: { id: c.id }, createdUser: SUPPLIER, status: 5, note: 'Checked', variantCount: 1 });
    expect(body.data.variantChanged[0]).toMatchObject({ variantId: v!.id, supplierMinPrice: v!.supplierMinPriceCents / 100 });
    const [foreign] = await variantsOf(scoped[2]!.id);
    const bad = await call(SUPPLIER, 'POST', '/api/products/supplier-log/save-log', { catalog: c.id, variantChanged: [{ id: foreign!.id }], status: 5, type: 'CHANGE_SUPPLIER_PRICE' });
    expect(bad.status).toBe(400);
    const outside = await call(SUPPLIER, 'POST', '/api/products/supplier-log/save-log', { catalog: podCatalog.id, variantChanged: [], status: 5, type: 'CHANGE_SUPPLIER_PRICE' });
    expect(outside.status).toBe(404);
    const badType = await call(SUPPLIER, 'POST', '/api/products/supplier-log/save-log', { catalog: c.id, variantChanged: [], status: 5, type: 'OTHER' });
    expect(badType.status).toBe(400);
  });
});

describe('export', () => {
  it("writes one formula-safe row per variant of the supplier scope under the list's filters", async () => {
    const c = scoped[2]!;
    const rows = await variantsOf(c.id);
    await db().update(catalogVariants).set({ color: '=HYPERLINK("http://x")' }).where(eq(catalogVariants.id, rows[0]!.id));
    const { status, body } = await call(SUPPLIER, 'GET', `/api/catalogs/export/catalog-price?dropship=true&isTrademark=true&search=${encodeURIComponent(c.productCode)}`);
    expect(status).toBe(200);
    expect(body.data.message).toBe('Export success!');
    expect(body.data.url).toMatch(/^\/api\/job-files\/[0-9a-f-]+\?expires=\d+&signature=/);
    const data = await download(body.data.url);
    const sheet = await readXlsx(data);
    expect(sheet.headers).toEqual([...PRICE_SHEET_COLUMNS]);
    expect(sheet.rows).toHaveLength(rows.length);
    const first = sheet.rows.find((r) => r.cells['SKU'] === rows[1]!.catalogVariantCode)!;
    expect(first.cells).toEqual({
      SKU: rows[1]!.catalogVariantCode,
      'Catalog code': c.productCode,
      Color: rows[1]!.color,
      Size: rows[1]!.size,
      Stock: rows[1]!.inStock ? 'In stock' : 'Out of stock',
      'Min price': String(rows[1]!.supplierMinPriceCents / 100),
      'Max price': String(rows[1]!.supplierMaxPriceCents / 100),
      Quantity: String(rows[1]!.supplierQuantity),
    });
    // The formula-looking colour is plain text in the workbook.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(data as unknown as ArrayBuffer);
    const cells: unknown[] = [];
    wb.worksheets[0]!.eachRow((row) => cells.push(row.getCell(3).value));
    expect(cells).toContain('\'=HYPERLINK("http://x")');
    expect(cells.some((v) => typeof v === 'object' && v !== null && 'formula' in v)).toBe(false);
    await db().update(catalogVariants).set({ color: rows[0]!.color }).where(eq(catalogVariants.id, rows[0]!.id));
  });

  it('filters by status; a supplier never exports outside the scope', async () => {
    const all = await call(ADMIN, 'GET', '/api/catalogs/export/catalog-price');
    const sheet = await readXlsx(await download(all.body.data.url));
    const codes = new Set(sheet.rows.map((r) => r.cells['Catalog code']));
    expect([...codes].sort()).toEqual(scoped.map((c) => c.productCode).sort());
    const status = scoped[1]!.publishStatus;
    const filtered = await readXlsx(await download((await call(SUPPLIER, 'GET', `/api/catalogs/export/catalog-price?publishStatus=${status}`)).body.data.url));
    const expected = (await db().select().from(catalogs)).filter((c) => scoped.some((s) => s.id === c.id) && c.publishStatus === status);
    expect(new Set(filtered.rows.map((r) => r.cells['Catalog code']))).toEqual(new Set(expected.map((c) => c.productCode)));
    const none = await readXlsx(await download((await call(SUPPLIER, 'GET', '/api/catalogs/export/catalog-price?dropship=false')).body.data.url));
    expect(none.rows).toHaveLength(0);
  });
});

describe('import', () => {
  async function exportOf(catalog: Catalog) {
    const { body } = await call(SUPPLIER, 'GET', `/api/catalogs/export/catalog-price?search=${encodeURIComponent(catalog.productCode)}`);
    return download(body.data.url);
  }

  it('applies a changed export, logs one change per catalog, and reports bad rows with a Reason', async () => {
    const c = scoped[3]!;
    const rows = await variantsOf(c.id);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await exportOf(c)) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    // Row 2 and 3: new prices; row 4: min > max; an unknown SKU; a bad number; a duplicate.
    const sku = (r: number) => String(ws.getRow(r).getCell(1).value);
    ws.getRow(2).getCell(6).value = 20.5;
    ws.getRow(2).getCell(7).value = 22;
    ws.getRow(3).getCell(5).value = 'Out of stock';
    ws.getRow(3).getCell(8).value = 3;
    ws.getRow(4).getCell(6).value = 50;
    ws.getRow(4).getCell(7).value = 40;
    ws.getRow(5).getCell(6).value = 'abc';
    ws.addRow(['NO-SUCH-SKU', c.productCode, 'Black', 'M', 'In stock', 1, 2, 3]);
    ws.addRow([sku(2), c.productCode, '', '', 'In stock', 1, 2, 3]);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const logsBefore = (await logsOf(c.id)).length;

    const started = await upload(SUPPLIER, { filename: 'prices.xlsx', data: file });
    expect(started.status).toBe(202);
    expect(started.body.data.message).toBe(SUPPLIER_MSG.importQueued);
    const job = await runJob(SUPPLIER, started.body.data.jobId);
    expect(job).toMatchObject({ kind: IMPORT_SUPPLIER_PRICE, status: 'done', total: rows.length + 2, processed: rows.length + 2, failed: 4 });
    expect(job.result).toMatchObject({ ok: true, updated: 2, failed: 4, catalogs: 1, unchanged: rows.length - 4 });
    expect(job.reportUrl).toMatch(/^\/api\/job-files\//);

    const byCode = new Map((await variantsOf(c.id)).map((v) => [v.catalogVariantCode, v]));
    expect(byCode.get(sku(2))).toMatchObject({ supplierMinPriceCents: 2050, supplierMaxPriceCents: 2200 });
    expect(byCode.get(sku(3))).toMatchObject({ inStock: false, supplierQuantity: 3 });
    expect(byCode.get(sku(4))!.supplierMinPriceCents).toBe(rows.find((r) => r.catalogVariantCode === sku(4))!.supplierMinPriceCents);
    const logs = await logsOf(c.id);
    expect(logs).toHaveLength(logsBefore + 1);
    expect(logs[0]).toMatchObject({ note: 'Import: prices.xlsx', createdUserEmail: SUPPLIER, status: c.publishStatus });
    expect(logs[0]!.variantChanged.map((v) => v.catalogVariantCode).sort()).toEqual([sku(2), sku(3)].sort());

    const report = await readXlsx(await download(job.reportUrl));
    expect(report.headers).toEqual(['Row', ...PRICE_SHEET_COLUMNS, 'Reason']);
    expect(report.rows.map((r) => [r.cells['SKU'], r.cells['Reason']])).toEqual([
      [sku(4), SUPPLIER_MSG.minOverMax],
      [sku(5), 'Min price must be a number'],
      ['NO-SUCH-SKU', SUPPLIER_MSG.unknownSku],
      [sku(2), SUPPLIER_MSG.duplicateSku(2)],
    ]);

    // The same file again changes nothing and writes no log.
    const again = await upload(SUPPLIER, { filename: 'prices.xlsx', data: file });
    const second = await runJob(SUPPLIER, again.body.data.jobId);
    expect(second.result).toMatchObject({ updated: 0, failed: 4, catalogs: 0 });
    expect(await logsOf(c.id)).toHaveLength(logsBefore + 1);
    // The upload and the report are job files of the job.
    const files = await db().select().from(jobFiles).where(eq(jobFiles.jobId, started.body.data.jobId));
    expect(files.map((f) => f.purpose).sort()).toEqual(['import', 'report']);
  });

  it('matches SKUs within the supplier scope only', async () => {
    const [pod] = await variantsOf(podCatalog.id);
    const file = await toXlsx('x', PRICE_SHEET_COLUMNS.map((h) => ({ header: h, value: (r: string[]) => r[PRICE_SHEET_COLUMNS.indexOf(h)] })), [
      [pod!.catalogVariantCode, podCatalog.productCode, '', '', 'In stock', '1', '2', '3'],
      ['odd "sku" \\ {a,b}', '', '', '', 'In stock', '1', '2', '3'],
    ]);
    const started = await upload(ADMIN, { filename: 'pod.xlsx', data: file });
    const job = await runJob(ADMIN, started.body.data.jobId);
    expect(job.result).toMatchObject({ updated: 0, failed: 2 });
    const [after] = await db().select().from(catalogVariants).where(eq(catalogVariants.id, pod!.id));
    expect(after!.supplierMinPriceCents).toBe(pod!.supplierMinPriceCents);
  });

  it('refuses a missing file, a file that is not .xlsx, a fake .xlsx and a file over 10 MB', async () => {
    const jobsBefore = (await db().select().from(jobs).where(eq(jobs.kind, IMPORT_SUPPLIER_PRICE))).length;
    const none = await upload(SUPPLIER);
    expect(none).toMatchObject({ status: 400, body: { message: 'Please import your file!' } });
    const csv = await upload(SUPPLIER, { filename: 'prices.csv', data: Buffer.from('SKU,Min price\n') });
    expect(csv).toMatchObject({ status: 400, body: { message: 'Wrong file! Please import csv file.' } });
    const fake = await upload(SUPPLIER, { filename: 'prices.xlsx', data: Buffer.from('not a workbook') });
    expect(fake).toMatchObject({ status: 400, body: { message: SUPPLIER_MSG.notXlsx } });
    const big = await upload(SUPPLIER, { filename: 'big.xlsx', data: Buffer.alloc(10 * 1024 * 1024 + 10, 0x50) });
    expect(big).toMatchObject({ status: 413, body: { message: SUPPLIER_MSG.fileTooLarge } });
    const type = await upload(SUPPLIER, { filename: 'prices.xlsx', data: await toXlsx('x', [], []) }, 'OTHER');
    expect(type.status).toBe(400);
    const json = await call(SUPPLIER, 'POST', '/api/catalogs/import/catalog-price', {});
    expect(json).toMatchObject({ status: 400, body: { message: 'Please import your file!' } });
    expect(await db().select().from(jobs).where(eq(jobs.kind, IMPORT_SUPPLIER_PRICE))).toHaveLength(jobsBefore);
  });

  it('ends a job on a sheet without the needed columns with a clear message', async () => {
    const file = await toXlsx('x', [{ header: 'Name', value: (r: string) => r }], ['a']);
    const started = await upload(SUPPLIER, { filename: 'wrong.xlsx', data: file });
    const job = await runJob(SUPPLIER, started.body.data.jobId);
    expect(job).toMatchObject({ status: 'done', result: { ok: false, message: SUPPLIER_MSG.missingColumns(['SKU', 'Stock', 'Min price', 'Max price', 'Quantity']) } });
    // Only its owner reads the job.
    expect((await call(ADMIN, 'GET', `/api/jobs/${started.body.data.jobId}`)).status).toBe(404);
  });
});
