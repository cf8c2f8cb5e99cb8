/**
 * Change requests and item updates (docs/orders.md, "Change requests and item updates"): roles and
 * tenant 404s, approving applies the change, a SKU change re-prices a charged order through the
 * ledger (more, less, not enough balance), the preview changes nothing, order-with-old restores.
 */
import { and, asc, desc, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts, agencyCatalogs, basecostItems, catalogVariants, invoices, ledgerEntries, notifications, orderChangeRequests, orderItems, orders, orderShipments, sellerTeams, users } from '../src/db/schema/index';
import { postEntry } from '../src/modules/money/ledger';
import { useApiTest } from './helpers/api';
import { ledgerViolations } from './helpers/ledger-invariants';
import { PERSONA } from './helpers/personas';

const t = useApiTest();
const { call } = t;
const db = () => t.database.db;
const { OWNER, SUPPORT, STAFF, DESIGNER, SELLER, SELLER_ACCOUNTING: SELLER_ACC, OTHER_OWNER, OTHER_SELLER } = PERSONA;

type Team = typeof sellerTeams.$inferSelect;
let demo: Team;
/** Variants the team's group prices and the agency offers, cheapest first. */
let priced: { variantId: string; catalogId: string; sku: string; base: number }[];

beforeAll(async () => {
  demo = (await db().select().from(sellerTeams).where(eq(sellerTeams.name, 'Demo Seller')))[0]!;
  priced = await db()
    .select({ variantId: basecostItems.catalogVariantId, catalogId: catalogVariants.catalogId, sku: catalogVariants.catalogVariantCode, base: basecostItems.basePriceCents })
    .from(basecostItems)
    .innerJoin(catalogVariants, eq(catalogVariants.id, basecostItems.catalogVariantId))
    .innerJoin(agencyCatalogs, and(eq(agencyCatalogs.catalogId, catalogVariants.catalogId), eq(agencyCatalogs.agencyId, demo.agencyId)))
    .where(and(eq(basecostItems.basecostId, demo.basecostId!), eq(catalogVariants.archived, false)))
    .orderBy(asc(basecostItems.basePriceCents), asc(catalogVariants.catalogVariantCode));
  priced = priced.map((p) => ({ ...p, base: Number(p.base) }));
});

const cheap = () => priced[0]!;
const dear = () => priced[priced.length - 1]!;

let serial = 0;
async function makeOrder(status: string, variant = cheap(), over: Partial<typeof orders.$inferInsert> = {}) {
  const [order] = await db()
    .insert(orders)
    .values({ agencyId: demo.agencyId, sellerTeamId: demo.id, orderName: `CR-${++serial}`, status, addressStatus: 1, itemCount: 1, ...over })
    .returning();
  const [item] = await db()
    .insert(orderItems)
    .values({ orderId: order!.id, agencyId: demo.agencyId, sellerTeamId: demo.id, sku: variant.sku, catalogVariantId: variant.variantId, catalogId: variant.catalogId, quantity: 2, priceCents: 2499, artwork1: 'https://example.com/old.png' })
    .returning();
  return { order: order!, item: item! };
}

async function wallet() {
  const [row] = await db().select().from(accounts).where(and(eq(accounts.sellerTeamId, demo.id), eq(accounts.kind, 'wallet')));
  return Number(row!.balanceCents);
}
async function setWallet(cents: number) {
  const delta = cents - (await wallet());
  if (delta !== 0) {
    await db().transaction((tx) =>
      postEntry(tx, { agencyId: demo.agencyId, sellerTeamId: demo.id, account: 'wallet', type: 'adjustment', amountCents: delta, key: `test:cr:${++serial}`, description: 'test', actorId: null }),
    );
  }
}
/** An order approved (and so charged) through the real command. */
async function approvedOrder(variant = cheap()) {
  await setWallet(1_000_000);
  const made = await makeOrder('InReview', variant);
  const res = await call(OWNER, 'POST', '/api/orders/approve', { ids: [made.order.id] });
  expect(res.body.data.succeeded).toBe(1);
  return { ...made, order: await orderOf(made.order.id) };
}
const orderOf = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const itemOf = async (id: string) => (await db().select().from(orderItems).where(eq(orderItems.id, id)))[0]!;
const userId = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0]!.id;
const reupload = (itemId: string, url = 'https://example.com/new.png') => ({ orderItemId: itemId, reason: 'reupload_design', note: 'Wrong file', payload: { artworks: { artwork1: url } } });

describe('change requests', () => {
  it('lets the seller ask on an Approved order and both sides read it; others get 403 or 404', async () => {
    const { order, item } = await approvedOrder();
    const url = `/api/orders/${order.id}/change-requests`;
    const made = await call(SELLER, 'POST', url, reupload(item.id));
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ reason: 'reupload_design', status: 'pending', itemSku: item.sku, createdByEmail: SELLER });
    expect((await call(OWNER, 'POST', url, reupload(item.id))).status).toBe(403);
    expect((await call(SELLER_ACC, 'POST', url, reupload(item.id))).status).toBe(403);
    expect((await call(OTHER_SELLER, 'POST', url, reupload(item.id))).status).toBe(404);
    for (const email of [SELLER, OWNER, SUPPORT]) expect((await call(email, 'GET', url)).body.data).toHaveLength(1);
    // Staff and designers do not read the agency's orders.
    for (const email of [STAFF, DESIGNER]) expect((await call(email, 'GET', url)).status).toBe(403);
    expect((await call(OTHER_OWNER, 'GET', url)).status).toBe(404);
    expect((await call(OTHER_SELLER, 'GET', url)).status).toBe(404);
    const notes = await db().select().from(notifications).where(and(eq(notifications.userId, await userId(OWNER)), eq(notifications.title, 'Order change request')));
    expect(notes.some((n) => n.content.includes(order.orderName))).toBe(true);
  });

  it('refuses a request before approval, a missing artwork or SKU, and a short note', async () => {
    const { order, item } = await makeOrder('Unfulfilled');
    const url = `/api/orders/${order.id}/change-requests`;
    expect((await call(SELLER, 'POST', url, reupload(item.id))).status).toBe(400);
    const { order: ok, item: okItem } = await approvedOrder();
    const okUrl = `/api/orders/${ok.id}/change-requests`;
    expect((await call(SELLER, 'POST', okUrl, { ...reupload(okItem.id), payload: {} })).status).toBe(400);
    expect((await call(SELLER, 'POST', okUrl, { ...reupload(okItem.id), reason: 'change_catalog_code', payload: {} })).status).toBe(400);
    expect((await call(SELLER, 'POST', okUrl, { ...reupload(okItem.id), note: 'x' })).status).toBe(400);
  });

  it('applies the artworks when the agency approves, once, and tells the seller', async () => {
    const { order, item } = await approvedOrder();
    const made = await call(SELLER, 'POST', `/api/orders/${order.id}/change-requests`, reupload(item.id, 'https://example.com/fixed.png'));
    const id = made.body.data.id;
    expect((await call(OTHER_OWNER, 'PUT', '/api/orders/update-change-history', { id, status: 'approved' })).status).toBe(404);
    expect((await call(SELLER, 'PUT', '/api/orders/update-change-history', { id, status: 'approved' })).status).toBe(400);
    const res = await call(SUPPORT, 'PUT', '/api/orders/update-change-history', { id, status: 'approved', note: 'Done' });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('approved');
    expect((await itemOf(item.id)).artwork1).toBe('https://example.com/fixed.png');
    expect((await call(OWNER, 'PUT', '/api/orders/update-change-history', { id, status: 'canceled' })).status).toBe(400);
    const notes = await db().select().from(notifications).where(eq(notifications.userId, await userId(SELLER)));
    expect(notes.some((n) => n.content.includes(`${order.orderName} approved`))).toBe(true);
  });

  it('lets the seller cancel its own pending request, and the agency cancel one', async () => {
    const { order, item } = await approvedOrder();
    const url = `/api/orders/${order.id}/change-requests`;
    const a = (await call(SELLER, 'POST', url, reupload(item.id))).body.data.id;
    expect((await call(SELLER, 'PUT', '/api/orders/update-change-history', { id: a, status: 'canceled' })).body.data.status).toBe('canceled');
    const b = (await call(SELLER, 'POST', url, reupload(item.id))).body.data.id;
    expect((await call(OWNER, 'PUT', '/api/orders/update-change-history', { id: b, status: 'canceled' })).body.data.status).toBe('canceled');
    expect((await itemOf(item.id)).artwork1).toBe('https://example.com/old.png');
    const rows = await db().select().from(orderChangeRequests).where(eq(orderChangeRequests.orderId, order.id));
    expect(rows.every((r) => r.status === 'canceled' && r.resolvedAt)).toBe(true);
  });
});

describe('update-item-code', () => {
  it('charges the difference when the new SKU costs more, with its invoice', async () => {
    const { order, item } = await approvedOrder(cheap());
    const before = await wallet();
    const preview = await call(OWNER, 'PUT', '/api/orders/calc-order-basecost', { ids: [order.id], orderItemId: item.id, sku: dear().sku });
    expect(preview.body.data[0]).toMatchObject({ id: order.id, ok: true });
    const diff = preview.body.data[0].difference as number;
    expect(diff).toBeGreaterThan(0);
    expect((await itemOf(item.id)).sku).toBe(cheap().sku);
    const res = await call(OWNER, 'PUT', '/api/orders/update-item-code', { orderItemId: item.id, sku: dear().sku });
    expect(res.status).toBe(200);
    expect(res.body.data.difference).toBe(diff);
    expect(Math.round((before - (await wallet())) / 1) ).toBe(Math.round(diff * 100));
    const after = await orderOf(order.id);
    expect(Number(after.chargedCents)).toBe(Number(order.chargedCents) + Math.round(diff * 100));
    const changed = await itemOf(item.id);
    expect(changed).toMatchObject({ sku: dear().sku, catalogVariantId: dear().variantId, baseCostCents: dear().base });
    expect(await db().select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, `order:${order.id}:charge:1`))).toHaveLength(1);
    const inv = await db().select().from(invoices).where(and(eq(invoices.sellerTeamId, demo.id), like(invoices.note, `Order ${order.orderName}: item changed%`)));
    expect(inv).toMatchObject([{ type: 'OUT', sellerAmountCents: Math.round(diff * 100) }]);
  });

  it('refunds the difference when it costs less, and order-with-old restores the SKU and the charge', async () => {
    const { order, item } = await approvedOrder(dear());
    const start = await wallet();
    const res = await call(SUPPORT, 'PUT', '/api/orders/update-item-code', { orderItemId: item.id, sku: cheap().sku });
    expect(res.body.data.difference).toBeLessThan(0);
    expect(await wallet()).toBe(start - Math.round(res.body.data.difference * 100));
    expect(await db().select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, `order:${order.id}:recharge-refund:1`))).toHaveLength(1);

    const undo = await call(OWNER, 'PATCH', `/api/orders/${order.id}/order-with-old`);
    expect(undo.status).toBe(200);
    expect(await wallet()).toBe(start);
    expect((await itemOf(item.id)).sku).toBe(dear().sku);
    expect(Number((await orderOf(order.id)).chargedCents)).toBe(Number(order.chargedCents));
    expect(await db().select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, `order:${order.id}:charge:2`))).toHaveLength(1);
    expect((await call(OWNER, 'PATCH', `/api/orders/${order.id}/order-with-old`)).status).toBe(400);
  });

  it('refuses with 409 and changes nothing when the wallet cannot pay the difference', async () => {
    const { order, item } = await approvedOrder(cheap());
    await setWallet(0);
    const res = await call(OWNER, 'PUT', '/api/orders/update-item-code', { orderItemId: item.id, sku: dear().sku });
    expect(res.status).toBe(409);
    expect((await itemOf(item.id)).sku).toBe(cheap().sku);
    expect(Number((await orderOf(order.id)).chargedCents)).toBe(Number(order.chargedCents));
    expect(await wallet()).toBe(0);
  });

  it('lets the seller change a SKU only before approval, and never another tenant', async () => {
    const { item: approvedItem } = await approvedOrder();
    expect((await call(SELLER, 'PUT', '/api/orders/update-item-code', { orderItemId: approvedItem.id, sku: dear().sku })).status).toBe(400);
    const { order, item } = await makeOrder('Unfulfilled');
    const res = await call(SELLER, 'PUT', '/api/orders/update-item-code', { orderItemId: item.id, sku: dear().sku });
    expect(res.status).toBe(200);
    expect(res.body.data.difference).toBe(0);
    expect((await itemOf(item.id)).sku).toBe(dear().sku);
    expect((await call(OTHER_SELLER, 'PUT', '/api/orders/update-item-code', { orderItemId: item.id, sku: cheap().sku })).status).toBe(404);
    expect((await call(OTHER_OWNER, 'PUT', '/api/orders/update-item-code', { orderItemId: item.id, sku: cheap().sku })).status).toBe(404);
    expect((await call(STAFF, 'PUT', '/api/orders/update-item-code', { orderItemId: item.id, sku: cheap().sku })).status).toBe(403);
    expect((await call(OTHER_OWNER, 'PUT', '/api/orders/calc-order-basecost', { ids: [order.id] })).body.data[0]).toMatchObject({ ok: false });
    expect((await call(OWNER, 'PUT', '/api/orders/update-item-code', { orderItemId: item.id, sku: 'NO-SUCH-SKU' })).status).toBe(400);
  });

  it('approving a change_catalog_code request re-prices like a direct change', async () => {
    const { order, item } = await approvedOrder(cheap());
    const made = await call(SELLER, 'POST', `/api/orders/${order.id}/change-requests`, { orderItemId: item.id, reason: 'change_catalog_code', note: 'Wrong size', payload: { sku: dear().sku } });
    const res = await call(OWNER, 'PUT', '/api/orders/update-change-history', { id: made.body.data.id, status: 'approved' });
    expect(res.status).toBe(200);
    expect((await itemOf(item.id)).sku).toBe(dear().sku);
    expect(Number((await orderOf(order.id)).chargedCents)).toBeGreaterThan(Number(order.chargedCents));
  });
});

describe('edges', () => {
  it('refuses requests and agency SKU changes once the order has a shipment, and previews an uncharged order without a difference', async () => {
    const { order, item } = await approvedOrder();
    await db().update(orders).set({ status: 'InProduction' }).where(eq(orders.id, order.id));
    expect((await call(SELLER, 'POST', `/api/orders/${order.id}/change-requests`, reupload(item.id))).status).toBe(201);
    await db().insert(orderShipments).values({ orderId: order.id, agencyId: demo.agencyId, sellerTeamId: demo.id, trackingNumber: `TN-${++serial}`, carrier: 'USPS' });
    expect((await call(SELLER, 'POST', `/api/orders/${order.id}/change-requests`, reupload(item.id))).status).toBe(400);
    expect((await call(OWNER, 'PUT', '/api/orders/update-item-code', { orderItemId: item.id, sku: dear().sku })).status).toBe(400);
    const { order: fresh } = await makeOrder('Unfulfilled');
    const preview = await call(SELLER, 'PUT', '/api/orders/calc-order-basecost', { ids: [fresh.id] });
    expect(preview.body.data[0]).toMatchObject({ id: fresh.id, ok: true, difference: null });
  });

  it('order-with-old also restores replaced artworks', async () => {
    const { order, item } = await approvedOrder();
    const id = (await call(SELLER, 'POST', `/api/orders/${order.id}/change-requests`, reupload(item.id, '/files/new-art.png'))).body.data.id;
    await call(OWNER, 'PUT', '/api/orders/update-change-history', { id, status: 'approved' });
    expect((await itemOf(item.id)).artwork1).toBe('/files/new-art.png');
    expect((await call(OWNER, 'PATCH', `/api/orders/${order.id}/order-with-old`)).status).toBe(200);
    expect((await itemOf(item.id)).artwork1).toBe('https://example.com/old.png');
  });
});

describe('ledger', () => {
  it('keeps every ledger invariant', async () => {
    expect(await ledgerViolations(db())).toEqual([]);
    const last = await db().select().from(ledgerEntries).orderBy(desc(ledgerEntries.createdAt)).limit(1);
    expect(last).toHaveLength(1);
  });
});
