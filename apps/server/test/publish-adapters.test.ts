/**
 * Publishing through each adapter against its local fake (docs/publishing.md): createProduct leaves the product in
 * the shop with its options, variants (SKU, price) and images, answered as a read would answer it; updateVariants
 * changes prices and availability there.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEtsyFake, type EtsyFake } from '../fakes/etsy';
import { createEtsyApi, EtsyError, EtsyRateBudget, type EtsyTokens } from '../src/modules/stores/etsy';
import { startShopifyFake, type ShopifyFake } from '../fakes/shopify';
import { startWooCommerceFake, type WooCommerceFake } from '../fakes/woocommerce';
import { createWooCommerceApi, WooCommerceError } from '../src/modules/stores/woocommerce';
import { availableForSale } from '../fakes/shopify/publishing';
import { createShopifyApi, ShopifyError } from '../src/modules/stores/shopify';
import type { PublishProductInput } from '../src/modules/stores/store-adapter';

export const INPUT: PublishProductInput = {
  title: 'Dog Dad Tee',
  descriptionHtml: '<p>Soft cotton</p>',
  options: ['Color', 'Size'],
  variants: [
    { sku: 'DS-G5000-BLK-S', optionValues: ['Black', 'S'], priceCents: 2499, available: true },
    { sku: 'DS-G5000-BLK-M', optionValues: ['Black', 'M'], priceCents: 2499, available: true },
    { sku: 'DS-G5000-WHT-S', optionValues: ['White', 'S'], priceCents: 2299, available: false },
  ],
  images: ['https://cdn.example.test/mockups/front.png', 'https://cdn.example.test/mockups/back.png'],
  productType: 'T-Shirt',
};

describe('Shopify', () => {
  let fake: ShopifyFake;
  let n = 0;
  beforeAll(async () => {
    fake = await startShopifyFake({ clientSecret: 'secret', clientId: 'client' });
  });
  afterAll(() => fake.close());
  const shopApi = () => {
    const shop = fake.createShop({ domain: `publish-${++n}.myshopify.com`, token: `shpat_publish_${n}` });
    return { shop, api: createShopifyApi({ baseUrl: fake.baseUrl })({ shopDomain: shop.domain, accessToken: shop.token }) };
  };

  it('createProduct makes the product with its options, variants, prices, SKUs and media, and answers it as a read does', async () => {
    const { shop, api } = shopApi();
    const made = await api.createProduct(INPUT);
    const held = fake.shop(shop.domain).products.get(Number(made.legacyId))!;
    expect(held).toMatchObject({ title: INPUT.title, descriptionHtml: INPUT.descriptionHtml, status: 'ACTIVE', productType: 'T-Shirt', images: INPUT.images });
    expect(held.options).toEqual([{ name: 'Color', values: ['Black', 'White'] }, { name: 'Size', values: ['S', 'M'] }]);
    // The standalone variant productCreate made is gone: only ours.
    expect(held.variants.map((v) => [v.sku, v.price, v.title, availableForSale(v)])).toEqual([
      ['DS-G5000-BLK-S', '24.99', 'Black / S', true],
      ['DS-G5000-BLK-M', '24.99', 'Black / M', true],
      ['DS-G5000-WHT-S', '22.99', 'White / S', false],
    ]);
    expect(made.variants.map((v) => [v.legacyId, v.sku, v.priceCents])).toEqual(held.variants.map((v) => [String(v.id), v.sku, Math.round(Number(v.price) * 100)]));
    expect(made.images).toEqual(INPUT.images);
  });

  it('updateVariants changes prices and availability in the shop', async () => {
    const { shop, api } = shopApi();
    const made = await api.createProduct(INPUT);
    const [a, , c] = made.variants;
    await api.updateVariants(made.legacyId!, [{ variantId: a!.legacyId!, priceCents: 2999, available: false }, { variantId: c!.legacyId!, available: true }]);
    const held = fake.shop(shop.domain).products.get(Number(made.legacyId))!;
    expect(held.variants.map((v) => [v.price, availableForSale(v)])).toEqual([['29.99', false], ['24.99', true], ['22.99', true]]);
  });

  it('a refusal carries Shopify\u2019s words and is not retried', async () => {
    const { api } = shopApi();
    const err = await api.createProduct({ ...INPUT, title: ' ' }).then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(ShopifyError);
    expect((err as ShopifyError).message).toMatch(/Title can't be blank/);
    expect((err as ShopifyError).retryable).toBe(false);
    const gone = await api.updateVariants('999999', [{ variantId: '1', priceCents: 100 }]).then(() => null, (e: unknown) => e);
    expect((gone as ShopifyError).message).toMatch(/Product does not exist/);
  });
});

describe('WooCommerce', () => {
  let fake: WooCommerceFake;
  let n = 0;
  beforeAll(async () => {
    fake = await startWooCommerceFake();
  });
  afterAll(() => fake.close());
  const storeApi = () => {
    const { store, key } = fake.createStore({ slug: `publish-${++n}`, name: `Publish ${n}` });
    return { store, api: createWooCommerceApi({ allowPrivateForTests: true })({ storeUrl: fake.storeUrl(store.slug), consumerKey: key.consumerKey, consumerSecret: key.consumerSecret }) };
  };
  const variationsOf = (store: { variations: Map<number, Record<string, unknown>[]> }, id: string) =>
    (store.variations.get(Number(id)) ?? []).map((v) => [v['sku'], v['regular_price'], v['stock_status'], (v['attributes'] as { option: string }[]).map((a) => a.option).join(' / ')]);

  it('createProduct makes a variable product with attributes, variations (SKU, price, stock) and images', async () => {
    const { store, api } = storeApi();
    const made = await api.createProduct!(INPUT);
    const held = store.products.get(Number(made.id))!;
    expect(held).toMatchObject({ name: INPUT.title, type: 'variable', status: 'publish', description: INPUT.descriptionHtml });
    expect((held['images'] as { src: string }[]).map((i) => i.src)).toEqual(INPUT.images);
    expect((held['attributes'] as { name: string; variation: boolean; options: string[] }[]).map((a) => [a.name, a.variation, a.options])).toEqual([['Color', true, ['Black', 'White']], ['Size', true, ['S', 'M']]]);
    expect(variationsOf(store, made.id)).toEqual([
      ['DS-G5000-BLK-S', '24.99', 'instock', 'Black / S'],
      ['DS-G5000-BLK-M', '24.99', 'instock', 'Black / M'],
      ['DS-G5000-WHT-S', '22.99', 'outofstock', 'White / S'],
    ]);
    expect(made.variants.map((v) => [v.sku, v.priceCents, v.title])).toEqual([['DS-G5000-BLK-S', 2499, 'Black / S'], ['DS-G5000-BLK-M', 2499, 'Black / M'], ['DS-G5000-WHT-S', 2299, 'White / S']]);
  });

  it('updateVariants changes prices and stock status; a refused item carries WooCommerce\u2019s words', async () => {
    const { store, api } = storeApi();
    const made = await api.createProduct!(INPUT);
    const [a, , c] = made.variants;
    await api.updateVariants!(made.id, [{ variantId: a!.id, priceCents: 2999, available: false }, { variantId: c!.id, available: true }]);
    expect(variationsOf(store, made.id).map((v) => [v[1], v[2]])).toEqual([['29.99', 'outofstock'], ['24.99', 'instock'], ['22.99', 'instock']]);
    // The same SKUs again: WooCommerce refuses a duplicated SKU per item.
    const err = await api.createProduct!(INPUT).then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(WooCommerceError);
    expect((err as WooCommerceError).message).toMatch(/Invalid or duplicated SKU/);
    expect((err as WooCommerceError).retryable).toBe(false);
  });
});

describe('Etsy', () => {
  let fake: EtsyFake;
  let images: Server;
  let imageBase = '';
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
  beforeAll(async () => {
    fake = await startEtsyFake({ clientId: 'etsy-key', sharedSecret: 'etsy-secret', perSecond: 1000 });
    // The mockups' host: Etsy takes bytes, so the adapter downloads them first.
    images = createServer((req, res) => {
      if (req.url?.endsWith('.png')) res.writeHead(200, { 'Content-Type': 'image/png' }).end(PNG);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
    imageBase = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await fake.close();
    await new Promise((resolve) => images.close(resolve));
  });
  const shopApi = () => {
    const shop = fake.createShop({ name: `Publish${fake.shops.size + 1}` });
    const pair = fake.tokens.issue(shop.userId, 'listings_r listings_w shops_r');
    const tokens: EtsyTokens = { ...pair, userId: String(shop.userId), expiresAt: new Date(Date.now() + 3_600_000).toISOString() };
    const api = createEtsyApi({ clientId: 'etsy-key', sharedSecret: 'etsy-secret', apiBase: fake.endpoints.apiBase, connectUrl: fake.endpoints.connectUrl, tokenUrl: fake.endpoints.tokenUrl, budget: new EtsyRateBudget({ perSecond: 1000 }) })({ shopId: String(shop.shopId), tokens });
    return { shop, api };
  };
  const withImages = () => ({ ...INPUT, images: [`${imageBase}/front.png`, `${imageBase}/missing.jpg`, `${imageBase}/back.png`] });

  it('createProduct makes an active listing with its inventory (SKUs, prices, enabled offerings) and the downloaded images', async () => {
    const { shop, api } = shopApi();
    const made = await api.createProduct!(withImages());
    const held = fake.shops.get(shop.shopId)!.listings.get(Number(made.id))!;
    expect(held.listing).toMatchObject({ title: INPUT.title, description: 'Soft cotton', state: 'active', who_made: 'i_did', when_made: 'made_to_order' });
    // The image that could not be downloaded is skipped; the others are uploaded as bytes.
    expect(held.listing.images).toHaveLength(2);
    expect(held.inventory.products.map((p) => [p.sku, p.offerings[0]!.price.amount, p.offerings[0]!.is_enabled, p.property_values.map((v) => `${v.property_name}=${v.values[0]}`).join(',')])).toEqual([
      ['DS-G5000-BLK-S', 2499, true, 'Color=Black,Size=S'],
      ['DS-G5000-BLK-M', 2499, true, 'Color=Black,Size=M'],
      ['DS-G5000-WHT-S', 2299, false, 'Color=White,Size=S'],
    ]);
    expect(made.variants.map((v) => [v.sku, v.priceCents, v.title])).toEqual([['DS-G5000-BLK-S', 2499, 'Black / S'], ['DS-G5000-BLK-M', 2499, 'Black / M'], ['DS-G5000-WHT-S', 2299, 'White / S']]);
    expect(made.status).toBe('ACTIVE');
  });

  it('without a single image the listing stays a draft (Etsy refuses to activate it)', async () => {
    const { api } = shopApi();
    const made = await api.createProduct!({ ...INPUT, images: [`${imageBase}/missing.jpg`] });
    expect(made.status).toBe('DRAFT');
  });

  it('updateVariants rewrites the inventory with new prices and enabled offerings, finding variants by SKU once ids changed', async () => {
    const { shop, api } = shopApi();
    const made = await api.createProduct!(withImages());
    const [a, , c] = made.variants;
    await api.updateVariants!(made.id, [{ variantId: a!.id, sku: a!.sku!, priceCents: 2999, available: false }]);
    // Etsy renewed every product id: the old id no longer names c, its SKU does.
    await api.updateVariants!(made.id, [{ variantId: c!.id, sku: c!.sku!, available: true }]);
    const held = fake.shops.get(shop.shopId)!.listings.get(Number(made.id))!;
    expect(held.inventory.products.map((p) => [p.offerings[0]!.price.amount, p.offerings[0]!.is_enabled])).toEqual([[2999, false], [2499, true], [2299, true]]);
    const gone = await api.updateVariants!(made.id, [{ variantId: '1', sku: 'NOPE' }]).then(() => null, (e: unknown) => e);
    expect(gone).toBeInstanceOf(EtsyError);
  });
});
