import { describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { CATALOG_MSG } from '@fbo/shared';
import { useApiTest, type Method } from './helpers/api';
import { PERSONA } from './helpers/personas';
import {
  agencies,
  agencyCatalogs,
  agencyVariantCosts,
  auditEntries,
  basecostItems,
  catalogVariants,
  catalogs,
  categories,
  notifications,
  sellerTeams,
  users,
} from '../src/db/schema/index';

const t = useApiTest();
const { call } = t;

const { ADMIN, SUPPLIER, OWNER: AGENCY, STAFF, OTHER_OWNER: OTHER, SELLER, OTHER_SELLER } = PERSONA;

const db = () => t.database.db;
async function agencyIdOf(email: string) {
  const [u] = await db().select().from(users).where(eq(users.email, email));
  return u!.agencyId!;
}
async function catalogByName(name: string) {
  const [c] = await db().select().from(catalogs).where(eq(catalogs.name, name));
  return c!;
}
async function offered(agencyId: string) {
  const rows = await db().select().from(agencyCatalogs).where(eq(agencyCatalogs.agencyId, agencyId));
  return new Set(rows.map((r) => r.catalogId));
}
async function categoryId(name: string) {
  const [c] = await db().select().from(categories).where(eq(categories.name, name));
  return c!.id;
}
const auditOf = (entityId: string) => db().select().from(auditEntries).where(and(eq(auditEntries.entityId, entityId), eq(auditEntries.entity, 'catalog')));

/** A valid POD catalog body with a 2 x 2 grid. */
function podBody(code: string, extra: object = {}) {
  return {
    name: `Test Tee ${code}`,
    productCode: code,
    description: '<p>Soft <b>cotton</b></p><script>alert(1)</script><img src="x" onerror="alert(1)">',
    type: 'pod',
    sizes: ['S', 'M'],
    colors: ['black', 'white'],
    variants: [
      { catalogVariantCode: `${code}-BLA-S`, color: 'black', size: 'S', inStock: true },
      { catalogVariantCode: `${code}-BLA-M`, color: 'black', size: 'M', inStock: true },
      { catalogVariantCode: `${code}-WHI-S`, color: 'white', size: 'S', inStock: false },
      { catalogVariantCode: `${code}-WHI-M`, color: 'white', size: 'M', inStock: true },
    ],
    mockupGallery: ['/files/images/2026/01/abc-front.png', 'https://cdn.example.com/a.png'],
    designs: [{ name: 'Front', width: 4200, height: 4800 }],
    production: { productionTime: '2-4 business days', material: '100% cotton', weight: 6, weightUnit: 'oz' },
    shipping: { methods: ['standard', 'express'], shippingTime: '3-7 business days', shipsFrom: 'US' },
    note: 'Bestseller',
    active: true,
    publishStatus: 0,
    ...extra,
  };
}

describe('who may call what', () => {
  it('refuses callers without a token (401)', async () => {
    expect((await call(null, 'GET', '/api/catalogs')).status).toBe(401);
    expect((await call(null, 'POST', '/api/catalogs', podBody('NOPE-1'))).status).toBe(401);
  });

  it.each([SUPPLIER, PERSONA.SUPPORT, PERSONA.ACCOUNTING, SELLER])('%s cannot create, change, bulk-update or ask price (403)', async (email) => {
    const id = (await catalogByName('Ceramic Mug 11oz')).id;
    const attempts: [Method, string, object?][] = [
      ['POST', '/api/catalogs', podBody('NOPE-2')],
      ['PATCH', `/api/catalogs/${id}`, { name: 'Sneaky' }],
      ['DELETE', `/api/catalogs/${id}`],
      ['PATCH', '/api/catalogs/status', { ids: [id], status: 1 }],
      ['POST', '/api/catalogs/ask-price', { ids: [id] }],
    ];
    for (const [method, url, payload] of attempts) expect((await call(email, method, url, payload)).status, `${method} ${url}`).toBe(403);
  });

  it('the catalog forms may upload mockups (administrator, agency owner and staff)', async () => {
    for (const email of [ADMIN, AGENCY, STAFF]) {
      expect((await call(email, 'GET', '/api/images/presigned_url?file_name=front.png')).status, email).toBe(200);
    }
    expect((await call(SUPPLIER, 'GET', '/api/images/presigned_url?file_name=front.png')).status).toBe(403);
  });

  it('agency staff may create its own catalogs but not bulk-update (403)', async () => {
    const id = (await catalogByName('Ceramic Mug 11oz')).id;
    expect((await call(STAFF, 'PATCH', '/api/catalogs/status', { ids: [id], status: 1 })).status).toBe(403);
    const created = await call(STAFF, 'POST', '/api/catalogs', podBody('STAFF-1'));
    expect(created.status).toBe(201);
    expect(created.body.data.agencyId).toBe(await agencyIdOf(STAFF));
  });
});

describe('GET /api/catalogs: visibility per persona', () => {
  it('administrator sees every catalog that is not deleted', async () => {
    const { status, body } = await call(ADMIN, 'GET', '/api/catalogs?limit=200');
    expect(status).toBe(200);
    const live = await db().select().from(catalogs).where(isNull(catalogs.deletedAt));
    expect(body.total).toBe(live.length);
    expect(body.data[0]).toMatchObject({ id: expect.any(String), categories: expect.any(Array) });
    expect(body.data.some((c: { agencyId: string | null }) => c.agencyId !== null)).toBe(true);
    expect(body.data[0]).not.toHaveProperty('fromPrice');
  });

  it('supplier sees only master dropship trademark active catalogs', async () => {
    const { body } = await call(SUPPLIER, 'GET', '/api/catalogs?limit=200');
    expect(body.total).toBeGreaterThan(0);
    for (const c of body.data) expect(c).toMatchObject({ dropship: true, isTrademark: true, active: true, agencyId: null });
  });

  it('agency sees what it is offered plus its own, another agency not', async () => {
    const demoId = await agencyIdOf(AGENCY);
    const mine = await offered(demoId);
    const { body } = await call(AGENCY, 'GET', '/api/catalogs?limit=200');
    expect(body.data.every((c: { id: string }) => mine.has(c.id))).toBe(true);
    const other = await call(OTHER, 'GET', '/api/catalogs?limit=200');
    const otherOffered = await offered(await agencyIdOf(OTHER));
    expect(other.body.data.every((c: { id: string }) => otherOffered.has(c.id))).toBe(true);
    expect(other.body.data.find((c: { agencyId: string | null }) => c.agencyId === demoId)).toBeUndefined();
  });

  it('filters by type, status, dropship, trademark, category and search', async () => {
    const tees = await categoryId('T-Shirts');
    const byCat = await call(ADMIN, 'GET', `/api/catalogs?category=${tees}&limit=200`);
    expect(byCat.body.total).toBeGreaterThan(3);
    for (const c of byCat.body.data) expect(c.categories.map((x: { name: string }) => x.name)).toContain('T-Shirts');
    const drop = await call(ADMIN, 'GET', '/api/catalogs?type=drop&dropship=true&limit=200');
    for (const c of drop.body.data) expect(c).toMatchObject({ type: 'drop', dropship: true });
    const tm = await call(ADMIN, 'GET', '/api/catalogs?isTrademark=true&publishStatus=2');
    for (const c of tm.body.data) expect(c).toMatchObject({ isTrademark: true, publishStatus: 2 });
    const search = await call(ADMIN, 'GET', '/api/catalogs?search=%20mug%2011');
    expect(search.body.data.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['Ceramic Mug 11oz', 'Color Changing Mug 11oz']));
    expect((await call(ADMIN, 'GET', '/api/catalogs?search=100%25')).body.total).toBe(0);
  });

  it("the administrator's agency filter lists the catalogs one agency offers (others ignore it)", async () => {
    const otherId = await agencyIdOf(OTHER);
    const { body } = await call(ADMIN, 'GET', `/api/catalogs?agency=${otherId}&type=pod&limit=200`);
    const set = await offered(otherId);
    expect(body.total).toBeGreaterThan(0);
    for (const c of body.data) {
      expect(set.has(c.id)).toBe(true);
      expect(c.type).toBe('pod');
    }
    const demo = await call(AGENCY, 'GET', `/api/catalogs?agency=${otherId}&limit=200`);
    const demoSet = await offered(await agencyIdOf(AGENCY));
    expect(demo.body.data.every((c: { id: string }) => demoSet.has(c.id))).toBe(true);
  });

  it('seller sees active catalogs its agency offers with the lowest base price of its team', async () => {
    const { body } = await call(SELLER, 'GET', '/api/catalogs?limit=200');
    const demoSet = await offered(await agencyIdOf(SELLER));
    expect(body.total).toBeGreaterThan(0);
    for (const c of body.data) {
      expect(demoSet.has(c.id)).toBe(true);
      expect(c.active).toBe(true);
    }
    const mug = body.data.find((c: { name: string }) => c.name === 'Ceramic Mug 11oz');
    // Standard group: +40 % over $6.95.
    expect(mug.fromPrice).toBe(9.73);
  });
});

describe('GET /api/catalogs/:id', () => {
  it('answers every field of the catalog, without supplier prices', async () => {
    const mug = await catalogByName('Ceramic Mug 11oz');
    const { status, body } = await call(ADMIN, 'GET', `/api/catalogs/${mug.id}`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      id: mug.id,
      name: 'Ceramic Mug 11oz',
      productCode: mug.productCode,
      type: 'pod',
      categories: [{ id: expect.any(String), name: 'Drinkware' }],
      designs: [{ name: 'Wrap', width: 2475, height: 1155 }],
      production: { weightUnit: 'oz', material: 'Ceramic' },
      shipping: { methods: ['standard', 'express'] },
      mockupGallery: mug.mockupGallery,
    });
    expect(body.data.variants.length).toBe(mug.colors.length * mug.sizes.length);
    expect(Object.keys(body.data.variants[0]).sort()).toEqual(['catalogVariantCode', 'color', 'createdAt', 'id', 'inStock', 'size']);
  });

  it('is 404 outside the visibility: other agency, supplier scope, unknown id', async () => {
    const demoId = await agencyIdOf(AGENCY);
    const otherSet = await offered(await agencyIdOf(OTHER));
    const demoSet = await offered(demoId);
    const onlyDemo = [...demoSet].find((id) => !otherSet.has(id))!;
    expect((await call(OTHER, 'GET', `/api/catalogs/${onlyDemo}`)).status).toBe(404);
    expect((await call(OTHER_SELLER, 'GET', `/api/catalogs/${onlyDemo}`)).status).toBe(404);
    expect((await call(AGENCY, 'GET', `/api/catalogs/${onlyDemo}`)).status).toBe(200);
    const mug = await catalogByName('Ceramic Mug 11oz');
    expect((await call(SUPPLIER, 'GET', `/api/catalogs/${mug.id}`)).status).toBe(404);
    expect((await call(ADMIN, 'GET', '/api/catalogs/00000000-0000-7000-8000-000000000000')).status).toBe(404);
    expect((await call(ADMIN, 'GET', '/api/catalogs/not-a-uuid')).status).toBe(400);
  });

  it("seller detail carries its team's base price and shipping per method", async () => {
    const mug = await catalogByName('Ceramic Mug 11oz');
    const { body } = await call(SELLER, 'GET', `/api/catalogs/${mug.id}`);
    const [team] = await db().select().from(sellerTeams).where(eq(sellerTeams.name, 'Demo Seller'));
    const items = await db().select().from(basecostItems).where(and(eq(basecostItems.basecostId, team!.basecostId!), eq(basecostItems.catalogId, mug.id)));
    const v = body.data.variants[0];
    const item = items.find((i) => i.catalogVariantId === v.id)!;
    expect(v.basePrice).toBe(Number(item.basePriceCents) / 100);
    expect(v.shipping).toEqual({
      standard: { first: Number(item.standardFirstCents) / 100, additional: Number(item.standardAdditionalCents) / 100 },
      express: { first: Number(item.expressFirstCents) / 100, additional: Number(item.expressAdditionalCents) / 100 },
      overnight: null,
    });
    expect(body.data.fromPrice).toBe(Math.min(...body.data.variants.map((x: { basePrice: number }) => x.basePrice)));
  });

  it('a team base cost without the catalog answers null prices (Price on request)', async () => {
    const created = await call(AGENCY, 'POST', '/api/catalogs', podBody('NOPRICE-1', { publishStatus: 1 }));
    const id = created.body.data.id;
    const detail = await call(SELLER, 'GET', `/api/catalogs/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.fromPrice).toBeNull();
    expect(detail.body.data.variants[0]).toMatchObject({ basePrice: null, shipping: null });
    const list = await call(SELLER, 'GET', '/api/catalogs?search=NOPRICE-1');
    expect(list.body.data[0].fromPrice).toBeNull();
  });
});

describe('POST /api/catalogs', () => {
  it('administrator creates a master catalog: sanitised description, variants, audit', async () => {
    const { status, body } = await call(ADMIN, 'POST', '/api/catalogs', podBody('ADM-1', { categoryIds: [await categoryId('T-Shirts')] }));
    expect(status).toBe(201);
    expect(body.message).toBe('Created');
    expect(body.data).toMatchObject({ agencyId: null, productCode: 'ADM-1', categories: [{ name: 'T-Shirts' }], note: 'Bestseller' });
    expect(body.data.description).toBe('<p>Soft <b>cotton</b></p><img src="x" />');
    expect(body.data.variants).toHaveLength(4);
    expect(body.data.variants.find((v: { catalogVariantCode: string }) => v.catalogVariantCode === 'ADM-1-WHI-S').inStock).toBe(false);
    const audit = await auditOf(body.data.id);
    expect(audit.map((a) => a.action)).toEqual(['create']);
    // A master catalog is offered to nobody until an agency is given it.
    const rows = await db().select().from(agencyCatalogs).where(eq(agencyCatalogs.catalogId, body.data.id));
    expect(rows).toHaveLength(0);
  });

  it('a dropship catalog keeps the flags and stock', async () => {
    const { status, body } = await call(ADMIN, 'POST', '/api/catalogs', podBody('DROP-T1', { type: 'drop', dropship: true, isTrademark: true }));
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ type: 'drop', dropship: true, isTrademark: true });
  });

  it('agency creates its own catalog, offered to itself at once and invisible to others', async () => {
    const demoId = await agencyIdOf(AGENCY);
    const own = await categoryId('Best sellers');
    const { status, body } = await call(AGENCY, 'POST', '/api/catalogs', podBody('AG-1', { categoryIds: [own] }));
    expect(status).toBe(201);
    expect(body.data.agencyId).toBe(demoId);
    expect((await offered(demoId)).has(body.data.id)).toBe(true);
    expect((await call(OTHER, 'GET', `/api/catalogs/${body.data.id}`)).status).toBe(404);
    // Its sellers see it once it leaves Draft, never before.
    expect((await call(SELLER, 'GET', `/api/catalogs/${body.data.id}`)).status).toBe(404);
    expect((await call(ADMIN, 'GET', `/api/catalogs/${body.data.id}`)).status).toBe(200);
    expect((await call(AGENCY, 'PATCH', `/api/catalogs/${body.data.id}`, { ...podBody('AG-1', { categoryIds: [own] }), variants: body.data.variants, publishStatus: 1 })).status).toBe(200);
    expect((await call(SELLER, 'GET', `/api/catalogs/${body.data.id}`)).status).toBe(200);
  });

  it('refuses categories the actor cannot see', async () => {
    const foreign = await categoryId('Featured');
    const res = await call(AGENCY, 'POST', '/api/catalogs', podBody('AG-2', { categoryIds: [foreign] }));
    expect(res).toMatchObject({ status: 400, body: { message: CATALOG_MSG.categoryNotFound, errors: { categoryIds: CATALOG_MSG.categoryNotFound } } });
    const agencyCat = await categoryId('Best sellers');
    expect((await call(ADMIN, 'POST', '/api/catalogs', podBody('ADM-2', { categoryIds: [agencyCat] }))).status).toBe(400);
  });

  it('refuses a product code already used (any case) with a clear message', async () => {
    const mug = await catalogByName('Ceramic Mug 11oz');
    const res = await call(ADMIN, 'POST', '/api/catalogs', podBody(mug.productCode.toLowerCase(), { variants: [] }));
    expect(res).toMatchObject({ status: 400, body: { message: CATALOG_MSG.codeTaken, errors: { productCode: CATALOG_MSG.codeTaken } } });
  });

  it.each([
    [{ name: '' }, 'name', CATALOG_MSG.inputName],
    [{ name: 'A' }, 'name', CATALOG_MSG.nameLength],
    [{ name: 'x'.repeat(256) }, 'name', CATALOG_MSG.nameLength],
    [{ productCode: 'A' }, 'productCode', CATALOG_MSG.codeLength],
    [{ productCode: 'BAD CODE' }, 'productCode', CATALOG_MSG.codeFormat],
    [{ type: 'mug' }, 'type', CATALOG_MSG.inputType],
    [{ mockupGallery: ['javascript:alert(1)'] }, 'mockupGallery.0', CATALOG_MSG.galleryPath],
    [{ sizes: ['S', 's'] }, 'sizes.1', CATALOG_MSG.optionTwice('s')],
  ])('validates %j', async (change, field, message) => {
    const res = await call(ADMIN, 'POST', '/api/catalogs', { ...podBody('VAL-1'), ...change, variants: [] });
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toBe(message);
  });

  it('checks variants: colours and sizes from the lists, unique codes and pairs, codes used elsewhere', async () => {
    const base = podBody('VAR-1');
    const wrongColor = await call(ADMIN, 'POST', '/api/catalogs', { ...base, variants: [{ catalogVariantCode: 'VAR-1-X', color: 'red', size: 'S' }] });
    expect(wrongColor).toMatchObject({ status: 400, body: { errors: { 'variants.0.color': CATALOG_MSG.variantColor } } });
    const wrongSize = await call(ADMIN, 'POST', '/api/catalogs', { ...base, variants: [{ catalogVariantCode: 'VAR-1-X', color: 'black', size: 'XL' }] });
    expect(wrongSize.body.errors['variants.0.size']).toBe(CATALOG_MSG.variantSize);
    const twice = await call(ADMIN, 'POST', '/api/catalogs', {
      ...base,
      variants: [
        { catalogVariantCode: 'VAR-1-A', color: 'black', size: 'S' },
        { catalogVariantCode: 'var-1-a', color: 'black', size: 'S' },
      ],
    });
    expect(twice.body.errors['variants.1.catalogVariantCode']).toBe(CATALOG_MSG.variantCodeTwice('var-1-a'));
    expect(twice.body.errors['variants.1.size']).toBe(CATALOG_MSG.variantPairTwice('black', 'S'));
    const [seeded] = await db().select().from(catalogVariants).limit(1);
    const used = await call(ADMIN, 'POST', '/api/catalogs', { ...base, variants: [{ catalogVariantCode: seeded!.catalogVariantCode, color: 'black', size: 'S' }] });
    expect(used).toMatchObject({ status: 400, body: { message: CATALOG_MSG.variantCodeTaken(seeded!.catalogVariantCode) } });
    const withId = await call(ADMIN, 'POST', '/api/catalogs', { ...base, variants: [{ id: seeded!.id, catalogVariantCode: 'VAR-1-Z', color: 'black', size: 'S' }] });
    expect(withId.status).toBe(400);
  });
});

describe('PATCH /api/catalogs/:id', () => {
  it('changes fields, adds, updates and deletes unreferenced variants, audited', async () => {
    const created = (await call(ADMIN, 'POST', '/api/catalogs', podBody('UPD-1'))).body.data;
    const [keep, change, drop] = created.variants as { id: string; catalogVariantCode: string; color: string; size: string }[];
    const res = await call(ADMIN, 'PATCH', `/api/catalogs/${created.id}`, {
      name: 'Renamed Tee',
      sizes: ['S', 'M', 'L'],
      variants: [
        { ...keep, inStock: true },
        { ...change, catalogVariantCode: 'UPD-1-NEW-CODE', inStock: false },
        { catalogVariantCode: 'UPD-1-BLA-L', color: 'black', size: 'L', inStock: true },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Updated');
    expect(res.body.data.name).toBe('Renamed Tee');
    expect(res.body.data.description).toBe(created.description);
    const codes = res.body.data.variants.map((v: { catalogVariantCode: string }) => v.catalogVariantCode).sort();
    expect(codes).toEqual(['UPD-1-BLA-L', 'UPD-1-NEW-CODE', keep!.catalogVariantCode].sort());
    // The unreferenced removed variants are gone for good.
    expect(await db().select().from(catalogVariants).where(eq(catalogVariants.id, drop!.id))).toHaveLength(0);
    const audit = await auditOf(created.id);
    const update = audit.find((a) => a.action === 'update')!;
    expect(update.after).toMatchObject({ name: 'Renamed Tee', variants: { added: ['UPD-1-BLA-L'], updated: ['UPD-1-NEW-CODE'] } });
    expect(update.before).toMatchObject({ name: created.name });
  });

  it('archives removed variants that base costs, agency costs or price logs name', async () => {
    const mug = await catalogByName('Ceramic Mug 15oz');
    const detail = (await call(ADMIN, 'GET', `/api/catalogs/${mug.id}`)).body.data;
    const [first, ...rest] = detail.variants as { id: string }[];
    const res = await call(ADMIN, 'PATCH', `/api/catalogs/${mug.id}`, { variants: [first] });
    expect(res.status).toBe(200);
    expect(res.body.data.variants).toHaveLength(1);
    for (const v of rest) {
      const [row] = await db().select().from(catalogVariants).where(eq(catalogVariants.id, v.id));
      expect(row!.archived).toBe(true);
    }
    // Archived variants still hold their costs; the list's counts leave them out.
    const costs = await db().select().from(basecostItems).where(eq(basecostItems.catalogId, mug.id));
    expect(costs.length).toBeGreaterThan(1);
    const list = await call(ADMIN, 'GET', `/api/catalogs?search=${encodeURIComponent(mug.productCode)}`);
    expect(list.body.data[0].variantCount).toBe(1);
  });

  it('keeps the current variants when none are sent, and checks them against new lists', async () => {
    const created = (await call(ADMIN, 'POST', '/api/catalogs', podBody('UPD-2'))).body.data;
    const res = await call(ADMIN, 'PATCH', `/api/catalogs/${created.id}`, { colors: ['black'] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(CATALOG_MSG.variantColor);
    const ok = await call(ADMIN, 'PATCH', `/api/catalogs/${created.id}`, { note: 'Changed', active: false });
    expect(ok.body.data).toMatchObject({ note: 'Changed', active: false });
    expect(ok.body.data.variants).toHaveLength(4);
  });

  it('refuses a product code of another catalog and a variant id of another catalog', async () => {
    const a = (await call(ADMIN, 'POST', '/api/catalogs', podBody('UPD-3'))).body.data;
    const b = (await call(ADMIN, 'POST', '/api/catalogs', podBody('UPD-4'))).body.data;
    expect((await call(ADMIN, 'PATCH', `/api/catalogs/${a.id}`, { productCode: 'upd-4' })).body.message).toBe(CATALOG_MSG.codeTaken);
    const foreign = { ...b.variants[0] };
    const res = await call(ADMIN, 'PATCH', `/api/catalogs/${a.id}`, { variants: [foreign] });
    expect(res.status).toBe(400);
    expect(res.body.errors['variants.0.id']).toBe(CATALOG_MSG.variantNotFound);
  });

  it('an agency changes only its own catalogs; master ones are 403, other agencies 404', async () => {
    const own = (await call(AGENCY, 'POST', '/api/catalogs', podBody('AG-UPD-1'))).body.data;
    expect((await call(STAFF, 'PATCH', `/api/catalogs/${own.id}`, { name: 'Staff edit' })).body.data.name).toBe('Staff edit');
    const master = [...(await offered(await agencyIdOf(AGENCY)))][0]!;
    const refused = await call(AGENCY, 'PATCH', `/api/catalogs/${master}`, { name: 'Hijack' });
    expect(refused).toMatchObject({ status: 403, body: { message: CATALOG_MSG.masterOnly } });
    expect((await call(OTHER, 'PATCH', `/api/catalogs/${own.id}`, { name: 'Hijack' })).status).toBe(404);
    expect((await call(OTHER, 'DELETE', `/api/catalogs/${own.id}`)).status).toBe(404);
    const admin = await call(ADMIN, 'PATCH', `/api/catalogs/${own.id}`, { name: 'Admin edit' });
    expect(admin).toMatchObject({ status: 403, body: { message: CATALOG_MSG.agencyOwned } });
  });
});

describe('DELETE /api/catalogs/:id', () => {
  it('soft-deletes: gone from every list and detail, row kept, audited', async () => {
    const created = (await call(AGENCY, 'POST', '/api/catalogs', podBody('DEL-1'))).body.data;
    const res = await call(AGENCY, 'DELETE', `/api/catalogs/${created.id}`);
    expect(res).toMatchObject({ status: 200, body: { message: 'Deleted' } });
    const [row] = await db().select().from(catalogs).where(eq(catalogs.id, created.id));
    expect(row!.deletedAt).not.toBeNull();
    for (const email of [ADMIN, AGENCY, SELLER]) {
      expect((await call(email, 'GET', `/api/catalogs/${created.id}`)).status).toBe(404);
      expect((await call(email, 'GET', '/api/catalogs?search=DEL-1')).body.total).toBe(0);
    }
    expect((await call(AGENCY, 'DELETE', `/api/catalogs/${created.id}`)).status).toBe(404);
    expect((await auditOf(created.id)).map((a) => a.action)).toContain('delete');
  });

  it('administrator deletes master catalogs, not an agency one', async () => {
    const master = (await call(ADMIN, 'POST', '/api/catalogs', podBody('DEL-2'))).body.data;
    expect((await call(ADMIN, 'DELETE', `/api/catalogs/${master.id}`)).status).toBe(200);
    const own = (await call(AGENCY, 'POST', '/api/catalogs', podBody('DEL-3'))).body.data;
    expect((await call(ADMIN, 'DELETE', `/api/catalogs/${own.id}`)).status).toBe(403);
  });
});

describe('PATCH /api/catalogs/status', () => {
  it('changes the catalogs whose status differs, answers how many, audits each', async () => {
    const a = (await call(ADMIN, 'POST', '/api/catalogs', podBody('ST-1'))).body.data;
    const b = (await call(ADMIN, 'POST', '/api/catalogs', podBody('ST-2', { publishStatus: 1 }))).body.data;
    const res = await call(ADMIN, 'PATCH', '/api/catalogs/status', { ids: [a.id, b.id, '00000000-0000-7000-8000-000000000000'], status: 1 });
    expect(res).toMatchObject({ status: 200, body: { message: 'Update success!', data: { changed: 1 } } });
    expect((await call(ADMIN, 'GET', `/api/catalogs/${a.id}`)).body.data.publishStatus).toBe(1);
    expect((await auditOf(a.id)).find((x) => x.action === 'update_status')).toMatchObject({ before: { publishStatus: 0 }, after: { publishStatus: 1 } });
    expect((await auditOf(b.id)).find((x) => x.action === 'update_status')).toBeUndefined();
    const again = await call(ADMIN, 'PATCH', '/api/catalogs/status', { ids: [a.id], status: 1 });
    expect(again.body).toMatchObject({ message: 'No changed!', data: { changed: 0 } });
  });

  it('validates the body', async () => {
    expect((await call(ADMIN, 'PATCH', '/api/catalogs/status', { ids: [], status: 1 })).status).toBe(400);
    expect((await call(ADMIN, 'PATCH', '/api/catalogs/status', { ids: ['00000000-0000-7000-8000-000000000000'], status: 7 })).status).toBe(400);
  });
});

describe('POST /api/catalogs/ask-price', () => {
  it('sets Ask price on dropship trademark catalogs, refuses others per id, notifies every supplier', async () => {
    const tm = (await call(ADMIN, 'POST', '/api/catalogs', podBody('ASK-1', { type: 'drop', dropship: true, isTrademark: true, publishStatus: 6 }))).body.data;
    const plain = (await call(ADMIN, 'POST', '/api/catalogs', podBody('ASK-2'))).body.data;
    const res = await call(ADMIN, 'POST', '/api/catalogs/ask-price', { ids: [tm.id, plain.id] });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ changed: 1, refused: [{ id: plain.id, message: CATALOG_MSG.notDropshipTrademark }] });
    expect((await call(ADMIN, 'GET', `/api/catalogs/${tm.id}`)).body.data.publishStatus).toBe(2);
    const [supplier] = await db().select().from(users).where(eq(users.email, SUPPLIER));
    const notes = await db().select().from(notifications).where(eq(notifications.userId, supplier!.id));
    expect(notes.find((n) => n.title === 'Ask price' && n.content.includes('ASK-1'))).toBeDefined();
    expect((await auditOf(tm.id)).find((a) => a.action === 'ask_price')).toBeDefined();
    const again = await call(ADMIN, 'POST', '/api/catalogs/ask-price', { ids: [tm.id] });
    expect(again.body).toMatchObject({ message: 'No changed!', data: { changed: 0, refused: [{ id: tm.id, message: CATALOG_MSG.alreadyAsked }] } });
  });
});

describe('GET /api/public/catalogs/fulfillment-partners/list', () => {
  it('lists active agencies with a domain, signed out', async () => {
    const res = await call(null, 'GET', '/api/public/catalogs/fulfillment-partners/list');
    expect(res.status).toBe(200);
    const active = await db().select().from(agencies).where(eq(agencies.active, true));
    expect(res.body.data).toHaveLength(active.length);
    expect(res.body.data[0]).toEqual({ id: expect.any(String), name: expect.any(String), code: expect.any(String), domain: expect.toSatisfy((d: unknown) => d === null || typeof d === 'string') });
    expect(JSON.stringify(res.body)).not.toContain('settings');
  });
});

describe('GET /api/catalogs/export/agency-catalogs', () => {
  it('exports the agency catalogs with variants and its cost; the signed url downloads it', async () => {
    const res = await call(AGENCY, 'GET', '/api/catalogs/export/agency-catalogs?exportType=csv');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Export success!');
    expect(res.body.data.url).toMatch(/^\/api\/job-files\/[0-9a-f-]+\?expires=\d+&signature=/);
    const file = await t.app.inject({ method: 'GET', url: res.body.data.url });
    expect(file.statusCode).toBe(200);
    const lines = file.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Catalog code,Catalog name,Type,Owner,Variant code,Color,Size,Stock,Cost (USD)');
    const mug = await catalogByName('Ceramic Mug 11oz');
    const [variant] = await db().select().from(catalogVariants).where(eq(catalogVariants.catalogId, mug.id)).limit(1);
    const demoId = await agencyIdOf(AGENCY);
    const [cost] = await db().select().from(agencyVariantCosts).where(and(eq(agencyVariantCosts.agencyId, demoId), eq(agencyVariantCosts.catalogVariantId, variant!.id)));
    const line = lines.find((l) => l.includes(`,${variant!.catalogVariantCode},`))!;
    expect(line).toContain(`${mug.productCode},Ceramic Mug 11oz,POD,Platform,`);
    expect(line.endsWith(`,${Number(cost!.costCents) / 100}`)).toBe(true);
  });

  it('exports xlsx by default, and is refused to sellers, suppliers and administrators', async () => {
    const res = await call(STAFF, 'GET', '/api/catalogs/export/agency-catalogs');
    const file = await t.app.inject({ method: 'GET', url: res.body.data.url });
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    for (const email of [SELLER, SUPPLIER, ADMIN]) expect((await call(email, 'GET', '/api/catalogs/export/agency-catalogs')).status).toBe(403);
    expect((await call(AGENCY, 'GET', '/api/catalogs/export/agency-catalogs?exportType=pdf')).status).toBe(400);
  });

  it("leaves out catalogs the agency does not offer", async () => {
    const res = await call(OTHER, 'GET', '/api/catalogs/export/agency-catalogs?exportType=csv');
    const file = await t.app.inject({ method: 'GET', url: res.body.data.url });
    const otherSet = await offered(await agencyIdOf(OTHER));
    const codes = new Set(
      (await db().select().from(catalogs)).filter((c) => otherSet.has(c.id)).map((c) => c.productCode),
    );
    const rows = file.body.replace(/^\uFEFF/, '').trim().split('\r\n').slice(1);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(codes.has(r.split(',')[0]!)).toBe(true);
  });
});
