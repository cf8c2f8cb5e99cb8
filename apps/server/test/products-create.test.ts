/**
 * Making a product by hand (POST /api/products, docs/stores.md "Products"): only in a manual store of the
 * caller's team (a Shopify store is refused, another team's store is 404), with its variants in one
 * transaction, a handle from the title unique in the store, no SKU twice, the mockup from the team's image
 * library; the manager and staff may, accounting may not. GET /api/products/manual-stores lists where.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PRODUCT_LIMITS, PRODUCT_MSG, STORE_MSG } from '@fbo/shared';
import { useApiTest } from './helpers/api';
import { PERSONA } from './helpers/personas';
import { auditEntries, files, products, users } from '../src/db/schema/index';

const t = useApiTest();
const { call } = t;
const db = () => t.database.db;
const { SELLER, SELLER_ACCOUNTING, SELLER_SUPPORT, OTHER_SELLER, OWNER } = PERSONA;

let manualStoreId: string;
let shopId: string;
let otherShopId: string;

const body = (over: object = {}) => ({
  storeId: manualStoreId,
  title: 'Hand Made Mug',
  productType: 'drop',
  description: '<p>Made <strong>by hand</strong></p><script>alert(1)</script>',
  variants: [
    { sku: 'HMM-WHI-11', option1: 'White', option2: '11oz', price: 12.95 },
    { sku: 'HMM-BLK-11', option1: 'Black', option2: '11oz', price: 13.95 },
    { sku: 'HMM-FREE', title: 'Sample', price: 0 },
  ],
  ...over,
});

beforeAll(async () => {
  const mine = await call(SELLER, 'GET', '/api/stores?limit=50');
  manualStoreId = mine.body.data.find((s: { name: string }) => s.name === 'Demo Market (CSV)').id;
  shopId = mine.body.data.find((s: { name: string }) => s.name === 'Demo Tees').id;
  otherShopId = (await call(OTHER_SELLER, 'GET', '/api/stores?limit=50')).body.data[0].id;
});

describe('POST /api/products', () => {
  it('makes the product with its variants in the manual store, a handle from its title, audited', async () => {
    const res = await call(SELLER, 'POST', '/api/products', body());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const p = res.body.data;
    expect(p).toMatchObject({
      title: 'Hand Made Mug', handle: 'hand-made-mug', productType: 'drop', personalized: false, serverId: null, mockup: null, mappingStatus: 0,
      store: { id: manualStoreId, name: 'Demo Market (CSV)', platform: 'manual' }, variantCount: 3, syncedAt: null,
      options: [{ name: 'Option 1', values: ['White', 'Black'] }, { name: 'Option 2', values: ['11oz'] }],
    });
    expect(p.description).toContain('<strong>by hand</strong>');
    expect(p.description).not.toContain('<script>');
    expect(p.variants).toEqual([
      expect.objectContaining({ sku: 'HMM-WHI-11', title: 'White / 11oz', option1: 'White', option2: '11oz', option3: null, price: 12.95, serverId: null, mappingStatus: 0 }),
      expect.objectContaining({ sku: 'HMM-BLK-11', title: 'Black / 11oz', price: 13.95 }),
      expect.objectContaining({ sku: 'HMM-FREE', title: 'Sample', option1: null, price: 0 }),
    ]);
    expect((await call(SELLER, 'GET', `/api/products/${p.id}`)).body.data.variants).toHaveLength(3);
    expect((await call(SELLER, 'GET', `/api/products?storeId=${manualStoreId}&search=hand-made`)).body.data.map((x: { id: string }) => x.id)).toEqual([p.id]);
    const audit = await db().select().from(auditEntries).where(and(eq(auditEntries.entity, 'product'), eq(auditEntries.entityId, p.id)));
    expect(audit).toEqual([expect.objectContaining({ action: 'create' })]);

    // The same title again: the store's handles stay unique.
    const second = await call(SELLER, 'POST', '/api/products', body({ variants: [{ sku: 'X-1', price: 5 }] }));
    expect(second.body.data.handle).toBe('hand-made-mug-2');
    const third = await call(SELLER, 'POST', '/api/products', body({ title: 'Hand-Made  MUG!', variants: [{ sku: 'X-1', price: 5 }] }));
    expect(third.body.data.handle).toBe('hand-made-mug-3');
    const accents = await call(SELLER, 'POST', '/api/products', body({ title: 'Café Crème', variants: [{ sku: 'X-2', price: 5 }] }));
    expect(accents.body.data.handle).toBe('cafe-creme');
    const symbols = await call(SELLER, 'POST', '/api/products', body({ title: '☕☕', variants: [{ sku: 'X-3', price: 5 }] }));
    expect(symbols.body.data.handle).toBe('product');
  });

  it('refuses a store of a platform (its products come from its sync) and another team\u2019s store (404)', async () => {
    const shopify = await call(SELLER, 'POST', '/api/products', body({ storeId: shopId }));
    expect(shopify.status).toBe(400);
    expect(shopify.body.message).toBe(PRODUCT_MSG.createNotManual);
    const theirs = await call(OTHER_SELLER, 'POST', '/api/products', body());
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe(STORE_MSG.notFound);
    expect((await call(SELLER, 'POST', '/api/products', body({ storeId: otherShopId }))).status).toBe(404);
    expect((await call(SELLER, 'POST', '/api/products', body({ storeId: '00000000-0000-7000-8000-000000000000' }))).status).toBe(404);
    const stray = await db().select().from(products).where(and(eq(products.storeId, shopId), eq(products.title, 'Hand Made Mug')));
    expect(stray).toEqual([]);
  });

  it('refuses a SKU twice in the body (case and spaces aside), naming the repeated row', async () => {
    const res = await call(SELLER, 'POST', '/api/products', body({
      title: 'Twice', variants: [{ sku: 'DUP-1', price: 1 }, { sku: 'OTHER', price: 1 }, { sku: ' dup-1 ', price: 1 }],
    }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'variants.2.sku': PRODUCT_MSG.skuDuplicate });
    expect(await db().select().from(products).where(eq(products.title, 'Twice'))).toEqual([]);
  });

  it('refuses bad input with the field\u2019s message, never a 500', async () => {
    const cases: [object, string, string][] = [
      [{ variants: [] }, 'variants', PRODUCT_MSG.variantsRequired],
      [{ variants: Array.from({ length: PRODUCT_LIMITS.variants.max + 1 }, (_, i) => ({ sku: `S${i}`, price: 1 })) }, 'variants', PRODUCT_MSG.variantsMax],
      [{ variants: [{ sku: '  ', price: 1 }] }, 'variants.0.sku', PRODUCT_MSG.skuRequired],
      [{ variants: [{ sku: 'x'.repeat(65), price: 1 }] }, 'variants.0.sku', PRODUCT_MSG.skuLength],
      [{ variants: [{ sku: 'A', price: -1 }] }, 'variants.0.price', PRODUCT_MSG.priceRange],
      [{ variants: [{ sku: 'A', price: 12.555 }] }, 'variants.0.price', PRODUCT_MSG.priceDecimals],
      [{ variants: [{ sku: 'A' }] }, 'variants.0.price', PRODUCT_MSG.priceRequired],
      [{ title: ' ' }, 'title', PRODUCT_MSG.titleRequired],
      [{ title: 'x'.repeat(256) }, 'title', PRODUCT_MSG.titleLength],
      [{ productType: 'fake' }, 'productType', PRODUCT_MSG.typeSelectable],
      [{ storeId: undefined }, 'storeId', PRODUCT_MSG.storeRequired],
    ];
    for (const [over, field, message] of cases) {
      const res = await call(SELLER, 'POST', '/api/products', body(over));
      expect(res.status, field).toBe(400);
      expect(res.body.errors?.[field], JSON.stringify(res.body)).toBe(message);
    }
  });

  it('takes the mockup only from the team\u2019s image library', async () => {
    const [seller] = await db().select().from(users).where(eq(users.email, SELLER));
    const [other] = await db().select().from(users).where(eq(users.email, OTHER_SELLER));
    const image = (who: typeof seller, name: string, inLibrary: 'yes' | 'no' = 'yes') => ({
      agencyId: who!.agencyId, sellerTeamId: who!.sellerTeamId, uploadedBy: who!.id, path: `images/2026/11/${name}`, name,
      status: 'uploaded' as const, inLibrary, contentType: 'image/png', size: 10,
    });
    await db().insert(files).values([image(seller, 'mine.png'), image(seller, 'not-in-library.png', 'no'), image(other, 'theirs.png')]);

    const ok = await call(SELLER, 'POST', '/api/products', body({ title: 'With Mockup', mockup: '/files/images/2026/11/mine.png', variants: [{ sku: 'M-1', price: 1 }] }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.data.mockup).toBe('/files/images/2026/11/mine.png');
    for (const mockup of ['/files/images/2026/11/theirs.png', '/files/images/2026/11/not-in-library.png', 'https://evil.test/x.png', '/files/images/2026/11/mine.png.evil']) {
      const res = await call(SELLER, 'POST', '/api/products', body({ title: 'Bad Mockup', mockup, variants: [{ sku: 'M-1', price: 1 }] }));
      expect(res.status, mockup).toBe(400);
      expect(res.body.message).toBe(PRODUCT_MSG.mockupNotInLibrary);
    }
  });

  it('is the manager\u2019s and staff\u2019s: accounting, support and the agency get 403', async () => {
    const staffEmail = 'product-create-staff@products.test';
    const created = await call(SELLER, 'POST', '/api/users', {
      fullName: 'Stan Staff', email: staffEmail, authority: 'staff', password: 'secret-pass', confirmPassword: 'secret-pass',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const staff = await t.as(staffEmail, 'secret-pass');
    const made = await call(staff, 'POST', '/api/products', body({ title: 'By Staff', variants: [{ sku: 'ST-1', price: 1 }] }));
    expect(made.status).toBe(201);
    for (const who of [SELLER_ACCOUNTING, SELLER_SUPPORT, OWNER]) {
      expect((await call(who, 'POST', '/api/products', body({ title: 'Not Allowed' }))).status, who).toBe(403);
    }
    expect(await db().select().from(products).where(eq(products.title, 'Not Allowed'))).toEqual([]);
  });
});

describe('GET /api/products/manual-stores', () => {
  it('lists the team\u2019s manual stores for the manager and staff; not accounting, not the agency', async () => {
    const res = await call(SELLER, 'GET', '/api/products/manual-stores');
    expect(res.body.data).toEqual([{ id: manualStoreId, name: 'Demo Market (CSV)', platform: 'manual' }]);
    expect((await call(OTHER_SELLER, 'GET', '/api/products/manual-stores')).body.data).toEqual([]);
    expect((await call(SELLER_ACCOUNTING, 'GET', '/api/products/manual-stores')).status).toBe(403);
    expect((await call(OWNER, 'GET', '/api/products/manual-stores')).status).toBe(403);
  });
});
