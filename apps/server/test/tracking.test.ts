import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { TRACKING_MSG } from '@fbo/shared';
import { useApiTest } from './helpers/api';
import { PERSONA, teamNamed } from './helpers/orders';
import { makeTrackingOrder, uniq } from './helpers/tracking';
import { auditEntries, notifications, orderEvents, orderShipments, orders, sellerTeams } from '../src/db/schema/index';
import { readXlsx, toXlsx } from '../src/lib/spreadsheet';
import { readCsv } from '../src/modules/tracking/tracking-sheet';

const t = useApiTest();
const { call } = t;
let demoTeam: { id: string; agencyId: string; managerId: string | null };
let otherTeam: { id: string; agencyId: string };

const { OWNER, SUPPORT, STAFF, ACCOUNTING, OTHER_OWNER, SELLER } = PERSONA;

beforeAll(async () => {
  demoTeam = await teamNamed(t.database.db, 'Demo Seller');
  otherTeam = await teamNamed(t.database.db, 'Other Seller');
});

/** An order of the team in a status, with items (SKUs TRK-A, TRK-B, ...). */
const makeOrder = (team: { id: string; agencyId: string }, status = 'InProduction', itemCount = 2) =>
  makeTrackingOrder(t.database.db, team, status, itemCount);

const addTracking = (email: string, orderId: string, body: object) => call(email, 'POST', `/api/tracking/${orderId}/shipments`, body);

describe('who may use tracking', () => {
  it('owner, staff and support read; accounting and sellers may not', async () => {
    for (const email of [OWNER, STAFF, SUPPORT]) expect((await call(email, 'GET', '/api/tracking')).status).toBe(200);
    for (const email of [ACCOUNTING, SELLER]) expect((await call(email, 'GET', '/api/tracking')).status).toBe(403);
    // The team filter's choices: the agency's own teams only, for staff too.
    const teams = await call(STAFF, 'GET', '/api/tracking/seller-teams');
    expect(teams.status).toBe(200);
    const ids = teams.body.data.map((x: { id: string }) => x.id);
    expect(ids).toContain(demoTeam.id);
    expect(ids).not.toContain(otherTeam.id);
  });

  it('staff reads but may not add tracking; support may', async () => {
    const { order } = await makeOrder(demoTeam, 'InProduction', 1);
    expect((await call(STAFF, 'GET', `/api/tracking/${order.id}`)).status).toBe(200);
    expect((await addTracking(STAFF, order.id, { trackingNumber: 'S1', carrier: 'USPS' })).status).toBe(403);
    expect((await addTracking(SUPPORT, order.id, { trackingNumber: 'S1', carrier: 'USPS' })).status).toBe(201);
  });

  it("another agency's order and shipment are not found", async () => {
    const { order } = await makeOrder(demoTeam, 'InProduction', 1);
    const added = await addTracking(OWNER, order.id, { trackingNumber: `F-${uniq()}`, carrier: 'UPS' });
    expect((await call(OTHER_OWNER, 'GET', `/api/tracking/${order.id}`)).status).toBe(404);
    expect((await addTracking(OTHER_OWNER, order.id, { trackingNumber: 'X', carrier: 'UPS' })).status).toBe(404);
    expect((await call(OTHER_OWNER, 'PATCH', `/api/tracking/shipments/${added.body.data.shipment.id}/delivered`)).status).toBe(404);
    const list = await call(OTHER_OWNER, 'GET', `/api/tracking?search=${encodeURIComponent(order.orderName)}`);
    expect(list.body.total).toBe(0);
    const sync = await call(OTHER_OWNER, 'POST', `/api/orders/synced-track-to-store?ids=${order.id}`);
    expect(sync.body.data.results[0]).toEqual({ id: order.id, ok: false, message: TRACKING_MSG.orderNotFound });
  });
});

describe('shipments and the derived order status', () => {
  it('one of two items shipped -> PartiallyFulfilled, both -> InTransit, delivered -> Fulfilled', async () => {
    const { order, items } = await makeOrder(demoTeam, 'InProduction', 2);
    const first = await addTracking(OWNER, order.id, { trackingNumber: '1Z999', carrier: 'UPS', trackingUrl: 'https://ups.test/1Z999', itemIds: [items[0]!.id] });
    expect(first.status).toBe(201);
    expect(first.body.data.status).toBe('PartiallyFulfilled');
    expect(first.body.data.shipment).toMatchObject({ trackingNumber: '1Z999', carrier: 'UPS', status: 'InTransit', syncStatus: 'not_applicable', itemIds: [items[0]!.id] });

    const second = await addTracking(OWNER, order.id, { trackingNumber: '1Z998', carrier: 'UPS' });
    expect(second.body.data.status).toBe('InTransit');
    expect(second.body.data.shipment.itemIds).toEqual([items[1]!.id]);

    const detail = await call(OWNER, 'GET', `/api/tracking/${order.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.order.status).toBe('InTransit');
    expect(detail.body.data.shipments).toHaveLength(2);
    expect(detail.body.data.items.map((i: { status: string }) => i.status)).toEqual(['InTransit', 'InTransit']);
    expect(detail.body.data.canAddTracking).toBe(false);

    const d1 = await call(SUPPORT, 'PATCH', `/api/tracking/shipments/${first.body.data.shipment.id}/delivered`);
    expect(d1.status).toBe(200);
    expect(d1.body.data.status).toBe('InTransit');
    const d2 = await call(OWNER, 'PATCH', `/api/tracking/shipments/${second.body.data.shipment.id}/delivered`);
    expect(d2.body.data.status).toBe('Fulfilled');
    expect(d2.body.data.shipment.status).toBe('Fulfilled');
    // Delivered twice: the second loses.
    expect((await call(OWNER, 'PATCH', `/api/tracking/shipments/${second.body.data.shipment.id}/delivered`)).status).toBe(409);

    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('Fulfilled');
    const events = await t.database.db.select().from(orderEvents).where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.kind, 'tracking')));
    expect(events.map((e) => `${e.action}:${e.fromStatus}->${e.toStatus}`).sort()).toEqual(
      ['add-tracking:InProduction->PartiallyFulfilled', 'add-tracking:PartiallyFulfilled->InTransit', 'delivered:InTransit->InTransit', 'delivered:InTransit->Fulfilled'].sort(),
    );
    const audits = await t.database.db.select().from(auditEntries).where(and(eq(auditEntries.entity, 'order'), eq(auditEntries.entityId, order.id)));
    expect(audits.map((a) => a.action).sort()).toEqual(['add_tracking', 'add_tracking', 'shipment_delivered', 'shipment_delivered']);
    const told = await t.database.db.select().from(notifications).where(and(eq(notifications.userId, demoTeam.managerId!), sql`${notifications.title} like ${`Order ${order.orderName}%`}`));
    expect(told.length).toBe(4);
  });

  it('a status that takes no tracking is a 409 with a clear message', async () => {
    const { order } = await makeOrder(demoTeam, 'Approved', 1);
    const res = await addTracking(OWNER, order.id, { trackingNumber: 'N1', carrier: 'DHL' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(TRACKING_MSG.notShippable('Approved'));
  });

  it('refuses a duplicate tracking number, shipped items, empty fields and a bad URL', async () => {
    const { order, items } = await makeOrder(demoTeam, 'InProduction', 2);
    expect((await addTracking(OWNER, order.id, { trackingNumber: 'D1', carrier: 'DHL', itemIds: [items[0]!.id] })).status).toBe(201);
    const dup = await addTracking(OWNER, order.id, { trackingNumber: 'D1', carrier: 'DHL', itemIds: [items[1]!.id] });
    expect(dup.status).toBe(400);
    expect(dup.body.errors.trackingNumber).toBe(TRACKING_MSG.duplicateTracking);
    const shipped = await addTracking(OWNER, order.id, { trackingNumber: 'D2', carrier: 'DHL', itemIds: [items[0]!.id] });
    expect(shipped.status).toBe(400);
    expect(shipped.body.message).toBe(TRACKING_MSG.itemNotShippable);
    const empty = await addTracking(OWNER, order.id, { trackingNumber: '  ', carrier: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.trackingNumber).toBe(TRACKING_MSG.trackingNumberRequired);
    const url = await addTracking(OWNER, order.id, { trackingNumber: 'D3', carrier: 'DHL', trackingUrl: 'javascript:alert(1)' });
    expect(url.status).toBe(400);
    // The same number on another order is fine.
    const other = await makeOrder(demoTeam, 'InProduction', 1);
    expect((await addTracking(OWNER, other.order.id, { trackingNumber: 'D1', carrier: 'DHL' })).status).toBe(201);
  });

  it('two people adding the last items at once: one wins, the other learns nothing is left', async () => {
    const { order } = await makeOrder(demoTeam, 'InProduction', 2);
    const [a, b] = await Promise.all([
      addTracking(OWNER, order.id, { trackingNumber: 'R1', carrier: 'UPS' }),
      addTracking(SUPPORT, order.id, { trackingNumber: 'R2', carrier: 'UPS' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 400]);
    const shipments = await t.database.db.select().from(orderShipments).where(eq(orderShipments.orderId, order.id));
    expect(shipments).toHaveLength(1);
  });
});

describe('the tracking list', () => {
  it('filters by search (order name or tracking number), carrier, status, sync status, team and dates', async () => {
    const { order } = await makeOrder(demoTeam, 'InProduction', 1);
    const number = `LIST-${uniq()}`;
    await addTracking(OWNER, order.id, { trackingNumber: number, carrier: 'FedEx' });
    const byNumber = await call(OWNER, 'GET', `/api/tracking?search=${number}`);
    expect(byNumber.body.data.map((o: { id: string }) => o.id)).toEqual([order.id]);
    expect(byNumber.body.data[0].shipments[0].trackingNumber).toBe(number);
    const byName = await call(OWNER, 'GET', `/api/tracking?search=${encodeURIComponent(order.orderName)}&carrier=fedex&status=InTransit&syncStatus=not_applicable&sellerTeam=${demoTeam.id}`);
    expect(byName.body.total).toBe(1);
    const wrongCarrier = await call(OWNER, 'GET', `/api/tracking?search=${number}&carrier=UPS`);
    expect(wrongCarrier.body.total).toBe(0);
    const future = await call(OWNER, 'GET', `/api/tracking?search=${number}&from=2099-01-01`);
    expect(future.body.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await call(OWNER, 'GET', `/api/tracking?search=${number}&to=${today}`)).body.total).toBe(1);
    const page = await call(OWNER, 'GET', '/api/tracking?limit=50');
    expect(page.body.limit).toBe(50);
    expect(page.body.data.every((o: { status: string }) => ['InProduction', 'PartiallyFulfilled', 'InTransit', 'Fulfilled', 'CancelShipment'].includes(o.status))).toBe(true);
    expect((await call(OWNER, 'GET', '/api/tracking?status=Approved')).status).toBe(400);
  });
});

describe('the tracking import', () => {
  async function upload(email: string, name: string, data: Buffer) {
    const boundary = `----vitest${uniq()}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/tracking/import', payload, headers: { ...(await t.as(email)), 'content-type': `multipart/form-data; boundary=${boundary}` } });
    return { status: res.statusCode, body: res.json() };
  }

  it('serves the template publicly', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tracking/import/template' });
    expect(res.statusCode).toBe(200);
    const sheet = await readXlsx(res.rawPayload);
    expect(sheet.headers).toEqual(['Order Name', 'Tracking Number', 'Carrier', 'Tracking URL', 'SKU', 'Seller Team']);
  });

  it('imports a CSV: a shipment per order and number, SKU rows ship one item, failed rows reported, a re-import adds nothing', async () => {
    const a = await makeOrder(demoTeam, 'InProduction', 2);
    const b = await makeOrder(demoTeam, 'InProduction', 1);
    const approved = await makeOrder(demoTeam, 'Approved', 1);
    const foreign = await makeOrder(otherTeam, 'InProduction', 1);
    const csv = [
      'Order Name,Tracking Number,Carrier,Tracking URL,SKU',
      `${a.order.orderName},IMP-A1,USPS,https://usps.test/A1,TRK-A`,
      `${b.order.orderName},IMP-B1,"UPS, Inc.",,`,
      `${approved.order.orderName},IMP-C1,USPS,,`,
      `${foreign.order.orderName},IMP-F1,USPS,,`,
      `${a.order.orderName},IMP-A2,USPS,,TRK-Z`,
      `#nope-${uniq()},IMP-X,USPS,,`,
      `${b.order.orderName},,USPS,,`,
    ].join('\r\n');
    const started = await upload(SUPPORT, 'tracking.csv', Buffer.from(csv));
    expect(started.status).toBe(202);
    await t.app.jobs.drain();
    const job = await call(SUPPORT, 'GET', `/api/jobs/${started.body.data.jobId}`);
    expect(job.body.data.status).toBe('done');
    expect(job.body.data.result).toMatchObject({ ok: true, rows: 7, shipments: 2, skipped: 0, failed: 5 });
    expect(job.body.data.reportUrl).toMatch(/^\/api\/job-files\//);
    const report = await t.app.inject({ method: 'GET', url: job.body.data.reportUrl });
    const rows = (await readXlsx(report.rawPayload)).rows.map((r) => [r.cells['Row'], r.cells['Reason']]);
    expect(rows).toEqual([
      ['4', TRACKING_MSG.notShippable('Approved')],
      ['5', TRACKING_MSG.rowOrderUnknown],
      ['6', TRACKING_MSG.rowSkuUnknown],
      ['7', TRACKING_MSG.rowOrderUnknown],
      ['8', TRACKING_MSG.trackingNumberRequired],
    ]);
    const [orderA] = await t.database.db.select().from(orders).where(eq(orders.id, a.order.id));
    expect(orderA!.status).toBe('PartiallyFulfilled');
    const [orderB] = await t.database.db.select().from(orders).where(eq(orders.id, b.order.id));
    expect(orderB!.status).toBe('InTransit');
    const [shipB] = await t.database.db.select().from(orderShipments).where(eq(orderShipments.orderId, b.order.id));
    expect(shipB!.carrier).toBe('UPS, Inc.');

    const again = await upload(SUPPORT, 'tracking.csv', Buffer.from(csv));
    await t.app.jobs.drain();
    const job2 = await call(SUPPORT, 'GET', `/api/jobs/${again.body.data.jobId}`);
    expect(job2.body.data.result).toMatchObject({ shipments: 0, skipped: 2 });
  });

  it('imports an .xlsx and needs Seller Team when a name is used by two teams', async () => {
    const [paw] = await t.database.db.select().from(sellerTeams).where(eq(sellerTeams.name, 'Paw Prints Co'));
    const mine = await makeOrder(demoTeam, 'InProduction', 1);
    const twinName = mine.order.orderName;
    const [twin] = await t.database.db.insert(orders).values({ agencyId: paw!.agencyId, sellerTeamId: paw!.id, orderName: twinName, status: 'InProduction' }).returning();
    const data = await toXlsx(
      'Tracking',
      ['Order Name', 'Tracking Number', 'Carrier', 'Seller Team'].map((h) => ({ header: h, value: (r: Record<string, string>) => r[h] ?? '' })),
      [
        { 'Order Name': twinName, 'Tracking Number': 'X-1', Carrier: 'DHL' },
        { 'Order Name': twinName, 'Tracking Number': 'X-2', Carrier: 'DHL', 'Seller Team': 'demo seller' },
      ],
    );
    const started = await upload(OWNER, 'tracking.xlsx', data);
    await t.app.jobs.drain();
    const job = await call(OWNER, 'GET', `/api/jobs/${started.body.data.jobId}`);
    expect(job.body.data.result).toMatchObject({ shipments: 1, failed: 1 });
    expect(twin).toBeDefined();
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, mine.order.id));
    expect(row!.status).toBe('InTransit');
  });

  it('refuses a missing or wrong file and people who may not act', async () => {
    expect((await upload(OWNER, 'tracking.txt', Buffer.from('x'))).status).toBe(400);
    expect((await upload(STAFF, 'tracking.csv', Buffer.from('x'))).status).toBe(403);
    const started = await upload(OWNER, 'tracking.csv', Buffer.from('Order Name,Carrier\r\n#1,USPS\r\n'));
    await t.app.jobs.drain();
    const job = await call(OWNER, 'GET', `/api/jobs/${started.body.data.jobId}`);
    expect(job.body.data.result).toMatchObject({ ok: false, message: TRACKING_MSG.missingColumns(['Tracking Number']) });
  });
});

describe('reading a tracking CSV', () => {
  it('reads quotes, doubled quotes, LF or CRLF, a BOM, the apostrophe and skips empty rows', () => {
    const text = '\uFEFFOrder Name,Tracking Number,Carrier\n"#1, A","9400""1",\'0123\r\n,,\n#2,Z9,DHL';
    const sheet = readCsv(Buffer.from(text));
    expect(sheet.headers).toEqual(['Order Name', 'Tracking Number', 'Carrier']);
    expect(sheet.rows).toEqual([
      { rowNumber: 2, cells: { 'Order Name': '#1, A', 'Tracking Number': '9400"1', Carrier: '0123' } },
      { rowNumber: 4, cells: { 'Order Name': '#2', 'Tracking Number': 'Z9', Carrier: 'DHL' } },
    ]);
  });
});
