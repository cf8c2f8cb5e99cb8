/**
 * Store health (docs/stores.md, "Store health"): the deliveries of the last days, the last pull and what it caught
 * up, and the import log of pulled orders. The reconciliation after 50 lost webhooks brings all 50 orders.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { STORE_ORDER_MSG } from '@fbo/shared';
import { PERSONA } from './helpers/personas';
import { connectShop, shopifyWebhook, useShopifyApiTest } from './helpers/shopify-shop';
import { orders, sellerTeams, stores } from '../src/db/schema/index';

const { t, fake } = useShopifyApiTest();
const { call } = t;
const db = () => t.database.db;
const { SELLER, OTHER_SELLER, OWNER } = PERSONA;
const SHOP = 'health-shop.myshopify.com';
let storeId: string;

beforeAll(async () => {
  await connectShop(t, SELLER, 'health-shop');
  const [store] = await db().select().from(stores).where(eq(stores.shopDomain, SHOP));
  storeId = store!.id;
  await db().update(sellerTeams).set({ getOrderApi: true }).where(eq(sellerTeams.id, store!.sellerTeamId));
  fake().seedProducts(SHOP, { count: 1, variantsPerProduct: 2 });
  await t.app.jobs.drain();
});

const health = async (who = SELLER) => {
  const res = await call(who, 'GET', `/api/stores/${storeId}/health`);
  expect(res.status).toBe(200);
  return res.body.data;
};

describe('store health', () => {
  it('a new store has received nothing and was never reconciled; its Shopify token does not expire', async () => {
    expect(await health()).toEqual({
      deliveries: { received: 0, failed: 0, ignored: 0, waiting: 0, lastReceivedAt: null },
      lastReconciledAt: null,
      lastReconcile: null,
      tokenExpiresAt: null,
      tokenExpiresSoon: false,
      webhooksCheckedAt: null,
    });
  });

  it('the reconciliation after 50 lost webhooks brings all 50 orders, once, and says what it caught up', async () => {
    const sku = [...fake().shops.get(SHOP)!.products.values()][0]!.variants[0]!.sku!;
    // The shop takes 50 orders; none of their webhooks reaches the app.
    for (let i = 0; i < 50; i++) await fake().createOrder(SHOP, { name: `#LOST-${i}`, lineItems: [{ sku, quantity: 1 }] });
    expect(await db().select().from(orders).where(eq(orders.storeId, storeId))).toHaveLength(0);

    await t.app.jobs.enqueue(db(), { kind: 'store-orders.reconcile', payload: {} });
    await t.app.jobs.drain();
    const arrived = await db().select({ name: orders.orderName }).from(orders).where(eq(orders.storeId, storeId));
    expect(arrived).toHaveLength(50);
    const h = await health();
    expect(h.lastReconcile).toEqual({ processed: 50, created: 50, linked: 0, updated: 0 });
    expect(Date.parse(h.lastReconciledAt)).toBeGreaterThan(Date.now() - 60_000);

    // Run again: nothing new, nothing twice, and the log keeps one row per order.
    await t.app.jobs.enqueue(db(), { kind: 'store-orders.reconcile', payload: {}, dedupeKey: 'again' });
    await t.app.jobs.drain();
    expect(await db().select().from(orders).where(eq(orders.storeId, storeId))).toHaveLength(50);
    expect((await health()).lastReconcile).toMatchObject({ processed: 50, created: 0 });
    const log = await call(SELLER, 'GET', `/api/stores/${storeId}/import-log?topic=orders/pull&limit=100`);
    expect(log.body.total).toBe(50);
    expect(log.body.data[0]).toMatchObject({ topic: 'orders/pull', status: 'processed' });
    expect(log.body.data.map((r: { subject: string }) => r.subject)).toContain('Order #LOST-7');
  });

  it('counts the deliveries of the last days by what became of them', async () => {
    const sku = [...fake().shops.get(SHOP)!.products.values()][0]!.variants[0]!.sku!;
    await fake().createOrder(SHOP, { name: '#HOOKED', lineItems: [{ sku, quantity: 1 }] });
    const delivery = fake().webhooks.deliveries.filter((d) => d.topic === 'orders/create').at(-1)!;
    expect((await shopifyWebhook(t, SHOP, delivery.topic, delivery.webhookId, JSON.parse(delivery.body))).statusCode).toBe(200);
    // Unpaid: not imported, with the reason.
    expect((await shopifyWebhook(t, SHOP, 'orders/create', 'unpaid-1', { ...JSON.parse(delivery.body), id: 991, name: '#UNPAID', financial_status: 'pending' })).statusCode).toBe(200);
    await t.app.jobs.drain();
    const h = await health();
    expect(h.deliveries).toMatchObject({ received: 52, failed: 0, waiting: 0 });
    expect(h.deliveries.ignored).toBeGreaterThanOrEqual(1);
    expect(h.deliveries.lastReceivedAt).not.toBeNull();
  });

  it('credentials that stop working within 14 days are about to expire', async () => {
    await db().update(stores).set({ tokenExpiresAt: new Date(Date.now() + 3 * 86_400_000) }).where(eq(stores.id, storeId));
    expect((await health()).tokenExpiresSoon).toBe(true);
    await db().update(stores).set({ tokenExpiresAt: new Date(Date.now() + 60 * 86_400_000) }).where(eq(stores.id, storeId));
    expect((await health()).tokenExpiresSoon).toBe(false);
  });

  it('Sync now reads the products and the orders since the last pull; only the seller runs it', async () => {
    const before = (await health()).lastReconciledAt;
    const res = await call(SELLER, 'POST', `/api/stores/${storeId}/sync-now`);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ message: STORE_ORDER_MSG.syncStarted, productJobId: expect.any(String), orderJobId: expect.any(String) });
    await t.app.jobs.drain();
    expect(Date.parse((await health()).lastReconciledAt)).toBeGreaterThan(Date.parse(before));
    expect((await call(OWNER, 'POST', `/api/stores/${storeId}/sync-now`)).status).toBe(403);
    expect((await call(OTHER_SELLER, 'POST', `/api/stores/${storeId}/sync-now`)).status).toBe(404);
    const [store] = await db().select().from(stores).where(eq(stores.id, storeId));
    await db().update(sellerTeams).set({ getOrderApi: false }).where(eq(sellerTeams.id, store!.sellerTeamId));
    const productsOnly = await call(SELLER, 'POST', `/api/stores/${storeId}/sync-now`);
    expect(productsOnly.body).toMatchObject({ message: STORE_ORDER_MSG.syncStartedProductsOnly, orderJobId: null });
    await t.app.jobs.drain();
    await db().update(sellerTeams).set({ getOrderApi: true }).where(eq(sellerTeams.id, store!.sellerTeamId));
  });

  it('the agency reads it; another team does not find it', async () => {
    expect((await health(OWNER)).lastReconcile).not.toBeNull();
    expect((await call(OTHER_SELLER, 'GET', `/api/stores/${storeId}/health`)).status).toBe(404);
    expect((await call(PERSONA.STAFF, 'GET', `/api/stores/${storeId}/health`)).status).toBe(403);
    const [row] = await db().select().from(stores).where(and(eq(stores.id, storeId)));
    expect(row!.lastReconcile).toMatchObject({ processed: expect.any(Number) });
  });
});
