/**
 * The warehouse team's queue (docs/warehouses.md "Warehouse queue", issue 17 item 5): an order of the demo seller with
 * warehouse lines, approved by the agency through the real command route (reserved at DAL), then seen by the
 * warehouse's users through the fulfilment view only (no money anywhere in it), refused to other teams and agencies,
 * packed, shipped with tracking (stock on hand and reserved fall by exactly the quantities), reported as cannot ship
 * (the owner and the agency told), resumed, and its packing slip printed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { WAREHOUSE_ORDER_MSG } from '@fbo/shared';
import { useApiTest } from './helpers/api';
import { teamNamed, type Team } from './helpers/orders';
import { PERSONA } from './helpers/personas';
import {
  auditEntries, notifications, orderEvents, orderItems, orderShipments, orders, sellerTeams, stockLevels, stockMovements, users, warehouseFulfilments,
  warehouseProducts, warehouses,
} from '../src/db/schema/index';

const t = useApiTest();
const { call, send } = t;
const db = () => t.database.db;
const { OWNER, SELLER, OTHER_SELLER, OTHER_OWNER, WAREHOUSE, WAREHOUSE_STAFF, SUPPORT, STAFF } = PERSONA;

let seller: Team;
let agencyId: string;
let dal: { id: string; code: string };
const product: Record<string, string> = {};
let counter = 0;

const userId = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0]!.id;

async function level(productId: string) {
  const [row] = await db().select().from(stockLevels)
    .where(and(eq(stockLevels.agencyId, agencyId), eq(stockLevels.warehouseId, dal.id), eq(stockLevels.warehouseProductId, productId)));
  return { onHand: row!.onHand, reserved: row!.reserved };
}

/** An InReview order of the demo seller with a tumbler x2 and a tote x3, approved by the agency owner (routed to DAL). */
async function approvedOrder(over: Partial<typeof orders.$inferInsert> = {}) {
  counter += 1;
  const [order] = await db().insert(orders).values({
    agencyId, sellerTeamId: seller.id, orderName: `#WH-${counter}`, status: 'InReview', addressStatus: 1, countryCode: 'US', country: 'United States',
    shippingMethod: 'standard', fullName: 'Nguyễn Thị Minh', address1: '12 Elm St', city: 'Dallas', province: 'TX', zipCode: '75201', phone: '+1 214 555 0100',
    email: 'buyer@example.test', itemCount: 2, totalPriceCents: 4998, subTotalPriceCents: 4998, ...over,
  }).returning();
  await db().insert(orderItems).values([
    { orderId: order!.id, agencyId, sellerTeamId: seller.id, position: 0, sku: 'WH-TUMBLER-20', title: 'Tumbler (store title)', warehouseProductId: product['WH-TUMBLER-20'], quantity: 2, priceCents: 1999 },
    { orderId: order!.id, agencyId, sellerTeamId: seller.id, position: 1, sku: 'WH-TOTE-NAT', title: 'Tote (store title)', warehouseProductId: product['WH-TOTE-NAT'], quantity: 3, priceCents: 1000 },
  ]);
  const res = await call(OWNER, 'POST', '/api/orders/approve', { ids: [order!.id] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const [after] = await db().select().from(orders).where(eq(orders.id, order!.id));
  expect(after!.status).toBe('Approved');
  const [f] = await db().select().from(warehouseFulfilments).where(and(eq(warehouseFulfilments.agencyId, agencyId), eq(warehouseFulfilments.orderId, order!.id)));
  expect(f).toMatchObject({ status: 'to_pick', warehouseId: dal.id });
  return { order: after!, fulfilmentId: f!.id };
}

/** Every key and every string of a JSON answer, walked. */
function walk(value: unknown, visit: (key: string | null, v: unknown) => void, key: string | null = null) {
  visit(key, value);
  if (Array.isArray(value)) value.forEach((v) => walk(v, visit));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, visit, k);
}

beforeAll(async () => {
  seller = await teamNamed(db(), 'Demo Seller');
  agencyId = seller.agencyId;
  const rows = await db().select().from(warehouses).where(eq(warehouses.agencyId, agencyId));
  dal = rows.find((w) => w.code === 'DAL')!;
  for (const p of await db().select().from(warehouseProducts).where(and(eq(warehouseProducts.agencyId, agencyId), eq(warehouseProducts.ownerTeamId, seller.id)))) product[p.sku] = p.id;
});

describe('the queue and the fulfilment view', () => {
  let fulfilmentId: string;
  let orderId: string;

  beforeAll(async () => {
    const made = await approvedOrder();
    fulfilmentId = made.fulfilmentId;
    orderId = made.order.id;
  });

  it('lists the routed order for the warehouse team, with counts per status', async () => {
    for (const who of [WAREHOUSE, WAREHOUSE_STAFF]) {
      const res = await call(who, 'GET', '/api/warehouse-orders?status=to_pick');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const row = res.body.data.find((r: { id: string }) => r.id === fulfilmentId);
      expect(row).toMatchObject({
        orderId, status: 'to_pick', warehouse: { code: 'DAL' }, lines: 2, units: 5, shippingMethod: 'standard', packedAt: null, shippedAt: null,
        shipTo: { name: 'Nguyễn Thị Minh', countryCode: 'US' },
      });
    }
    const counts = await call(WAREHOUSE, 'GET', `/api/warehouse-orders/counts?warehouse=${dal.id}`);
    expect(counts.status).toBe(200);
    expect(counts.body.data.to_pick).toBeGreaterThanOrEqual(1);
    expect(Object.keys(counts.body.data).sort()).toEqual(['cancelled', 'cannot_ship', 'packed', 'shipped', 'to_pick']);
    const searched = await call(WAREHOUSE, 'GET', `/api/warehouse-orders?search=${encodeURIComponent(`#WH-${counter}`)}`);
    expect(searched.body.data.map((r: { id: string }) => r.id)).toContain(fulfilmentId);
    const none = await call(WAREHOUSE, 'GET', '/api/warehouse-orders?search=no-such-order-anywhere');
    expect(none.body).toMatchObject({ data: [], total: 0 });
    // The agency reads the queue too.
    for (const who of [OWNER, STAFF, SUPPORT]) expect((await call(who, 'GET', `/api/warehouse-orders/${fulfilmentId}`)).status).toBe(200);
  });

  it('shows the fulfilment view without a key or a value of money', async () => {
    const res = await call(WAREHOUSE_STAFF, 'GET', `/api/warehouse-orders/${fulfilmentId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({
      id: fulfilmentId, orderId, status: 'to_pick', warehouse: { code: 'DAL', name: expect.any(String) }, shippingMethod: 'standard', problem: null,
      shipTo: { name: 'Nguyễn Thị Minh', address1: '12 Elm St', city: 'Dallas', province: 'TX', zip: '75201', countryCode: 'US', phone: '+1 214 555 0100' },
      shipments: [],
    });
    // The shelf's names, not the store's titles; the lines' quantities.
    expect(d.lines.map((l: { sku: string; quantity: number; name: string }) => [l.sku, l.quantity, l.name])).toEqual([
      ['WH-TUMBLER-20', 2, 'Stainless Tumbler 20oz, matte black'], ['WH-TOTE-NAT', 3, 'Organic Cotton Tote, natural'],
    ]);
    const moneyKey = /price|cost|charge|total|balance|amount|cents|wallet/i;
    const seen: string[] = [];
    walk(res.body, (key, v) => {
      if (key !== null) seen.push(key);
      if (key !== null) expect(key, `key ${key}`).not.toMatch(moneyKey);
      if (typeof v === 'string') expect(v).not.toMatch(/\$|49\.98|4998|19\.99/);
    });
    expect(seen).not.toContain('email');
    expect(seen).not.toContain('store');
    expect(seen).toContain('shipTo');
  });

  it('refuses other teams and agencies (403 or 404), and an owner team may not work the queue', async () => {
    for (const who of [SELLER, OTHER_SELLER, OTHER_OWNER]) {
      for (const url of [`/api/warehouse-orders/${fulfilmentId}`, `/api/warehouse-orders/${fulfilmentId}/packing-slip`]) {
        const res = await call(who, 'GET', url);
        expect([403, 404], `${who} ${url}`).toContain(res.status);
      }
      // The lists: refused, or (another agency's owner) its own agency's queue, without this order.
      const listed = await call(who, 'GET', '/api/warehouse-orders?limit=200');
      if (listed.status === 200) expect(listed.body.data.map((r: { id: string }) => r.id)).not.toContain(fulfilmentId);
      else expect([403, 404]).toContain(listed.status);
      const counted = await call(who, 'GET', '/api/warehouse-orders/counts');
      if (counted.status === 200) expect(counted.body.data).toEqual({ to_pick: 0, packed: 0, shipped: 0, cannot_ship: 0, cancelled: 0 });
      else expect([403, 404]).toContain(counted.status);
      expect([403, 404]).toContain((await call(who, 'POST', `/api/warehouse-orders/${fulfilmentId}/pack`)).status);
    }
    // The agency reads but never works it.
    expect((await call(OWNER, 'POST', `/api/warehouse-orders/${fulfilmentId}/pack`)).status).toBe(403);
    // A fulfilment at a warehouse another warehouse team runs is not the demo warehouse's: 404, and not listed.
    const [team] = await db().insert(sellerTeams).values({ agencyId, name: 'Far Logistics', code: 'W3003', referralCode: 'REFW3003', sellerType: 'warehouse' }).returning();
    const [far] = await db().insert(warehouses).values({ agencyId, name: 'Far', code: 'FAR', warehouseTeamId: team!.id, priority: 99 }).returning();
    const [farOrder] = await db().insert(orders).values({ agencyId, sellerTeamId: seller.id, orderName: '#FAR-1', status: 'Approved' }).returning();
    const [farF] = await db().insert(warehouseFulfilments).values({ agencyId, orderId: farOrder!.id, warehouseId: far!.id, ownerTeamId: seller.id }).returning();
    expect((await call(WAREHOUSE, 'GET', `/api/warehouse-orders/${farF!.id}`)).status).toBe(404);
    expect((await call(WAREHOUSE, 'POST', `/api/warehouse-orders/${farF!.id}/pack`)).status).toBe(404);
    const listed = await call(WAREHOUSE, 'GET', '/api/warehouse-orders?limit=200');
    expect(listed.body.data.map((r: { id: string }) => r.id)).not.toContain(farF!.id);
    expect((await call(OWNER, 'GET', `/api/warehouse-orders/${farF!.id}`)).status).toBe(200);
  });

  it('packs: the order goes InProduction, its warehouse items too, with a timeline row', async () => {
    const res = await call(WAREHOUSE_STAFF, 'POST', `/api/warehouse-orders/${fulfilmentId}/pack`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.status).toBe('packed');
    expect(res.body.data.packedAt).toEqual(expect.any(String));
    const [o] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(o!.status).toBe('InProduction');
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(items.map((i) => i.status)).toEqual(['InProduction', 'InProduction']);
    const events = await db().select().from(orderEvents).where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.action, 'warehouse-pack')));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: 'status', fromStatus: 'Approved', toStatus: 'InProduction', message: 'Packed at DAL' });
    // Packing twice is refused.
    expect(await call(WAREHOUSE, 'POST', `/api/warehouse-orders/${fulfilmentId}/pack`)).toEqual({ status: 409, body: { message: WAREHOUSE_ORDER_MSG.notToPick } });
    const audits = await db().select().from(auditEntries).where(and(eq(auditEntries.entity, 'warehouse-fulfilment'), eq(auditEntries.entityId, fulfilmentId)));
    expect(audits.map((a) => a.action)).toEqual(['pack']);
  });

  it('ships: the shipment, the order InTransit, stock on hand and reserved down by exactly the quantities', async () => {
    const before = { tumbler: await level(product['WH-TUMBLER-20']!), tote: await level(product['WH-TOTE-NAT']!) };
    const res = await call(WAREHOUSE, 'POST', `/api/warehouse-orders/${fulfilmentId}/ship`, { trackingNumber: '1Z999AA10123456784', carrier: 'UPS', trackingUrl: 'https://ups.example/1Z' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'shipped', shipments: [{ trackingNumber: '1Z999AA10123456784', carrier: 'UPS', trackingUrl: 'https://ups.example/1Z' }] });
    const [o] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(o!.status).toBe('InTransit');
    const shipments = await db().select().from(orderShipments).where(eq(orderShipments.orderId, orderId));
    expect(shipments).toHaveLength(1);
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(items.every((i) => i.status === 'InTransit' && i.shipmentId === shipments[0]!.id)).toBe(true);
    expect(await level(product['WH-TUMBLER-20']!)).toEqual({ onHand: before.tumbler.onHand - 2, reserved: before.tumbler.reserved - 2 });
    expect(await level(product['WH-TOTE-NAT']!)).toEqual({ onHand: before.tote.onHand - 3, reserved: before.tote.reserved - 3 });
    const moves = await db().select().from(stockMovements).where(and(eq(stockMovements.agencyId, agencyId), eq(stockMovements.orderId, orderId), eq(stockMovements.kind, 'ship')));
    expect(moves.map((m) => [m.onHandDelta, m.reservedDelta, m.shipmentId]).sort()).toEqual([[-2, -2, shipments[0]!.id], [-3, -3, shipments[0]!.id]].sort());
    const [f] = await db().select().from(warehouseFulfilments).where(eq(warehouseFulfilments.id, fulfilmentId));
    expect(f).toMatchObject({ status: 'shipped', shipmentId: shipments[0]!.id });
    expect(f!.shippedAt).toBeInstanceOf(Date);
    // Shipped is final.
    expect((await call(WAREHOUSE, 'POST', `/api/warehouse-orders/${fulfilmentId}/ship`, { trackingNumber: 'X2', carrier: 'UPS' })).status).toBe(409);
    expect((await call(WAREHOUSE, 'POST', `/api/warehouse-orders/${fulfilmentId}/cannot-ship`, { reason: 'Too late now' })).status).toBe(409);
  });
});

describe('ship straight from to pick, and the refusals', () => {
  it('packs and ships in one call; a duplicate tracking number is 400 and changes nothing', async () => {
    const { order, fulfilmentId } = await approvedOrder();
    const tumbler = await level(product['WH-TUMBLER-20']!);
    // The tracking number another parcel of this order already carries.
    await db().insert(orderShipments).values({ orderId: order.id, agencyId, sellerTeamId: seller.id, trackingNumber: 'DUP-1', carrier: 'USPS' });
    const dup = await call(WAREHOUSE, 'POST', `/api/warehouse-orders/${fulfilmentId}/ship`, { trackingNumber: 'DUP-1', carrier: 'USPS' });
    expect(dup.status, JSON.stringify(dup.body)).toBe(400);
    expect(dup.body.errors).toHaveProperty('trackingNumber');
    expect(await level(product['WH-TUMBLER-20']!)).toEqual(tumbler);
    const [still] = await db().select().from(warehouseFulfilments).where(eq(warehouseFulfilments.id, fulfilmentId));
    expect(still!.status).toBe('to_pick');

    const bad = await call(WAREHOUSE, 'POST', `/api/warehouse-orders/${fulfilmentId}/ship`, { trackingNumber: '', carrier: 'USPS', trackingUrl: 'ftp://x' });
    expect(bad.status).toBe(400);

    const res = await call(WAREHOUSE_STAFF, 'POST', `/api/warehouse-orders/${fulfilmentId}/ship`, { trackingNumber: '9400100000000000000001', carrier: 'USPS' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.status).toBe('shipped');
    expect(res.body.data.packedAt).toEqual(expect.any(String));
    const [o] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(o!.status).toBe('InTransit');
    expect(await level(product['WH-TUMBLER-20']!)).toEqual({ onHand: tumbler.onHand - 2, reserved: tumbler.reserved - 2 });
  });

  it('404 for an unknown id; 409 for a cancelled order', async () => {
    expect((await call(WAREHOUSE, 'GET', '/api/warehouse-orders/01936b2e-0000-7000-8000-000000000000')).status).toBe(404);
    const { order, fulfilmentId } = await approvedOrder();
    const cancel = await call(OWNER, 'POST', '/api/orders/cancel', { ids: [order.id], reason: 'Customer changed their mind' });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const res = await call(WAREHOUSE, 'POST', `/api/warehouse-orders/${fulfilmentId}/pack`);
    expect(res.status).toBe(409);
    const list = await call(WAREHOUSE, 'GET', '/api/warehouse-orders?status=cancelled');
    expect(list.body.data.map((r: { id: string }) => r.id)).toContain(fulfilmentId);
  });
});

describe('cannot ship, resume', () => {
  it('reports a problem to the owner, the mapped agency user and the agency owners; the reservation stays; resume puts it back', async () => {
    const { order, fulfilmentId } = await approvedOrder();
    const tumbler = await level(product['WH-TUMBLER-20']!);
    const short = await call(WAREHOUSE, 'POST', `/api/warehouse-orders/${fulfilmentId}/cannot-ship`, { reason: 'no' });
    expect(short.status).toBe(400);

    const res = await call(WAREHOUSE_STAFF, 'POST', `/api/warehouse-orders/${fulfilmentId}/cannot-ship`, { reason: 'Tumbler box crushed, none left in good shape' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'cannot_ship', problem: 'Tumbler box crushed, none left in good shape' });
    expect(await level(product['WH-TUMBLER-20']!)).toEqual(tumbler);

    const title = WAREHOUSE_ORDER_MSG.cannotShip(order.orderName);
    const told = await db().select().from(notifications).where(eq(notifications.title, title));
    const [warehouseTeam] = await db().select().from(sellerTeams).where(eq(sellerTeams.name, 'Demo Warehouse'));
    const expected = new Set([seller.managerId, await userId(OWNER), warehouseTeam!.mappedUserId].filter(Boolean));
    expect(expected.size).toBeGreaterThanOrEqual(2);
    for (const id of expected) expect(told.map((n) => n.userId)).toContain(id);
    expect(told[0]!.content).toContain('Tumbler box crushed');

    expect((await call(WAREHOUSE, 'POST', `/api/warehouse-orders/${fulfilmentId}/pack`)).status).toBe(409);
    const again = await call(WAREHOUSE, 'POST', `/api/warehouse-orders/${fulfilmentId}/resume`);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ status: 'to_pick', problem: null });
    expect(await call(WAREHOUSE, 'POST', `/api/warehouse-orders/${fulfilmentId}/resume`)).toEqual({ status: 409, body: { message: WAREHOUSE_ORDER_MSG.notResumable } });
    const audits = await db().select().from(auditEntries).where(and(eq(auditEntries.entity, 'warehouse-fulfilment'), eq(auditEntries.entityId, fulfilmentId)));
    expect(audits.map((a) => a.action).sort()).toEqual(['cannot-ship', 'resume']);
  });
});

describe('the packing slip', () => {
  it('answers a PDF inline, without a price', async () => {
    const { fulfilmentId, order } = await approvedOrder();
    const res = await send(WAREHOUSE, 'GET', `/api/warehouse-orders/${fulfilmentId}/packing-slip`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="packing-slip-${order.orderName.replace(/[^\w.-]+/g, '')}.pdf"`);
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const { extractText } = await import('unpdf');
    const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
    expect(text).toContain('WH-TUMBLER-20');
    // pdf.js reads the combining dot below back as its base letter; the ship-to is there.
    expect(text.normalize('NFD').replace(/\p{M}/gu, '')).toContain('Nguyen Thi Minh');
    expect(text).not.toContain('$');
    expect(text).not.toMatch(/19\.99|49\.98/);
  });
});
