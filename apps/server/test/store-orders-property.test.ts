/**
 * The exactly-once property of orders from stores on Shopify (issue 15 item 9, issue 16 item 7): the runner and the
 * property are in helpers/store-orders-property.ts, shared with WooCommerce's and Etsy's runs.
 * Fixed seed; STORE_ORDERS_PROPERTY_RUNS sets the number of sequences (default 12: a few seconds).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PERSONA } from './helpers/personas';
import { connectShop, shopifyWebhook, useShopifyApiTest } from './helpers/shopify-shop';
import { PROPERTY_RUNS, assertProperty, propertyRunner, type ShopOrderState } from './helpers/store-orders-property';
import { stores } from '../src/db/schema/index';
import type { Delivery, FakeOrder } from '../fakes/shopify';

const SHOP = 'interleave.myshopify.com';
const { t, fake } = useShopifyApiTest();
let storeId: string;

beforeAll(async () => {
  await connectShop(t, PERSONA.SELLER, 'interleave');
  storeId = (await t.database.db.select().from(stores).where(eq(stores.shopDomain, SHOP)))[0]!.id;
  // Names the demo data's orders do not use (a file order of the same name would be linked).
  fake().shops.get(SHOP)!.nextOrderNumber = 70001;
});

const state = (o: FakeOrder): ShopOrderState => ({ externalId: String(o.id), name: o.name, cancelled: !!o.cancelledAt, address1: o.shippingAddress?.address1 ?? null });
const orderOf = (ref: ShopOrderState) => fake().shops.get(SHOP)!.orders.get(Number(ref.externalId))!;

const run = propertyRunner<Delivery>(t, () => storeId, {
  create: async () => state(await fake().createOrder(SHOP, { lineItems: [{ sku: 'PROP-SKU' }] })),
  setAddress: async (ref, street) => void (await fake().updateOrder(SHOP, Number(ref.externalId), { shippingAddress: { address1: street } })),
  cancel: async (ref) => void (await fake().cancelOrder(SHOP, Number(ref.externalId))),
  deliveries: () => fake().webhooks.deliveries.filter((d) => d.topic.startsWith('orders/')),
  send: async (d) => expect((await shopifyWebhook(t, d.shop, d.topic, d.webhookId, JSON.parse(d.body))).statusCode).toBe(200),
  latest: (ref) => state(orderOf(ref)),
});

describe('Shopify store orders under any interleaving of deliveries and pulls', () => {
  it('each shop order exists once, with the shop\u2019s latest address, or cancelled', { timeout: Math.max(600_000, PROPERTY_RUNS * 5_000) }, async () => {
    await assertProperty(run);
  });
});
