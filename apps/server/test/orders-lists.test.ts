import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { useApiTest } from './helpers/api';
import { PERSONA } from './helpers/personas';
import { auditEntries, orderEvents, orderItems, orders, proxies, proxyGroups, sellerTeams } from '../src/db/schema/index';

/**
 * The order lists, tab counts, export, order items and total revenue (docs/orders.md, "Lists and
 * filters", "Exports"). Fixture orders are named T3-… so every assertion can scope itself with
 * `search=T3-` whatever the demo seed holds.
 */
const t = useApiTest();
const { call } = t;
const { OWNER, SUPPORT, STAFF, ACCOUNTING, DESIGNER, SELLER, SELLER_DESIGNER, OTHER_OWNER, OTHER_SELLER } = PERSONA;

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

let demoTeam: { id: string; agencyId: string };
let pawTeam: { id: string; agencyId: string };
let otherTeam: { id: string; agencyId: string };
let proxyA: string;
let proxyB: string;
let groupA: string;
const ids: Record<string, string> = {};
const itemIds: Record<string, string[]> = {};

async function team(name: string) {
  const [row] = await t.database.db.select({ id: sellerTeams.id, agencyId: sellerTeams.agencyId }).from(sellerTeams).where(eq(sellerTeams.name, name));
  return row!;
}

type NewOrder = typeof orders.$inferInsert;
async function addOrder(key: string, owner: { id: string; agencyId: string }, values: Partial<NewOrder>, items: Partial<typeof orderItems.$inferInsert>[] = []) {
  const [row] = await t.database.db
    .insert(orders)
    .values({ agencyId: owner.agencyId, sellerTeamId: owner.id, orderName: key, itemCount: items.length, ...values })
    .returning({ id: orders.id });
  ids[key] = row!.id;
  itemIds[key] = [];
  for (const [position, item] of items.entries()) {
    const [i] = await t.database.db
      .insert(orderItems)
      .values({ orderId: row!.id, agencyId: owner.agencyId, sellerTeamId: owner.id, position, sku: `T3SKU-${key}-${position}`, ...item })
      .returning({ id: orderItems.id });
    itemIds[key].push(i!.id);
  }
}

beforeAll(async () => {
  demoTeam = await team('Demo Seller');
  pawTeam = await team('Paw Prints Co');
  otherTeam = await team('Other Seller');
  const db = t.database.db;
  const [group] = await db.insert(proxyGroups).values({ agencyId: demoTeam.agencyId, name: 'T3 group' }).returning();
  groupA = group!.id;
  const [pa] = await db.insert(proxies).values({ agencyId: demoTeam.agencyId, proxyDomain: 't3-a.example', groupId: groupA }).returning();
  const [pb] = await db.insert(proxies).values({ agencyId: demoTeam.agencyId, proxyDomain: 't3-b.example' }).returning();
  proxyA = pa!.id;
  proxyB = pb!.id;

  await addOrder('T3-A', demoTeam, {
    status: 'Unfulfilled', orderType: 'pod', createdAt: ago(1), fullName: '+Zed Quill', email: 'zed.quill@t3.test', referenceId1: 'REF-7731',
    proxyId: proxyA, addressStatus: 0, cannotShip: true, hireDesignStatus: 'assign', totalPriceCents: 2500,
  }, [{ title: 'Mug', quantity: 2, priceCents: 1250, artwork1: '=HYPERLINK("http://evil.test")' }, { title: 'Tee', color: 'Black', size: 'M' }]);
  await addOrder('T3-B', demoTeam, {
    status: 'InReview', orderType: 'fake', createdAt: ago(20), fullName: 'Bea Brook', proxyId: proxyB, addressStatus: 1, totalPriceCents: 1999,
    referenceId2: 'SHOP-REF-2',
  });
  await addOrder('T3-C', demoTeam, {
    status: 'InTransit', orderType: 'drop', createdAt: ago(60), fullName: 'Cy Coast', addressStatus: 2, totalPriceCents: 4000, chargedCents: 1800,
  }, [{ status: 'InTransit', title: 'Hoodie' }, { status: 'InTransit', title: 'Cap' }]);
  await addOrder('T3-D', pawTeam, { status: 'Approved', orderType: 'pod', createdAt: ago(100), fullName: 'Dee Paw', addressStatus: 3, totalPriceCents: 5000 });
  await addOrder('T3-E', otherTeam, { status: 'Unfulfilled', createdAt: ago(2), fullName: 'Eve Other', totalPriceCents: 700 }, [{ status: 'InTransit' }]);
});

/** The T3 fixture names a persona's list shows for a query (search=T3- added). */
async function names(email: string, query = ''): Promise<string[]> {
  const res = await call(email, 'GET', `/api/orders?search=T3-&limit=200${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as { orderName: string }[]).map((o) => o.orderName).sort();
}

describe('GET /api/orders: scope', () => {
  it('a seller sees its own team only, an agency its own agency only', async () => {
    expect(await names(SELLER)).toEqual(['T3-A', 'T3-B', 'T3-C']);
    expect(await names(OWNER)).toEqual(['T3-A', 'T3-B', 'T3-C', 'T3-D']);
    expect(await names(SUPPORT)).toEqual(['T3-A', 'T3-B', 'T3-C', 'T3-D']);
    expect(await names(OTHER_OWNER)).toEqual(['T3-E']);
    expect(await names(OTHER_SELLER)).toEqual(['T3-E']);
  });

  it("another tenant's team or proxy as a filter matches nothing", async () => {
    expect(await names(OWNER, `&sellerTeam=${otherTeam.id}`)).toEqual([]);
    expect(await names(OTHER_OWNER, `&proxy=${proxyA}`)).toEqual([]);
    expect(await names(OTHER_OWNER, `&proxyGroup=${groupA}`)).toEqual([]);
    // A seller's sellerTeam filter cannot widen its scope.
    expect(await names(SELLER, `&sellerTeam=${pawTeam.id}`)).toEqual(['T3-A', 'T3-B', 'T3-C']);
  });

  it('the row carries what the table shows', async () => {
    const res = await call(OWNER, 'GET', '/api/orders?search=T3-A');
    const row = res.body.data[0];
    expect(row).toMatchObject({
      id: ids['T3-A'], orderName: 'T3-A', status: 'Unfulfilled', orderType: 'pod', sellerTeam: { id: demoTeam.id, name: 'Demo Seller' },
      fullName: '+Zed Quill', email: 'zed.quill@t3.test', itemCount: 2, totalPrice: 25, charged: 0, addressStatus: 0,
      designStatus: 'assign', cannotShip: true, heldBy: null,
    });
    expect(typeof row.createdDate).toBe('string');
  });

  it('designers see design requests only, and need hireDesign', async () => {
    expect(await names(DESIGNER, '&hireDesign=true')).toEqual(['T3-A']);
    expect((await call(DESIGNER, 'GET', '/api/orders')).status).toBe(403);
  });
});

describe('GET /api/orders: each filter', () => {
  const cases: [string, string, string[]][] = [
    ['status', '&status=InReview', ['T3-B']],
    ['search by e-mail', '', []],
    ['dateFrom', `&dateFrom=${isoDay(ago(30))}`, ['T3-A', 'T3-B']],
    ['dateTo', `&dateTo=${isoDay(ago(30))}`, ['T3-C', 'T3-D']],
    ['date range', `&dateFrom=${isoDay(ago(70))}&dateTo=${isoDay(ago(10))}`, ['T3-B', 'T3-C']],
    ['sellerTeam', `&sellerTeam=PAW`, ['T3-D']],
    ['catalogType pod', '&catalogType=pod', ['T3-A', 'T3-D']],
    ['catalogType fake', '&catalogType=fake', ['T3-B']],
    ['catalogType drop', '&catalogType=drop', ['T3-C']],
    ['proxy', '&proxy=PA', ['T3-A']],
    ['proxy list', '&proxy=PA,PB', ['T3-A', 'T3-B']],
    ['proxyGroup', '&proxyGroup=GA', ['T3-A']],
    ['designStatus', '&designStatus=assign', ['T3-A']],
    ['addressStatus', '&addressStatus=2', ['T3-C']],
    ['cannotShip', '&cannotShip=true', ['T3-A']],
    ['cannotShip false', '&cannotShip=false', ['T3-B', 'T3-C', 'T3-D']],
  ];
  it.each(cases.filter(([name]) => name !== 'search by e-mail'))('%s', async (_name, query, expected) => {
    const q = query.replace('PAW', pawTeam.id).replace('PA', proxyA).replace('PB', proxyB).replace('GA', groupA);
    expect(await names(OWNER, q)).toEqual(expected);
  });

  it('search matches name, full name, e-mail and reference ids, trimmed', async () => {
    const find = async (s: string) =>
      ((await call(OWNER, 'GET', `/api/orders?search=${encodeURIComponent(s)}`)).body.data as { orderName: string }[]).map((o) => o.orderName);
    expect(await find('  T3-B  ')).toEqual(['T3-B']);
    expect(await find('zed quill')).toEqual(['T3-A']);
    expect(await find('ZED.QUILL@t3')).toEqual(['T3-A']);
    expect(await find('REF-7731')).toEqual(['T3-A']);
    expect(await find('SHOP-REF-2')).toEqual(['T3-B']);
    // % and _ are literal.
    expect(await find('T3_%')).toEqual([]);
  });

  it('an exact order name shows exactly that order (any other text is a contains-match)', async () => {
    await addOrder('T3-B2', demoTeam, { status: 'Hold', createdAt: ago(3) });
    const find = async (s: string, who = OWNER) =>
      ((await call(who, 'GET', `/api/orders?search=${encodeURIComponent(s)}`)).body.data as { orderName: string }[]).map((o) => o.orderName).sort();
    expect(await find('T3-B')).toEqual(['T3-B']);
    expect(await find('T3-B', SELLER)).toEqual(['T3-B']);
    expect(await find('T3-B2')).toEqual(['T3-B2']);
    expect(await find('t3-b')).toEqual(['T3-B', 'T3-B2']);
    expect((await call(OWNER, 'GET', '/api/orders/counts?search=T3-B')).body.data.all).toBe(1);
    // Another agency's exact name does not narrow this agency's search.
    expect(await find('T3-E')).toEqual([]);
    await t.database.db.delete(orders).where(eq(orders.id, ids['T3-B2']!));
  });

  it('refuses bad filter values with 400', async () => {
    for (const q of ['status=Shipped', 'catalogType=x', 'proxy=not-a-uuid', 'dateFrom=yesterday', 'addressStatus=7', 'cannotShip=maybe', 'designStatus=x']) {
      expect((await call(OWNER, 'GET', `/api/orders?${q}`)).status, q).toBe(400);
    }
  });
});

describe('GET /api/orders: pages', () => {
  it('offers 10/20/50/100/200 and pages newest first', async () => {
    for (const limit of [10, 20, 50, 100, 200]) {
      const res = await call(OWNER, 'GET', `/api/orders?limit=${limit}`);
      expect(res.status).toBe(200);
      expect(res.body.limit).toBe(limit);
      expect(res.body.data.length).toBeLessThanOrEqual(limit);
    }
    expect((await call(OWNER, 'GET', '/api/orders?limit=500')).status).toBe(400);
    const second = await call(OWNER, 'GET', '/api/orders?search=T3-&limit=1&page=2');
    expect(second.body).toMatchObject({ total: 4, page: 2, limit: 1 });
    expect(second.body.data.map((o: { orderName: string }) => o.orderName)).toEqual(['T3-B']);
  });
});

describe('GET /api/orders/counts', () => {
  it('counts per status and All for the same filters', async () => {
    const res = await call(OWNER, 'GET', '/api/orders/counts?search=T3-');
    expect(res.status).toBe(200);
    expect(res.body.data.all).toBe(4);
    expect(res.body.data.statuses).toMatchObject({ Unfulfilled: 1, InReview: 1, InTransit: 1, Approved: 1, Hold: 0, Cancel: 0 });
    expect(res.body.data.capped).toEqual([]);
    const seller = await call(SELLER, 'GET', '/api/orders/counts?search=T3-&catalogType=pod');
    expect(seller.body.data.all).toBe(1);
    expect(seller.body.data.statuses.Unfulfilled).toBe(1);
    const other = await call(OTHER_OWNER, 'GET', '/api/orders/counts?search=T3-');
    expect(other.body.data.all).toBe(1);
  });

  it('stops each tab at 1,000 ("1,000+") while the list counts on to 10,000', async () => {
    await t.database.db.execute(sql`
      insert into orders (id, agency_id, seller_team_id, order_name, status)
      select gen_random_uuid(), ${pawTeam.agencyId}::uuid, ${pawTeam.id}::uuid, 'CAP-' || g, 'Hold' from generate_series(1, 1001) g`);
    const counts = await call(OWNER, 'GET', '/api/orders/counts?search=CAP-');
    expect(counts.body.data).toMatchObject({ all: 1000, cap: 1000, statuses: { Hold: 1000, Unfulfilled: 0 } });
    expect(counts.body.data.capped.sort()).toEqual(['Hold', 'all']);
    const list = await call(OWNER, 'GET', '/api/orders?search=CAP-&status=Hold&limit=10&page=101');
    expect(list.body).toMatchObject({ total: 1001, totalCapped: false });
    expect(list.body.data).toHaveLength(1);
    await t.database.db.execute(sql`delete from orders where order_name like 'CAP-%'`);
  });

  it('matches the list totals of the whole agency', async () => {
    const counts = await call(OWNER, 'GET', '/api/orders/counts');
    const list = await call(OWNER, 'GET', '/api/orders?status=Unfulfilled');
    expect(counts.body.data.statuses.Unfulfilled).toBe(list.body.total);
    const all = await call(OWNER, 'GET', '/api/orders');
    expect(counts.body.data.all).toBe(all.body.total);
  });
});

async function runExport(email: string, body: object) {
  const start = await call(email, 'POST', '/api/orders/export', body);
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  await t.app.jobs.drain();
  const job = await call(email, 'GET', `/api/jobs/${start.body.data.jobId}`);
  expect(job.body.data.status).toBe('done');
  const file = await t.app.inject({ method: 'GET', url: job.body.data.fileUrl });
  expect(file.statusCode).toBe(200);
  return { job: job.body.data, file };
}

describe('POST /api/orders/export', () => {
  it('writes a formula-safe csv of orders x items for the current filter', async () => {
    const { job, file } = await runExport(OWNER, { format: 'csv', search: 'T3-' });
    expect(job.result).toMatchObject({ orders: 4, rows: 6, format: 'csv', message: 'Export success!' });
    expect(file.headers['content-type']).toContain('text/csv');
    const lines = file.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toMatch(/^Order name,Order id,Status,Type,Seller team,/);
    expect(lines).toHaveLength(7);
    // Newest first: T3-A's two items, then T3-B (no items: one row), T3-C's two, T3-D.
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['T3-A', 'T3-A', 'T3-B', 'T3-C', 'T3-C', 'T3-D']);
    expect(file.body).toContain("'+Zed Quill");
    expect(file.body).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    expect(file.body).toContain('T3SKU-T3-A-0');
    expect(file.body).not.toContain('T3-E');
  });

  it('writes an xlsx with the same rows, formulas as text', async () => {
    const { job, file } = await runExport(OWNER, { format: 'xlsx', search: 'T3-', catalogType: 'pod' });
    expect(job.result).toMatchObject({ orders: 2, rows: 3 });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(4);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const col = (name: string) => header.indexOf(name) + 1;
    expect(sheet.getRow(2).getCell(col('Order name')).value).toBe('T3-A');
    expect(sheet.getRow(2).getCell(col('Full name')).value).toBe("'+Zed Quill");
    expect(sheet.getRow(2).getCell(col('Artwork 1')).value).toBe("'=HYPERLINK(\"http://evil.test\")");
    expect(sheet.getRow(2).getCell(col('Price')).value).toBe(12.5);
    expect(sheet.getRow(4).getCell(col('Order name')).value).toBe('T3-D');
  });

  it("keeps to the seller's scope and refuses roles without export", async () => {
    const { job } = await runExport(SELLER, { format: 'csv', search: 'T3-' });
    expect(job.result).toMatchObject({ orders: 3 });
    expect((await call(SELLER_DESIGNER, 'POST', '/api/orders/export', { format: 'csv' })).status).toBe(403);
    expect((await call(STAFF, 'POST', '/api/orders/export', { format: 'csv' })).status).toBe(403);
    expect((await call(OWNER, 'POST', '/api/orders/export', { format: 'pdf' })).status).toBe(400);
  });

  it('GET /api/export-history lists my exports newest first with links', async () => {
    const mine = await call(OWNER, 'GET', '/api/export-history?limit=10');
    expect(mine.status).toBe(200);
    expect(mine.body.total).toBe(2);
    expect(mine.body.data[0].result.format).toBe('xlsx');
    expect(mine.body.data[1].result.format).toBe('csv');
    expect(mine.body.data[0].fileUrl).toMatch(/^\/api\/job-files\//);
    const seller = await call(SELLER, 'GET', '/api/export-history');
    expect(seller.body.total).toBe(1);
    expect((await call(OTHER_OWNER, 'GET', '/api/export-history')).body.total).toBe(0);
  });
});

describe('GET /api/order-items', () => {
  const skus = async (email: string, query = '') => {
    const res = await call(email, 'GET', `/api/order-items?search=T3SKU&limit=200${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data as { sku: string }[]).map((i) => i.sku).sort();
  };

  it('lists the agency or the team items with their order, filtered', async () => {
    expect(await skus(OWNER)).toEqual(['T3SKU-T3-A-0', 'T3SKU-T3-A-1', 'T3SKU-T3-C-0', 'T3SKU-T3-C-1']);
    expect(await skus(SELLER)).toEqual(['T3SKU-T3-A-0', 'T3SKU-T3-A-1', 'T3SKU-T3-C-0', 'T3SKU-T3-C-1']);
    expect(await skus(OTHER_OWNER)).toEqual(['T3SKU-T3-E-0']);
    expect(await skus(OWNER, '&status=InTransit')).toEqual(['T3SKU-T3-C-0', 'T3SKU-T3-C-1']);
    expect(await skus(OWNER, `&sellerTeam=${pawTeam.id}`)).toEqual([]);
    expect(await skus(OWNER, `&dateFrom=${isoDay(new Date())}`)).toHaveLength(4);
    expect(await skus(OWNER, `&dateTo=${isoDay(ago(2))}`)).toEqual([]);
    const byOrder = await call(OWNER, 'GET', '/api/order-items?search=T3-C');
    expect(byOrder.body.data.map((i: { order: { orderName: string } }) => i.order.orderName)).toEqual(['T3-C', 'T3-C']);
    const row = (await call(OWNER, 'GET', '/api/order-items?search=T3SKU-T3-A-0')).body.data[0];
    expect(row).toMatchObject({ order: { id: ids['T3-A'], orderName: 'T3-A', status: 'Unfulfilled' }, sellerTeam: { name: 'Demo Seller' }, quantity: 2, price: 12.5, status: 'Unfulfilled' });
    expect((await call(OWNER, 'GET', '/api/order-items?limit=300')).status).toBe(400);
  });
});

describe('PATCH /api/order-items/update-fulfilled', () => {
  it('moves InTransit items to Fulfilled and the order to the status its items give', async () => {
    const [c0, c1] = itemIds['T3-C']!;
    const first = await call(SUPPORT, 'PATCH', '/api/order-items/update-fulfilled', { ids: [c0, itemIds['T3-A']![0], itemIds['T3-E']![0]] });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ succeeded: 1, failed: 2 });
    expect(first.body.data.results).toEqual([
      { id: c0, ok: true, status: 'Fulfilled', orderStatus: 'InTransit' },
      { id: itemIds['T3-A']![0], ok: false, message: 'Cannot mark items fulfilled on an order that is Unfulfilled.' },
      // Another agency's item reads as unknown.
      { id: itemIds['T3-E']![0], ok: false, message: 'Order item not found' },
    ]);
    const again = await call(OWNER, 'PATCH', '/api/order-items/update-fulfilled', { ids: [c0, c1] });
    expect(again.body.data.results[0]).toMatchObject({ id: c0, ok: false, message: 'Only items in transit can be marked fulfilled.' });
    expect(again.body.data.results[1]).toMatchObject({ id: c1, ok: true, orderStatus: 'Fulfilled' });

    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, ids['T3-C']!));
    expect(order!.status).toBe('Fulfilled');
    const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, ids['T3-C']!));
    expect(events.filter((e) => e.kind === 'item')).toHaveLength(2);
    expect(events.filter((e) => e.kind === 'status')).toEqual([expect.objectContaining({ fromStatus: 'InTransit', toStatus: 'Fulfilled', action: 'update-fulfilled' })]);
    const audits = await t.database.db.select().from(auditEntries).where(and(eq(auditEntries.entityId, ids['T3-C']!), eq(auditEntries.action, 'update_fulfilled')));
    expect(audits).toHaveLength(2);
    const [e] = await t.database.db.select().from(orderItems).where(eq(orderItems.id, itemIds['T3-E']![0]!));
    expect(e!.status).toBe('InTransit');
  });

  it('is for the agency owner and support only', async () => {
    const body = { ids: [itemIds['T3-C']![0]] };
    expect((await call(STAFF, 'PATCH', '/api/order-items/update-fulfilled', body)).status).toBe(403);
    expect((await call(SELLER, 'PATCH', '/api/order-items/update-fulfilled', body)).status).toBe(403);
    expect((await call(OWNER, 'PATCH', '/api/order-items/update-fulfilled', { ids: [] })).status).toBe(400);
  });
});

describe('GET /api/orders/seller-team/:id/total-revenue', () => {
  it("sums the team's orders that are not cancelled", async () => {
    const [expected] = await t.database.db
      .select({ cents: sql<string>`coalesce(sum(${orders.totalPriceCents}), 0)`, n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.sellerTeamId, pawTeam.id), ne(orders.status, 'Cancel')));
    const res = await call(ACCOUNTING, 'GET', `/api/orders/seller-team/${pawTeam.id}/total-revenue`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ sellerTeamId: pawTeam.id, totalRevenue: Number(expected!.cents) / 100, orderCount: expected!.n });
    // A cancelled order leaves the sum.
    await t.database.db.update(orders).set({ status: 'Cancel' }).where(inArray(orders.id, [ids['T3-D']!]));
    const after = await call(OWNER, 'GET', `/api/orders/seller-team/${pawTeam.id}/total-revenue`);
    expect(after.body.data.totalRevenue).toBeCloseTo(res.body.data.totalRevenue - 50, 2);
    expect(after.body.data.orderCount).toBe(res.body.data.orderCount - 1);
  });

  it("hides another agency's team and refuses roles outside owner and accounting", async () => {
    expect((await call(OWNER, 'GET', `/api/orders/seller-team/${otherTeam.id}/total-revenue`)).status).toBe(404);
    expect((await call(SUPPORT, 'GET', `/api/orders/seller-team/${pawTeam.id}/total-revenue`)).status).toBe(403);
    expect((await call(SELLER, 'GET', `/api/orders/seller-team/${demoTeam.id}/total-revenue`)).status).toBe(403);
  });
});

describe('GET /api/orders/seller-teams', () => {
  it("lists the agency's teams for the filter", async () => {
    const res = await call(SUPPORT, 'GET', '/api/orders/seller-teams');
    expect(res.status).toBe(200);
    const names = (res.body.data as { name: string }[]).map((r) => r.name);
    expect(names).toContain('Paw Prints Co');
    expect(names).not.toContain('Other Seller');
    expect((await call(SELLER, 'GET', '/api/orders/seller-teams')).status).toBe(403);
  });
});
