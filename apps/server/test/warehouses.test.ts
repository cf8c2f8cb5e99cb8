/**
 * The agency's warehouses (docs/warehouses.md "Warehouses", issue 17 item 2): the list and its figures (units and stock
 * value from the seeded stock and declared values, low stock), create and update with fees in dollars stored as cents
 * and shipping bands, validation, who may do what (owner manages, staff read and adjust, support reads, the warehouse
 * team adjusts in its own warehouses, sellers and other agencies nothing), and stock adjustments as adjust movements
 * with a reason, never below what is reserved.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { WAREHOUSE_MSG } from '@fbo/shared';
import { useApiTest } from './helpers/api';
import { teamNamed } from './helpers/orders';
import { PERSONA } from './helpers/personas';
import { auditEntries, inboundShipments, stockLevels, stockMovements, warehouseFulfilments, warehouseProducts, warehouses } from '../src/db/schema/index';
import { moveStock } from '../src/modules/warehouses';

const t = useApiTest();
const { call } = t;
const db = () => t.database.db;
const { OWNER, STAFF, SUPPORT, OTHER_OWNER, SELLER, WAREHOUSE, WAREHOUSE_STAFF } = PERSONA;
const URL = '/api/warehouses';

let agencyId: string;
let warehouseTeamId: string;
let sellerTeamId: string;
let dal: { id: string };
let rno: { id: string };
/** The demo seller's warehouse products by SKU. */
const product: Record<string, string> = {};

const level = async (warehouseId: string, productId: string) =>
  (await db().select().from(stockLevels).where(and(eq(stockLevels.agencyId, agencyId), eq(stockLevels.warehouseId, warehouseId), eq(stockLevels.warehouseProductId, productId))))[0]!;

/** What a warehouse's figures must be, read straight from the tables (stock levels times declared values, open work). */
async function expectedFigures(warehouseId: string) {
  const rows = await db()
    .select({ onHand: stockLevels.onHand, reserved: stockLevels.reserved, own: stockLevels.lowThreshold, threshold: warehouseProducts.lowThreshold, value: warehouseProducts.declaredValueCents })
    .from(stockLevels)
    .innerJoin(warehouseProducts, and(eq(warehouseProducts.agencyId, stockLevels.agencyId), eq(warehouseProducts.id, stockLevels.warehouseProductId)))
    .where(and(eq(stockLevels.agencyId, agencyId), eq(stockLevels.warehouseId, warehouseId)));
  const cents = rows.reduce((sum, r) => sum + r.onHand * (r.value ?? 0), 0);
  const openOrders = await db().select({ id: warehouseFulfilments.id }).from(warehouseFulfilments)
    .where(and(eq(warehouseFulfilments.agencyId, agencyId), eq(warehouseFulfilments.warehouseId, warehouseId), inArray(warehouseFulfilments.status, ['to_pick', 'packed'])));
  const openInbound = await db().select({ id: inboundShipments.id }).from(inboundShipments)
    .where(and(eq(inboundShipments.agencyId, agencyId), eq(inboundShipments.warehouseId, warehouseId), inArray(inboundShipments.status, ['declared', 'in_transit', 'partly_received'])));
  return {
    units: rows.reduce((sum, r) => sum + r.onHand, 0),
    stockValue: cents / 100,
    lowStock: rows.filter((r) => r.onHand - r.reserved <= (r.own ?? r.threshold ?? -1)).length,
    openOrders: openOrders.length,
    openInbound: openInbound.length,
  };
}

/** Units and their declared value (cents) that the seeded activity shipped out of a warehouse (ship movements). */
async function shippedFrom(warehouseId: string) {
  const rows = await db().select({ delta: stockMovements.onHandDelta, value: warehouseProducts.declaredValueCents }).from(stockMovements)
    .innerJoin(warehouseProducts, and(eq(warehouseProducts.agencyId, stockMovements.agencyId), eq(warehouseProducts.id, stockMovements.warehouseProductId)))
    .where(and(eq(stockMovements.agencyId, agencyId), eq(stockMovements.warehouseId, warehouseId), eq(stockMovements.kind, 'ship')));
  return { units: rows.reduce((sum, r) => sum - r.delta, 0), cents: rows.reduce((sum, r) => sum - r.delta * (r.value ?? 0), 0) };
}

const body = (over: Record<string, unknown> = {}) => ({
  name: 'Columbus Hub',
  code: 'cmh-1',
  warehouseTeamId,
  address: { address1: '100 Rickenbacker Pkwy', city: 'Columbus', state: 'OH', zip: '43217', country: 'us', phone: '+1 614 555 0100' },
  active: true,
  priority: 3,
  fees: {
    perOrder: 2.25,
    perExtraUnit: 0.5,
    storagePerUnitMonth: 0.03,
    shipping: [
      { method: 'standard', country: 'US', upToGrams: 454, price: 4.99 },
      { method: 'standard', country: '*', upToGrams: 9000, price: 29.99 },
      { method: 'express', country: 'ca', upToGrams: 2268, price: 0.07 },
    ],
  },
  ...over,
});

beforeAll(async () => {
  const seller = await teamNamed(db(), 'Demo Seller');
  const warehouseTeam = await teamNamed(db(), 'Demo Warehouse');
  agencyId = seller.agencyId;
  sellerTeamId = seller.id;
  warehouseTeamId = warehouseTeam.id;
  const rows = await db().select().from(warehouses).where(eq(warehouses.agencyId, agencyId));
  dal = rows.find((w) => w.code === 'DAL')!;
  rno = rows.find((w) => w.code === 'RNO')!;
  for (const p of await db().select().from(warehouseProducts).where(and(eq(warehouseProducts.agencyId, agencyId), eq(warehouseProducts.ownerTeamId, seller.id)))) product[p.sku] = p.id;
});

describe('the list and its figures', () => {
  it('lists DAL then RNO (priority) with units, stock value and low stock computed from the seeded stock', async () => {
    const res = await call(OWNER, 'GET', URL);
    expect(res.status).toBe(200);
    expect(res.body.data.map((w: { code: string }) => w.code)).toEqual(['DAL', 'RNO']);
    for (const w of res.body.data) {
      const expected = await expectedFigures(w.id);
      expect(expected.units, w.code).toBeGreaterThan(0);
      expect(w, w.code).toMatchObject(expected);
    }
    const [d, r] = res.body.data;
    // The seeded activity leaves Dallas with open orders (to pick, packed) and open inbound shipments (declared, partly received).
    expect(d.openOrders).toBeGreaterThan(0);
    expect(d.openInbound).toBeGreaterThan(0);
    // The seed's figures by hand: Dallas received 180 x 6.50 + 12 x 4.20 + 240 x 2.10 + 25 x 0.90 + 35 x 14.50, less what
    // the seeded orders shipped from it.
    const shipped = await shippedFrom(dal.id);
    expect(d).toMatchObject({ units: 492 - shipped.units, stockValue: (225_440 - shipped.cents) / 100, lowStock: 3, team: { id: warehouseTeamId, name: 'Demo Warehouse' } });
    expect(d.fees).toMatchObject({ perOrder: 2.25, perExtraUnit: 0.5, storagePerUnitMonth: 0.03 });
    expect(d.fees.shipping).toContainEqual({ method: 'standard', country: 'US', upToGrams: 450, price: 4.99 });
    expect(d.address).toMatchObject({ city: 'Dallas', state: 'TX', country: 'US', address2: '' });
    expect(r.units).toBe(60 + 120 + 40);
  });

  it('searches by name or code (escaped), filters active, pages', async () => {
    const codes = async (q: string) => (await call(OWNER, 'GET', `${URL}?${q}`)).body.data.map((w: { code: string }) => w.code);
    expect(await codes('search=reno')).toEqual(['RNO']);
    expect(await codes('search=dal')).toEqual(['DAL']);
    expect(await codes('search=%25')).toEqual([]);
    expect(await codes('active=false')).toEqual([]);
    const page = await call(OWNER, 'GET', `${URL}?limit=1&page=2`);
    expect(page.body).toMatchObject({ total: 2 });
    expect(page.body.data.map((w: { code: string }) => w.code)).toEqual(['RNO']);
    expect((await call(OWNER, 'GET', `${URL}?active=maybe`)).status).toBe(400);
  });

  it('staff and customer support read; sellers and the warehouse team do not; another agency sees none and gets 404', async () => {
    for (const who of [STAFF, SUPPORT]) {
      expect((await call(who, 'GET', URL)).body.total, who).toBe(2);
      expect((await call(who, 'GET', `${URL}/${dal.id}`)).body.data.code, who).toBe('DAL');
    }
    for (const who of [SELLER, WAREHOUSE]) expect((await call(who, 'GET', URL)).status, who).toBe(403);
    expect((await call(OTHER_OWNER, 'GET', URL)).body.total).toBe(0);
    expect((await call(OTHER_OWNER, 'GET', `${URL}/${dal.id}`)).status).toBe(404);
    expect((await call(OWNER, 'GET', `${URL}/00000000-0000-7000-8000-000000000000`)).status).toBe(404);
  });

  it('team options: the agency\u2019s warehouse teams, for the owner only', async () => {
    const res = await call(OWNER, 'GET', `${URL}/team-options`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ id: warehouseTeamId, name: 'Demo Warehouse', code: 'W1001' }]);
    expect((await call(STAFF, 'GET', `${URL}/team-options`)).status).toBe(403);
    expect((await call(OTHER_OWNER, 'GET', `${URL}/team-options`)).body.data).toEqual([]);
  });
});

describe('create and update', () => {
  let created: { id: string };

  it('creates a warehouse: code upper-cased, fees in dollars stored as cents, bands kept, audited', async () => {
    const res = await call(OWNER, 'POST', URL, body());
    expect(res.status).toBe(201);
    created = res.body.data;
    expect(res.body.data).toMatchObject({
      code: 'CMH-1', name: 'Columbus Hub', priority: 3, active: true, units: 0, stockValue: 0, lowStock: 0,
      address: { country: 'US', address2: '' }, team: { id: warehouseTeamId },
      fees: { perOrder: 2.25, perExtraUnit: 0.5, storagePerUnitMonth: 0.03 },
    });
    expect(res.body.data.fees.shipping).toEqual([
      { method: 'standard', country: 'US', upToGrams: 454, price: 4.99 },
      { method: 'standard', country: '*', upToGrams: 9000, price: 29.99 },
      { method: 'express', country: 'CA', upToGrams: 2268, price: 0.07 },
    ]);
    const [row] = await db().select().from(warehouses).where(and(eq(warehouses.agencyId, agencyId), eq(warehouses.id, created.id)));
    expect(row!.fees).toEqual({
      perOrderCents: 225, perExtraUnitCents: 50, storagePerUnitMonthCents: 3,
      shipping: [
        { method: 'standard', country: 'US', upToGrams: 454, cents: 499 },
        { method: 'standard', country: '*', upToGrams: 9000, cents: 2999 },
        { method: 'express', country: 'CA', upToGrams: 2268, cents: 7 },
      ],
    });
    const audits = await db().select().from(auditEntries).where(and(eq(auditEntries.entity, 'warehouse'), eq(auditEntries.entityId, created.id)));
    expect(audits.map((a) => a.action)).toEqual(['create']);
    expect((await call(OWNER, 'GET', `${URL}/${created.id}`)).body.data.fees).toEqual(res.body.data.fees);
    expect((await call(OWNER, 'GET', URL)).body.data.map((w: { code: string }) => w.code)).toEqual(['DAL', 'RNO', 'CMH-1']);
  });

  it('updates it (fees, bands, inactive), audited with the state before', async () => {
    const res = await call(OWNER, 'PUT', `${URL}/${created.id}`, body({
      name: 'Columbus Hub 2', active: false, priority: 0,
      fees: { perOrder: 0, perExtraUnit: 10000, storagePerUnitMonth: 1.1, shipping: [{ method: 'overnight', country: 'US', upToGrams: 1, price: 99.95 }] },
    }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Columbus Hub 2', active: false, priority: 0,
      fees: { perOrder: 0, perExtraUnit: 10000, storagePerUnitMonth: 1.1, shipping: [{ method: 'overnight', country: 'US', upToGrams: 1, price: 99.95 }] },
    });
    const [row] = await db().select().from(warehouses).where(and(eq(warehouses.agencyId, agencyId), eq(warehouses.id, created.id)));
    expect(row!.fees).toMatchObject({ perOrderCents: 0, perExtraUnitCents: 1_000_000, storagePerUnitMonthCents: 110, shipping: [{ cents: 9995 }] });
    const [audit] = await db().select().from(auditEntries).where(and(eq(auditEntries.entityId, created.id), eq(auditEntries.action, 'update')));
    expect(audit!.before).toMatchObject({ name: 'Columbus Hub', active: true });
    // The inactive one is listed first (priority 0) and found by the active filter.
    expect((await call(OWNER, 'GET', `${URL}?active=false`)).body.data.map((w: { code: string }) => w.code)).toEqual(['CMH-1']);
    // Its own code is no clash.
    expect((await call(OWNER, 'PUT', `${URL}/${created.id}`, body({ code: 'CMH-1' }))).status).toBe(200);
  });

  it('refuses a bad code, a band listed twice, a negative or 3-decimal fee, a too-heavy band (400)', async () => {
    const cases: [string, object, string][] = [
      ['code too short', body({ code: 'X' }), 'code'],
      ['code with a space', body({ code: 'AB CD' }), 'code'],
      ['code too long', body({ code: 'A'.repeat(17) }), 'code'],
      ['negative fee', body({ fees: { ...body().fees, perOrder: -1 } }), 'fees.perOrder'],
      ['fee with 3 decimals', body({ fees: { ...body().fees, storagePerUnitMonth: 0.005 } }), 'fees.storagePerUnitMonth'],
      ['fee above 10,000', body({ fees: { ...body().fees, perExtraUnit: 10000.01 } }), 'fees.perExtraUnit'],
      ['negative band price', body({ fees: { ...body().fees, shipping: [{ method: 'standard', country: 'US', upToGrams: 100, price: -0.01 }] } }), 'fees.shipping.0.price'],
      ['band over 1,000 kg', body({ fees: { ...body().fees, shipping: [{ method: 'standard', country: 'US', upToGrams: 1_000_001, price: 1 }] } }), 'fees.shipping.0.upToGrams'],
      ['bad destination', body({ fees: { ...body().fees, shipping: [{ method: 'standard', country: 'USA', upToGrams: 100, price: 1 }] } }), 'fees.shipping.0.country'],
      ['unknown method', body({ fees: { ...body().fees, shipping: [{ method: 'drone', country: 'US', upToGrams: 100, price: 1 }] } }), 'fees.shipping.0.method'],
      ['no city', body({ address: { address1: 'x', city: ' ', country: 'US' } }), 'address.city'],
      ['bad priority', body({ priority: -1 }), 'priority'],
    ];
    for (const [what, payload, field] of cases) {
      const res = await call(OWNER, 'POST', URL, { ...payload, code: field === 'code' ? (payload as { code: string }).code : 'NEW-1' });
      expect(res.status, what).toBe(400);
      expect(Object.keys(res.body.errors ?? {}), what).toContain(field);
    }
    const twice = await call(OWNER, 'POST', URL, body({
      code: 'NEW-1',
      fees: { ...body().fees, shipping: [{ method: 'standard', country: 'us', upToGrams: 454, price: 4.99 }, { method: 'standard', country: 'US', upToGrams: 454, price: 5.99 }] },
    }));
    expect(twice.status).toBe(400);
    expect(twice.body.errors).toEqual({ 'fees.shipping.1.upToGrams': 'This band is listed twice' });
    expect((await db().select().from(warehouses).where(and(eq(warehouses.agencyId, agencyId), eq(warehouses.code, 'NEW-1'))))).toEqual([]);
  });

  it('refuses a code taken in the agency (409), a team not of type warehouse (400); another agency may use the code', async () => {
    const taken = await call(OWNER, 'POST', URL, body({ code: 'dal' }));
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(WAREHOUSE_MSG.codeTaken);
    expect((await call(OWNER, 'PUT', `${URL}/${created.id}`, body({ code: 'RNO' }))).status).toBe(409);
    const notWarehouse = await call(OWNER, 'POST', URL, body({ code: 'NEW-2', warehouseTeamId: sellerTeamId }));
    expect(notWarehouse.status).toBe(400);
    expect(notWarehouse.body.errors).toEqual({ warehouseTeamId: WAREHOUSE_MSG.teamNotWarehouse });
    expect((await call(OWNER, 'PUT', `${URL}/${created.id}`, body({ warehouseTeamId: sellerTeamId }))).status).toBe(400);
    // The other agency's owner cannot name this agency's warehouse team either.
    expect((await call(OTHER_OWNER, 'POST', URL, body({ code: 'DAL' }))).status).toBe(400);
  });

  it('only the owner writes: staff and support 403, another agency 404 on an update', async () => {
    for (const who of [STAFF, SUPPORT, SELLER, WAREHOUSE]) {
      expect((await call(who, 'POST', URL, body({ code: 'NEW-3' }))).status, who).toBe(403);
      expect((await call(who, 'PUT', `${URL}/${created.id}`, body())).status, who).toBe(403);
    }
    expect((await call(OTHER_OWNER, 'PUT', `${URL}/${created.id}`, body())).status).toBe(404);
  });
});

describe('stock adjustments', () => {
  const adjust = (who: string, warehouseId: string, quantity: number, sku = 'WH-TUMBLER-20', reason = 'Cycle count') =>
    call(who, 'POST', `${URL}/${warehouseId}/adjust`, { warehouseProductId: product[sku], quantity, reason });
  const adjustMoves = (warehouseId: string, productId: string) =>
    db().select().from(stockMovements)
      .where(and(eq(stockMovements.agencyId, agencyId), eq(stockMovements.warehouseId, warehouseId), eq(stockMovements.warehouseProductId, productId), eq(stockMovements.kind, 'adjust')))
      .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id));

  it('staff add 5 then remove 3: two adjust movements with their reasons, levels moved, audited', async () => {
    const before = await level(dal.id, product['WH-TUMBLER-20']!);
    const figuresBefore = (await call(OWNER, 'GET', `${URL}/${dal.id}`)).body.data;
    const plus = await adjust(STAFF, dal.id, 5, 'WH-TUMBLER-20', 'Found a carton behind rack B');
    expect(plus.status).toBe(200);
    expect(plus.body.data).toEqual({ onHand: before.onHand + 5, reserved: before.reserved, available: before.onHand + 5 - before.reserved });
    const minus = await adjust(STAFF, dal.id, -3, 'WH-TUMBLER-20', '  Damaged in handling  ');
    expect(minus.status).toBe(200);
    expect(minus.body.data.onHand).toBe(before.onHand + 2);
    expect((await level(dal.id, product['WH-TUMBLER-20']!)).onHand).toBe(before.onHand + 2);
    const moves = await adjustMoves(dal.id, product['WH-TUMBLER-20']!);
    expect(moves.map((m) => [m.onHandDelta, m.reservedDelta, m.reason]).sort()).toEqual([[-3, 0, 'Damaged in handling'], [5, 0, 'Found a carton behind rack B']]);
    expect(new Set(moves.map((m) => m.actorId)).size).toBe(1);
    const audits = await db().select().from(auditEntries).where(and(eq(auditEntries.entity, 'stock'), eq(auditEntries.entityId, product['WH-TUMBLER-20']!), eq(auditEntries.action, 'adjust')));
    expect(audits.map((a) => [a.reason, (a.after as { quantity: number; warehouse: string }).quantity, (a.after as { warehouse: string }).warehouse]).sort())
      .toEqual([['Damaged in handling', -3, 'DAL'], ['Found a carton behind rack B', 5, 'DAL']]);
    // The list's figures follow: two more tumblers at $6.50.
    const figures = (await call(OWNER, 'GET', `${URL}/${dal.id}`)).body.data;
    expect(figures).toMatchObject({ units: figuresBefore.units + 2, stockValue: (Math.round(figuresBefore.stockValue * 100) + 1300) / 100 });
    expect(figures).toMatchObject(await expectedFigures(dal.id));
  });

  it('never goes below what is reserved for approved orders (409 with the figures), nothing written', async () => {
    const keychain = product['WH-KEYCHAIN-PAW']!;
    await db().transaction((tx) => moveStock(tx, agencyId, [{ warehouseId: rno.id, warehouseProductId: keychain, kind: 'reserve', quantity: 30 }]));
    const start = await level(rno.id, keychain);
    expect(start).toMatchObject({ onHand: 40, reserved: 30 });
    const res = await adjust(OWNER, rno.id, -11, 'WH-KEYCHAIN-PAW', 'Lost');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Only 10 units of WH-KEYCHAIN-PAW can be removed: 40 on hand, 30 reserved for approved orders');
    expect(await level(rno.id, keychain)).toMatchObject({ onHand: 40, reserved: 30 });
    expect(await adjustMoves(rno.id, keychain)).toEqual([]);
    // Exactly what is free may go.
    const ok = await adjust(OWNER, rno.id, -10, 'WH-KEYCHAIN-PAW', 'Lost');
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ onHand: 30, reserved: 30, available: 0 });
  });

  it('validates the body: a reason, whole non-zero units within 100,000, a product of the agency', async () => {
    const send = (over: object) => call(STAFF, 'POST', `${URL}/${dal.id}/adjust`, { warehouseProductId: product['WH-TOTE-NAT'], quantity: 1, reason: 'Recount', ...over });
    for (const [what, over, field] of [
      ['no reason', { reason: '  ' }, 'reason'],
      ['zero', { quantity: 0 }, 'quantity'],
      ['fraction', { quantity: 1.5 }, 'quantity'],
      ['too many', { quantity: -100_001 }, 'quantity'],
      ['not a uuid', { warehouseProductId: 'x' }, 'warehouseProductId'],
    ] as const) {
      const res = await send(over);
      expect(res.status, what).toBe(400);
      expect(Object.keys(res.body.errors ?? {}), what).toContain(field);
    }
    expect((await send({ warehouseProductId: '00000000-0000-7000-8000-000000000000' })).status).toBe(404);
  });

  it('customer support, sellers and another agency may not adjust (403, 404); nothing moves', async () => {
    const before = await level(dal.id, product['WH-TOTE-NAT']!);
    expect((await adjust(SUPPORT, dal.id, 1, 'WH-TOTE-NAT')).status).toBe(403);
    expect((await adjust(SELLER, dal.id, 1, 'WH-TOTE-NAT')).status).toBe(403);
    expect((await adjust(OTHER_OWNER, dal.id, 1, 'WH-TOTE-NAT')).status).toBe(404);
    expect(await level(dal.id, product['WH-TOTE-NAT']!)).toMatchObject({ onHand: before.onHand, reserved: before.reserved });
    expect(await adjustMoves(dal.id, product['WH-TOTE-NAT']!)).toEqual([]);
  });

  it('the warehouse team adjusts in the warehouses it runs, not in another team\u2019s', async () => {
    const before = await level(dal.id, product['WH-TOTE-NAT']!);
    const res = await adjust(WAREHOUSE, dal.id, -2, 'WH-TOTE-NAT', 'Torn in picking');
    expect(res.status).toBe(200);
    expect(res.body.data.onHand).toBe(before.onHand - 2);
    expect((await adjust(WAREHOUSE_STAFF, dal.id, 1, 'WH-TOTE-NAT', 'Found one')).status).toBe(200);
    expect((await adjustMoves(dal.id, product['WH-TOTE-NAT']!)).map((m) => m.reason).sort()).toEqual(['Found one', 'Torn in picking']);
    // A warehouse another team runs is not its warehouse: 404, nothing moves.
    const [elsewhere] = await db().insert(warehouses).values({ agencyId, name: 'Elsewhere', code: 'ELS', warehouseTeamId: sellerTeamId }).returning();
    expect((await adjust(WAREHOUSE, elsewhere!.id, 1, 'WH-TOTE-NAT')).status).toBe(404);
    expect(await adjustMoves(elsewhere!.id, product['WH-TOTE-NAT']!)).toEqual([]);
    // A product it has never seen (stocked nowhere it runs, nothing on its way) is 404 to it; the agency's staff may
    // still book found units of it.
    const [unseen] = await db().insert(warehouseProducts).values({ agencyId, ownerTeamId: sellerTeamId, sku: 'WH-UNSEEN', name: 'Never sent' }).returning();
    const found = (who: string) => call(who, 'POST', `${URL}/${dal.id}/adjust`, { warehouseProductId: unseen!.id, quantity: 1, reason: 'Found on a shelf' });
    expect((await found(WAREHOUSE)).status).toBe(404);
    expect(await adjustMoves(dal.id, unseen!.id)).toEqual([]);
    expect((await found(STAFF)).status).toBe(200);
    expect((await level(dal.id, unseen!.id)).onHand).toBe(1);
  });
});
