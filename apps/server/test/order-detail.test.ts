import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_MSG, ORDER_DETAIL_MSG } from '@fbo/shared';
import { agencies, agencyCatalogs, auditEntries, catalogVariants, notifications, orderEvents, orderItems, orders, sellerTeams, users } from '../src/db/schema/index';
import { useApiTest } from './helpers/api';
import { PERSONA } from './helpers/personas';

/**
 * Order detail API (docs/orders.md, "Order detail", "Address check"). The test makes its own
 * orders, so it does not depend on what the demo seed holds.
 */
const t = useApiTest();
const { call } = t;
let demoAgency: string;
let demoTeam: string;
let otherAgency: string;
let otherTeam: string;
let skus: string[];
let firstVariant: { id: string; catalogId: string };

const { SELLER, SELLER_ACCOUNTING: SELLER_ACC, SELLER_SUPPORT, OWNER, SUPPORT, STAFF, DESIGNER, EXPORTER, OTHER_OWNER, OTHER_SELLER } = PERSONA;

const GOOD = { fullName: 'Ada Lovelace', address1: '1 Main St', address2: '', city: 'Austin', province: 'TX', zipCode: '78701', country: 'United States', countryCode: 'US', phone: '+1 (512) 555-0100' };

beforeAll(async () => {
  const db = t.database.db;
  const rows = await db.select().from(agencies);
  demoAgency = rows.find((a) => a.code === 'DEMO')!.id;
  otherAgency = rows.find((a) => a.code === 'OTHER')!.id;
  demoTeam = (await db.select().from(sellerTeams).where(eq(sellerTeams.name, 'Demo Seller')))[0]!.id;
  otherTeam = (await db.select().from(sellerTeams).where(eq(sellerTeams.name, 'Other Seller')))[0]!.id;
  const offered = await db
    .select({ code: catalogVariants.catalogVariantCode, id: catalogVariants.id, catalogId: catalogVariants.catalogId })
    .from(catalogVariants)
    .innerJoin(agencyCatalogs, and(eq(agencyCatalogs.catalogId, catalogVariants.catalogId), eq(agencyCatalogs.agencyId, demoAgency)))
    .where(eq(catalogVariants.archived, false))
    .limit(2);
  skus = offered.map((o) => o.code);
  firstVariant = offered[0]!;
});

let seq = 0;
/** An order of Demo Seller (or another team) made for one test. */
async function makeOrder(values: Partial<typeof orders.$inferInsert> = {}) {
  seq += 1;
  const [order] = await t.database.db
    .insert(orders)
    .values({ agencyId: demoAgency, sellerTeamId: demoTeam, orderName: `#DT-${seq}`, ...GOOD, zipCode: '7870', addressStatus: 0, totalPriceCents: 5000, chargedCents: 0, ...values })
    .returning();
  await t.database.db.insert(orderItems).values({ orderId: order!.id, agencyId: order!.agencyId, sellerTeamId: order!.sellerTeamId, sku: skus[0]!, catalogVariantId: firstVariant.id, catalogId: firstVariant.catalogId, quantity: 1, priceCents: 2500, artwork1: 'https://example.com/a.png' });
  return order!;
}

const get = (email: string, id: string) => call(email, 'GET', `/api/orders/${id}`);

describe('GET /api/orders/:id', () => {
  it('answers the whole order to its seller, with costs, items, actions and the address problems', async () => {
    const o = await makeOrder({ orderName: '', designCostCents: 300, chargedCents: 1000, totalRefundCents: 200 });
    const { status, body } = await get(SELLER, o.id);
    expect(status).toBe(200);
    const d = body.data;
    expect(d.orderNameDisplay).toBe('____');
    expect(d.sellerTeam.name).toBe('Demo Seller');
    expect(d.items).toHaveLength(1);
    expect(d.items[0]).toMatchObject({ sku: skus[0], catalogVariantCode: skus[0], quantity: 1, price: 25, artworks: [{ slot: 1, url: 'https://example.com/a.png' }] });
    expect(d.costs).toEqual({ baseCost: 0, shippingCost: 0, charged: 10, designCost: 3, refunded: 2, estimatedProfit: 50 - 10 - 3 + 2 });
    expect(d.addressProblems[0]).toContain('Zip code');
    expect(d.actions).toEqual(expect.arrayContaining(['submit', 'hold', 'cancel']));
    expect(d.actions).not.toContain('approve');
    expect(d.can).toMatchObject({ edit: true, editAddress: true, confirmAddress: true, addNote: true, internalNote: false });
  });

  it('gives the agency its side of the actions and read-only roles none', async () => {
    const o = await makeOrder({ status: 'InReview' });
    expect((await get(OWNER, o.id)).body.data.actions).toEqual(expect.arrayContaining(['approve', 'reject', 'hold', 'cancel']));
    expect((await get(SUPPORT, o.id)).body.data.actions).toContain('approve');
    const exporter = await get(EXPORTER, o.id);
    expect(exporter.status).toBe(200);
    expect(exporter.body.data.actions).toEqual([]);
    expect(exporter.body.data.can.addNote).toBe(false);
    const acc = await get(SELLER_ACC, o.id);
    expect(acc.status).toBe(200);
    expect(acc.body.data.actions).toEqual([]);
    expect(acc.body.data.can.edit).toBe(false);
  });

  it('hides other tenants (404), refuses roles without orders (403) and shows designers only design requests', async () => {
    const o = await makeOrder();
    const foreign = await makeOrder({ agencyId: otherAgency, sellerTeamId: otherTeam });
    expect((await get(OTHER_OWNER, o.id)).status).toBe(404);
    expect((await get(OTHER_SELLER, o.id)).status).toBe(404);
    expect((await get(OWNER, foreign.id)).status).toBe(404);
    expect((await get(SELLER, foreign.id)).status).toBe(404);
    expect((await get(STAFF, o.id)).status).toBe(403);
    expect((await get(DESIGNER, o.id)).status).toBe(404);
    const design = await makeOrder({ hireDesignStatus: 'assign' });
    const d = await get(DESIGNER, design.id);
    expect(d.status).toBe(200);
    expect(d.body.data.actions).toEqual([]);
    expect((await call(SELLER, 'GET', '/api/orders/not-a-uuid')).status).toBe(400);
    expect((await call(SELLER, 'GET', `/api/orders/${crypto.randomUUID()}`)).status).toBe(404);
  });
});

describe('PUT /api/orders/:id', () => {
  it('fixes the address: Valid, a timeline event and an audit entry', async () => {
    const o = await makeOrder();
    const { status, body } = await call(SELLER, 'PUT', `/api/orders/${o.id}`, { ...GOOD, zipCode: "'78701" });
    expect(status).toBe(200);
    expect(body.data.zipCode).toBe('78701');
    expect(body.data.addressStatus).toBe(1);
    expect(body.data.addressProblems).toEqual([]);
    expect(body.data.timeline[0]).toMatchObject({ kind: 'address', action: 'update', actorEmail: SELLER });
    const audits = await t.database.db.select().from(auditEntries).where(and(eq(auditEntries.entityId, o.id), eq(auditEntries.action, 'address_update')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toMatchObject({ zipCode: '78701', addressStatus: 1 });
  });

  it('keeps a Verified address saved unchanged, and re-checks one that changes', async () => {
    const o = await makeOrder({ addressStatus: 2 });
    const same = await call(SELLER, 'PUT', `/api/orders/${o.id}`, { ...GOOD, zipCode: '7870' });
    expect(same.body.data.addressStatus).toBe(2);
    const changed = await call(SELLER, 'PUT', `/api/orders/${o.id}`, { ...GOOD, zipCode: '78702' });
    expect(changed.body.data.addressStatus).toBe(1);
  });

  it('flags a destination the agency excludes as cannot ship', async () => {
    const o = await makeOrder();
    const { body } = await call(SELLER, 'PUT', `/api/orders/${o.id}`, { ...GOOD, city: 'Juneau', province: 'AK', zipCode: '99801' });
    expect(body.data.cannotShip).toBe(true);
  });

  it('replaces the items: SKU resolved among the agency catalogs, totals recomputed', async () => {
    const o = await makeOrder({ shippingFeeCents: 500 });
    const before = await get(SELLER, o.id);
    const items = [
      { id: before.body.data.items[0].id, sku: skus[0]!.toLowerCase(), quantity: 2, price: 10.5 },
      { sku: skus[1] ?? skus[0]!, quantity: 1, price: 4, artwork2: 'https://example.com/b.png' },
    ];
    const { status, body } = await call(SELLER_SUPPORT, 'PUT', `/api/orders/${o.id}`, { ...GOOD, shippingMethod: 'express', items });
    expect(status).toBe(200);
    expect(body.data.items.map((i: { sku: string; quantity: number }) => [i.sku, i.quantity])).toEqual([[skus[0], 2], [skus[1] ?? skus[0], 1]]);
    expect(body.data.items[0].id).toBe(before.body.data.items[0].id);
    expect(body.data.items[0].artworks).toHaveLength(1);
    expect(body.data.items[1].artworks).toEqual([{ slot: 2, url: 'https://example.com/b.png' }]);
    expect(body.data.subTotalPrice).toBe(25);
    expect(body.data.totalPrice).toBe(30);
    expect(body.data.shippingMethod).toBe('express');
    expect(body.data.timeline[0]).toMatchObject({ kind: 'item', action: 'update' });
  });

  it('refuses an unknown SKU, a bad quantity, and items outside Unfulfilled or Rejected', async () => {
    const o = await makeOrder();
    const unknown = await call(SELLER, 'PUT', `/api/orders/${o.id}`, { ...GOOD, items: [{ sku: 'NO-SUCH-SKU', quantity: 1, price: 1 }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(ORDER_DETAIL_MSG.unknownSku('NO-SUCH-SKU'));
    expect(unknown.body.errors).toEqual({ 'items.0.sku': ORDER_DETAIL_MSG.unknownSku('NO-SUCH-SKU') });
    const zero = await call(SELLER, 'PUT', `/api/orders/${o.id}`, { ...GOOD, items: [{ sku: skus[0], quantity: 0, price: 1 }] });
    expect(zero.status).toBe(400);
    const decimals = await call(SELLER, 'PUT', `/api/orders/${o.id}`, { ...GOOD, items: [{ sku: skus[0], quantity: 1, price: 1.234 }] });
    expect(decimals.status).toBe(400);
    const script = await call(SELLER, 'PUT', `/api/orders/${o.id}`, { ...GOOD, items: [{ sku: skus[0], quantity: 1, price: 1, artwork1: 'javascript:alert(1)' }] });
    expect(script.status).toBe(400);
    const local = await call(SELLER, 'PUT', `/api/orders/${o.id}`, { ...GOOD, items: [{ sku: skus[0], quantity: 1, price: 1, artwork1: '/cms/demo/tee.svg' }] });
    expect(local.body.data.items[0].artworks).toEqual([{ slot: 1, url: '/cms/demo/tee.svg' }]);
    const review = await makeOrder({ status: 'InReview' });
    const items = await call(SELLER, 'PUT', `/api/orders/${review.id}`, { ...GOOD, items: [{ sku: skus[0], quantity: 1, price: 1 }] });
    expect(items).toMatchObject({ status: 400, body: { message: ORDER_DETAIL_MSG.notEditable } });
    // The address alone may still change before production.
    expect((await call(OWNER, 'PUT', `/api/orders/${review.id}`, GOOD)).status).toBe(200);
    const produced = await makeOrder({ status: 'InProduction' });
    expect(await call(SELLER, 'PUT', `/api/orders/${produced.id}`, GOOD)).toMatchObject({ status: 400, body: { message: ORDER_DETAIL_MSG.addressLocked } });
  });

  it('refuses readers (403) and other tenants (404)', async () => {
    const o = await makeOrder();
    expect((await call(SELLER_ACC, 'PUT', `/api/orders/${o.id}`, GOOD)).status).toBe(403);
    expect((await call(EXPORTER, 'PUT', `/api/orders/${o.id}`, GOOD)).status).toBe(403);
    expect((await call(OTHER_SELLER, 'PUT', `/api/orders/${o.id}`, GOOD)).status).toBe(404);
    expect((await call(OTHER_OWNER, 'PUT', `/api/orders/${o.id}`, GOOD)).status).toBe(404);
    const missing = await call(SELLER, 'PUT', `/api/orders/${o.id}`, { fullName: 'x' });
    expect(missing.status).toBe(400);
  });
});

describe('customer, address confirm and checking', () => {
  it('updates the customer and re-checks the name and phone', async () => {
    const o = await makeOrder({ zipCode: '78701', addressStatus: 1 });
    const bad = await call(SELLER, 'POST', `/api/orders/${o.id}/customer/update`, { fullName: 'Bo', email: 'nope', phone: '' });
    expect(bad.status).toBe(400);
    const badPhone = await call(SELLER, 'POST', `/api/orders/${o.id}/customer/update`, { fullName: 'Bo Diddley', email: 'bo@example.com', phone: 'call me' });
    expect(badPhone.status).toBe(200);
    expect(badPhone.body.message).toBe('Update success!');
    expect(badPhone.body.data).toMatchObject({ fullName: 'Bo Diddley', email: 'bo@example.com', addressStatus: 0 });
    expect(badPhone.body.data.addressProblems).toContain(ADDRESS_MSG.phone);
    expect(badPhone.body.data.timeline[0]).toMatchObject({ kind: 'customer', action: 'update' });
    expect((await call(OTHER_SELLER, 'POST', `/api/orders/${o.id}/customer/update`, { fullName: 'X', email: '', phone: '' })).status).toBe(404);
    expect((await call(SELLER_ACC, 'POST', `/api/orders/${o.id}/customer/update`, { fullName: 'X', email: '', phone: '' })).status).toBe(403);
  });

  it('confirms an address with a format problem as Verified, never one missing a required part', async () => {
    const o = await makeOrder();
    const ok = await call(SUPPORT, 'POST', `/api/orders/${o.id}/address/confirm`);
    expect(ok.status).toBe(200);
    expect(ok.body.data.addressStatus).toBe(2);
    expect(ok.body.data.timeline[0]).toMatchObject({ kind: 'address', action: 'confirm' });
    const missing = await makeOrder({ address1: '' });
    expect(await call(SELLER, 'POST', `/api/orders/${missing.id}/address/confirm`)).toMatchObject({ status: 400, body: { message: ADDRESS_MSG.confirmRefused } });
    const produced = await makeOrder({ status: 'Fulfilled' });
    expect((await call(SELLER, 'POST', `/api/orders/${produced.id}/address/confirm`)).status).toBe(400);
    expect((await call(OTHER_OWNER, 'POST', `/api/orders/${o.id}/address/confirm`)).status).toBe(404);
    expect((await call(EXPORTER, 'POST', `/api/orders/${o.id}/address/confirm`)).status).toBe(403);
  });

  it('re-runs the rules on checking (Checking -> Valid, Verified -> Invalid)', async () => {
    const good = await makeOrder({ zipCode: '78701', addressStatus: 3 });
    expect((await call(SELLER, 'POST', `/api/orders/${good.id}/address/checking`)).body.data.addressStatus).toBe(1);
    const bad = await makeOrder({ addressStatus: 2 });
    const res = await call(OWNER, 'POST', `/api/orders/${bad.id}/address/checking`);
    expect(res.body.data.addressStatus).toBe(0);
    expect(res.body.message).toBe('Address checked');
  });

  it('confirms addresses in bulk, answering per order', async () => {
    const a = await makeOrder();
    const b = await makeOrder({ address1: '' });
    const foreign = await makeOrder({ agencyId: otherAgency, sellerTeamId: otherTeam });
    const { status, body } = await call(SELLER, 'POST', '/api/orders/confirm-address', { ids: [a.id, b.id, foreign.id] });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ succeeded: 1, failed: 2 });
    expect(body.data.results).toEqual([
      { id: a.id, ok: true, status: 'Unfulfilled' },
      { id: b.id, ok: false, message: ADDRESS_MSG.confirmRefused },
      { id: foreign.id, ok: false, message: ORDER_DETAIL_MSG.notFound },
    ]);
    expect((await call(SELLER, 'POST', '/api/orders/confirm-address', { ids: [] })).status).toBe(400);
  });
});

describe('with the commands', () => {
  it('shows a command in the timeline, newest first, and the actions that follow', async () => {
    const o = await makeOrder();
    await call(SELLER, 'POST', `/api/orders/${o.id}/notes`, { message: 'first' });
    const held = await call(SELLER, 'POST', '/api/orders/hold', { ids: [o.id], reason: 'Waiting for the customer' });
    expect(held.body.data.succeeded).toBe(1);
    const d = (await get(SELLER, o.id)).body.data;
    expect(d.status).toBe('Hold');
    expect(d.statusReason).toBe('Waiting for the customer');
    expect(d.timeline.map((e: { kind: string }) => e.kind)).toEqual(['status', 'note']);
    expect(d.timeline[0]).toMatchObject({ action: 'hold', fromStatus: 'Unfulfilled', toStatus: 'Hold' });
    expect(d.actions).toEqual(expect.arrayContaining(['unhold', 'cancel']));
    expect(d.can.edit).toBe(false);
  });
});

describe('POST /api/orders/:id/notes', () => {
  it('adds notes; internal ones are the agency’s and hidden from the seller', async () => {
    const o = await makeOrder();
    expect((await call(SELLER, 'POST', `/api/orders/${o.id}/notes`, { message: 'Please gift wrap' })).status).toBe(200);
    expect(await call(SELLER, 'POST', `/api/orders/${o.id}/notes`, { message: 'x', internal: true })).toMatchObject({ status: 400, body: { message: ORDER_DETAIL_MSG.internalOnlyAgency } });
    const internal = await call(OWNER, 'POST', `/api/orders/${o.id}/notes`, { message: 'Customer is a reseller', internal: true });
    expect(internal.body.data.timeline[0]).toMatchObject({ kind: 'note', message: 'Customer is a reseller', internal: true, actorEmail: OWNER });
    const seen = (await get(SELLER, o.id)).body.data.timeline.map((e: { message: string }) => e.message);
    expect(seen).toEqual(['Please gift wrap']);
    expect((await call(SELLER, 'POST', `/api/orders/${o.id}/notes`, { message: '' })).status).toBe(400);
    expect((await call(SELLER, 'POST', `/api/orders/${o.id}/notes`, { message: 'a'.repeat(1001) })).body.message).toBeTruthy();
    expect((await call(SELLER_ACC, 'POST', `/api/orders/${o.id}/notes`, { message: 'hi' })).status).toBe(403);
    expect((await call(OTHER_OWNER, 'POST', `/api/orders/${o.id}/notes`, { message: 'hi' })).status).toBe(404);
    const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, o.id));
    expect(events).toHaveLength(2);
    // The seller's note told the agency's owner; the internal one told no one.
    const [owner] = await t.database.db.select().from(users).where(eq(users.email, OWNER));
    const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, owner!.id));
    expect(told.filter((n) => n.content.includes('Please gift wrap'))).toHaveLength(1);
    expect(told.filter((n) => n.content.includes('reseller'))).toHaveLength(0);
    await call(SUPPORT, 'POST', `/api/orders/${o.id}/notes`, { message: 'Ships tomorrow' });
    const [manager] = await t.database.db.select().from(users).where(eq(users.email, SELLER));
    const sellerTold = await t.database.db.select().from(notifications).where(eq(notifications.userId, manager!.id));
    expect(sellerTold.filter((n) => n.content.includes('Ships tomorrow'))).toHaveLength(1);
  });
});
