/**
 * pushInventory through each adapter against its local fake (docs/stores.md "Inventory push"): the quantities land
 * in the fake (read back through its control API), each platform's batching (Shopify one read and one set a push,
 * WooCommerce one batch call per variable product, Etsy one inventory write per listing), the variant made
 * stock-tracked, 0 selling nothing, and the platforms' refusals (Shopify's userErrors for an unknown inventory item,
 * WooCommerce's 400 for a bad id) surfacing as StoreApiErrors while the other products still get their stock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEtsyFake, type EtsyFake } from '../fakes/etsy';
import { startShopifyFake, type ShopifyFake } from '../fakes/shopify';
import { startWooCommerceFake, type WooCommerceFake } from '../fakes/woocommerce';
import { createEtsyApi, EtsyError, EtsyRateBudget, type EtsyTokens } from '../src/modules/stores/etsy';
import { createShopifyApi, ShopifyError } from '../src/modules/stores/shopify';
import { createWooCommerceApi, WooCommerceError } from '../src/modules/stores/woocommerce';
import type { InventoryUpdate } from '../src/modules/stores';

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(() => null, (e: unknown) => e);
}

async function controlJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

describe('Shopify', () => {
  let fake: ShopifyFake;
  let n = 0;
  beforeAll(async () => {
    fake = await startShopifyFake({ clientSecret: 'secret', clientId: 'client' });
  });
  afterAll(() => fake.close());
  const shopApi = () => {
    const shop = fake.createShop({ domain: `stock-${++n}.myshopify.com`, token: `shpat_stock_${n}` });
    const products = fake.seedProducts(shop.domain, { count: 2, variantsPerProduct: 3 });
    return { shop, products, api: createShopifyApi({ baseUrl: fake.baseUrl })({ shopDomain: shop.domain, accessToken: shop.token }) };
  };
  const opsOf = (domain: string, from = 0) => fake.requests.slice(from).filter((r) => r.shop === domain).map((r) => r.operation);
  type Row = { variantId: number; tracked: boolean; inventoryPolicy: string; available: number; availableForSale: boolean };

  it('sets the available quantities at the primary location, the variants made tracked with DENY, 0 selling nothing', async () => {
    const { shop, products, api } = shopApi();
    const [a, b, c] = products[0]!.variants;
    await api.pushInventory([
      { productId: String(products[0]!.id), variantId: String(a!.id), quantity: 7 },
      { productId: String(products[0]!.id), variantId: String(b!.id), quantity: 0 },
    ]);
    const rows = await controlJson<Row[]>(`${fake.url}/_fake/shops/${shop.domain}/inventory`);
    const row = (id: number) => rows.find((r) => r.variantId === id)!;
    expect(row(a!.id)).toMatchObject({ tracked: true, inventoryPolicy: 'DENY', available: 7, availableForSale: true });
    expect(row(b!.id)).toMatchObject({ tracked: true, inventoryPolicy: 'DENY', available: 0, availableForSale: false });
    // A variant not pushed is left as it was (untracked, always sellable).
    expect(row(c!.id)).toMatchObject({ tracked: false, availableForSale: true });
  });

  it('batches: one read and one set for the whole push, the tracking fixed once per product; a second push only reads and sets', async () => {
    const { shop, products, api } = shopApi();
    const items: InventoryUpdate[] = products.flatMap((p) => p.variants.map((v, i) => ({ productId: String(p.id), variantId: String(v.id), quantity: 10 + i })));
    const mark = fake.requests.length;
    await api.pushInventory(items);
    const ops = opsOf(shop.domain, mark);
    expect(ops.filter((o) => o === 'VariantInventoryItems')).toHaveLength(1);
    expect(ops.filter((o) => o === 'ProductVariantsBulkUpdate')).toHaveLength(2);
    expect(ops.filter((o) => o === 'InventorySetQuantities')).toHaveLength(1);
    expect(fake.inventory(shop.domain).map((r) => r.available)).toEqual([10, 11, 12, 10, 11, 12]);

    const again = fake.requests.length;
    await api.pushInventory(items.map((i) => ({ ...i, quantity: i.quantity - 10 })));
    expect(opsOf(shop.domain, again)).toEqual(['VariantInventoryItems', 'InventorySetQuantities']);
    expect(fake.inventory(shop.domain).map((r) => r.available)).toEqual([0, 1, 2, 0, 1, 2]);
  });

  it('a variant the shop no longer has: the others are still set, then a not-found error names it', async () => {
    const { shop, products, api } = shopApi();
    const v = products[1]!.variants[0]!;
    const err = await failureOf(api.pushInventory([
      { productId: '999999', variantId: '888888', quantity: 4 },
      { productId: String(products[1]!.id), variantId: String(v.id), quantity: 4 },
    ]));
    expect(err).toBeInstanceOf(ShopifyError);
    expect((err as ShopifyError).kind).toBe('not-found');
    expect((err as ShopifyError).message).toMatch(/888888/);
    expect(fake.inventory(shop.domain).find((r) => r.variantId === v.id)!.available).toBe(4);
  });

  it('Shopify\u2019s userErrors for an unknown inventory item are a refusal, not retried, nothing written', async () => {
    const { shop, products, api } = shopApi();
    const [p0, p1] = products;
    // The first product is deleted between the read and the set: its inventory item is gone.
    fake.hooks.beforeOperation = (s, op) => {
      if (s.domain === shop.domain && op === 'InventorySetQuantities') s.products.delete(p0!.id);
    };
    try {
      const err = await failureOf(api.pushInventory([
        { productId: String(p0!.id), variantId: String(p0!.variants[0]!.id), quantity: 2 },
        { productId: String(p1!.id), variantId: String(p1!.variants[0]!.id), quantity: 2 },
      ]));
      expect(err).toBeInstanceOf(ShopifyError);
      expect((err as ShopifyError).kind).toBe('user-errors');
      expect((err as ShopifyError).retryable).toBe(false);
      expect((err as ShopifyError).message).toMatch(/The specified inventory item could not be found/);
      // Shopify validates the whole input first: the other item is not set either.
      expect(fake.inventory(shop.domain).find((r) => r.variantId === p1!.variants[0]!.id)!.available).toBe(0);
    } finally {
      fake.hooks.beforeOperation = undefined;
    }
  });

  it('refuses a quantity that is not a whole number of units, before any call', async () => {
    const { shop, products, api } = shopApi();
    const mark = fake.requests.length;
    for (const quantity of [-1, 1.5, Number.NaN]) {
      const err = await failureOf(api.pushInventory([{ productId: String(products[0]!.id), variantId: String(products[0]!.variants[0]!.id), quantity }]));
      expect(err).toBeInstanceOf(RangeError);
    }
    expect(opsOf(shop.domain, mark)).toEqual([]);
  });
});

describe('WooCommerce', () => {
  let fake: WooCommerceFake;
  let n = 0;
  beforeAll(async () => {
    fake = await startWooCommerceFake();
  });
  afterAll(() => fake.close());
  const storeApi = async () => {
    const { store, key } = fake.createStore({ slug: `stock-${++n}`, name: `Stock ${n}` });
    const variable = await fake.seedProducts(store.slug, { count: 2, variationsPerProduct: 3 });
    const [simple] = await fake.seedProducts(store.slug, { count: 1 });
    const api = createWooCommerceApi({ allowPrivateForTests: true })({ storeUrl: fake.storeUrl(store.slug), consumerKey: key.consumerKey, consumerSecret: key.consumerSecret });
    return { store, variable, simple: simple!, api };
  };
  const variationIds = (store: { variations: Map<number, Record<string, unknown>[]> }, productId: unknown) => (store.variations.get(Number(productId)) ?? []).map((v) => String(v['id']));
  type Row = { productId: number; variationId: number | null; manageStock: boolean; stockQuantity: number | null; stockStatus: string };

  it('one variations batch per variable product and one PUT for a simple product; WooCommerce manages the stock and its status', async () => {
    const { store, variable, simple, api } = await storeApi();
    const items: InventoryUpdate[] = [
      ...variable.flatMap((p) => variationIds(store, p['id']).map((id, i) => ({ productId: String(p['id']), variantId: id, quantity: i * 2 }))),
      { productId: String(simple['id']), variantId: String(simple['id']), quantity: 9 },
    ];
    const mark = fake.requests.length;
    await api.pushInventory(items);
    const calls = fake.requests.slice(mark).filter((r) => r.store === store.slug).map((r) => `${r.method} ${r.path.replace('/wp-json/wc/v3', '')} ${r.status}`);
    expect(calls).toEqual([
      `POST /products/${variable[0]!['id']}/variations/batch 200`,
      `POST /products/${variable[1]!['id']}/variations/batch 200`,
      `PUT /products/${simple['id']} 200`,
    ]);
    const rows = await controlJson<Row[]>(`${fake.url}/_fake/stores/${store.slug}/inventory`);
    expect(rows.map((r) => [r.variationId === null ? 'simple' : 'variation', r.manageStock, r.stockQuantity, r.stockStatus])).toEqual([
      ['variation', true, 0, 'outofstock'], ['variation', true, 2, 'instock'], ['variation', true, 4, 'instock'],
      ['variation', true, 0, 'outofstock'], ['variation', true, 2, 'instock'], ['variation', true, 4, 'instock'],
      ['simple', true, 9, 'instock'],
    ]);
  });

  it('a bad product id is WooCommerce\u2019s 400 (not retried) and a bad variation id its refused batch item; the other products still get their stock', async () => {
    const { store, variable, api } = await storeApi();
    const good = variationIds(store, variable[0]!['id'])[0]!;
    const err = await failureOf(api.pushInventory([
      { productId: '999999', variantId: '999999', quantity: 3 },
      { productId: String(variable[0]!['id']), variantId: good, quantity: 3 },
    ]));
    expect(err).toBeInstanceOf(WooCommerceError);
    expect((err as WooCommerceError).status).toBe(400);
    expect((err as WooCommerceError).code).toBe('woocommerce_rest_product_invalid_id');
    expect((err as WooCommerceError).retryable).toBe(false);
    expect(fake.inventory(store.slug).find((r) => String(r.variationId) === good)).toMatchObject({ manageStock: true, stockQuantity: 3 });

    const refused = await failureOf(api.pushInventory([{ productId: String(variable[1]!['id']), variantId: '424242', quantity: 1 }]));
    expect(refused).toBeInstanceOf(WooCommerceError);
    expect((refused as WooCommerceError).kind).toBe('user-errors');
    expect((refused as WooCommerceError).message).toMatch(/Invalid ID/);
  });
});

describe('Etsy', () => {
  let fake: EtsyFake;
  beforeAll(async () => {
    fake = await startEtsyFake({ clientId: 'etsy-key', sharedSecret: 'etsy-secret', perSecond: 1000 });
  });
  afterAll(() => fake.close());
  const shopApi = () => {
    const shop = fake.createShop({ name: `Stock${fake.shops.size + 1}` });
    const [entry] = fake.seedListings(shop.shopId, { count: 1, variantsPerListing: 4 });
    const pair = fake.tokens.issue(shop.userId, 'listings_r listings_w shops_r');
    const tokens: EtsyTokens = { ...pair, userId: String(shop.userId), expiresAt: new Date(Date.now() + 3_600_000).toISOString() };
    const api = createEtsyApi({ clientId: 'etsy-key', sharedSecret: 'etsy-secret', apiBase: fake.endpoints.apiBase, connectUrl: fake.endpoints.connectUrl, tokenUrl: fake.endpoints.tokenUrl, budget: new EtsyRateBudget({ perSecond: 1000 }) })({ shopId: String(shop.shopId), tokens });
    const listingId = String(entry!.listing.listing_id);
    const variants = entry!.inventory.products.map((p) => ({ variantId: String(p.product_id), sku: p.sku }));
    return { shop, api, listingId, variants };
  };
  type Row = { sku: string; quantity: number; isEnabled: boolean; available: number; state: string };
  const rowsOf = (shopId: number) => controlJson<Row[]>(`${fake.url}/_fake/shops/${shopId}/inventory`);

  it('one inventory write per listing: the named offerings get their quantities, 0 disables one, the others stay untouched', async () => {
    const { shop, api, listingId, variants } = shopApi();
    const before = fake.inventory(shop.shopId);
    const mark = fake.requests.length;
    await api.pushInventory([
      { productId: listingId, variantId: variants[0]!.variantId, quantity: 5 },
      { productId: listingId, variantId: variants[1]!.variantId, quantity: 0 },
    ]);
    expect(fake.requests.slice(mark).filter((r) => r.method === 'PUT').map((r) => r.path)).toEqual([`/listings/${listingId}/inventory`]);
    const rows = await rowsOf(shop.shopId);
    expect(rows.map((r) => [r.sku, r.quantity, r.isEnabled, r.available])).toEqual([
      [variants[0]!.sku, 5, true, 5],
      [variants[1]!.sku, 0, false, 0],
      [before[2]!.sku, before[2]!.quantity, before[2]!.isEnabled, before[2]!.available],
      [before[3]!.sku, before[3]!.quantity, before[3]!.isEnabled, before[3]!.available],
    ]);
    // Prices and variation properties written back as they were.
    const held = fake.shops.get(shop.shopId)!.listings.get(Number(listingId))!.inventory;
    expect(held.products.map((p) => p.offerings[0]!.price.amount)).toEqual(before.map(() => held.products[0]!.offerings[0]!.price.amount));
    expect(held.quantity_on_property).toEqual([200, 100]);
    expect(held.products.map((p) => p.property_values.map((v) => v.values[0]))).toHaveLength(4);
  });

  it('finds a variant by SKU once Etsy renewed the ids, caps at 999, and refuses a variant the listing lacks', async () => {
    const { shop, api, listingId, variants } = shopApi();
    await api.pushInventory([{ productId: listingId, variantId: variants[0]!.variantId, sku: variants[0]!.sku, quantity: 3 }]);
    // Every product id changed with that write: the stored ids are stale, the SKUs are not.
    await api.pushInventory([{ productId: listingId, variantId: variants[2]!.variantId, sku: variants[2]!.sku, quantity: 5000 }]);
    const rows = fake.inventory(shop.shopId);
    expect(rows.find((r) => r.sku === variants[2]!.sku)).toMatchObject({ quantity: 999, isEnabled: true });
    expect(rows.find((r) => r.sku === variants[0]!.sku)).toMatchObject({ quantity: 3 });
    const err = await failureOf(api.pushInventory([{ productId: listingId, variantId: '1', sku: 'NOPE', quantity: 1 }]));
    expect(err).toBeInstanceOf(EtsyError);
    expect((err as EtsyError).kind).toBe('not-found');
  });

  it('every variant at 0: the listing is made inactive with every offering disabled (Etsy keeps one above 0); stock again makes it active, the rest still disabled', async () => {
    const { shop, api, listingId, variants } = shopApi();
    await api.pushInventory(variants.map((v) => ({ productId: listingId, ...v, quantity: 0 })));
    let rows = await rowsOf(shop.shopId);
    expect(rows.map((r) => [r.state, r.quantity, r.isEnabled, r.available])).toEqual([
      ['inactive', 1, false, 0], ['inactive', 0, false, 0], ['inactive', 0, false, 0], ['inactive', 0, false, 0],
    ]);

    await api.pushInventory([{ productId: listingId, ...variants[3]!, quantity: 2 }]);
    rows = await rowsOf(shop.shopId);
    expect(rows.map((r) => [r.state, r.isEnabled, r.available])).toEqual([
      ['active', false, 0], ['active', false, 0], ['active', false, 0], ['active', true, 2],
    ]);
  });
});
