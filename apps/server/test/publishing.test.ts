/**
 * Publishing a catalog product to a seller's store (docs/publishing.md), against the local fakes: on Shopify the product
 * lands in the shop and in our tables already mapped with artwork, an order of it arrives mapped, prices and stock
 * changes are pushed; WooCommerce and Etsy take it too (Etsy's renewed variant ids followed after a push); a manual
 * store takes it with no platform call; who may publish; what is refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { PUBLISH_MSG } from '@fbo/shared';
import { PERSONA } from './helpers/personas';
import { connectShop, shopifyWebhook } from './helpers/shopify-shop';
import { etsyShopOf, usePublishingApiTest, wooStoreOf } from './helpers/publishing';
import { teamNamed } from './helpers/orders';
import { availableForSale } from '../fakes/shopify/publishing';
import type { Delivery } from '../fakes/shopify';
import { auditEntries, jobs, orderItems, orders, productVariants, products, sellerTeams, stores } from '../src/db/schema/index';

const { t, fakes } = usePublishingApiTest();
const fake = () => fakes().shopify;
const { call } = t;
const db = () => t.database.db;
const { SELLER, SELLER_ACCOUNTING, OTHER_SELLER, OWNER, ADMIN } = PERSONA;
const SHOP = 'publish-shop.myshopify.com';
const ART = '/uploads/demo/dog-dad-front.png';

type CatalogVariant = { id: string; catalogVariantCode: string; color: string; size: string; inStock: boolean };
let shopStoreId: string;
let manualStoreId: string;
let catalog: { id: string; name: string; variants: CatalogVariant[] };
let teamCode: string;

async function publish(body: object, who = SELLER) {
  const started = await call(who, 'POST', '/api/publishing/products', body);
  if (started.status !== 202) return { started, job: null };
  await t.app.jobs.drain();
  const [job] = await db().select().from(jobs).where(eq(jobs.id, started.body.jobId));
  return { started, job: job! };
}

const bodyFor = (storeId: string, picked: CatalogVariant[], extra: object = {}) => ({
  storeId, catalogId: catalog.id, title: 'Dog Dad Tee', description: 'Soft cotton.\n\nMade to order.',
  variants: picked.map((v, i) => ({ catalogVariantId: v.id, priceCents: 2400 + i * 100 })), artwork: { artwork1: ART }, ...extra,
});

const variantsOf = (productId: string) => db().select().from(productVariants).where(eq(productVariants.productId, productId)).orderBy(asc(productVariants.position));

let delivered = 0;
async function deliverOrders() {
  const fresh: Delivery[] = fake().webhooks.deliveries.slice(delivered);
  delivered = fake().webhooks.deliveries.length;
  for (const d of fresh) if (d.topic.startsWith('orders/')) expect((await shopifyWebhook(t, d.shop, d.topic, d.webhookId, JSON.parse(d.body))).statusCode).toBe(200);
  await t.app.jobs.drain();
}

beforeAll(async () => {
  await connectShop(t, SELLER, SHOP);
  await t.app.jobs.drain();
  const listed = (await call(SELLER, 'GET', '/api/publishing/stores')).body.data as { id: string; platform: string; name: string }[];
  const [row] = await db().select().from(stores).where(eq(stores.shopDomain, SHOP));
  shopStoreId = row!.id;
  expect(listed.some((s) => s.id === shopStoreId)).toBe(true);
  manualStoreId = listed.find((s) => s.platform === 'manual')!.id;
  const [team] = await db().select().from(sellerTeams).where(eq(sellerTeams.id, row!.sellerTeamId));
  teamCode = team!.code;
  const offered = (await call(SELLER, 'GET', '/api/catalogs?limit=100')).body.data as { id: string; name: string }[];
  const gildan = offered.find((c) => c.name === 'Gildan 5000 Unisex Heavy Cotton T-Shirt')!;
  catalog = (await call(SELLER, 'GET', `/api/catalogs/${gildan.id}`)).body.data;
  expect(catalog.variants.filter((v) => v.inStock).length).toBeGreaterThanOrEqual(3);
  delivered = fake().webhooks.deliveries.length;
});

describe('publishing to a Shopify store', () => {
  let productId: string;
  let picked: CatalogVariant[];

  it('makes the product in the shop and in our tables, mapped with artwork, published', async () => {
    picked = catalog.variants.filter((v) => v.inStock).slice(0, 3);
    const { started, job } = await publish(bodyFor(shopStoreId, picked));
    expect(started.body.message).toBe(PUBLISH_MSG.started);
    expect(job!.status).toBe('done');
    expect(job!.result).toMatchObject({ ok: true, message: PUBLISH_MSG.done });
    productId = String(job!.result!['productId']);

    const [product] = await db().select().from(products).where(eq(products.id, productId));
    expect(product).toMatchObject({ storeId: shopStoreId, title: 'Dog Dad Tee', catalogId: catalog.id, mappingStatus: 2, productType: 'pod' });
    expect(product!.publishedAt).toBeInstanceOf(Date);
    expect(product!.description).toBe('<p>Soft cotton.</p><p>Made to order.</p>');

    const held = fake().shop(SHOP).products.get(Number(product!.serverId))!;
    expect(held.title).toBe('Dog Dad Tee');
    expect(held.options.map((o) => o.name)).toEqual(['Color', 'Size']);
    const skus = picked.map((v) => `${teamCode}-${v.catalogVariantCode}`);
    expect(held.variants.map((v) => [v.sku, v.price, availableForSale(v)])).toEqual(skus.map((sku, i) => [sku, (24 + i).toFixed(2), true]));

    const rows = await variantsOf(productId);
    expect(rows.map((r) => [r.sku, r.serverId, r.priceCents, r.catalogVariantId, r.artwork1, r.mappingStatus])).toEqual(
      held.variants.map((v, i) => [skus[i], String(v.id), 2400 + i * 100, picked[i]!.id, ART, 2]),
    );
    const audit = await db().select().from(auditEntries).where(and(eq(auditEntries.entityId, productId), eq(auditEntries.action, 'publish')));
    expect(audit).toHaveLength(1);
  });

  it('an order of one of its variants arrives already mapped', async () => {
    const sku = `${teamCode}-${picked[1]!.catalogVariantCode}`;
    fake().shop(SHOP).nextOrderNumber = 70001;
    const o = await fake().createOrder(SHOP, { lineItems: [{ sku, quantity: 1 }] });
    await deliverOrders();
    const [order] = await db().select().from(orders).where(and(eq(orders.storeId, shopStoreId), eq(orders.externalId, String(o.id))));
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(items.map((i) => [i.sku, i.catalogVariantId, i.artwork1])).toEqual([[sku, picked[1]!.id, ART]]);
  });

  it('a price change is saved and pushed to the shop', async () => {
    const rows = await variantsOf(productId);
    const saved = await call(SELLER, 'PUT', `/api/publishing/products/${productId}/prices`, { variants: [{ variantId: rows[0]!.id, priceCents: 3150 }] });
    expect(saved.status).toBe(202);
    expect(saved.body.message).toBe(PUBLISH_MSG.pricesSaved);
    await t.app.jobs.drain();
    expect((await variantsOf(productId))[0]!.priceCents).toBe(3150);
    const [product] = await db().select().from(products).where(eq(products.id, productId));
    const held = fake().shop(SHOP).products.get(Number(product!.serverId))!;
    expect(held.variants.map((v) => v.price)).toEqual(['31.50', '25.00', '26.00']);
  });

  it('a catalog variant set out of stock makes the shop\u2019s variant unavailable, and available again when back', async () => {
    const owner = (await call(ADMIN, 'GET', `/api/catalogs/${catalog.id}`)).status === 200 ? ADMIN : OWNER;
    const full = (await call(owner, 'GET', `/api/catalogs/${catalog.id}`)).body.data as { variants: CatalogVariant[] };
    const setStock = async (inStock: boolean) => {
      const variants = full.variants.map((v) => ({ id: v.id, catalogVariantCode: v.catalogVariantCode, color: v.color, size: v.size, inStock: v.id === picked[2]!.id ? inStock : v.inStock }));
      expect((await call(owner, 'PATCH', `/api/catalogs/${catalog.id}`, { variants })).status).toBe(200);
      await t.app.jobs.drain();
    };
    const [product] = await db().select().from(products).where(eq(products.id, productId));
    const sellable = () => fake().shop(SHOP).products.get(Number(product!.serverId))!.variants.map(availableForSale);

    await setStock(false);
    expect(sellable()).toEqual([true, true, false]);
    expect((await variantsOf(productId)).map((v) => v.available)).toEqual([true, true, false]);
    await setStock(true);
    expect(sellable()).toEqual([true, true, true]);
    expect((await variantsOf(productId)).map((v) => v.available)).toEqual([true, true, true]);
  });

  it('a refused token ends the job with the platform\u2019s words and marks the store', async () => {
    fake().shop(SHOP).tokens.clear();
    const { job } = await publish(bodyFor(shopStoreId, catalog.variants.filter((v) => v.inStock).slice(0, 1)));
    expect(job!.result).toMatchObject({ ok: false });
    const [store] = await db().select().from(stores).where(eq(stores.id, shopStoreId));
    expect(store!.status).toBe('needs_attention');
  });
});

describe('publishing to a manual store', () => {
  it('makes the product here only, with SKUs of the team\u2019s code, mapped; a second publish takes a free suffix', async () => {
    const picked = catalog.variants.filter((v) => v.inStock).slice(3, 5);
    const { job } = await publish(bodyFor(manualStoreId, picked, { title: 'Manual Tee' }));
    expect(job!.result).toMatchObject({ ok: true });
    const productId = String(job!.result!['productId']);
    const [product] = await db().select().from(products).where(eq(products.id, productId));
    expect(product).toMatchObject({ storeId: manualStoreId, serverId: null, mappingStatus: 2, catalogId: catalog.id });
    expect(product!.publishedAt).toBeInstanceOf(Date);
    const rows = await variantsOf(productId);
    expect(rows.map((r) => [r.sku, r.catalogVariantId, r.option1, r.option2])).toEqual(picked.map((v) => [`${teamCode}-${v.catalogVariantCode}`, v.id, v.color, v.size]));

    const again = await publish(bodyFor(manualStoreId, picked, { title: 'Manual Tee again' }));
    const second = await variantsOf(String(again.job!.result!['productId']));
    expect(second.map((r) => r.sku)).toEqual(picked.map((v) => `${teamCode}-${v.catalogVariantCode}-2`));
  });
});

describe('who may publish, and what is refused', () => {
  it('the agency owner 403, a seller sub-user without products.manage 403, another team\u2019s store 404', async () => {
    const picked = catalog.variants.filter((v) => v.inStock).slice(0, 1);
    expect((await call(OWNER, 'POST', '/api/publishing/products', bodyFor(manualStoreId, picked))).status).toBe(403);
    expect((await call(SELLER_ACCOUNTING, 'POST', '/api/publishing/products', bodyFor(manualStoreId, picked))).status).toBe(403);
    expect((await call(OTHER_SELLER, 'POST', '/api/publishing/products', bodyFor(manualStoreId, picked))).status).toBe(404);
    expect((await call(OWNER, 'GET', '/api/publishing/stores')).status).toBe(403);
  });

  it('no variants 400, a price of 0 400, an out-of-stock variant 400, another team\u2019s product prices 404', async () => {
    const picked = catalog.variants.filter((v) => v.inStock).slice(0, 1);
    expect((await call(SELLER, 'POST', '/api/publishing/products', { ...bodyFor(manualStoreId, picked), variants: [] })).status).toBe(400);
    const zero = await call(SELLER, 'POST', '/api/publishing/products', { ...bodyFor(manualStoreId, picked), variants: [{ catalogVariantId: picked[0]!.id, priceCents: 0 }] });
    expect(zero.status).toBe(400);
    expect(JSON.stringify(zero.body)).toContain(PUBLISH_MSG.priceRange);
    expect((await call(SELLER, 'POST', '/api/publishing/products', { ...bodyFor(manualStoreId, picked), title: 'x'.repeat(256) })).status).toBe(400);
    const [anyProduct] = await db().select().from(products).where(eq(products.storeId, manualStoreId));
    expect((await call(OTHER_SELLER, 'PUT', `/api/publishing/products/${anyProduct!.id}/prices`, { variants: [{ variantId: anyProduct!.id, priceCents: 1000 }] })).status).toBe(404);
  });
});

describe('publishing to WooCommerce and Etsy', () => {
  const productRow = async (id: string) => (await db().select().from(products).where(eq(products.id, id)))[0]!;

  it('WooCommerce: a variable product with its variations, mapped here', async () => {
    const team = await teamNamed(db(), 'Demo Seller');
    const { id: storeId, store } = await wooStoreOf(t, fakes().woo, team, 'publish-woo');
    const picked = catalog.variants.filter((v) => v.inStock).slice(5, 7);
    const { job } = await publish(bodyFor(storeId, picked, { title: 'Woo Tee' }));
    expect(job!.result).toMatchObject({ ok: true });
    const product = await productRow(String(job!.result!['productId']));
    expect(product).toMatchObject({ storeId, mappingStatus: 2, catalogId: catalog.id });
    const held = store.products.get(Number(product.serverId))!;
    expect(held).toMatchObject({ name: 'Woo Tee', type: 'variable', status: 'publish' });
    const variations = store.variations.get(Number(product.serverId))!;
    expect(variations.map((v) => [v['sku'], v['regular_price'], v['stock_status']])).toEqual(picked.map((v, i) => [`${teamCode}-${v.catalogVariantCode}`, (24 + i).toFixed(2), 'instock']));
    expect((await variantsOf(product.id)).map((r) => [r.serverId, r.catalogVariantId])).toEqual(variations.map((v, i) => [String(v['id']), picked[i]!.id]));
  });

  it('Etsy: a listing with its inventory, mapped here; a price push follows Etsy\u2019s renewed variant ids', async () => {
    const team = await teamNamed(db(), 'Demo Seller');
    const { id: storeId, shop } = await etsyShopOf(t, fakes().etsy, team, 'PublishEtsy');
    const picked = catalog.variants.filter((v) => v.inStock).slice(7, 9);
    const { job } = await publish(bodyFor(storeId, picked, { title: 'Etsy Tee' }));
    expect(job!.result).toMatchObject({ ok: true });
    const product = await productRow(String(job!.result!['productId']));
    expect(product).toMatchObject({ storeId, mappingStatus: 2, catalogId: catalog.id });
    const listing = () => fakes().etsy.shops.get(shop.shopId)!.listings.get(Number(product.serverId))!;
    expect(listing().listing.title).toBe('Etsy Tee');
    expect(listing().inventory.products.map((p) => [p.sku, p.offerings[0]!.price.amount])).toEqual(picked.map((v, i) => [`${teamCode}-${v.catalogVariantCode}`, 2400 + i * 100]));

    const rows = await variantsOf(product.id);
    const saved = await call(SELLER, 'PUT', `/api/publishing/products/${product.id}/prices`, { variants: [{ variantId: rows[1]!.id, priceCents: 4000 }] });
    expect(saved.status).toBe(202);
    await t.app.jobs.drain();
    expect(listing().inventory.products.map((p) => p.offerings[0]!.price.amount)).toEqual([2400, 4000]);
    // Etsy renewed the product ids; our rows took the new ones, their mapping kept.
    expect((await variantsOf(product.id)).map((r) => [r.serverId, r.catalogVariantId])).toEqual(listing().inventory.products.map((p, i) => [String(p.product_id), picked[i]!.id]));
  });
});
