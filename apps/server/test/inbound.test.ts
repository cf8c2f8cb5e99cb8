/**
 * The seller's warehouses and inbound shipments (docs/warehouses.md "Inbound shipments", issue 17 item 4): the pages'
 * reads per scope, declaring (validation, the reference sequence, who is told), the transitions and who may make them,
 * partial and full receipts as receipt movements of the stock ledger, discrepancies kept, a retried count counted once.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ilike, inArray, isNotNull, sql } from 'drizzle-orm';
import { INBOUND_MSG } from '@fbo/shared';
import { useApiTest } from './helpers/api';
import { teamNamed } from './helpers/orders';
import { PERSONA } from './helpers/personas';
import { inboundLines, inboundShipments, notifications, sellerTeams, stockLevels, stockMovements, users, warehouseProducts, warehouses } from '../src/db/schema/index';

const t = useApiTest();
const { call } = t;
const db = () => t.database.db;
const { SELLER, SELLER_ACCOUNTING, OTHER_SELLER, OTHER_OWNER, OWNER, WAREHOUSE, WAREHOUSE_STAFF, STAFF } = PERSONA;

let agencyId: string;
let sellerTeamId: string;
let dal: { id: string };
let rno: { id: string };
/** The demo seller's warehouse products by SKU. */
const product: Record<string, string> = {};
let paws: string;
let inactiveId: string;
let elsewhereId: string;
/** The references this file declared in 'declares with sequential references', first one first. */
let firstRef: string;
const declaredRefs: string[] = [];

const userId = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0]!.id;
const onHand = async (warehouseId: string, productId: string) =>
  (await db().select().from(stockLevels).where(and(eq(stockLevels.agencyId, agencyId), eq(stockLevels.warehouseId, warehouseId), eq(stockLevels.warehouseProductId, productId))))[0]?.onHand ?? 0;
const notesOf = async (email: string, title: string) =>
  db().select().from(notifications).where(and(eq(notifications.userId, await userId(email)), eq(notifications.title, title)));

/** The demo seller's stock in one warehouse, read straight from the stock levels (what the page sums). */
async function stockOf(warehouseId: string) {
  const rows = await db().select({ onHand: stockLevels.onHand, reserved: stockLevels.reserved, own: stockLevels.lowThreshold, threshold: warehouseProducts.lowThreshold })
    .from(stockLevels)
    .innerJoin(warehouseProducts, and(eq(warehouseProducts.agencyId, stockLevels.agencyId), eq(warehouseProducts.id, stockLevels.warehouseProductId)))
    .where(and(eq(stockLevels.agencyId, agencyId), eq(stockLevels.warehouseId, warehouseId), eq(warehouseProducts.ownerTeamId, sellerTeamId)));
  const onHand = rows.reduce((sum, r) => sum + r.onHand, 0);
  const reserved = rows.reduce((sum, r) => sum + r.reserved, 0);
  return { skus: rows.length, onHand, reserved, available: onHand - reserved, low: rows.filter((r) => r.onHand - r.reserved <= (r.own ?? r.threshold ?? -1)).length };
}
/** Units of the demo seller's products a warehouse received as receipt movements. */
async function receivedAt(warehouseId: string) {
  const [row] = await db().select({ n: sql<number>`coalesce(sum(${stockMovements.onHandDelta}), 0)::int` }).from(stockMovements)
    .innerJoin(warehouseProducts, and(eq(warehouseProducts.agencyId, stockMovements.agencyId), eq(warehouseProducts.id, stockMovements.warehouseProductId)))
    .where(and(eq(stockMovements.agencyId, agencyId), eq(stockMovements.warehouseId, warehouseId), eq(stockMovements.kind, 'receipt'), eq(warehouseProducts.ownerTeamId, sellerTeamId)));
  return Number(row!.n);
}
/** The agency's inbound shipments as they stand in the table, optionally narrowed. */
const shipmentsWhere = (...where: Parameters<typeof and>) =>
  db().select({ id: inboundShipments.id, reference: inboundShipments.reference }).from(inboundShipments).where(and(eq(inboundShipments.agencyId, agencyId), ...where));
const ref = (n: number) => `IN-${String(n).padStart(6, '0')}`;
/** The highest IN- number the agency has used so far (the seed's shipments count too). */
const highestRef = async () => Math.max(0, ...(await shipmentsWhere()).map((r) => (/^IN-(\d+)$/.exec(r.reference) ? Number(r.reference.slice(3)) : 0)));

const declare = (over: object = {}, who = SELLER) =>
  call(who, 'POST', '/api/inbound-shipments', {
    warehouseId: dal.id, carrier: 'UPS', trackingNumber: '1Z999AA10123456784', note: 'Two pallets',
    lines: [{ warehouseProductId: product['WH-TUMBLER-20'], quantity: 50 }, { warehouseProductId: product['WH-JOURNAL-A5'], quantity: 20 }],
    ...over,
  });
const lineOf = (shipment: { lines: { id: string; sku: string }[] }, sku: string) => shipment.lines.find((l) => l.sku === sku)!.id;

beforeAll(async () => {
  const seller = await teamNamed(db(), 'Demo Seller');
  const warehouseTeam = await teamNamed(db(), 'Demo Warehouse');
  agencyId = seller.agencyId;
  sellerTeamId = seller.id;
  const rows = await db().select().from(warehouses).where(eq(warehouses.agencyId, agencyId));
  dal = rows.find((w) => w.code === 'DAL')!;
  rno = rows.find((w) => w.code === 'RNO')!;
  for (const p of await db().select().from(warehouseProducts).where(and(eq(warehouseProducts.agencyId, agencyId), eq(warehouseProducts.ownerTeamId, seller.id)))) product[p.sku] = p.id;
  // Another team's product, an inactive warehouse of the demo warehouse team, and a warehouse another team runs.
  const [other] = await db().insert(warehouseProducts).values({ agencyId, ownerTeamId: warehouseTeam.id, sku: 'NOT-YOURS', name: 'Not yours' }).returning();
  paws = other!.id;
  const [inactive] = await db().insert(warehouses).values({ agencyId, name: 'Closed depot', code: 'OLD', warehouseTeamId: warehouseTeam.id, active: false }).returning();
  inactiveId = inactive!.id;
  const [team] = await db().insert(sellerTeams).values({ agencyId, name: 'Elsewhere Logistics', code: 'W2002', referralCode: 'REFW2002', sellerType: 'warehouse' }).returning();
  const [elsewhere] = await db().insert(warehouses).values({ agencyId, name: 'Elsewhere', code: 'ELS', warehouseTeamId: team!.id, priority: 9 }).returning();
  elsewhereId = elsewhere!.id;
});

describe('GET /api/seller-warehouses', () => {
  it('shows an owner team the active warehouses, the fees in dollars and its own stock there', async () => {
    const res = await call(SELLER, 'GET', '/api/seller-warehouses');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.map((w: { code: string }) => w.code)).toEqual(['DAL', 'RNO', 'ELS']);
    const d = res.body.data[0];
    // Dallas, as the stock levels stand after the seeded orders reserved and shipped there.
    const dallas = await stockOf(dal.id);
    expect(d.stock).toEqual(dallas);
    // By hand: 180 + 12 + 0 + 240 + 25 + 35 received, some of it reserved or shipped for the seeded orders; low: the candle
    // (12 <= 15), the journal (out), the keychain (25 - 3 reserved <= 30).
    expect(await receivedAt(dal.id)).toBe(492);
    expect(dallas).toMatchObject({ skus: 6, low: 3 });
    expect(dallas.reserved).toBeGreaterThan(0);
    expect(dallas.onHand).toBeLessThanOrEqual(492);
    expect(d.fees).toMatchObject({ perOrder: 2.25, perExtraUnit: 0.5, storagePerUnitMonth: 0.03 });
    expect(d.fees.shipping[0]).toEqual({ method: 'standard', country: 'US', upToGrams: 450, price: 4.99 });
    expect(d.address.city).toBe('Dallas');
    // Reno: 60 + 0 + 0 + 120 + 40 + 0; low: the candle, the journal and the blanket (out).
    expect(res.body.data[1]).toMatchObject({ id: rno.id, stock: { skus: 6, onHand: 220, available: 220, low: 3 } });
    expect(res.body.data[1].stock).toEqual(await stockOf(rno.id));
    expect(res.body.data[2].stock).toEqual({ skus: 0, onHand: 0, reserved: 0, available: 0, low: 0 });
  });

  it('shows an operator the warehouses it runs (the inactive one too) and every product there; another agency none', async () => {
    const mine = await call(WAREHOUSE_STAFF, 'GET', '/api/seller-warehouses');
    expect(mine.body.data.map((w: { code: string }) => w.code)).toEqual(['DAL', 'RNO', 'OLD']);
    expect(mine.body.data[0].stock.skus).toBe(6);
    expect((await call(OTHER_SELLER, 'GET', '/api/seller-warehouses')).body.data).toEqual([]);
    expect((await call(OWNER, 'GET', '/api/seller-warehouses')).status).toBe(403);
  });

  it('answers one warehouse with a page of stock (search, low and out) and 404 outside the scope', async () => {
    const res = await call(SELLER, 'GET', `/api/seller-warehouses/${dal.id}?limit=2`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.warehouse.code).toBe('DAL');
    expect(res.body.data.stock).toMatchObject({ total: 6, page: 1, limit: 2 });
    expect(res.body.data.stock.data.map((r: { sku: string }) => r.sku)).toEqual(['WH-BLANKET-SHERPA', 'WH-CANDLE-LAV']);
    expect(res.body.data.stock.data[1]).toMatchObject({ onHand: 12, reserved: 0, available: 12, threshold: 15, low: true, out: false });
    const journal = (await call(SELLER, 'GET', `/api/seller-warehouses/${dal.id}?search=journal`)).body.data.stock;
    expect(journal.data).toEqual([expect.objectContaining({ sku: 'WH-JOURNAL-A5', available: 0, low: true, out: true, productId: product['WH-JOURNAL-A5'] })]);
    expect((await call(OTHER_SELLER, 'GET', `/api/seller-warehouses/${dal.id}`)).status).toBe(404);
    expect((await call(SELLER, 'GET', `/api/seller-warehouses/${inactiveId}`)).status).toBe(404);
    expect((await call(WAREHOUSE, 'GET', `/api/seller-warehouses/${elsewhereId}`)).status).toBe(404);
    expect((await call(WAREHOUSE, 'GET', `/api/seller-warehouses/${inactiveId}`)).status).toBe(200);
  });
});

describe('POST /api/inbound-shipments', () => {
  it('refuses another team\u2019s product, an inactive or unknown warehouse, duplicate lines and bad quantities', async () => {
    const before = (await call(SELLER, 'GET', '/api/inbound-shipments')).body.total;
    expect(before).toBe((await shipmentsWhere(eq(inboundShipments.ownerTeamId, sellerTeamId))).length);
    const foreign = await declare({ lines: [{ warehouseProductId: product['WH-TOTE-NAT'], quantity: 1 }, { warehouseProductId: paws, quantity: 5 }] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual({ 'lines.1.warehouseProductId': INBOUND_MSG.notYourProduct });
    const inactive = await declare({ warehouseId: inactiveId });
    expect(inactive.status).toBe(400);
    expect(inactive.body.errors).toEqual({ warehouseId: INBOUND_MSG.warehouseClosed });
    expect((await declare({ warehouseId: randomUUID() })).status).toBe(404);
    const twice = await declare({ lines: [{ warehouseProductId: product['WH-TOTE-NAT'], quantity: 1 }, { warehouseProductId: product['WH-TOTE-NAT'], quantity: 2 }] });
    expect(twice.status).toBe(400);
    expect(twice.body.errors['lines.1.warehouseProductId']).toBe(INBOUND_MSG.duplicateProduct);
    expect((await declare({ lines: [{ warehouseProductId: product['WH-TOTE-NAT'], quantity: 0 }] })).status).toBe(400);
    expect((await declare({ lines: [{ warehouseProductId: product['WH-TOTE-NAT'], quantity: 100_001 }] })).status).toBe(400);
    expect((await declare({ lines: [] })).status).toBe(400);
    expect((await call(SELLER, 'GET', '/api/inbound-shipments')).body.total).toBe(before);
    expect((await shipmentsWhere(eq(inboundShipments.ownerTeamId, sellerTeamId))).length).toBe(before);
  });

  it('is the owning team\u2019s manager\u2019s and staff\u2019s: an operator, accounting and the agency are refused (403)', async () => {
    expect((await declare({}, WAREHOUSE)).status).toBe(403);
    expect((await declare({}, WAREHOUSE_STAFF)).status).toBe(403);
    expect((await declare({}, SELLER_ACCOUNTING)).status).toBe(403);
    expect((await declare({}, OWNER)).status).toBe(403);
  });

  it('declares with sequential references and tells the warehouse team\u2019s manager and its mapped agency user', async () => {
    // References continue after the highest one the agency has (the seed's shipments take the first ones).
    const last = await highestRef();
    const first = await declare();
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    firstRef = ref(last + 1);
    declaredRefs.push(first.body.data.reference);
    expect(first.body.data).toMatchObject({
      reference: firstRef, status: 'declared', cancelled: false, carrier: 'UPS', trackingNumber: '1Z999AA10123456784', note: 'Two pallets',
      warehouse: { id: dal.id, code: 'DAL' }, ownerTeam: { name: 'Demo Seller' }, lineCount: 2, declaredUnits: 70, receivedUnits: 0, receivedAt: null,
    });
    expect(first.body.data.lines).toEqual([
      expect.objectContaining({ sku: 'WH-JOURNAL-A5', declared: 20, received: 0, discrepancy: -20 }),
      expect.objectContaining({ sku: 'WH-TUMBLER-20', declared: 50, received: 0, discrepancy: -50 }),
    ]);
    expect(await notesOf(WAREHOUSE, INBOUND_MSG.declared(firstRef))).toHaveLength(1);
    expect(await notesOf(STAFF, INBOUND_MSG.declared(firstRef))).toHaveLength(1);
    expect(await notesOf(SELLER, INBOUND_MSG.declared(firstRef))).toHaveLength(0);

    // Concurrent declarations each take the next number, none twice.
    const many = await Promise.all([1, 2, 3, 4, 5].map((n) => declare({ lines: [{ warehouseProductId: product['WH-TOTE-NAT'], quantity: n }] })));
    expect(many.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(many.map((r) => r.body.data.reference).sort()).toEqual([2, 3, 4, 5, 6].map((n) => ref(last + n)));
    declaredRefs.push(...many.map((r) => r.body.data.reference));
  });
});

describe('scope of inbound shipments', () => {
  let elsewhereShipment: string;
  /** The shipments there were before this block declared one to Elsewhere: the seed's and the six declared above. */
  let ownBefore: number;
  let operatorBefore: number;
  let trackedBefore: number;
  beforeAll(async () => {
    const demoWarehouses = (await db().select({ id: warehouses.id }).from(warehouses).where(and(eq(warehouses.agencyId, agencyId), inArray(warehouses.code, ['DAL', 'RNO', 'OLD'])))).map((w) => w.id);
    ownBefore = (await shipmentsWhere(eq(inboundShipments.ownerTeamId, sellerTeamId))).length;
    operatorBefore = (await shipmentsWhere(inArray(inboundShipments.warehouseId, demoWarehouses))).length;
    trackedBefore = (await shipmentsWhere(eq(inboundShipments.ownerTeamId, sellerTeamId), ilike(inboundShipments.trackingNumber, '%1Z999AA1012%'))).length;
    const res = await declare({ warehouseId: elsewhereId, lines: [{ warehouseProductId: product['WH-CANDLE-LAV'], quantity: 3 }] });
    expect(res.status).toBe(201);
    elsewhereShipment = res.body.data.id;
  });

  it('shows the owner its own, an operator those to its warehouses (with the owner team), another agency nothing', async () => {
    const own = await call(SELLER, 'GET', '/api/inbound-shipments?limit=50');
    expect(own.body.total).toBe(ownBefore + 1);
    expect(own.body.data.map((s: { id: string }) => s.id)).toContain(elsewhereShipment);
    const operator = await call(WAREHOUSE_STAFF, 'GET', '/api/inbound-shipments?limit=50');
    expect(operator.body.total).toBe(operatorBefore);
    type Listed = { id: string; reference: string; warehouse: { code: string }; ownerTeam: { name: string } };
    expect(operator.body.data.map((s: Listed) => s.id)).not.toContain(elsewhereShipment);
    expect(operator.body.data.every((s: Listed) => ['DAL', 'RNO'].includes(s.warehouse.code) && s.ownerTeam.name === 'Demo Seller')).toBe(true);
    // The six this file declared to Dallas are all there, to DAL.
    const declaredHere = operator.body.data.filter((s: Listed) => declaredRefs.includes(s.reference));
    expect(declaredHere).toHaveLength(6);
    expect(declaredHere.every((s: Listed) => s.warehouse.code === 'DAL')).toBe(true);
    expect((await call(WAREHOUSE, 'GET', `/api/inbound-shipments/${elsewhereShipment}`)).status).toBe(404);
    expect((await call(WAREHOUSE, 'POST', `/api/inbound-shipments/${elsewhereShipment}/receive`, { counts: [{ lineId: randomUUID(), quantity: 1 }] })).status).toBe(404);
    expect((await call(OTHER_SELLER, 'GET', '/api/inbound-shipments')).body.total).toBe(0);
    expect((await call(OTHER_SELLER, 'GET', `/api/inbound-shipments/${elsewhereShipment}`)).status).toBe(404);
    expect((await call(OTHER_OWNER, 'GET', `/api/inbound-shipments/${elsewhereShipment}`)).status).toBe(404);
    expect((await call(OWNER, 'GET', `/api/inbound-shipments/${elsewhereShipment}`)).status).toBe(200);
  });

  it('filters by warehouse, status and search (reference, tracking)', async () => {
    expect((await call(SELLER, 'GET', `/api/inbound-shipments?warehouseId=${elsewhereId}`)).body.data.map((s: { id: string }) => s.id)).toEqual([elsewhereShipment]);
    expect((await call(SELLER, 'GET', `/api/inbound-shipments?search=${firstRef}`)).body.data.map((s: { reference: string }) => s.reference)).toEqual([firstRef]);
    // The six declared to Dallas and the one to Elsewhere carry the tracking number, besides any the seed made with it.
    expect((await call(SELLER, 'GET', '/api/inbound-shipments?search=1Z999AA1012&limit=50')).body.total).toBe(trackedBefore + 1);
    expect(trackedBefore).toBeGreaterThanOrEqual(6);
    const byStatus = async (status: 'received' | 'declared') =>
      (await shipmentsWhere(eq(inboundShipments.ownerTeamId, sellerTeamId), eq(inboundShipments.status, status))).map((r) => r.id).sort();
    const received = await call(SELLER, 'GET', '/api/inbound-shipments?status=received&limit=50');
    expect(received.body.data.map((s: { id: string }) => s.id).sort()).toEqual(await byStatus('received'));
    const declared = (await call(SELLER, 'GET', '/api/inbound-shipments?status=declared&limit=50')).body.data;
    expect(declared.map((s: { id: string }) => s.id).sort()).toEqual(await byStatus('declared'));
    expect(declared.every((s: { status: string }) => s.status === 'declared')).toBe(true);
    expect(declared.map((s: { reference: string }) => s.reference)).toEqual(expect.arrayContaining(declaredRefs));
    expect((await call(SELLER, 'GET', '/api/inbound-shipments?status=lost')).status).toBe(400);
  });
});

describe('transitions', () => {
  it('in transit and cancel are the owner\u2019s, receive and close the operator\u2019s (403 the other way round)', async () => {
    const s = (await declare({ lines: [{ warehouseProductId: product['WH-KEYCHAIN-PAW'], quantity: 10 }] })).body.data;
    expect((await call(WAREHOUSE, 'POST', `/api/inbound-shipments/${s.id}/in-transit`)).status).toBe(403);
    expect((await call(WAREHOUSE, 'POST', `/api/inbound-shipments/${s.id}/cancel`)).status).toBe(403);
    expect((await call(SELLER, 'POST', `/api/inbound-shipments/${s.id}/receive`, { counts: [{ lineId: s.lines[0].id, quantity: 1 }] })).status).toBe(403);
    expect((await call(SELLER, 'POST', `/api/inbound-shipments/${s.id}/close`)).status).toBe(403);

    const moving = await call(SELLER, 'POST', `/api/inbound-shipments/${s.id}/in-transit`);
    expect(moving.status).toBe(200);
    expect(moving.body.data.status).toBe('in_transit');
    const again = await call(SELLER, 'POST', `/api/inbound-shipments/${s.id}/in-transit`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(INBOUND_MSG.notDeclared);

    const cancelled = await call(SELLER, 'POST', `/api/inbound-shipments/${s.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'closed', cancelled: true, note: 'cancelled\nTwo pallets' });
    expect(cancelled.body.data.closedAt).not.toBeNull();
    expect((await call(SELLER, 'POST', `/api/inbound-shipments/${s.id}/cancel`)).status).toBe(409);
    expect((await call(WAREHOUSE, 'POST', `/api/inbound-shipments/${s.id}/receive`, { counts: [{ lineId: s.lines[0].id, quantity: 1 }] })).status).toBe(409);
    expect((await call(WAREHOUSE, 'POST', `/api/inbound-shipments/${s.id}/close`)).status).toBe(409);
  });

  it('cannot cancel once something was received', async () => {
    const s = (await declare({ lines: [{ warehouseProductId: product['WH-KEYCHAIN-PAW'], quantity: 10 }] })).body.data;
    expect((await call(WAREHOUSE, 'POST', `/api/inbound-shipments/${s.id}/receive`, { counts: [{ lineId: s.lines[0].id, quantity: 4 }] })).status).toBe(200);
    const res = await call(SELLER, 'POST', `/api/inbound-shipments/${s.id}/cancel`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(INBOUND_MSG.cannotCancel);
    expect((await call(SELLER, 'POST', `/api/inbound-shipments/${s.id}/in-transit`)).status).toBe(409);
  });
});

describe('receiving', () => {
  let s: { id: string; reference: string; lines: { id: string; sku: string }[] };
  let before: { tumbler: number; journal: number };
  beforeAll(async () => {
    s = (await declare({ lines: [{ warehouseProductId: product['WH-TUMBLER-20'], quantity: 30 }, { warehouseProductId: product['WH-JOURNAL-A5'], quantity: 12 }] })).body.data;
    before = { tumbler: await onHand(dal.id, product['WH-TUMBLER-20']!), journal: await onHand(dal.id, product['WH-JOURNAL-A5']!) };
  });

  it('counts a partial arrival as receipt movements naming the shipment and who counted', async () => {
    const res = await call(WAREHOUSE_STAFF, 'POST', `/api/inbound-shipments/${s.id}/receive`, { counts: [{ lineId: lineOf(s, 'WH-TUMBLER-20'), quantity: 20 }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'partly_received', receivedUnits: 20, declaredUnits: 42 });
    expect(res.body.data.receivedAt).not.toBeNull();
    expect(await onHand(dal.id, product['WH-TUMBLER-20']!)).toBe(before.tumbler + 20);
    const moves = await db().select().from(stockMovements).where(and(eq(stockMovements.agencyId, agencyId), eq(stockMovements.inboundShipmentId, s.id)));
    expect(moves).toEqual([expect.objectContaining({ kind: 'receipt', onHandDelta: 20, reservedDelta: 0, warehouseId: dal.id, warehouseProductId: product['WH-TUMBLER-20'], actorId: await userId(WAREHOUSE_STAFF) })]);
    expect(await notesOf(SELLER, INBOUND_MSG.counted(s.reference, 20))).toHaveLength(1);
    // No discrepancy yet (the rest may still come): the mapped agency user is not told.
    expect(await notesOf(STAFF, INBOUND_MSG.counted(s.reference, 20))).toHaveLength(0);
  });

  it('a retried count with the same countId counts once; the same id for other counts is refused', async () => {
    const firstReceivedAt = (await call(SELLER, 'GET', `/api/inbound-shipments/${s.id}`)).body.data.receivedAt;
    const countId = randomUUID();
    const body = { countId, counts: [{ lineId: lineOf(s, 'WH-JOURNAL-A5'), quantity: 5 }] };
    const first = await call(WAREHOUSE, 'POST', `/api/inbound-shipments/${s.id}/receive`, body);
    const retry = await call(WAREHOUSE, 'POST', `/api/inbound-shipments/${s.id}/receive`, body);
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(await onHand(dal.id, product['WH-JOURNAL-A5']!)).toBe(before.journal + 5);
    const [{ n }] = await db().select({ n: sql<number>`count(*)::int` }).from(stockMovements)
      .where(and(eq(stockMovements.agencyId, agencyId), eq(stockMovements.inboundShipmentId, s.id), eq(stockMovements.warehouseProductId, product['WH-JOURNAL-A5']!)));
    expect(Number(n)).toBe(1);
    const reused = await call(WAREHOUSE, 'POST', `/api/inbound-shipments/${s.id}/receive`, { countId, counts: [{ lineId: lineOf(s, 'WH-JOURNAL-A5'), quantity: 6 }] });
    expect(reused.status).toBe(409);
    expect(first.body.data.receivedAt).toBe(firstReceivedAt);
  });

  it('two copies of one count sent at once count once; two different counts at once both count', async () => {
    const c = (await declare({ lines: [{ warehouseProductId: product['WH-TOTE-NAT'], quantity: 100 }] })).body.data;
    const level = await onHand(dal.id, product['WH-TOTE-NAT']!);
    const twin = { countId: randomUUID(), counts: [{ lineId: c.lines[0].id, quantity: 10 }] };
    const twins = await Promise.all([1, 2].map(() => call(WAREHOUSE, 'POST', `/api/inbound-shipments/${c.id}/receive`, twin)));
    expect(twins.map((r) => r.status)).toEqual([200, 200]);
    expect(await onHand(dal.id, product['WH-TOTE-NAT']!)).toBe(level + 10);
    const both = await Promise.all([3, 4].map((q) => call(WAREHOUSE, 'POST', `/api/inbound-shipments/${c.id}/receive`, { countId: randomUUID(), counts: [{ lineId: c.lines[0].id, quantity: q }] })));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(await onHand(dal.id, product['WH-TOTE-NAT']!)).toBe(level + 17);
    expect((await call(SELLER, 'GET', `/api/inbound-shipments/${c.id}`)).body.data).toMatchObject({ status: 'partly_received', receivedUnits: 17 });
  });

  it('refuses a line of another shipment (400)', async () => {
    const other = (await call(SELLER, 'GET', `/api/inbound-shipments?search=${firstRef}`)).body.data[0];
    const otherLine = (await call(SELLER, 'GET', `/api/inbound-shipments/${other.id}`)).body.data.lines[0].id;
    const res = await call(WAREHOUSE, 'POST', `/api/inbound-shipments/${s.id}/receive`, { counts: [{ lineId: otherLine, quantity: 1 }] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'counts.0.lineId': INBOUND_MSG.lineNotInShipment });
  });

  it('is received when every line reached its declaration; an over-count stays a discrepancy beside the declared quantity', async () => {
    const res = await call(WAREHOUSE, 'POST', `/api/inbound-shipments/${s.id}/receive`, {
      counts: [{ lineId: lineOf(s, 'WH-TUMBLER-20'), quantity: 12 }, { lineId: lineOf(s, 'WH-JOURNAL-A5'), quantity: 7 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.status).toBe('received');
    expect(res.body.data.lines).toEqual([
      expect.objectContaining({ sku: 'WH-JOURNAL-A5', declared: 12, received: 12, discrepancy: 0 }),
      expect.objectContaining({ sku: 'WH-TUMBLER-20', declared: 30, received: 32, discrepancy: 2 }),
    ]);
    expect(await onHand(dal.id, product['WH-TUMBLER-20']!)).toBe(before.tumbler + 32);
    expect(await onHand(dal.id, product['WH-JOURNAL-A5']!)).toBe(before.journal + 12);
    const [declared] = await db().select().from(inboundLines).where(and(eq(inboundLines.agencyId, agencyId), eq(inboundLines.id, lineOf(s, 'WH-TUMBLER-20'))));
    expect(declared!.declaredQuantity).toBe(30);
    // The discrepancy reaches the owner's manager and the agency user mapped to the warehouse team.
    const told = await notesOf(STAFF, INBOUND_MSG.counted(s.reference, 19));
    expect(told).toHaveLength(1);
    expect(told[0]!.content).toContain('WH-TUMBLER-20: 30 declared, 32 received (+2)');
    expect(await notesOf(SELLER, INBOUND_MSG.counted(s.reference, 19))).toHaveLength(1);

    const closed = await call(WAREHOUSE, 'POST', `/api/inbound-shipments/${s.id}/close`);
    expect(closed.status).toBe(200);
    expect(closed.body.data).toMatchObject({ status: 'closed', cancelled: false, receivedUnits: 44, declaredUnits: 42 });
  });

  it('closing short keeps what did not arrive as a discrepancy and tells the owner and the mapped user', async () => {
    const short = (await declare({ lines: [{ warehouseProductId: product['WH-BLANKET-SHERPA'], quantity: 10 }] })).body.data;
    const level = await onHand(dal.id, product['WH-BLANKET-SHERPA']!);
    await call(WAREHOUSE, 'POST', `/api/inbound-shipments/${short.id}/receive`, { counts: [{ lineId: short.lines[0].id, quantity: 7 }] });
    const res = await call(WAREHOUSE, 'POST', `/api/inbound-shipments/${short.id}/close`);
    expect(res.status).toBe(200);
    expect(res.body.data.lines[0]).toMatchObject({ declared: 10, received: 7, discrepancy: -3 });
    expect(await onHand(dal.id, product['WH-BLANKET-SHERPA']!)).toBe(level + 7);
    expect(await notesOf(SELLER, INBOUND_MSG.closed(short.reference))).toHaveLength(1);
    const told = await notesOf(STAFF, INBOUND_MSG.closed(short.reference));
    expect(told[0]!.content).toContain('(-3)');
    // Every movement of the shipments is a receipt; on hand is the sum of the movements.
    const [sum] = await db().select({ n: sql<number>`coalesce(sum(on_hand_delta), 0)::int` }).from(stockMovements)
      .where(and(eq(stockMovements.agencyId, agencyId), eq(stockMovements.warehouseId, dal.id), eq(stockMovements.warehouseProductId, product['WH-BLANKET-SHERPA']!)));
    expect(Number(sum!.n)).toBe(level + 7);
    const kinds = await db().selectDistinct({ kind: stockMovements.kind }).from(stockMovements).where(and(eq(stockMovements.agencyId, agencyId), isNotNull(stockMovements.inboundShipmentId)));
    expect(kinds).toEqual([{ kind: 'receipt' }]);
  });
});
