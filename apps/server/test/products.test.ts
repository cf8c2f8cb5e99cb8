/**
 * A seller team's products (docs/stores.md, "Products"): the list with its filters and count, the
 * detail, changes and deletes with their permissions, tenant isolation, and the sync from a Shopify shop
 * (the local fake) by job and by webhook: any number and order of syncs and deliveries leave one row per
 * product and variant, with the shop's latest copy; a variant keeps its row when its SKU changes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PRODUCT_MSG } from '@fbo/shared';
import { PERSONA } from './helpers/personas';
import { connectShop, shopifyWebhook, useShopifyApiTest } from './helpers/shopify-shop';
import { productVariants, products, stores } from '../src/db/schema/index';

const { t, fake } = useShopifyApiTest();
const { call } = t;
const db = () => t.database.db;
const { SELLER, SELLER_ACCOUNTING, SELLER_SUPPORT, OTHER_SELLER, OWNER } = PERSONA;

const TOTE = 'Plant Mom Tote Bag';
let demoShopId: string;
let manualStoreId: string;

beforeAll(async () => {
  const list = await call(SELLER, 'GET', '/api/stores?limit=50');
  demoShopId = list.body.data.find((s: { name: string }) => s.name === 'Demo Tees').id;
  manualStoreId = list.body.data.find((s: { name: string }) => s.name === 'Demo Market (CSV)').id;
});

const productNamed = async (who: string, title: string) =>
  (await call(who, 'GET', `/api/products?search=${encodeURIComponent(title)}`)).body.data.find((p: { title: string }) => p.title === title);

describe('products of a seller team', () => {
  it('lists the team\u2019s products newest first with their store, type, variants and mapping status; filters and counts them', async () => {
    const all = await call(SELLER, 'GET', '/api/products?limit=50');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(5);
    const tote = all.body.data.find((p: { title: string }) => p.title === TOTE);
    expect(tote).toMatchObject({
      productType: 'pod', personalized: false, serverId: null, mappingStatus: 0, variantCount: 4,
      store: { id: manualStoreId, name: 'Demo Market (CSV)', platform: 'manual' }, sellerTeam: { code: expect.any(String) },
    });
    const fromShop = await call(SELLER, 'GET', `/api/products?storeId=${demoShopId}`);
    expect(fromShop.body.total).toBe(4);
    expect(fromShop.body.data.every((p: { serverId: string | null; syncedAt: string | null }) => p.serverId && p.syncedAt)).toBe(true);
    expect((await call(SELLER, 'GET', '/api/products?search=hoodie')).body.data.map((p: { title: string }) => p.title)).toEqual(['Mountains Are Calling Hoodie']);
    expect((await call(SELLER, 'GET', '/api/products?search=mountains-are-calling')).body.total).toBe(1);
    expect((await call(SELLER, 'GET', '/api/products?productType=drop')).body.total).toBe(0);
    // The demo data holds products in every mapping status: the tee with artwork, the hoodie without, the rest not mapped.
    expect((await call(SELLER, 'GET', '/api/products?mappingStatus=0')).body.total).toBe(3);
    expect((await call(SELLER, 'GET', '/api/products?mappingStatus=2')).body.data.map((p: { title: string }) => p.title)).toEqual(['Best Dog Dad Ever Classic T-Shirt']);
    expect((await call(SELLER, 'GET', '/api/products?mappingStatus=1')).body.data.map((p: { title: string }) => p.title)).toEqual(['Mountains Are Calling Hoodie']);
    expect((await call(SELLER, 'GET', '/api/products/count')).body.data).toEqual({ total: 5, byMappingStatus: { 0: 3, 1: 1, 2: 1 } });
    expect((await call(SELLER, 'GET', `/api/products/count?storeId=${manualStoreId}`)).body.data.total).toBe(1);
    const picker = await call(SELLER, 'GET', '/api/products/list?search=mug');
    expect(picker.body.data).toEqual([expect.objectContaining({ title: 'But First, Coffee Mug', store: expect.objectContaining({ name: 'Demo Tees' }) })]);
  });

  it('refuses bad filters with a message, never a 500', async () => {
    for (const q of ['mappingStatus=3', 'mappingStatus=x', 'productType=shirt', 'storeId=nope', 'limit=500']) {
      const res = await call(SELLER, 'GET', `/api/products?${q}`);
      expect(res.status, q).toBe(400);
    }
  });

  it('shows a product with its variants; changes its title, type and personalized mark; refuses FK and bad titles', async () => {
    const tote = await productNamed(SELLER, TOTE);
    const detail = await call(SELLER, 'GET', `/api/products/${tote.id}`);
    expect(detail.body.data).toMatchObject({ title: TOTE, options: [{ name: 'Color' }, { name: 'Size' }], mockup: expect.stringContaining('tote') });
    expect(detail.body.data.variants[0]).toMatchObject({ option1: 'White', option2: 'One size', price: 18.95, mappingStatus: 0, sku: expect.any(String) });
    expect(detail.body.data.description).toContain('<strong>');

    const changed = await call(SELLER, 'PUT', `/api/products/${tote.id}`, { productType: 'drop', personalized: true, title: '  Plant Mom Tote  ' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ message: 'Updated', data: { productType: 'drop', personalized: true, title: 'Plant Mom Tote' } });
    expect((await call(SELLER, 'PUT', `/api/products/${tote.id}`, { productType: 'fake' })).body.errors).toBeTruthy();
    expect((await call(SELLER, 'PUT', `/api/products/${tote.id}`, { title: ' ' })).status).toBe(400);
    await call(SELLER, 'PUT', `/api/products/${tote.id}`, { productType: 'pod', personalized: false, title: TOTE });
  });

  it('marks several products personalized at once, only the team\u2019s own', async () => {
    const mine = (await call(SELLER, 'GET', '/api/products?limit=2')).body.data.map((p: { id: string }) => p.id);
    const theirs = (await call(OTHER_SELLER, 'GET', '/api/products')).body.data.map((p: { id: string }) => p.id);
    const res = await call(SELLER, 'PUT', '/api/products/update/personalized', { ids: [...mine, ...theirs, mine[0]], personalized: true });
    expect(res.body).toEqual({ message: 'Updated', count: 2 });
    expect((await call(SELLER, 'GET', `/api/products/${mine[1]}`)).body.data.personalized).toBe(true);
    await call(SELLER, 'PUT', '/api/products/update/personalized', { ids: mine, personalized: false });
    expect((await call(SELLER, 'PUT', '/api/products/update/personalized', { ids: [], personalized: true })).body.errors).toBeTruthy();
  });

  it('reads are the manager\u2019s, staff\u2019s and accounting\u2019s; changes the manager\u2019s and staff\u2019s; the agency and other sub-users have none', async () => {
    const tote = await productNamed(SELLER, TOTE);
    expect((await call(SELLER_ACCOUNTING, 'GET', '/api/products')).status).toBe(200);
    expect((await call(SELLER_ACCOUNTING, 'GET', `/api/products/${tote.id}`)).status).toBe(200);
    expect((await call(SELLER_ACCOUNTING, 'PUT', `/api/products/${tote.id}`, { personalized: true })).status).toBe(403);
    expect((await call(SELLER_ACCOUNTING, 'DELETE', `/api/products/${tote.id}`)).status).toBe(403);
    expect((await call(SELLER_ACCOUNTING, 'POST', `/api/stores/${demoShopId}/sync-products`)).status).toBe(403);
    expect((await call(SELLER_SUPPORT, 'GET', '/api/products')).status).toBe(403);
    expect((await call(OWNER, 'GET', '/api/products')).status).toBe(403);
  });

  it('another team\u2019s product is not found, for reading, changing and deleting', async () => {
    const tote = await productNamed(SELLER, TOTE);
    expect((await call(OTHER_SELLER, 'GET', `/api/products/${tote.id}`)).status).toBe(404);
    expect((await call(OTHER_SELLER, 'PUT', `/api/products/${tote.id}`, { personalized: true })).status).toBe(404);
    expect((await call(OTHER_SELLER, 'DELETE', `/api/products/${tote.id}`)).status).toBe(404);
    expect((await call(OTHER_SELLER, 'DELETE', '/api/products', { ids: [tote.id] })).body).toEqual({ message: 'Deleted', count: 0 });
    expect((await call(OTHER_SELLER, 'GET', `/api/products?storeId=${manualStoreId}`)).body.total).toBe(0);
    expect((await call(OTHER_SELLER, 'POST', `/api/stores/${demoShopId}/sync-products`)).status).toBe(404);
    expect(await productNamed(SELLER, TOTE)).toBeTruthy();
  });

  it('a sync is refused for a manual store and a demo store, with the reason', async () => {
    expect((await call(SELLER, 'POST', `/api/stores/${manualStoreId}/sync-products`)).body.message).toBe(PRODUCT_MSG.syncManual);
    expect((await call(SELLER, 'POST', `/api/stores/${demoShopId}/sync-products`)).body.message).toBe(PRODUCT_MSG.syncDemo);
  });
});

// Each synced product also queues its image copy (a job per product), which the drains run too: more time than the default.
// Forty products are four pages of the sync (PAGE_SIZE 10).
describe('products from a Shopify shop', { timeout: 90_000 }, () => {
  const shop = 'sync-me.myshopify.com';
  let storeId: string;
  const control = (path: string, method: string, body?: object) =>
    fetch(`${fake().url}/_fake/shops/${shop}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body && JSON.stringify(body) }).then((r) => r.json());
  const storeProducts = () => db().select().from(products).where(and(eq(products.storeId, storeId)));

  beforeAll(async () => {
    await connectShop(t, SELLER, 'sync-me');
    storeId = (await db().select().from(stores).where(eq(stores.shopDomain, shop)))[0]!.id;
  });

  it('the first sync pulls every product page by page as a job with a progress total; a second sync changes nothing', async () => {
    await control('/products', 'POST', { count: 40, variantsPerProduct: 3 });
    const started = await call(SELLER, 'POST', `/api/stores/${storeId}/sync-products`);
    expect(started).toMatchObject({ status: 202, body: { message: PRODUCT_MSG.syncStarted, jobId: expect.any(String) } });
    // A second click while it is queued answers the same job.
    expect((await call(SELLER, 'POST', `/api/stores/${storeId}/sync-products`)).body.jobId).toBe(started.body.jobId);
    await t.app.jobs.drain();
    const job = await call(SELLER, 'GET', `/api/jobs/${started.body.jobId}`);
    expect(job.body.data?.error ?? null).toBeNull();
    expect(job.body.data ?? job.body).toMatchObject({ status: 'done', total: 40, processed: 40 });
    const rows = await storeProducts();
    expect(rows).toHaveLength(40);
    expect(rows.every((r) => r.serverId && r.syncedAt && r.syncRequestedAt && r.handle.startsWith('tee-'))).toBe(true);
    const variants = await db().select().from(productVariants).where(eq(productVariants.productId, rows[0]!.id));
    expect(variants).toHaveLength(3);
    expect((await db().select().from(stores).where(eq(stores.id, storeId)))[0]!.lastProductSyncAt).toBeTruthy();

    await call(SELLER, 'POST', `/api/stores/${storeId}/sync-products`);
    await t.app.jobs.drain();
    expect(await storeProducts()).toHaveLength(40);
    expect((await call(SELLER, 'GET', `/api/products?storeId=${storeId}`)).body.total).toBe(40);
  });

  it('webhooks: an update is read again (twice delivered, one read), a renamed SKU keeps the variant row, a delete removes it', async () => {
    const [first] = await storeProducts();
    const serverId = first!.serverId!;
    const [variant] = await db().select().from(productVariants).where(eq(productVariants.productId, first!.id));
    await control(`/products/${serverId}`, 'PATCH', { title: 'Renamed Tee' });
    const fakeProduct = fake().shops.get(shop)!.products.get(Number(serverId))!;
    fakeProduct.variants[0]!.sku = 'NEW-SKU-1';
    for (const delivery of ['u-1', 'u-1', 'u-2']) {
      expect((await shopifyWebhook(t, shop, 'products/update', delivery, { id: Number(serverId), title: 'Renamed Tee' })).statusCode).toBe(200);
    }
    await t.app.jobs.drain();
    const [after] = await db().select().from(products).where(eq(products.id, first!.id));
    expect(after!.title).toBe('Renamed Tee');
    const [kept] = await db().select().from(productVariants).where(eq(productVariants.id, variant!.id));
    expect(kept).toMatchObject({ serverId: variant!.serverId, sku: 'NEW-SKU-1' });

    await control(`/products/${serverId}`, 'DELETE');
    await shopifyWebhook(t, shop, 'products/delete', 'd-1', { id: Number(serverId) });
    await t.app.jobs.drain();
    expect(await db().select().from(products).where(eq(products.id, first!.id))).toHaveLength(0);
    expect(await db().select().from(productVariants).where(eq(productVariants.productId, first!.id))).toHaveLength(0);
    // A product deleted while no webhook came is gone after the next sync.
    const [second] = await storeProducts();
    fake().shops.get(shop)!.products.delete(Number(second!.serverId));
    await call(SELLER, 'POST', `/api/stores/${storeId}/sync-products`);
    await t.app.jobs.drain();
    expect(await storeProducts()).toHaveLength(38);
  });

  it('a revoked token makes the store need attention instead of retrying', async () => {
    await control('/modes', 'POST', { revokeTokens: true });
    const started = await call(SELLER, 'POST', `/api/stores/${storeId}/sync-products`);
    await t.app.jobs.drain();
    const job = await call(SELLER, 'GET', `/api/jobs/${started.body.jobId}`);
    expect(job.body.data ?? job.body).toMatchObject({ status: 'done', result: expect.objectContaining({ ok: false }) });
    const [store] = await db().select().from(stores).where(eq(stores.id, storeId));
    expect(store).toMatchObject({ status: 'needs_attention', statusReason: expect.stringContaining('connect the shop again') });
    expect((await call(SELLER, 'POST', `/api/stores/${storeId}/sync-products`)).body.message).toBe(PRODUCT_MSG.syncNotConnected);
  });
});
