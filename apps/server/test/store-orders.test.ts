/**
 * Orders from a Shopify shop (docs/stores.md, "Orders from stores"), through the local fake's real deliveries:
 * created once whatever the number and order of webhooks, lines through the mapping (an unmapped one waits, an
 * ignored one is left out), names unique per source, a file order linked to the store's, Get order API off,
 * the store's import rules, address changes and cancellations through the order machine, and the pull.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { STORE_ORDER_MSG } from '@fbo/shared';
import { PERSONA } from './helpers/personas';
import { connectShop, shopifyWebhook, useShopifyApiTest } from './helpers/shopify-shop';
import { postOrderFile, sellerScope, shopifyCsv } from './helpers/order-import-files';
import { catalogVariants, jobs, orderEvents, orderItems, orders, productVariants, products, sellerTeams, storeWebhooks, stores } from '../src/db/schema/index';
import type { Delivery, OrderInput } from '../fakes/shopify';

const { t, fake } = useShopifyApiTest();
const { call } = t;
const db = () => t.database.db;
const { SELLER, OTHER_SELLER } = PERSONA;

const SHOP = 'orders-shop.myshopify.com';
const SECOND_SHOP = 'orders-shop-two.myshopify.com';
let storeId: string;
let secondStoreId: string;
let teamId: string;
/** Store variants as the products sync wrote them: [mapped, unmapped, ignored]. */
let skus: string[];
let catalogVariantId: string;

/** Sends what the fake delivered since the last call (its real bodies, ids and topics), then runs the jobs. */
let delivered = 0;
async function deliver(): Promise<void> {
  const all = fake().webhooks.deliveries;
  const fresh: Delivery[] = all.slice(delivered);
  delivered = all.length;
  for (const d of fresh) {
    if (!d.topic.startsWith('orders/')) continue;
    expect((await shopifyWebhook(t, d.shop, d.topic, d.webhookId, JSON.parse(d.body))).statusCode).toBe(200);
  }
  await t.app.jobs.drain();
}

const shopOrder = (shop: string, input: Partial<OrderInput> = {}, duplicates = 0) =>
  fake().createOrder(shop, { lineItems: [{ sku: skus[0]!, quantity: 2 }], ...input }, { duplicates });

const ordersOf = (sid: string) => db().select().from(orders).where(eq(orders.storeId, sid)).orderBy(asc(orders.createdAt));
const byExternal = async (id: number) => (await db().select().from(orders).where(and(eq(orders.storeId, storeId), eq(orders.externalId, String(id)))))[0];

beforeAll(async () => {
  await connectShop(t, SELLER, 'orders-shop');
  await connectShop(t, SELLER, 'orders-shop-two');
  const rows = await db().select().from(stores).where(inArray(stores.shopDomain, [SHOP, SECOND_SHOP]));
  storeId = rows.find((s) => s.shopDomain === SHOP)!.id;
  secondStoreId = rows.find((s) => s.shopDomain === SECOND_SHOP)!.id;
  teamId = rows[0]!.sellerTeamId;
  fake().seedProducts(SHOP, { count: 1, variantsPerProduct: 3 });
  await call(SELLER, 'POST', `/api/stores/${storeId}/sync-products`);
  await t.app.jobs.drain();
  const variants = await db()
    .select({ id: productVariants.id, sku: productVariants.sku })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(products.storeId, storeId))
    .orderBy(asc(productVariants.sku));
  expect(variants).toHaveLength(3);
  skus = variants.map((v) => v.sku ?? '');
  const code = (await sellerScope(db())).skus[0]!;
  const [cv] = await db().select().from(catalogVariants).where(eq(catalogVariants.catalogVariantCode, code));
  catalogVariantId = cv!.id;
  const mapped = await call(SELLER, 'PUT', `/api/mapping/variants/${variants[0]!.id}`, { catalogId: cv!.catalogId, catalogVariantId, artwork1: 'https://cdn.example.com/a.png' });
  expect(mapped.status).toBe(200);
  expect((await call(SELLER, 'PUT', `/api/mapping/variants/${variants[2]!.id}`, { catalogId: cv!.catalogId, catalogVariantId: null, ignored: true })).status).toBe(200);
  // Names the demo data's orders do not use (a file order of the same name would be linked).
  fake().shops.get(SHOP)!.nextOrderNumber = 90001;
  fake().shops.get(SECOND_SHOP)!.nextOrderNumber = 90001;
  // The webhook subscriptions point nowhere in a test: the deliveries are replayed by deliver().
  delivered = fake().webhooks.deliveries.length;
});

describe('orders from a Shopify shop', () => {
  it('are created once from duplicated deliveries, priced as the shop sold them, with lines through the mapping', async () => {
    const o = await shopOrder(SHOP, { lineItems: [{ sku: skus[0]!, quantity: 2, price: '24.50' }, { sku: skus[1]!, price: '19.00' }, { sku: skus[2]! }] }, 2);
    await deliver();
    const [order] = (await ordersOf(storeId)).filter((x) => x.externalId === String(o.id));
    expect(order).toMatchObject({ orderName: o.name, status: 'Unfulfilled', sellerTeamId: teamId, fullName: 'Jane Buyer', city: 'Austin', countryCode: 'US', addressStatus: 1 });
    expect(order!.saleTotalCents).toBe(order!.totalPriceCents);
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, order!.id)).orderBy(asc(orderItems.position));
    // The ignored line is not imported; the unmapped one waits for its mapping.
    expect(items.map((i) => [i.sku, i.catalogVariantId, i.quantity, i.priceCents, i.salePriceCents, i.artwork1])).toEqual([
      [skus[0], catalogVariantId, 2, 2450, 2450, 'https://cdn.example.com/a.png'],
      [skus[1], null, 1, 1900, 1900, null],
    ]);
    expect(items[1]!.productVariantId).toBeTruthy();
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order!.id));
    expect(events.map((e) => e.message)).toEqual([`${STORE_ORDER_MSG.created}. ${STORE_ORDER_MSG.needsMapping}`]);
    // Submit refuses an order whose item has no catalog variant.
    expect((await call(SELLER, 'POST', '/api/orders/submit', { ids: [order!.id] })).status).toBe(400);
    const [store] = await db().select().from(stores).where(eq(stores.id, storeId));
    expect(store!.lastOrderAt).toBeTruthy();
    // Three deliveries, one order; the log shows each delivery.
    const log = await db().select().from(storeWebhooks).where(and(eq(storeWebhooks.storeId, storeId), eq(storeWebhooks.topic, 'orders/create')));
    expect(log.length).toBeGreaterThanOrEqual(1);
  });

  it('an update delivered before the create makes one order with the latest address', async () => {
    fake().webhooks.hold();
    const o = await shopOrder(SHOP);
    await fake().updateOrder(SHOP, o.id, { shippingAddress: { address1: '99 New Road', city: 'Dallas', zip: '75001' } });
    await fake().webhooks.release('reverse');
    await deliver();
    const order = await byExternal(o.id);
    expect(order).toMatchObject({ address1: '99 New Road', city: 'Dallas', zipCode: '75001' });
    expect((await ordersOf(storeId)).filter((x) => x.externalId === String(o.id))).toHaveLength(1);
  });

  it('a later address change applies before production; a cancel cancels through the order machine', async () => {
    const o = await shopOrder(SHOP);
    await deliver();
    await fake().updateOrder(SHOP, o.id, { shippingAddress: { address1: '5 Elm St' } });
    await deliver();
    const order = await byExternal(o.id);
    expect(order!.address1).toBe('5 Elm St');
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order!.id));
    expect(events.map((e) => e.message)).toContain(STORE_ORDER_MSG.addressChanged);
    await fake().cancelOrder(SHOP, o.id);
    await deliver();
    expect(await byExternal(o.id)).toMatchObject({ status: 'Cancel' });
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(items.every((i) => i.status === 'Cancel')).toBe(true);
  });

  it('an address change or a cancel after production is refused with one note each', async () => {
    const o = await shopOrder(SHOP);
    await deliver();
    const order = await byExternal(o.id);
    await db().update(orders).set({ status: 'InProduction' }).where(eq(orders.id, order!.id));
    await fake().updateOrder(SHOP, o.id, { shippingAddress: { address1: '7 Late St' } });
    await fake().cancelOrder(SHOP, o.id);
    await deliver();
    const after = await byExternal(o.id);
    expect(after).toMatchObject({ status: 'InProduction', address1: '1 Main Street' });
    const notes = (await db().select().from(orderEvents).where(and(eq(orderEvents.orderId, order!.id), eq(orderEvents.kind, 'note')))).map((e) => e.message);
    // Each said once, however many deliveries carried it (the cancel comes as orders/cancelled and orders/updated).
    expect(notes.sort()).toEqual([STORE_ORDER_MSG.addressLocked('InProduction'), STORE_ORDER_MSG.cancelRefused('InProduction')].sort());
  });

  it('an order without the buyer’s address (no protected customer data access) is flagged, never imported as valid', async () => {
    fake().shops.get(SHOP)!.redactCustomerData = true;
    const o = await shopOrder(SHOP);
    await deliver();
    fake().shops.get(SHOP)!.redactCustomerData = false;
    const order = await byExternal(o.id);
    expect(order).toMatchObject({ addressStatus: 0, address1: '', status: 'Unfulfilled', metadata: expect.objectContaining({ addressMissing: true }) });
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order!.id));
    expect(events.map((e) => e.message).join(' ')).toContain(STORE_ORDER_MSG.addressMissing);
  });

  it('two shops of one team may both send the same order name', async () => {
    fake().shops.get(SECOND_SHOP)!.nextOrderNumber = fake().shops.get(SHOP)!.nextOrderNumber;
    const a = await shopOrder(SHOP);
    const b = await fake().createOrder(SECOND_SHOP, { lineItems: [{ sku: 'ANY-SKU' }] });
    expect(a.name).toBe(b.name);
    await deliver();
    expect(await byExternal(a.id)).toBeTruthy();
    const [second] = (await ordersOf(secondStoreId)).filter((x) => x.externalId === String(b.id));
    expect(second).toMatchObject({ orderName: a.name });
    // A line the shop knows no product for waits for its mapping too.
    expect((await db().select().from(orderItems).where(eq(orderItems.orderId, second!.id)))[0]).toMatchObject({ sku: 'ANY-SKU', catalogVariantId: null, productVariantId: null });
  });

  it('a file order of the store\u2019s order name is linked, not duplicated; a file sent after the store order is skipped', async () => {
    const scope = await sellerScope(db());
    const next = fake().shops.get(SHOP)!.nextOrderNumber;
    const fileFirst = `#${next}`;
    const storeFirst = `#${next + 1}`;
    // The file comes first for one name...
    expect((await postOrderFile(t, SELLER, 'orders_export.csv', shopifyCsv([fileFirst], scope.skus).text)).statusCode).toBe(202);
    await t.app.jobs.drain();
    const [fileOrder] = await db().select().from(orders).where(and(eq(orders.sellerTeamId, teamId), eq(orders.orderName, fileFirst)));
    expect(fileOrder!.storeId).toBeNull();
    const linked = await shopOrder(SHOP);
    expect(linked.name).toBe(fileFirst);
    await deliver();
    const named = await db().select().from(orders).where(and(eq(orders.sellerTeamId, teamId), eq(orders.orderName, fileFirst)));
    expect(named).toHaveLength(1);
    expect(named[0]).toMatchObject({ id: fileOrder!.id, storeId, externalId: String(linked.id) });
    // ...the store comes first for the other: the file's copy is skipped.
    const storeOrder = await shopOrder(SHOP);
    expect(storeOrder.name).toBe(storeFirst);
    await deliver();
    expect((await postOrderFile(t, SELLER, 'orders_export.csv', shopifyCsv([storeFirst], scope.skus).text)).statusCode).toBe(202);
    await t.app.jobs.drain();
    const both = await db().select().from(orders).where(and(eq(orders.sellerTeamId, teamId), eq(orders.orderName, storeFirst)));
    expect(both).toHaveLength(1);
    expect(both[0]!.storeId).toBe(storeId);
  });

  it('a file order of the same name but none of the store order\u2019s items is another order: not linked', async () => {
    const scope = await sellerScope(db());
    const name = `#${fake().shops.get(SHOP)!.nextOrderNumber}`;
    expect((await postOrderFile(t, SELLER, 'orders_export.csv', shopifyCsv([name], scope.skus).text)).statusCode).toBe(202);
    await t.app.jobs.drain();
    const [fileOrder] = await db().select().from(orders).where(and(eq(orders.sellerTeamId, teamId), eq(orders.orderName, name)));
    const other = await shopOrder(SHOP, { lineItems: [{ sku: 'ANOTHER-SHOP-SKU', quantity: 1 }] });
    expect(other.name).toBe(name);
    await deliver();
    const named = await db().select().from(orders).where(and(eq(orders.sellerTeamId, teamId), eq(orders.orderName, name))).orderBy(asc(orders.createdAt));
    expect(named).toHaveLength(2);
    expect(named[0]).toMatchObject({ id: fileOrder!.id, storeId: null, externalId: fileOrder!.externalId });
    expect(named[1]).toMatchObject({ storeId, externalId: String(other.id) });
  });

  it('the store\u2019s rules: unpaid, all-ignored and non-USD orders are not imported, with the reason in the log', async () => {
    const unpaid = await shopOrder(SHOP, { financialStatus: 'PENDING' });
    const ignored = await shopOrder(SHOP, { lineItems: [{ sku: skus[2]! }] });
    await deliver();
    expect(await byExternal(unpaid.id)).toBeUndefined();
    expect(await byExternal(ignored.id)).toBeUndefined();
    const notes = (await db().select().from(storeWebhooks).where(and(eq(storeWebhooks.storeId, storeId), eq(storeWebhooks.status, 'ignored')))).map((w) => w.note);
    expect(notes).toEqual(expect.arrayContaining([STORE_ORDER_MSG.notPaid('PENDING'), STORE_ORDER_MSG.allIgnored]));
    // The store keeps all-ignored orders for the record when it says so, and takes unpaid ones.
    await db().update(stores).set({ importPaidOnly: false, skipIgnoredOnly: false }).where(eq(stores.id, storeId));
    const kept = await shopOrder(SHOP, { lineItems: [{ sku: skus[2]! }], financialStatus: 'PENDING' });
    await deliver();
    const order = await byExternal(kept.id);
    expect(order).toBeTruthy();
    expect((await db().select().from(orderItems).where(eq(orderItems.orderId, order!.id)))[0]).toMatchObject({ catalogVariantId: null });
    await db().update(stores).set({ importPaidOnly: true, skipIgnoredOnly: true }).where(eq(stores.id, storeId));
    const euros = await shopOrder(SHOP, { currency: 'EUR' });
    await deliver();
    expect(await byExternal(euros.id)).toBeUndefined();
  });

  it('with Get order API off, deliveries are logged with the reason and create nothing; a pull after turning it on brings them', async () => {
    await db().update(sellerTeams).set({ getOrderApi: false }).where(eq(sellerTeams.id, teamId));
    const missed = await shopOrder(SHOP);
    await deliver();
    expect(await byExternal(missed.id)).toBeUndefined();
    const [log] = await db().select().from(storeWebhooks).where(and(eq(storeWebhooks.storeId, storeId), eq(storeWebhooks.note, STORE_ORDER_MSG.apiOff)));
    expect(log).toMatchObject({ status: 'ignored', topic: 'orders/create' });
    expect((await call(SELLER, 'POST', `/api/stores/${storeId}/pull-orders`, { since: new Date().toISOString().slice(0, 10) })).body.message).toBe(STORE_ORDER_MSG.pullApiOff);

    await db().update(sellerTeams).set({ getOrderApi: true }).where(eq(sellerTeams.id, teamId));
    const since = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const pulled = await call(SELLER, 'POST', `/api/stores/${storeId}/pull-orders`, { since });
    expect(pulled).toMatchObject({ status: 202, body: { message: STORE_ORDER_MSG.pullQueued, jobId: expect.any(String) } });
    await t.app.jobs.drain();
    expect(await byExternal(missed.id)).toBeTruthy();
    const job = await call(SELLER, 'GET', `/api/jobs/${pulled.body.jobId}`);
    expect(job.body.data ?? job.body).toMatchObject({ status: 'done', result: expect.objectContaining({ ok: true, created: 1 }) });
    // A second pull changes nothing.
    const again = await call(SELLER, 'POST', `/api/stores/${storeId}/pull-orders`, { since });
    await t.app.jobs.drain();
    expect((await call(SELLER, 'GET', `/api/jobs/${again.body.jobId}`)).body.data.result).toMatchObject({ created: 0, linked: 0 });
  });

  it('an order whose lines are all mapped is submitted after the store’s delay; one waiting for its mapping is not', async () => {
    const ready = await shopOrder(SHOP);
    const waiting = await shopOrder(SHOP, { lineItems: [{ sku: skus[1]! }] });
    await deliver();
    const submitted = await byExternal(ready.id);
    expect(['InReview', 'Approved']).toContain(submitted!.status);
    const events = await db().select().from(orderEvents).where(and(eq(orderEvents.orderId, submitted!.id), eq(orderEvents.kind, 'status')));
    expect(events.map((e) => [e.action, e.message])).toEqual([['submit', STORE_ORDER_MSG.submitted]]);
    expect((await byExternal(waiting.id))!.status).toBe('Unfulfilled');

    // With a delay, the submit waits in the queue (buyers may still change the order).
    await db().update(stores).set({ submitDelayMinutes: 30 }).where(eq(stores.id, storeId));
    const later = await shopOrder(SHOP);
    await deliver();
    const order = await byExternal(later.id);
    expect(order!.status).toBe('Unfulfilled');
    const [queued] = await db().select().from(jobs).where(and(eq(jobs.kind, 'store-orders.submit'), eq(jobs.status, 'queued')));
    expect(queued!.runAt.getTime()).toBeGreaterThan(Date.now() + 25 * 60_000);
    expect(queued!.payload).toEqual({ orderId: order!.id });
    await db().update(stores).set({ submitDelayMinutes: 0 }).where(eq(stores.id, storeId));
  });

  it('the store’s import log shows each delivery and its fate, to the seller and its agency, never the body', async () => {
    const log = await call(SELLER, 'GET', `/api/stores/${storeId}/import-log?status=ignored&limit=50`);
    expect(log.status).toBe(200);
    expect(log.body.data.map((r: { note: string }) => r.note)).toEqual(expect.arrayContaining([STORE_ORDER_MSG.apiOff, STORE_ORDER_MSG.allIgnored]));
    expect(log.body.data[0]).toEqual({
      id: expect.any(String), topic: expect.stringMatching(/^orders\//), subject: expect.stringMatching(/^Order #\d+$/), status: 'ignored', note: expect.any(String),
      receivedAt: expect.any(String), processedAt: expect.any(String),
    });
    const all = await call(PERSONA.OWNER, 'GET', `/api/stores/${storeId}/import-log?topic=orders/create`);
    expect(all.body.total).toBeGreaterThan(log.body.data.filter((r: { topic: string }) => r.topic === 'orders/create').length - 1);
    expect(JSON.stringify(all.body)).not.toContain('payload');
    expect((await call(OTHER_SELLER, 'GET', `/api/stores/${storeId}/import-log`)).status).toBe(404);
    expect((await call(SELLER, 'GET', `/api/stores/${storeId}/import-log?status=lost`)).status).toBe(400);
  });

  it('a personalized product’s order keeps the buyer’s input on its line and waits for the artwork instead of being submitted', async () => {
    const [variant] = await db().select().from(productVariants).where(eq(productVariants.sku, skus[0]!));
    expect((await call(SELLER, 'PUT', `/api/products/${variant!.productId}`, { personalized: true })).status).toBe(200);
    const o = await shopOrder(SHOP, { lineItems: [{ sku: skus[0]!, properties: [{ name: 'Name on shirt', value: 'ADA' }] }] });
    await deliver();
    await call(SELLER, 'PUT', `/api/products/${variant!.productId}`, { personalized: false });
    const order = await byExternal(o.id);
    expect(order!.status).toBe('Unfulfilled');
    const detail = (await call(SELLER, 'GET', `/api/orders/${order!.id}`)).body.data;
    expect(detail.items[0]).toMatchObject({ properties: [{ key: 'Name on shirt', value: 'ADA' }], needsMapping: false });
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order!.id));
    expect(events.map((e) => e.message).join(' ')).toContain(STORE_ORDER_MSG.personalized);
  });

  it('a pull is refused for bad days, manual and demo stores, and another team\u2019s store is not found', async () => {
    for (const since of ['2020-01-01', 'yesterday', '2999-01-01']) {
      expect((await call(SELLER, 'POST', `/api/stores/${storeId}/pull-orders`, { since })).status, since).toBe(400);
    }
    const list = (await call(SELLER, 'GET', '/api/stores?limit=50')).body.data as { id: string; name: string }[];
    const today = new Date().toISOString().slice(0, 10);
    expect((await call(SELLER, 'POST', `/api/stores/${list.find((s) => s.name === 'Demo Market (CSV)')!.id}/pull-orders`, { since: today })).body.message).toBe(STORE_ORDER_MSG.pullManual);
    expect((await call(SELLER, 'POST', `/api/stores/${list.find((s) => s.name === 'Demo Tees')!.id}/pull-orders`, { since: today })).body.message).toBe(STORE_ORDER_MSG.pullDemo);
    expect((await call(OTHER_SELLER, 'POST', `/api/stores/${storeId}/pull-orders`, { since: today })).status).toBe(404);
  });
});
