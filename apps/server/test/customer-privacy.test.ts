/**
 * A customer's privacy requests (docs/customers.md "Privacy", issue 18 item 2): the data export holds the customer and
 * its orders (items, tracking) and nothing of another buyer; the erase goes through the privacy module's erase
 * service, erasing the closed orders now while an open order waits, then completes once it closes; a repeat answers
 * the same erasure; who may erase (the agency's owner, the team's manager; never customer support), and another
 * tenant's or another team's customer is not found. A shop's customers/redact erases that shop's orders only: a
 * customer who also bought through a file keeps its record, filled from the orders left.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CUSTOMER_MSG } from '@fbo/shared';
import { useApiTest } from './helpers/api';
import { PERSONA } from './helpers/personas';
import { insertPricedOrder, teamNamed, type Team } from './helpers/orders';
import { auditEntries, customerOrders, customers, orderShipments, orders, privacyErasures, stores } from '../src/db/schema/index';
import { linkCustomers } from '../src/modules/customers';
import { ERASED, completeWaitingErasures, handleShopifyPrivacy } from '../src/modules/privacy';

const t = useApiTest();
const { call, send } = t;
const db = () => t.database.db;
const { SELLER, SELLER_SUPPORT, SELLER_ACCOUNTING, OWNER, SUPPORT, STAFF, OTHER_OWNER, OTHER_SELLER, PAW, WAREHOUSE } = PERSONA;
const URL = '/api/customers';

/** Unique values: found nowhere in the seeded data. */
const tag = `cp${Date.now().toString(36)}`;
const buyer = (n: string) => ({
  fullName: `Petra ${n} ${tag}`, email: `petra.${n}.${tag}@buyers.test`, phone: '+1 555 0142 7781', address1: `${n} Privacy Road`, address2: '',
  city: 'Keeptown', province: 'CA', zipCode: '94016', country: 'United States', countryCode: 'US',
});

let team: Team;

/** An order of `who` in the Demo Seller team, linked to its customer as the order writers do. */
async function orderOf(who: ReturnType<typeof buyer>, name: string, status: string, over: Partial<typeof orders.$inferInsert> = {}) {
  const order = await insertPricedOrder(db(), team, { orderName: `#${name}-${tag}`, status, quantities: [2, 1], over: { ...who, totalPriceCents: 5497, ...over } });
  await db().transaction((tx) => linkCustomers(tx, team.agencyId, [order.id]));
  return order;
}

async function customerIdOf(orderId: string): Promise<string | null> {
  const [row] = await db().select().from(customerOrders).where(eq(customerOrders.orderId, orderId));
  return row?.customerId ?? null;
}

const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;

beforeAll(async () => {
  team = await teamNamed(db(), 'Demo Seller');
});

describe('the data export', () => {
  const petra = buyer('one');
  const other = buyer('two');
  let customerId: string;
  let shippedName: string;

  beforeAll(async () => {
    const shipped = await orderOf(petra, 'EXP-1', 'Fulfilled');
    shippedName = shipped.orderName;
    await db().insert(orderShipments).values({ orderId: shipped.id, agencyId: team.agencyId, sellerTeamId: team.id, trackingNumber: `1Z${tag}`, carrier: 'UPS', trackingUrl: 'https://track.test/1', status: 'Fulfilled' });
    await orderOf(petra, 'EXP-2', 'Unfulfilled');
    await orderOf(other, 'EXP-3', 'Fulfilled');
    customerId = (await customerIdOf(shipped.id))!;
  });

  it('is a JSON file of the customer and its orders (items, totals, tracking), nothing of another buyer; audited without values', async () => {
    const res = await send(SELLER, 'GET', `${URL}/${customerId}/data-export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="customer-data-${customerId}-\\d{8}-\\d{6}\\.json"$`));
    expect(res.headers['cache-control']).toBe('private, no-store');
    const doc = JSON.parse(res.body);
    expect(doc.customer).toMatchObject({ fullName: petra.fullName, email: petra.email, phone: petra.phone, ordersCount: 2, sellerTeam: 'Demo Seller', sources: { stores: [], files: true } });
    expect(doc.orders.map((o: { orderName: string }) => o.orderName).sort()).toEqual([`#EXP-1-${tag}`, `#EXP-2-${tag}`]);
    const shipped = doc.orders.find((o: { orderName: string }) => o.orderName === shippedName);
    expect(shipped).toMatchObject({ status: 'Fulfilled', shipTo: { fullName: petra.fullName, address1: petra.address1, zipCode: petra.zipCode }, totals: { total: 54.97 } });
    expect(shipped.items).toHaveLength(2);
    expect(shipped.items[0]).toMatchObject({ quantity: 2, unitPrice: 24.99 });
    expect(shipped.shipments).toEqual([expect.objectContaining({ carrier: 'UPS', trackingNumber: `1Z${tag}`, trackingUrl: 'https://track.test/1' })]);
    // The buyer's side only: no costs, charges or profit; no other buyer.
    expect(res.body).not.toMatch(/baseCost|charged|profit/i);
    expect(res.body).not.toContain(other.email);
    expect(res.body).not.toContain(other.fullName);
    const [audit] = await db().select().from(auditEntries).where(and(eq(auditEntries.entityId, customerId), eq(auditEntries.action, 'data_export')));
    expect(audit).toMatchObject({ entity: 'customer', after: { orders: 2 } });
    expect(JSON.stringify(audit)).not.toContain(petra.email);
  });

  it('is read by whoever reads the customer; another tenant or another team finds nothing', async () => {
    for (const who of [OWNER, SUPPORT, SELLER_SUPPORT, SELLER_ACCOUNTING]) expect((await send(who, 'GET', `${URL}/${customerId}/data-export`)).statusCode, who).toBe(200);
    for (const who of [OTHER_OWNER, OTHER_SELLER, PAW]) {
      const res = await call(who, 'GET', `${URL}/${customerId}/data-export`);
      expect([res.status, res.body.message], who).toEqual([404, CUSTOMER_MSG.notFound]);
    }
    for (const who of [STAFF, WAREHOUSE]) expect((await call(who, 'GET', `${URL}/${customerId}/data-export`)).status, who).toBe(403);
    expect((await call(null, 'GET', `${URL}/${customerId}/data-export`)).status).toBe(401);
  });
});

describe('the erase', () => {
  const petra = buyer('three');
  let closedId: string;
  let openId: string;
  let customerId: string;
  let erasureId: string;

  beforeAll(async () => {
    closedId = (await orderOf(petra, 'ER-1', 'Fulfilled')).id;
    openId = (await orderOf(petra, 'ER-2', 'Approved')).id;
    customerId = (await customerIdOf(closedId))!;
    expect(await customerIdOf(openId)).toBe(customerId);
  });

  it('is refused to customer support and the sub-users (403); another tenant or another team finds nothing (404)', async () => {
    for (const who of [SUPPORT, SELLER_SUPPORT, SELLER_ACCOUNTING, STAFF, WAREHOUSE]) expect((await call(who, 'POST', `${URL}/${customerId}/erase`)).status, who).toBe(403);
    for (const who of [OTHER_OWNER, OTHER_SELLER, PAW]) expect((await call(who, 'POST', `${URL}/${customerId}/erase`)).status, who).toBe(404);
    expect((await call(null, 'POST', `${URL}/${customerId}/erase`)).status).toBe(401);
    expect((await orderRow(closedId)).email).toBe(petra.email);
    expect(await db().select().from(privacyErasures).where(eq(privacyErasures.source, 'customers'))).toEqual([]);
  });

  it('erases the closed order now and leaves the open one waiting; the customer keeps the open order', async () => {
    const res = await call(SELLER, 'POST', `${URL}/${customerId}/erase`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      data: { erasureId: expect.any(String), status: 'waiting', repeated: false, orders: 2, erased: 1, waiting: 1 },
      message: 'Erased 1 order; 1 open order waits until it closes',
    });
    erasureId = res.body.data.erasureId;
    expect(await orderRow(closedId)).toMatchObject({ fullName: ERASED, email: ERASED, phone: ERASED, address1: ERASED, zipCode: ERASED, countryCode: 'US', status: 'Fulfilled' });
    expect(await orderRow(openId)).toMatchObject({ fullName: petra.fullName, email: petra.email });
    const detail = await call(SELLER, 'GET', `${URL}/${customerId}`);
    expect(detail.body.data).toMatchObject({ ordersCount: 1, email: petra.email });
    const [record] = await db().select().from(privacyErasures).where(eq(privacyErasures.id, erasureId));
    expect(record).toMatchObject({ source: 'customers', sellerTeamId: team.id, status: 'waiting', pendingOrderIds: [openId] });
    expect(record!.requestKey).toMatch(new RegExp(`^customers:${customerId}:[0-9a-f]{32}$`));
    const [audit] = await db().select().from(auditEntries).where(and(eq(auditEntries.entityId, customerId), eq(auditEntries.action, 'privacy_erase')));
    expect(audit).toMatchObject({ entity: 'customer', after: { erasureId, erased: 1, waiting: 1 } });
    expect(JSON.stringify(audit)).not.toContain(petra.email);
  });

  it('a repeat finds the same erasure and changes nothing', async () => {
    const res = await call(OWNER, 'POST', `${URL}/${customerId}/erase`);
    expect(res.body).toEqual({
      data: { erasureId, status: 'waiting', repeated: true, orders: 1, erased: 0, waiting: 1 },
      message: 'Erasure already requested: 1 open order waits until it closes',
    });
    expect(await db().select().from(privacyErasures).where(eq(privacyErasures.source, 'customers'))).toHaveLength(1);
  });

  it('completes once the open order has closed: the order erased, the customer gone, the record done', async () => {
    await completeWaitingErasures(db());
    expect((await orderRow(openId)).email).toBe(petra.email);
    await db().update(orders).set({ status: 'Fulfilled' }).where(eq(orders.id, openId));
    await completeWaitingErasures(db());
    expect(await orderRow(openId)).toMatchObject({ fullName: ERASED, email: ERASED, status: 'Fulfilled' });
    expect(await db().select().from(customers).where(eq(customers.id, customerId))).toEqual([]);
    expect((await call(SELLER, 'GET', `${URL}/${customerId}`)).status).toBe(404);
    expect((await call(SELLER, 'POST', `${URL}/${customerId}/erase`)).status).toBe(404);
    const [record] = await db().select().from(privacyErasures).where(eq(privacyErasures.id, erasureId));
    expect(record).toMatchObject({ status: 'done', pendingOrderIds: [], completedAt: expect.any(Date) });
  });

  it('the agency\u2019s owner erases a customer whose orders are all closed at once', async () => {
    const pia = buyer('four');
    const first = await orderOf(pia, 'ER-3', 'Cancel');
    await orderOf(pia, 'ER-4', 'Fulfilled');
    const id = (await customerIdOf(first.id))!;
    const res = await call(OWNER, 'POST', `${URL}/${id}/erase`);
    expect(res.body).toMatchObject({ data: { status: 'done', erased: 2, waiting: 0 }, message: 'Erased 2 orders' });
    expect(await db().select().from(customers).where(eq(customers.id, id))).toEqual([]);
  });
});

describe("a shop's customers/redact", () => {
  const rosa = buyer('five');
  let shopId: string;
  let otherShopId: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const [shop] = await db().insert(stores).values({ agencyId: team.agencyId, sellerTeamId: team.id, platform: 'shopify', name: `Redact shop ${tag}`, shopDomain: `cp-${tag}.myshopify.com` }).returning();
    const [otherShop] = await db().insert(stores).values({ agencyId: team.agencyId, sellerTeamId: team.id, platform: 'shopify', name: `Kept shop ${tag}`, shopDomain: `cp2-${tag}.myshopify.com` }).returning();
    shopId = shop!.id;
    otherShopId = otherShop!.id;
    // The same buyer bought through the shop, through another shop of the team, and through a file (CSV), each
    // from a different address; the shop's order is the latest, so the customer shows its details.
    ids['file'] = (await orderOf({ ...rosa, address1: '1 File Street' }, 'RD-1', 'Fulfilled', { createdAt: new Date(Date.now() - 3 * 86_400_000) })).id;
    ids['other'] = (await orderOf({ ...rosa, address1: '2 Other Shop Street' }, 'RD-2', 'Fulfilled', { storeId: otherShopId, externalId: 'gid://shopify/Order/9102', createdAt: new Date(Date.now() - 2 * 86_400_000) })).id;
    ids['shop'] = (await orderOf({ ...rosa, address1: '3 Shop Street' }, 'RD-3', 'Fulfilled', { storeId: shopId, externalId: 'gid://shopify/Order/9101' })).id;
  });

  it('erases that shop\u2019s orders only; the customer keeps its other orders and its details from them', async () => {
    const id = (await customerIdOf(ids['shop']!))!;
    const [before] = await db().select().from(customers).where(eq(customers.id, id));
    expect(before).toMatchObject({ ordersCount: 3, address1: '3 Shop Street', fromFiles: true });
    expect([...before!.storeIds].sort()).toEqual([shopId, otherShopId].sort());

    const out = await handleShopifyPrivacy(db(), {
      agencyId: team.agencyId, storeId: shopId, topic: 'customers/redact',
      payload: { shop_domain: `cp-${tag}.myshopify.com`, customer: { id: 5501, email: rosa.email, phone: rosa.phone }, orders_to_redact: [9101] },
    });
    expect(out).toEqual({ status: 'processed', note: 'Erasure: 1 order(s), 1 erased' });
    expect(await orderRow(ids['shop']!)).toMatchObject({ email: ERASED, fullName: ERASED, address1: ERASED });
    expect(await orderRow(ids['other']!)).toMatchObject({ email: rosa.email, fullName: rosa.fullName, address1: '2 Other Shop Street' });
    expect(await orderRow(ids['file']!)).toMatchObject({ email: rosa.email, fullName: rosa.fullName, address1: '1 File Street' });

    const [after] = await db().select().from(customers).where(eq(customers.id, id));
    expect(after).toMatchObject({ ordersCount: 2, email: rosa.email, fullName: rosa.fullName, phone: rosa.phone, address1: '2 Other Shop Street', storeIds: [otherShopId], fromFiles: true });
    expect(await customerIdOf(ids['shop']!)).toBeNull();
    expect(await customerIdOf(ids['file']!)).toBe(id);
  });

  it('the other shop\u2019s redaction leaves the file\u2019s order and the customer, now a file buyer only', async () => {
    const id = (await customerIdOf(ids['file']!))!;
    await handleShopifyPrivacy(db(), {
      agencyId: team.agencyId, storeId: otherShopId, topic: 'customers/redact',
      payload: { customer: { id: 5501, email: rosa.email, phone: null }, orders_to_redact: [9102] },
    });
    expect((await orderRow(ids['other']!)).email).toBe(ERASED);
    expect(await orderRow(ids['file']!)).toMatchObject({ email: rosa.email, address1: '1 File Street' });
    const [after] = await db().select().from(customers).where(eq(customers.id, id));
    expect(after).toMatchObject({ ordersCount: 1, email: rosa.email, address1: '1 File Street', storeIds: [], fromFiles: true });
  });
});
