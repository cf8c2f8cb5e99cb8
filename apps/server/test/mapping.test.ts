/**
 * Mapping (docs/stores.md "Mapping"): a product's variants made as one catalog's variants with artwork, by hand,
 * one variant at a time, or many products at once by option names; statuses rolled up per product; ignored
 * variants; duplicated SKUs flagged; who may read and change; another team or tenant is 404; a mapping keyed by
 * the shop's variant id survives a renamed SKU, a variant added by the shop, and a reconnect.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MAPPING_MSG, ORDER_IMPORT_MSG } from '@fbo/shared';
import { PERSONA } from './helpers/personas';
import { connectShop, shopifyWebhook, useShopifyApiTest } from './helpers/shopify-shop';
import { postOrderFile } from './helpers/order-import-files';
import { auditEntries, orderItems, orders, productVariants, products, stores } from '../src/db/schema/index';

const { t, fake } = useShopifyApiTest();
const { call } = t;
const db = () => t.database.db;
const { SELLER, SELLER_ACCOUNTING, OTHER_SELLER, OWNER } = PERSONA;

type Catalog = { id: string; name: string };
type Variant = { id: string; sku: string; option1: string; option2: string; suggestedCatalogVariantId: string | null; catalogVariant: { id: string; code: string } | null; mappingStatus: number; ignored: boolean; duplicateSku: boolean };

const TEE = 'Best Dog Dad Ever Classic T-Shirt';
const MUG = 'But First, Coffee Mug';
const ART = '/uploads/demo/dog-dad-front.png';
let teeId: string;
let mugId: string;
let gildan: Catalog;
let mugCatalog: Catalog;
let notOffered: string;

const productId = async (title: string) =>
  (await call(SELLER, 'GET', `/api/products?search=${encodeURIComponent(title)}`)).body.data.find((p: { title: string }) => p.title === title).id as string;
const mappingOf = async (id: string, catalogId?: string) =>
  (await call(SELLER, 'GET', `/api/mapping/products/${id}${catalogId ? `?catalogId=${catalogId}` : ''}`)).body.data as { product: { mappingStatus: number; catalogId: string | null }; catalog: { id: string; variants: { id: string }[] } | null; variants: Variant[] };
const statusOf = async (id: string) => (await call(SELLER, 'GET', `/api/products/${id}`)).body.data.mappingStatus as number;

beforeAll(async () => {
  teeId = await productId(TEE);
  mugId = await productId(MUG);
  const offered: Catalog[] = (await call(SELLER, 'GET', '/api/catalogs?limit=100')).body.data;
  gildan = offered.find((c) => c.name === 'Gildan 5000 Unisex Heavy Cotton T-Shirt')!;
  mugCatalog = offered.find((c) => /Mug/.test(c.name))!;
  const all: Catalog[] = (await call(PERSONA.ADMIN, 'GET', '/api/catalogs?limit=100')).body.data;
  notOffered = all.find((c) => !offered.some((o) => o.id === c.id))!.id;
  expect(gildan && mugCatalog && notOffered).toBeTruthy();
  // The demo tee comes mapped with artwork (products.test.ts checks the demo statuses): start it from scratch.
  await db().update(productVariants).set({ catalogVariantId: null, artwork1: null, mappingStatus: 0, ignored: false, mappedAt: null }).where(eq(productVariants.productId, teeId));
  await db().update(products).set({ catalogId: null, mappingStatus: 0 }).where(eq(products.id, teeId));
});

describe('mapping one product', () => {
  it('shows the variants against a catalog with the name matches suggested, and saves them with artwork; statuses roll up', async () => {
    const shown = await mappingOf(teeId, gildan.id);
    expect(shown.product).toMatchObject({ catalogId: null, mappingStatus: 0 });
    expect(shown.catalog!.id).toBe(gildan.id);
    expect(shown.variants).toHaveLength(20);
    // White / S names the catalog's white S, whatever the case.
    expect(shown.variants.every((v) => v.suggestedCatalogVariantId && v.mappingStatus === 0 && !v.duplicateSku)).toBe(true);

    const [first, second, ...rest] = shown.variants;
    const save = await call(SELLER, 'PUT', `/api/mapping/products/${teeId}`, {
      catalogId: gildan.id,
      variants: [
        { id: first!.id, catalogVariantId: first!.suggestedCatalogVariantId, artwork1: ART },
        { id: second!.id, catalogVariantId: second!.suggestedCatalogVariantId },
      ],
    });
    expect(save.status).toBe(200);
    expect(save.body.message).toBe(MAPPING_MSG.mapped);
    expect(save.body.data.product).toMatchObject({ catalogId: gildan.id, mappingStatus: 0 });
    const byId = new Map(save.body.data.variants.map((v: Variant) => [v.id, v]));
    expect(byId.get(first!.id)).toMatchObject({ mappingStatus: 2, artwork1: ART, catalogVariant: { id: first!.suggestedCatalogVariantId } });
    expect(byId.get(second!.id)).toMatchObject({ mappingStatus: 1, artwork1: null });

    // The rest ignored: the product's status is its lowest kept variant's (1), then 2 once that one has artwork.
    await call(SELLER, 'PUT', `/api/mapping/products/${teeId}`, { catalogId: gildan.id, variants: rest.map((v) => ({ id: v.id, catalogVariantId: null, ignored: true })) });
    expect(await statusOf(teeId)).toBe(1);
    expect((await call(SELLER, 'GET', '/api/products?mappingStatus=1')).body.data.map((p: { id: string }) => p.id)).toContain(teeId);
    await call(SELLER, 'PUT', `/api/mapping/products/${teeId}`, { catalogId: gildan.id, variants: [{ id: second!.id, catalogVariantId: second!.suggestedCatalogVariantId, artwork1: ART, artwork3: ART }] });
    expect(await statusOf(teeId)).toBe(2);
    const audit = await db().select().from(auditEntries).where(and(eq(auditEntries.entityId, teeId), eq(auditEntries.action, 'mapping')));
    expect(audit).toHaveLength(3);
  });

  it('one variant at a time: /api/mapping/variants/{id} reads and saves it; moving to another catalog clears the others', async () => {
    const [variant] = (await mappingOf(mugId, mugCatalog.id)).variants;
    const read = await call(SELLER, 'GET', `/api/mapping/variants/${variant!.id}?catalogId=${mugCatalog.id}`);
    expect(read.body.data).toMatchObject({ product: { id: mugId }, catalog: { id: mugCatalog.id }, variant: { id: variant!.id } });
    const saved = await call(SELLER, 'PUT', `/api/mapping/variants/${variant!.id}`, { catalogId: mugCatalog.id, catalogVariantId: read.body.data.catalog.variants[0].id, artwork1: ART });
    expect(saved.body).toMatchObject({ message: 'Mapped', data: { variant: { mappingStatus: 2 }, product: { catalogId: mugCatalog.id } } });

    // Another catalog for a second variant: the first one named the old catalog's variant, so it is cleared (artwork kept).
    const [, other] = (await mappingOf(mugId)).variants;
    await call(SELLER, 'PUT', `/api/mapping/variants/${other!.id}`, { catalogId: gildan.id, catalogVariantId: null, ignored: true });
    const after = await mappingOf(mugId);
    expect(after.product.catalogId).toBe(gildan.id);
    expect(after.variants.find((v) => v.id === variant!.id)).toMatchObject({ catalogVariant: null, mappingStatus: 0, artwork1: ART });
  });

  it('refuses what cannot be made: a catalog the agency does not offer, another catalog\u2019s variant, a variant of another product, a bad artwork address', async () => {
    const { variants } = await mappingOf(teeId);
    const [mugVariant] = (await mappingOf(mugId)).variants;
    const gildanVariant = variants.find((v) => v.catalogVariant)!.catalogVariant!.id;
    const mugCatalogVariant = (await mappingOf(mugId, mugCatalog.id)).catalog!.variants[0]!.id;
    const cases: [object, string][] = [
      [{ catalogId: notOffered, variants: [] }, MAPPING_MSG.catalogNotOffered],
      [{ catalogId: gildan.id, variants: [{ id: variants[0]!.id, catalogVariantId: mugCatalogVariant }] }, MAPPING_MSG.variantNotInCatalog],
      [{ catalogId: gildan.id, variants: [{ id: mugVariant!.id, catalogVariantId: gildanVariant }] }, MAPPING_MSG.variantNotInProduct],
      [{ catalogId: gildan.id, variants: [{ id: variants[0]!.id, catalogVariantId: gildanVariant, artwork1: 'javascript:alert(1)' }] }, ''],
      [{ variants: [] }, ''],
    ];
    for (const [body, message] of cases) {
      const res = await call(SELLER, 'PUT', `/api/mapping/products/${teeId}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (message) expect(res.body.message).toBe(message);
    }
    expect((await call(SELLER, 'GET', `/api/mapping/products/${teeId}?catalogId=${notOffered}`)).status).toBe(400);
    // Nothing of the refused calls was written.
    expect(await statusOf(teeId)).toBe(2);
  });

  it('who: accounting reads but cannot change; the agency and other teams are kept out (403 / 404)', async () => {
    const [variant] = (await mappingOf(teeId)).variants;
    expect((await call(SELLER_ACCOUNTING, 'GET', `/api/mapping/products/${teeId}`)).status).toBe(200);
    expect((await call(SELLER_ACCOUNTING, 'PUT', `/api/mapping/products/${teeId}`, { catalogId: gildan.id, variants: [] })).status).toBe(403);
    expect((await call(OWNER, 'GET', `/api/mapping/products/${teeId}`)).status).toBe(403);
    for (const [method, path, body] of [
      ['GET', `/api/mapping/products/${teeId}`],
      ['PUT', `/api/mapping/products/${teeId}`, { catalogId: gildan.id, variants: [] }],
      ['GET', `/api/mapping/variants/${variant!.id}`],
      ['PUT', `/api/mapping/variants/${variant!.id}`, { catalogId: gildan.id, catalogVariantId: null }],
      ['GET', `/api/mapping/preview?catalogId=${gildan.id}&productIds=${teeId}`],
      ['POST', '/api/mapping/products', { catalogId: gildan.id, productIds: [teeId] }],
    ] as const) {
      const res = await call(OTHER_SELLER, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  });
});

describe('duplicated SKUs', () => {
  it('flags both variants that share a SKU within the team, and no other', async () => {
    const [teeVariant] = (await mappingOf(teeId)).variants;
    const [mugVariant] = (await mappingOf(mugId)).variants;
    await db().update(productVariants).set({ sku: teeVariant!.sku }).where(eq(productVariants.id, mugVariant!.id));
    expect((await mappingOf(teeId)).variants.filter((v) => v.duplicateSku).map((v) => v.id)).toEqual([teeVariant!.id]);
    expect((await mappingOf(mugId)).variants.find((v) => v.id === mugVariant!.id)!.duplicateSku).toBe(true);
    await db().update(productVariants).set({ sku: mugVariant!.sku }).where(eq(productVariants.id, mugVariant!.id));
  });
});

describe('many products to one catalog', () => {
  it('previews, then maps by option names; artwork for the batch goes on every mapped variant; unmatched are left to the seller', async () => {
    const ids = [mugId, await productId('Plant Mom Tote Bag')];
    const preview = await call(SELLER, 'GET', `/api/mapping/preview?catalogId=${mugCatalog.id}&productIds=${ids.join(',')}`);
    expect(preview.status).toBe(200);
    const mug = preview.body.data.products.find((p: { id: string }) => p.id === mugId);
    // The mug comes in 11oz and 15oz in four colours; the catalog has 11oz in five: 4 match, 3 left (one is ignored).
    expect(mug).toMatchObject({ variantCount: 8, matched: 4, unmatched: 3, ignored: 1 });
    const tote = preview.body.data.products.find((p: { id: string }) => p.id !== mugId);
    expect(tote).toMatchObject({ matched: 0, unmatched: 4 });

    const done = await call(SELLER, 'POST', '/api/mapping/products', { catalogId: mugCatalog.id, productIds: ids, artwork1: ART });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('Mapped');
    expect(done.body.data.products.map((p: { matched: number }) => p.matched).sort()).toEqual([0, 4]);
    const after = await mappingOf(mugId);
    expect(after.product).toMatchObject({ catalogId: mugCatalog.id, mappingStatus: 0 });
    expect(after.variants.filter((v) => v.mappingStatus === 2)).toHaveLength(4);
    expect(after.variants.filter((v) => v.option2 === '15oz' && !v.ignored).every((v) => v.mappingStatus === 0)).toBe(true);

    expect((await call(SELLER, 'POST', '/api/mapping/products', { catalogId: mugCatalog.id, productIds: [] })).body.errors.productIds).toBe(MAPPING_MSG.productsRequired);
    expect((await call(SELLER, 'POST', '/api/mapping/products', { catalogId: notOffered, productIds: ids })).body.message).toBe(MAPPING_MSG.catalogNotOffered);
  });
});

describe('order files resolve a store SKU through the mapping', () => {
  const csv = (rows: [string, string][]) => [
    'Name,Email,Lineitem quantity,Lineitem price,Lineitem sku,Shipping Name,Shipping Address1,Shipping City,Shipping Zip,Shipping Province,Shipping Country',
    ...rows.map(([name, sku]) => `${name},buyer@example.com,1,24.95,${sku},Jo Buyer,1 Main St,Boston,'02134,MA,US`),
  ].join('\n');

  it('a mapped SKU takes the catalog variant and the mapping\u2019s artwork; an ignored, unmapped or shared SKU is refused with its reason', async () => {
    const tee = await mappingOf(teeId);
    const mapped = tee.variants.find((v) => v.catalogVariant && !v.ignored)!;
    const ignored = tee.variants.find((v) => v.ignored)!;
    const unmapped = (await mappingOf(mugId)).variants.find((v) => !v.catalogVariant && !v.ignored)!;
    const [shared, twin] = (await mappingOf(await productId('Retro Sunset Poster'))).variants;
    await db().update(productVariants).set({ sku: 'SHARED-SKU' }).where(eq(productVariants.id, shared!.id));
    await db().update(productVariants).set({ sku: 'SHARED-SKU' }).where(eq(productVariants.id, twin!.id));

    const file = csv([['#MAP-1', mapped.sku], ['#MAP-2', ignored.sku], ['#MAP-3', unmapped.sku], ['#MAP-4', 'SHARED-SKU']]);
    const preview = (await postOrderFile(t, SELLER, 'orders_export.csv', file, { dryRun: 'true' })).json().data;
    expect(preview.failures.map((f: { reason: string }) => f.reason)).toEqual([
      ORDER_IMPORT_MSG.skuIgnored(ignored.sku), ORDER_IMPORT_MSG.skuNotMapped(unmapped.sku), ORDER_IMPORT_MSG.skuAmbiguous('SHARED-SKU'),
    ]);
    expect(preview.ordersReady).toBe(1);

    expect((await postOrderFile(t, SELLER, 'orders_export.csv', file)).statusCode).toBe(202);
    await t.app.jobs.drain();
    const [order] = await db().select().from(orders).where(eq(orders.orderName, '#MAP-1'));
    const [item] = await db().select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(item).toMatchObject({ sku: mapped.sku, catalogVariantId: mapped.catalogVariant!.id, productVariantId: mapped.id, artwork1: ART });
    expect(await db().select().from(orders).where(eq(orders.orderName, '#MAP-2'))).toHaveLength(0);
  });
});

describe('a mapping is kept by the shop\u2019s variant id', () => {
  const shop = 'map-me.myshopify.com';
  let storeId: string;

  beforeAll(async () => {
    await connectShop(t, SELLER, 'map-me');
    storeId = (await db().select().from(stores).where(eq(stores.shopDomain, shop)))[0]!.id;
    await fetch(`${fake().url}/_fake/shops/${shop}/products`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ count: 1, variantsPerProduct: 2 }) });
    await call(SELLER, 'POST', `/api/stores/${storeId}/sync-products`);
    await t.app.jobs.drain();
  });

  it('survives a renamed SKU and a reconnect; a variant the shop adds is unmapped and lowers the product\u2019s status', async () => {
    const [row] = await db().select().from(products).where(eq(products.storeId, storeId));
    const done = await call(SELLER, 'POST', '/api/mapping/products', { catalogId: gildan.id, productIds: [row!.id], artwork1: ART });
    expect(done.body.data.products[0]).toMatchObject({ matched: 2, unmatched: 0, mappingStatus: 2 });

    const fakeProduct = fake().shops.get(shop)!.products.get(Number(row!.serverId))!;
    fakeProduct.variants[0]!.sku = 'RENAMED-SKU';
    fakeProduct.variants.push({ ...fakeProduct.variants[1]!, id: fakeProduct.variants[1]!.id + 1000, sku: 'ADDED', title: 'Red / S', selectedOptions: [{ name: 'Color', value: 'Red' }, { name: 'Size', value: 'S' }] });
    fakeProduct.updatedAt = new Date(Date.now() + 1000).toISOString();
    await shopifyWebhook(t, shop, 'products/update', 'map-u-1', { id: Number(row!.serverId) });
    await t.app.jobs.drain();

    const after = await mappingOf(row!.id);
    expect(after.variants).toHaveLength(3);
    expect(after.variants.find((v) => v.sku === 'RENAMED-SKU')).toMatchObject({ mappingStatus: 2, catalogVariant: expect.any(Object) });
    expect(after.variants.find((v) => v.sku === 'ADDED')).toMatchObject({ mappingStatus: 0, catalogVariant: null });
    expect(after.product.mappingStatus).toBe(0);

    await call(SELLER, 'POST', `/api/stores/${storeId}/disconnect`);
    await connectShop(t, SELLER, 'map-me');
    const reconnected = await mappingOf(row!.id);
    expect(reconnected.variants.find((v) => v.sku === 'RENAMED-SKU')).toMatchObject({ mappingStatus: 2 });
  });
});
