/**
 * A store order holding a personalized product's line (the buyer entered text or an image; docs/stores.md, "Orders
 * from stores"): never submitted by the store's delay. By the store's rule it waits for the seller's artwork
 * ('wait', the default) or is sent to the design service for the team's manager with the buyer's input as the note
 * ('design'); the owners are told, as for a seller's own request.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { STORE_ORDER_MSG } from '@fbo/shared';
import { PERSONA } from './helpers/personas';
import { connectShop, shopifyWebhook, useShopifyApiTest } from './helpers/shopify-shop';
import { sellerScope } from './helpers/order-import-files';
import { catalogVariants, orderEvents, orders, productVariants, products, stores } from '../src/db/schema/index';
import { buyerInputNote } from '../src/modules/store-orders/store-order-submit';

const { t, fake } = useShopifyApiTest();
const { call } = t;
const db = () => t.database.db;
const { SELLER } = PERSONA;
const SHOP = 'personal-shop.myshopify.com';
let storeId: string;
let sku: string;

let delivered = 0;
async function deliver() {
  const all = fake().webhooks.deliveries;
  for (const d of all.slice(delivered)) {
    if (d.topic.startsWith('orders/')) expect((await shopifyWebhook(t, d.shop, d.topic, d.webhookId, JSON.parse(d.body))).statusCode).toBe(200);
  }
  delivered = all.length;
  await t.app.jobs.drain();
}

const personalOrder = () =>
  fake().createOrder(SHOP, { lineItems: [{ sku, quantity: 1, properties: [{ name: 'Name on mug', value: 'Ada' }, { name: 'Photo', value: 'https://cdn.example.com/ada.png' }] }] });
const byExternal = async (id: number) => (await db().select().from(orders).where(and(eq(orders.storeId, storeId), eq(orders.externalId, String(id)))))[0]!;

beforeAll(async () => {
  await connectShop(t, SELLER, 'personal-shop');
  [{ id: storeId }] = await db().select({ id: stores.id }).from(stores).where(eq(stores.shopDomain, SHOP));
  fake().seedProducts(SHOP, { count: 1, variantsPerProduct: 1 });
  await call(SELLER, 'POST', `/api/stores/${storeId}/sync-products`);
  await t.app.jobs.drain();
  const [variant] = await db()
    .select({ id: productVariants.id, sku: productVariants.sku, productId: products.id })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(products.storeId, storeId))
    .orderBy(asc(productVariants.sku));
  sku = variant!.sku!;
  const [cv] = await db().select().from(catalogVariants).where(eq(catalogVariants.catalogVariantCode, (await sellerScope(db())).skus[0]!));
  expect((await call(SELLER, 'PUT', `/api/mapping/variants/${variant!.id}`, { catalogId: cv!.catalogId, catalogVariantId: cv!.id, artwork1: 'https://cdn.example.com/a.png' })).status).toBe(200);
  expect((await call(SELLER, 'PUT', '/api/products/update/personalized', { ids: [variant!.productId], personalized: true })).status).toBe(200);
  fake().shops.get(SHOP)!.nextOrderNumber = 94001;
});

describe('personalized store orders', () => {
  it('wait for the seller\u2019s artwork by default: kept Unfulfilled with the buyer\u2019s input, not submitted, no design asked', async () => {
    const placed = personalOrder();
    await deliver();
    const order = await byExternal((await placed).id);
    expect(order).toMatchObject({ status: 'Unfulfilled', hireDesignStatus: null });
    expect(order.metadata['properties']).toEqual([{ position: 0, properties: [{ key: 'Name on mug', value: 'Ada' }, { key: 'Photo', value: 'https://cdn.example.com/ada.png' }] }]);
    const [event] = await db().select().from(orderEvents).where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.action, 'store')));
    expect(event!.message).toContain(STORE_ORDER_MSG.personalized);
  });

  it('go to the design service when the store says so, for the team\u2019s manager, with the buyer\u2019s input as the note', async () => {
    const rules = await call(SELLER, 'PUT', `/api/stores/${storeId}`, { importRules: { personalizedOrders: 'design' } });
    expect(rules.body.data.importRules.personalizedOrders).toBe('design');
    const placed = personalOrder();
    await deliver();
    const order = await byExternal((await placed).id);
    expect(order).toMatchObject({ status: 'Unfulfilled', hireDesignStatus: 'assign' });
    expect(order.metadata['designNote']).toBe(buyerInputNote(order.metadata));
    expect(order.metadata['designNote']).toContain('Line 1: Name on mug: Ada; Photo: https://cdn.example.com/ada.png');
    const design = await db().select().from(orderEvents).where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.kind, 'design')));
    expect(design).toHaveLength(1);
    expect(design[0]!.actorEmail).toBe(SELLER);
  });

  it('refuses an unknown rule', async () => {
    expect((await call(SELLER, 'PUT', `/api/stores/${storeId}`, { importRules: { personalizedOrders: 'print' } })).status).toBe(400);
  });
});

describe('buyerInputNote', () => {
  it('fits the design request\u2019s 1,000 characters', () => {
    const long = buyerInputNote({ properties: [{ position: 0, properties: [{ key: 'Text', value: 'x'.repeat(2000) }] }] });
    expect(long).toHaveLength(1000);
    expect(buyerInputNote({})).toBe(STORE_ORDER_MSG.designRequested);
  });
});
