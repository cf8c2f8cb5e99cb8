import { describe, expect, it } from 'vitest';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { BASECOST_MSG } from '@fbo/shared/domain/basecosts';
import { useApiTest, type Method } from './helpers/api';
import { PERSONA } from './helpers/personas';
import {
  agencies, agencyCatalogs, agencyVariantCosts, auditEntries, basecostItems, basecosts, catalogs, catalogVariants, sellerTeams,
} from '../src/db/schema/index';

const t = useApiTest();
const { call } = t;
const { ADMIN, OWNER, STAFF, OTHER_OWNER: OTHER } = PERSONA;
const UNKNOWN = '00000000-0000-7000-8000-000000000000';

/** The seed's price lists are named Platform ...; every other name is an agency group here. */
async function basecostId(name: string) {
  const owner = name.startsWith('Platform') ? isNull(basecosts.agencyId) : isNotNull(basecosts.agencyId);
  const [row] = await t.database.db.select().from(basecosts).where(and(eq(basecosts.name, name), owner, isNull(basecosts.deletedAt)));
  return row!.id;
}
async function agencyId(code: 'demo' | 'other') {
  const [team] = await t.database.db.select().from(sellerTeams).where(eq(sellerTeams.name, code === 'demo' ? 'Demo Seller' : 'Other Seller'));
  return team!.agencyId;
}
/** Master catalogs in seed order; index 0 is offered by both agencies, 1 by demo only, 3 by other only. */
async function masterCatalogs() {
  return t.database.db.select().from(catalogs).where(isNull(catalogs.agencyId)).orderBy(asc(catalogs.createdAt));
}
async function variantsOf(catalogId: string) {
  return t.database.db.select().from(catalogVariants).where(eq(catalogVariants.catalogId, catalogId)).orderBy(asc(catalogVariants.createdAt), asc(catalogVariants.id));
}
async function itemsOf(basecost: string, catalogId: string) {
  return t.database.db.select().from(basecostItems).where(and(eq(basecostItems.basecostId, basecost), eq(basecostItems.catalogId, catalogId)));
}
async function auditOf(entityId: string) {
  return t.database.db.select().from(auditEntries).where(eq(auditEntries.entityId, entityId)).orderBy(asc(auditEntries.createdAt));
}
const prices = (catalogVariantId: string, basePrice = 12.5, extra: object = {}) => ({
  catalogVariantId, basePrice, standardFirst: 4.75, standardAdditional: 2.4, ...extra,
});

describe('who may use base costs', () => {
  it('GET /api/basecosts: the administrator reads its price lists, by name', async () => {
    const { status, body } = await call(ADMIN, 'GET', '/api/basecosts');
    expect(status).toBe(200);
    expect(body.data.map((b: { name: string }) => b.name)).toEqual(['Platform Standard', 'Platform Volume']);
    expect(Object.keys(body.data[0]).sort()).toEqual(['id', 'name']);
  });

  it.each([OWNER, STAFF])('GET /api/basecosts: %s reads its own agency groups only', async (email) => {
    const { status, body } = await call(email, 'GET', '/api/basecosts');
    expect(status).toBe(200);
    expect(body.data.map((b: { name: string }) => b.name)).toEqual(['Premium', 'Standard']);
  });

  it.each([PERSONA.SUPPORT, PERSONA.ACCOUNTING, PERSONA.DESIGNER, PERSONA.SELLER, PERSONA.SUPPLIER])(
    '%s may read and change no base cost (403)',
    async (email) => {
      const standard = await basecostId('Standard');
      const platform = await basecostId('Platform Standard');
      const [catalog] = await masterCatalogs();
      const attempts: [Method, string, object?][] = [
        ['GET', '/api/basecosts'],
        ['GET', '/api/basecosts/master'],
        ['POST', '/api/basecosts/master', { name: 'Sneaky' }],
        ['DELETE', `/api/basecosts/master/${platform}`],
        ['GET', '/api/basecosts/groups'],
        ['POST', '/api/basecosts/groups', { name: 'Sneaky' }],
        ['PATCH', `/api/basecosts/groups/${standard}`, { name: 'Sneaky' }],
        ['DELETE', `/api/basecosts/groups/${standard}`],
        ['PUT', `/api/basecosts/groups/${standard}/catalogs/${catalog!.id}`, { variants: [] }],
        ['GET', `/api/basecosts/catalogs/${catalog!.id}`],
      ];
      for (const [method, url, payload] of attempts) expect((await call(email, method, url, payload)).status, `${method} ${url}`).toBe(403);
    },
  );

  it('keeps the administrator and the agencies on their own side (403)', async () => {
    expect((await call(OWNER, 'GET', '/api/basecosts/master')).status).toBe(403);
    expect((await call(STAFF, 'POST', '/api/basecosts/master', { name: 'Mine' })).status).toBe(403);
    expect((await call(ADMIN, 'GET', '/api/basecosts/groups')).status).toBe(403);
    expect((await call(ADMIN, 'GET', `/api/basecosts/catalogs/${(await masterCatalogs())[0]!.id}`)).status).toBe(403);
  });

  it('refuses callers without a token (401)', async () => {
    expect((await t.app.inject({ url: '/api/basecosts' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/basecosts/master' })).statusCode).toBe(401);
  });
});

describe("the administrator's price lists", () => {
  it('lists them newest first with the agencies using them and the catalogs priced; search and paging', async () => {
    const { status, body } = await call(ADMIN, 'GET', '/api/basecosts/master');
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 2, totalCapped: false, page: 1, limit: 10 });
    const standard = body.data.find((b: { name: string }) => b.name === 'Platform Standard');
    // 24 agencies: the two demo tenants and 22 partners (seed-agencies.ts).
    expect(standard).toMatchObject({ description: 'Default prices for fulfilment partners', agencyCount: 24, sellerTeamCount: 0 });
    expect(standard.catalogCount).toBe((await masterCatalogs()).length);
    const volume = body.data.find((b: { name: string }) => b.name === 'Platform Volume');
    expect(volume.agencyCount).toBe(0);

    const search = await call(ADMIN, 'GET', '/api/basecosts/master?search=volume');
    expect(search.body.data.map((b: { name: string }) => b.name)).toEqual(['Platform Volume']);
    const paged = await call(ADMIN, 'GET', '/api/basecosts/master?limit=1&page=2');
    expect(paged.body).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(paged.body.data).toHaveLength(1);
    // % is a literal character, not a wildcard.
    expect((await call(ADMIN, 'GET', '/api/basecosts/master?search=%25')).body.total).toBe(0);
  });

  it('creates one, trimmed, and audits it; names are unique regardless of case', async () => {
    const created = await call(ADMIN, 'POST', '/api/basecosts/master', { name: '  Platform Enterprise ', description: 'Above 50,000 items' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ message: 'Created', data: { name: 'Platform Enterprise', description: 'Above 50,000 items', agencyCount: 0, catalogCount: 0 } });
    const [row] = await t.database.db.select().from(basecosts).where(eq(basecosts.id, created.body.data.id));
    expect(row!.agencyId).toBeNull();
    expect((await auditOf(row!.id))[0]).toMatchObject({ entity: 'basecost', action: 'create', after: { name: 'Platform Enterprise' } });

    const dup = await call(ADMIN, 'POST', '/api/basecosts/master', { name: 'platform ENTERPRISE' });
    expect(dup).toMatchObject({ status: 400, body: { message: 'A base cost with this name already exists', errors: { name: BASECOST_MSG.nameTaken } } });
    // The same name as an agency group is another owner's: allowed.
    expect((await call(ADMIN, 'POST', '/api/basecosts/master', { name: 'Standard' })).status).toBe(201);
  });

  it('validates the name with the clear messages', async () => {
    const missing = await call(ADMIN, 'POST', '/api/basecosts/master', {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors.name).toBe('Please input name');
    expect((await call(ADMIN, 'POST', '/api/basecosts/master', { name: '   ' })).body.errors.name).toBe('Please input name');
    expect((await call(ADMIN, 'POST', '/api/basecosts/master', { name: 'A' })).body.errors.name).toBe('name should be 2 to 128 length');
    expect((await call(ADMIN, 'POST', '/api/basecosts/master', { name: 'x'.repeat(129) })).body.errors.name).toBe('name should be 2 to 128 length');
    expect((await call(ADMIN, 'POST', '/api/basecosts/master', { name: 'Ok', description: 'x'.repeat(1001) })).status).toBe(400);
  });

  it('renames and describes one, audited with before and after; 404 for an unknown or agency id', async () => {
    const id = (await call(ADMIN, 'POST', '/api/basecosts/master', { name: 'Platform Trial' })).body.data.id;
    const res = await call(ADMIN, 'PATCH', `/api/basecosts/master/${id}`, { name: 'Platform Pilot', description: 'Three months' });
    expect(res).toMatchObject({ status: 200, body: { message: 'Updated', data: { name: 'Platform Pilot', description: 'Three months' } } });
    expect((await auditOf(id)).at(-1)).toMatchObject({
      action: 'update', before: { name: 'Platform Trial', description: '' }, after: { name: 'Platform Pilot', description: 'Three months' },
    });
    expect((await call(ADMIN, 'PATCH', `/api/basecosts/master/${id}`, { name: 'Platform Volume' })).body.message).toBe(BASECOST_MSG.nameTaken);
    // Its own name in another case is fine.
    expect((await call(ADMIN, 'PATCH', `/api/basecosts/master/${id}`, { name: 'PLATFORM PILOT' })).status).toBe(200);
    expect((await call(ADMIN, 'PATCH', `/api/basecosts/master/${id}`, {})).status).toBe(400);
    expect((await call(ADMIN, 'PATCH', `/api/basecosts/master/${UNKNOWN}`, { name: 'Nope' })).status).toBe(404);
    // An agency group is not one of the administrator's price lists.
    expect((await call(ADMIN, 'PATCH', `/api/basecosts/master/${await basecostId('Premium')}`, { name: 'Nope' })).status).toBe(404);
  });

  it('answers one with the catalogs it prices', async () => {
    const id = await basecostId('Platform Standard');
    const { status, body } = await call(ADMIN, 'GET', `/api/basecosts/master/${id}`);
    expect(status).toBe(200);
    const [first] = await masterCatalogs();
    const summary = body.data.catalogs.find((c: { id: string }) => c.id === first!.id);
    const variants = await variantsOf(first!.id);
    expect(summary).toMatchObject({ name: first!.name, productCode: first!.productCode, variantCount: variants.length, pricedCount: variants.length, offered: true });
    expect(summary.minBasePrice).toBeGreaterThan(0);
    expect(summary.maxBasePrice).toBeGreaterThanOrEqual(summary.minBasePrice);
    const names = body.data.catalogs.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('refuses to delete a price list an agency uses (400), soft-deletes an unused one', async () => {
    const used = await basecostId('Platform Standard');
    const refused = await call(ADMIN, 'DELETE', `/api/basecosts/master/${used}`);
    expect(refused).toMatchObject({ status: 400, body: { message: 'This base cost can not be deleted: 24 agencies use it' } });

    const id = (await call(ADMIN, 'POST', '/api/basecosts/master', { name: 'Platform Short-lived' })).body.data.id;
    expect(await call(ADMIN, 'DELETE', `/api/basecosts/master/${id}`)).toEqual({ status: 200, body: { message: 'Deleted' } });
    const [row] = await t.database.db.select().from(basecosts).where(eq(basecosts.id, id));
    expect(row!.deletedAt).not.toBeNull();
    expect((await auditOf(id)).at(-1)).toMatchObject({ action: 'delete', before: { name: 'Platform Short-lived' } });
    expect((await call(ADMIN, 'GET', `/api/basecosts/master/${id}`)).status).toBe(404);
    expect((await call(ADMIN, 'DELETE', `/api/basecosts/master/${id}`)).status).toBe(404);
    expect((await call(ADMIN, 'GET', '/api/basecosts')).body.data.map((b: { id: string }) => b.id)).not.toContain(id);
    // Its name is free again.
    expect((await call(ADMIN, 'POST', '/api/basecosts/master', { name: 'Platform Short-lived' })).status).toBe(201);
  });

  it('says "1 agency uses it" for one agency', async () => {
    const id = (await call(ADMIN, 'POST', '/api/basecosts/master', { name: 'Platform Single' })).body.data.id;
    await t.database.db.update(agencies).set({ basecostId: id }).where(eq(agencies.id, await agencyId('other')));
    expect((await call(ADMIN, 'DELETE', `/api/basecosts/master/${id}`)).body.message).toBe('This base cost can not be deleted: 1 agency uses it');
    await t.database.db.update(agencies).set({ basecostId: await basecostId('Platform Standard') }).where(eq(agencies.id, await agencyId('other')));
  });
});

describe("a price list's catalog costs (administrator)", () => {
  it('offers the master catalogs to price, by name, with whether they are priced', async () => {
    const id = (await call(ADMIN, 'POST', '/api/basecosts/master', { name: 'Platform Options' })).body.data.id;
    const { status, body } = await call(ADMIN, 'GET', `/api/basecosts/master/${id}/catalog-options?search=mug`);
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThan(0);
    for (const c of body.data) expect(c.name.toLowerCase()).toContain('mug');
    expect(body.data.every((c: { priced: boolean }) => !c.priced)).toBe(true);
    const standard = await call(ADMIN, 'GET', `/api/basecosts/master/${await basecostId('Platform Standard')}/catalog-options`);
    expect(standard.body.data.length).toBeLessThanOrEqual(20);
    expect(standard.body.data.every((c: { priced: boolean }) => c.priced)).toBe(true);
  });

  it('prices a catalog in whole cents, replaces on the next save, and audits before and after', async () => {
    const id = (await call(ADMIN, 'POST', '/api/basecosts/master', { name: 'Platform Exact' })).body.data.id;
    const [, catalog] = await masterCatalogs();
    const [v1, v2, v3] = await variantsOf(catalog!.id);
    const url = `/api/basecosts/master/${id}/catalogs/${catalog!.id}`;

    // Not priced yet: every variant answered with null prices.
    const empty = await call(ADMIN, 'GET', url);
    expect(empty.status).toBe(200);
    expect(empty.body.data.basecost).toEqual({ id, name: 'Platform Exact' });
    expect(empty.body.data.catalog).toMatchObject({ id: catalog!.id, name: catalog!.name });
    expect(empty.body.data.variants[0]).toMatchObject({ catalogVariantId: v1!.id, priced: false, basePrice: null, standardFirst: null, agencyCost: null });

    const saved = await call(ADMIN, 'PUT', url, {
      variants: [
        prices(v1!.id, 19.99, { expressFirst: 12.75, expressAdditional: 4.4 }),
        prices(v2!.id, 0.1 + 0.2),
        prices(v3!.id, 100000, { overnightFirst: 0, overnightAdditional: 0 }),
      ],
    });
    expect(saved).toEqual({ status: 200, body: { message: 'Update success!', data: { pricedCount: 3, removedCount: 0 } } });
    const rows = new Map((await itemsOf(id, catalog!.id)).map((r) => [r.catalogVariantId, r]));
    expect(rows.get(v1!.id)).toMatchObject({ basePriceCents: 1999, standardFirstCents: 475, standardAdditionalCents: 240, expressFirstCents: 1275, expressAdditionalCents: 440, overnightFirstCents: null });
    expect(rows.get(v2!.id)!.basePriceCents).toBe(30);
    expect(rows.get(v3!.id)).toMatchObject({ basePriceCents: 10_000_000, overnightFirstCents: 0, overnightAdditionalCents: 0, expressFirstCents: null });

    const read = await call(ADMIN, 'GET', url);
    expect(read.body.data.variants[0]).toMatchObject({ priced: true, basePrice: 19.99, standardFirst: 4.75, standardAdditional: 2.4, expressFirst: 12.75, expressAdditional: 4.4, overnightFirst: null });
    expect(read.body.data.variants.filter((v: { priced: boolean }) => v.priced)).toHaveLength(3);
    const detail = await call(ADMIN, 'GET', `/api/basecosts/master/${id}`);
    expect(detail.body.data).toMatchObject({ catalogCount: 1, catalogs: [{ id: catalog!.id, pricedCount: 3, minBasePrice: 0.3, maxBasePrice: 100000 }] });

    // The next save is the catalog's whole table: v3 leaves, v1 changes.
    const again = await call(ADMIN, 'PUT', url, { variants: [prices(v1!.id, 21), prices(v2!.id, 0.3)] });
    expect(again.body.data).toEqual({ pricedCount: 2, removedCount: 1 });
    const after = new Map((await itemsOf(id, catalog!.id)).map((r) => [r.catalogVariantId, r]));
    expect([...after.keys()].sort()).toEqual([v1!.id, v2!.id].sort());
    expect(after.get(v1!.id)).toMatchObject({ basePriceCents: 2100, expressFirstCents: null });
    const entry = (await auditOf(id)).filter((e) => e.action === 'catalog_costs_save').at(-1)!;
    expect((entry.before as { items: unknown[] }).items).toHaveLength(3);
    expect((entry.after as { catalogId: string; items: unknown[] })).toMatchObject({ catalogId: catalog!.id, items: [{ catalogVariantId: v1!.id, basePriceCents: 2100 }, { catalogVariantId: v2!.id }] });
  });

  it('refuses prices that are not whole cents, negative, above 100,000, or a half-offered method', async () => {
    const id = await basecostId('Platform Volume');
    const [catalog] = await masterCatalogs();
    const [v1] = await variantsOf(catalog!.id);
    const url = `/api/basecosts/master/${id}/catalogs/${catalog!.id}`;
    const before = await itemsOf(id, catalog!.id);
    const cases: [object, string, string][] = [
      [prices(v1!.id, 12.345), 'variants.0.basePrice', 'basePrice should have at most 2 decimals'],
      [prices(v1!.id, -1), 'variants.0.basePrice', 'basePrice should be 0 to 100,000'],
      [prices(v1!.id, 100000.01), 'variants.0.basePrice', 'basePrice should be 0 to 100,000'],
      [{ ...prices(v1!.id), standardFirst: undefined }, 'variants.0.standardFirst', 'Please input standardFirst'],
      [{ ...prices(v1!.id), standardAdditional: '2' }, 'variants.0.standardAdditional', 'Please input standardAdditional'],
      [prices(v1!.id, 10, { expressFirst: 5 }), 'variants.0.expressAdditional', 'Express shipping needs both first and additional item prices, or neither'],
      [prices(v1!.id, 10, { overnightAdditional: 5, overnightFirst: null }), 'variants.0.overnightFirst', 'Overnight shipping needs both first and additional item prices, or neither'],
    ];
    for (const [variant, field, message] of cases) {
      const res = await call(ADMIN, 'PUT', url, { variants: [variant] });
      expect(res.status, message).toBe(400);
      expect(res.body.errors[field], message).toBe(message);
    }
    expect((await call(ADMIN, 'PUT', url, { variants: [] })).body.errors.variants).toBe('Please price at least one variant');
    expect((await call(ADMIN, 'PUT', url, { variants: [prices(v1!.id), prices(v1!.id)] })).body.errors.variants).toBe('A variant is listed twice');
    // Nothing changed.
    expect(await itemsOf(id, catalog!.id)).toEqual(before);
  });

  it("refuses a variant of another catalog, and another agency's own catalog is not found", async () => {
    const id = await basecostId('Platform Volume');
    const [first, second] = await masterCatalogs();
    const [foreign] = await variantsOf(second!.id);
    const [own] = await variantsOf(first!.id);
    const res = await call(ADMIN, 'PUT', `/api/basecosts/master/${id}/catalogs/${first!.id}`, { variants: [prices(own!.id), prices(foreign!.id)] });
    expect(res).toMatchObject({ status: 400, body: { message: 'Some variants do not belong to this catalog' } });
    expect((await call(ADMIN, 'PUT', `/api/basecosts/master/${id}/catalogs/${UNKNOWN}`, { variants: [prices(own!.id)] })).status).toBe(404);
    expect((await call(ADMIN, 'PUT', `/api/basecosts/master/${UNKNOWN}/catalogs/${first!.id}`, { variants: [prices(own!.id)] })).status).toBe(404);

    const agencyOwn = await insertAgencyCatalog('other');
    const refused = await call(ADMIN, 'GET', `/api/basecosts/master/${id}/catalogs/${agencyOwn.catalogId}`);
    expect(refused).toMatchObject({ status: 404, body: { message: 'Catalog not found' } });
  });

  it("removes a catalog's costs (404 once gone), audited", async () => {
    const id = (await call(ADMIN, 'POST', '/api/basecosts/master', { name: 'Platform Removal' })).body.data.id;
    const [catalog] = await masterCatalogs();
    const [v1] = await variantsOf(catalog!.id);
    const url = `/api/basecosts/master/${id}/catalogs/${catalog!.id}`;
    await call(ADMIN, 'PUT', url, { variants: [prices(v1!.id)] });
    expect(await call(ADMIN, 'DELETE', url)).toEqual({ status: 200, body: { message: 'Deleted' } });
    expect(await itemsOf(id, catalog!.id)).toEqual([]);
    expect((await auditOf(id)).at(-1)).toMatchObject({ action: 'catalog_costs_delete', before: { catalogId: catalog!.id } });
    expect(await call(ADMIN, 'DELETE', url)).toMatchObject({ status: 404, body: { message: 'This catalog has no costs in this base cost' } });
  });
});

/** A catalog an agency made for itself, with two variants. */
async function insertAgencyCatalog(agency: 'demo' | 'other') {
  const owner = await agencyId(agency);
  const code = `OWN-${agency}-${Math.random().toString(36).slice(2, 8)}`;
  const [catalog] = await t.database.db.insert(catalogs).values({ agencyId: owner, name: `Own tee ${code}`, productCode: code, type: 'pod' }).returning();
  const variants = await t.database.db
    .insert(catalogVariants)
    .values([
      { catalogId: catalog!.id, catalogVariantCode: `${code}-WHI-S`, color: 'white', size: 'S' },
      { catalogId: catalog!.id, catalogVariantCode: `${code}-WHI-M`, color: 'white', size: 'M' },
    ])
    .returning();
  return { catalogId: catalog!.id, variantIds: variants.map((v) => v.id) };
}

describe("an agency's seller groups", () => {
  it('lists its groups with seller-team and priced-catalog counts (staff may too)', async () => {
    const { status, body } = await call(STAFF, 'GET', '/api/basecosts/groups');
    expect(status).toBe(200);
    expect(body.data.map((g: { name: string }) => g.name).sort()).toEqual(['Premium', 'Standard']);
    const standard = body.data.find((g: { name: string }) => g.name === 'Standard');
    const demo = await agencyId('demo');
    const teams = await t.database.db.select().from(sellerTeams).where(and(eq(sellerTeams.agencyId, demo), eq(sellerTeams.basecostId, standard.id)));
    const offered = await t.database.db.select().from(agencyCatalogs).where(eq(agencyCatalogs.agencyId, demo));
    expect(standard).toMatchObject({ sellerTeamCount: teams.length, catalogCount: offered.length, agencyCount: 0 });
    expect(teams.length).toBeGreaterThan(1);
    expect((await call(OTHER, 'GET', '/api/basecosts/groups')).body.data.map((g: { name: string }) => g.name)).toEqual(['Other Standard']);
  });

  it('creates, renames and deletes a group; names unique in the agency only', async () => {
    const created = await call(STAFF, 'POST', '/api/basecosts/groups', { name: 'Wholesale', description: 'Big sellers' });
    expect(created).toMatchObject({ status: 201, body: { message: 'Created', data: { name: 'Wholesale', sellerTeamCount: 0, catalogCount: 0 } } });
    const id = created.body.data.id;
    const [row] = await t.database.db.select().from(basecosts).where(eq(basecosts.id, id));
    expect(row!.agencyId).toBe(await agencyId('demo'));
    expect((await auditOf(id))[0]).toMatchObject({ entity: 'basecost_group', action: 'create' });

    expect((await call(OWNER, 'POST', '/api/basecosts/groups', { name: 'standard' })).body).toMatchObject({ message: BASECOST_MSG.nameTaken });
    expect((await call(OTHER, 'POST', '/api/basecosts/groups', { name: 'Wholesale' })).status).toBe(201);
    expect((await call(OWNER, 'PATCH', `/api/basecosts/groups/${id}`, { name: 'Premium' })).body.errors).toEqual({ name: BASECOST_MSG.nameTaken });
    expect((await call(OWNER, 'PATCH', `/api/basecosts/groups/${id}`, { name: 'Bulk' })).body).toMatchObject({ message: 'Updated', data: { name: 'Bulk' } });
    expect(await call(OWNER, 'DELETE', `/api/basecosts/groups/${id}`)).toEqual({ status: 200, body: { message: 'Deleted' } });
    expect((await call(OWNER, 'GET', '/api/basecosts')).body.data.map((g: { name: string }) => g.name)).toEqual(['Premium', 'Standard']);
  });

  it('refuses to delete a group seller teams use', async () => {
    const id = await basecostId('Premium');
    const teams = await t.database.db.select().from(sellerTeams).where(eq(sellerTeams.basecostId, id));
    const res = await call(OWNER, 'DELETE', `/api/basecosts/groups/${id}`);
    expect(res).toMatchObject({ status: 400, body: { message: `This group can not be deleted: ${teams.length} seller teams use it` } });
    const [row] = await t.database.db.select().from(basecosts).where(eq(basecosts.id, id));
    expect(row!.deletedAt).toBeNull();
  });

  it("never reaches another agency's group or a price list (404)", async () => {
    const foreign = await basecostId('Other Standard');
    const platform = await basecostId('Platform Standard');
    const [catalog] = await masterCatalogs();
    const [v1] = await variantsOf(catalog!.id);
    for (const id of [foreign, platform]) {
      const attempts: [Method, string, object?][] = [
        ['GET', `/api/basecosts/groups/${id}`],
        ['PATCH', `/api/basecosts/groups/${id}`, { name: 'Mine now' }],
        ['DELETE', `/api/basecosts/groups/${id}`],
        ['GET', `/api/basecosts/groups/${id}/catalog-options`],
        ['GET', `/api/basecosts/groups/${id}/catalogs/${catalog!.id}`],
        ['PUT', `/api/basecosts/groups/${id}/catalogs/${catalog!.id}`, { variants: [prices(v1!.id)] }],
        ['DELETE', `/api/basecosts/groups/${id}/catalogs/${catalog!.id}`],
      ];
      for (const [method, url, payload] of attempts) expect((await call(OWNER, method, url, payload)).status, `${method} ${url}`).toBe(404);
    }
    const [row] = await t.database.db.select().from(basecosts).where(eq(basecosts.id, foreign));
    expect(row!.name).toBe('Other Standard');
  });

  it('answers a group with the catalogs it prices', async () => {
    const id = await basecostId('Standard');
    const { status, body } = await call(STAFF, 'GET', `/api/basecosts/groups/${id}`);
    expect(status).toBe(200);
    expect(body.data.name).toBe('Standard');
    expect(body.data.catalogs.length).toBe(body.data.catalogCount);
    expect(body.data.catalogs.every((c: { offered: boolean }) => c.offered)).toBe(true);
  });
});

describe("a group's catalog costs (agency)", () => {
  it('offers only the catalogs the agency offers or owns', async () => {
    const id = (await call(OWNER, 'POST', '/api/basecosts/groups', { name: 'Options group' })).body.data.id;
    const own = await insertAgencyCatalog('demo');
    const foreignOwn = await insertAgencyCatalog('other');
    const demo = await agencyId('demo');
    const offered = new Set((await t.database.db.select().from(agencyCatalogs).where(eq(agencyCatalogs.agencyId, demo))).map((o) => o.catalogId));
    const all = (await call(OWNER, 'GET', `/api/basecosts/groups/${id}/catalog-options?search=tee`)).body.data as { id: string }[];
    expect(all.length).toBeGreaterThan(0);
    for (const c of all) expect(offered.has(c.id) || c.id === own.catalogId, c.id).toBe(true);
    const ownSearch = (await call(OWNER, 'GET', `/api/basecosts/groups/${id}/catalog-options?search=Own tee`)).body.data as { id: string }[];
    expect(ownSearch.map((c) => c.id)).toContain(own.catalogId);
    expect(ownSearch.map((c) => c.id)).not.toContain(foreignOwn.catalogId);
  });

  it("prices a catalog it offers, beside the agency's own cost; refuses one it does not offer", async () => {
    const id = await basecostId('Premium');
    const list = await masterCatalogs();
    const offered = list[1]!;
    const notOffered = list[3]!;
    const [v1, v2] = await variantsOf(offered.id);
    const url = `/api/basecosts/groups/${id}/catalogs/${offered.id}`;

    const read = await call(STAFF, 'GET', url);
    expect(read.status).toBe(200);
    const [cost] = await t.database.db.select().from(agencyVariantCosts).where(and(eq(agencyVariantCosts.agencyId, await agencyId('demo')), eq(agencyVariantCosts.catalogVariantId, v1!.id)));
    expect(read.body.data.variants[0]).toMatchObject({ catalogVariantId: v1!.id, priced: true, agencyCost: Number(cost!.costCents) / 100 });

    const saved = await call(STAFF, 'PUT', url, { variants: [prices(v1!.id, 15.5), prices(v2!.id, 16)] });
    expect(saved.body.message).toBe('Update success!');
    expect((await itemsOf(id, offered.id)).map((r) => r.basePriceCents).sort()).toEqual([1550, 1600]);
    expect((await auditOf(id)).at(-1)).toMatchObject({ entity: 'basecost_group', action: 'catalog_costs_save' });

    const [n1] = await variantsOf(notOffered.id);
    const refused = await call(OWNER, 'PUT', `/api/basecosts/groups/${id}/catalogs/${notOffered.id}`, { variants: [prices(n1!.id)] });
    expect(refused).toMatchObject({ status: 400, body: { message: 'Your agency does not offer this catalog' } });
    expect(await itemsOf(id, notOffered.id)).toEqual([]);
    expect((await call(OWNER, 'GET', `/api/basecosts/groups/${id}/catalogs/${notOffered.id}`)).status).toBe(400);
  });

  it("prices the agency's own catalog; another agency's own catalog is not found", async () => {
    const id = await basecostId('Standard');
    const own = await insertAgencyCatalog('demo');
    const res = await call(OWNER, 'PUT', `/api/basecosts/groups/${id}/catalogs/${own.catalogId}`, { variants: own.variantIds.map((v) => prices(v, 9.99)) });
    expect(res.status).toBe(200);
    expect((await itemsOf(id, own.catalogId)).map((r) => r.basePriceCents)).toEqual([999, 999]);
    const foreign = await insertAgencyCatalog('other');
    expect((await call(OWNER, 'PUT', `/api/basecosts/groups/${id}/catalogs/${foreign.catalogId}`, { variants: foreign.variantIds.map((v) => prices(v)) })).status).toBe(404);
    expect((await call(OWNER, 'GET', `/api/basecosts/catalogs/${foreign.catalogId}`)).status).toBe(404);
  });

  it('lets a catalog the agency stopped offering be removed from its groups', async () => {
    const id = (await call(OWNER, 'POST', '/api/basecosts/groups', { name: 'Stopped group' })).body.data.id;
    const [catalog] = await masterCatalogs();
    const [v1] = await variantsOf(catalog!.id);
    await call(OWNER, 'PUT', `/api/basecosts/groups/${id}/catalogs/${catalog!.id}`, { variants: [prices(v1!.id)] });
    const demo = await agencyId('demo');
    await t.database.db.delete(agencyCatalogs).where(and(eq(agencyCatalogs.agencyId, demo), eq(agencyCatalogs.catalogId, catalog!.id)));
    const detail = await call(OWNER, 'GET', `/api/basecosts/groups/${id}`);
    expect(detail.body.data.catalogs).toMatchObject([{ id: catalog!.id, offered: false }]);
    expect((await call(OWNER, 'DELETE', `/api/basecosts/groups/${id}/catalogs/${catalog!.id}`)).status).toBe(200);
    await t.database.db.insert(agencyCatalogs).values({ agencyId: demo, catalogId: catalog!.id });
  });

  it("shows one catalog across the agency's groups with its cost and margin", async () => {
    const list = await masterCatalogs();
    const catalog = list[2]!;
    const [v1] = await variantsOf(catalog.id);
    const standard = await basecostId('Standard');
    await call(OWNER, 'PUT', `/api/basecosts/groups/${standard}/catalogs/${catalog.id}`, {
      variants: (await variantsOf(catalog.id)).map((v) => prices(v.id, 20)),
    });
    const demo = await agencyId('demo');
    await t.database.db.update(agencyVariantCosts).set({ costCents: 1234 }).where(and(eq(agencyVariantCosts.agencyId, demo), eq(agencyVariantCosts.catalogVariantId, v1!.id)));

    const { status, body } = await call(STAFF, 'GET', `/api/basecosts/catalogs/${catalog.id}`);
    expect(status).toBe(200);
    expect(body.data.catalog).toMatchObject({ id: catalog.id, name: catalog.name });
    const groupNames = body.data.groups.map((g: { name: string }) => g.name);
    expect(groupNames).toEqual(expect.arrayContaining(['Premium', 'Standard']));
    expect(groupNames).toEqual([...groupNames].sort((a: string, b: string) => a.localeCompare(b)));
    expect(body.data.groups.find((g: { name: string }) => g.name === 'Standard').sellerTeamCount).toBeGreaterThan(1);
    const row = body.data.variants.find((v: { catalogVariantId: string }) => v.catalogVariantId === v1!.id);
    expect(row.agencyCost).toBe(12.34);
    const inStandard = row.costs.find((c: { basecostId: string }) => c.basecostId === standard);
    expect(inStandard).toMatchObject({ basePrice: 20, standardFirst: 4.75, margin: 7.66, marginPercent: 38.3 });
    expect((await call(OTHER, 'GET', `/api/basecosts/catalogs/${catalog.id}`)).body.message).toBe('Your agency does not offer this catalog');
  });
});

describe('what the seller sees', () => {
  it("shows the team's base cost name in the header, renamed with its group", async () => {
    const before = await call(PERSONA.SELLER, 'GET', '/api/users/info');
    expect(before.body.data.sellerTeam.basecost.name).toBe('Standard');
    const id = await basecostId('Standard');
    await call(OWNER, 'PATCH', `/api/basecosts/groups/${id}`, { name: 'Standard 2027' });
    expect((await call(PERSONA.SELLER, 'GET', '/api/users/info')).body.data.sellerTeam.basecost).toEqual({ id, name: 'Standard 2027' });
    await call(OWNER, 'PATCH', `/api/basecosts/groups/${id}`, { name: 'Standard' });
  });
});
