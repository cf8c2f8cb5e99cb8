/**
 * Issue 12 item 2: the sale price of a store-front (proxy) order is what the store recorded when it
 * created the order (orders.sale_total_cents, order_items.sale_price_cents). The seller's edits change
 * the prices it sees, never the recorded sale; order profit reads only the recorded sale.
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, orderItems, orders, proxies } from '../src/db/schema/index';
import { useApiTest } from './helpers/api';
import { PERSONA, insertPricedOrder, teamNamed, type Team } from './helpers/orders';

const t = useApiTest();
const { call } = t;
const db = () => t.database.db;
const { OWNER, SELLER } = PERSONA;

const GOOD = { fullName: 'Ada Lovelace', address1: '1 Main St', address2: '', city: 'Austin', province: 'TX', zipCode: '78701', country: 'United States', countryCode: 'US', phone: '+1 (512) 555-0100' };
const SALE_CENTS = 4_998;
let serial = 0;

/** An Unfulfilled order of Demo Seller; a store-front one carries the sale its store recorded at creation. */
async function storeFrontOrder(opts: { recordedSale: boolean }) {
  const demo: Team = await teamNamed(db(), 'Demo Seller');
  const [proxy] = await db().select().from(proxies).where(eq(proxies.agencyId, demo.agencyId)).limit(1);
  serial += 1;
  const order = await insertPricedOrder(db(), demo, {
    orderName: `#SALE-${serial}`, status: 'Unfulfilled', quantities: [2], variantOffset: serial,
    over: { ...GOOD, proxyId: proxy!.id, totalPriceCents: SALE_CENTS, subTotalPriceCents: SALE_CENTS, saleTotalCents: opts.recordedSale ? SALE_CENTS : null },
  });
  if (opts.recordedSale) await db().update(orderItems).set({ salePriceCents: 2_499 }).where(eq(orderItems.orderId, order.id));
  return order;
}

const itemsOf = (id: string) => db().select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.position));
const orderOf = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;

async function profitCents(orderId: string) {
  const rows = await db().select().from(ledgerEntries)
    .where(and(eq(ledgerEntries.refType, 'order'), eq(ledgerEntries.refId, orderId), eq(ledgerEntries.type, 'order_profit')));
  return rows.reduce((sum, e) => sum + Number(e.amountCents), 0);
}

/** The seller asks a sale price of its own on every line (PUT /api/orders/:id). */
async function sellerSetsPrice(orderId: string, price: number) {
  const lines = await itemsOf(orderId);
  const res = await call(SELLER, 'PUT', `/api/orders/${orderId}`, {
    ...GOOD, items: lines.map((l) => ({ id: l.id, sku: l.sku, quantity: l.quantity, price })),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Submit, approve, pickup, tracking, delivered: the order becomes Fulfilled. */
async function lifecycleToFulfilled(orderId: string) {
  for (const [email, action] of [[SELLER, 'submit'], [OWNER, 'approve'], [OWNER, 'pickup']] as const) {
    const res = await call(email, 'POST', `/api/orders/${action}`, { ids: [orderId] });
    expect(res.body.data?.results?.[0]?.ok ?? res.status < 300, `${action}: ${JSON.stringify(res.body)}`).toBe(true);
  }
  const added = await call(OWNER, 'POST', `/api/tracking/${orderId}/shipments`, { trackingNumber: `1ZSALE${serial}${Date.now() % 100000}`, carrier: 'UPS' });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  const done = await call(OWNER, 'PATCH', `/api/tracking/shipments/${added.body.data.shipment.id}/delivered`);
  expect(done.body.data.status).toBe('Fulfilled');
}

describe('the sale price of a store-front order (issue 12 item 2)', () => {
  it('a seller who sets items[].price to 50000 is credited only the sale its store recorded', async () => {
    const order = await storeFrontOrder({ recordedSale: true });
    await sellerSetsPrice(order.id, 50_000);
    // The seller's display price changed (the spec lets it edit prices while Unfulfilled)...
    expect((await orderOf(order.id)).totalPriceCents).toBe(2 * 5_000_000);
    await lifecycleToFulfilled(order.id);
    // ...the profit is the recorded sale, not $100,000.
    expect(await profitCents(order.id)).toBe(SALE_CENTS);
    const calc = await call(OWNER, 'PUT', '/api/profits/calc-order-profit', { orderId: order.id });
    expect(calc.body.data).toMatchObject({ due: SALE_CENTS / 100, moved: 0 });
  });

  it("the seller's edit never writes the recorded sale of the order or of a kept line", async () => {
    const order = await storeFrontOrder({ recordedSale: true });
    const [line] = await itemsOf(order.id);
    await sellerSetsPrice(order.id, 1);
    const res = await call(SELLER, 'PUT', `/api/orders/${order.id}`, {
      ...GOOD, items: [{ id: line!.id, sku: line!.sku, quantity: 9, price: 999 }, { sku: line!.sku, quantity: 1, price: 999 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await orderOf(order.id)).saleTotalCents).toBe(SALE_CENTS);
    const lines = await itemsOf(order.id);
    expect(lines.map((l) => [l.priceCents, l.salePriceCents])).toEqual([[99_900, 2_499], [99_900, null]]);
  });

  it('a store-front order without a recorded sale earns nothing, whatever its prices', async () => {
    const order = await storeFrontOrder({ recordedSale: false });
    await sellerSetsPrice(order.id, 50_000);
    await lifecycleToFulfilled(order.id);
    expect(await profitCents(order.id)).toBe(0);
    const calc = await call(OWNER, 'PUT', '/api/profits/calc-order-profit', { orderId: order.id });
    expect(calc.body.data).toMatchObject({ due: 0, posted: 0, moved: 0 });
  });

  it('the seed records the sale of its store-front orders, and their profit is what the rule pays', async () => {
    const demo = await teamNamed(db(), 'Demo Seller');
    const fulfilled = await db().select().from(orders)
      .where(and(eq(orders.sellerTeamId, demo.id), eq(orders.status, 'Fulfilled'), isNotNull(orders.proxyId)));
    const seeded = fulfilled.filter((o) => !o.orderName.startsWith('#SALE-'));
    expect(seeded.length).toBeGreaterThan(0);
    for (const order of seeded) {
      expect(order.saleTotalCents, order.orderName).not.toBeNull();
      expect((await itemsOf(order.id)).every((i) => i.salePriceCents !== null), order.orderName).toBe(true);
      const calc = await call(OWNER, 'PUT', '/api/profits/calc-order-profit', { orderId: order.id });
      expect(calc.body.data, order.orderName).toMatchObject({ due: Number(order.saleTotalCents) / 100, moved: 0 });
    }
  });
});
