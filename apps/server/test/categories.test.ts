import { describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { CATEGORY_MSG } from '@fbo/shared/domain/categories';
import { useApiTest, type Method } from './helpers/api';
import { PERSONA } from './helpers/personas';
import { agencyCatalogs, auditEntries, catalogCategories, catalogs, categories, users } from '../src/db/schema/index';

const t = useApiTest();
const { call } = t;
const { ADMIN, OWNER: AGENCY, STAFF, OTHER_OWNER: OTHER } = PERSONA;

async function categoryId(name: string) {
  const [c] = await t.database.db.select().from(categories).where(eq(categories.name, name));
  return c!.id;
}
async function agencyOf(email: string) {
  const [u] = await t.database.db.select().from(users).where(eq(users.email, email));
  return u!.agencyId!;
}
const names = (body: { data: { name: string }[] }) => body.data.map((c) => c.name);

describe('who may use categories', () => {
  it.each([ADMIN, AGENCY, STAFF])('%s reads the list (200)', async (email) => {
    expect((await call(email, 'GET', '/api/categories')).status).toBe(200);
  });

  it.each([PERSONA.SUPPORT, PERSONA.ACCOUNTING, PERSONA.SELLER, PERSONA.SUPPLIER])('%s may not manage categories (403)', async (email) => {
    const id = await categoryId('Holiday');
    const attempts: [Method, string, object?][] = [
      ['GET', '/api/categories'],
      ['POST', '/api/categories', { name: 'Sneaky' }],
      ['PATCH', `/api/categories/${id}`, { name: 'Sneaky' }],
      ['DELETE', `/api/categories/${id}`],
    ];
    for (const [method, url, payload] of attempts) expect((await call(email, method, url, payload)).status, `${method} ${url}`).toBe(403);
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ url: '/api/categories' })).statusCode).toBe(401);
  });

  it.each([ADMIN, AGENCY, STAFF, PERSONA.SELLER, PERSONA.SELLER_ACCOUNTING])('%s reads the options', async (email) => {
    expect((await call(email, 'GET', '/api/categories/options')).status).toBe(200);
  });

  it.each([PERSONA.SUPPLIER, PERSONA.SUPPORT, PERSONA.SELLER_SUPPORT])('%s may not read the options (403)', async (email) => {
    expect((await call(email, 'GET', '/api/categories/options')).status).toBe(403);
  });
});

describe('GET /api/categories', () => {
  it('gives the administrator the master categories only, newest first, with catalog counts', async () => {
    const { status, body } = await call(ADMIN, 'GET', '/api/categories?limit=50');
    expect(status).toBe(200);
    expect(body.total).toBe(9);
    expect(body.data.every((c: { agencyId: string | null }) => c.agencyId === null)).toBe(true);
    expect(names(body)).not.toContain('Holiday');
    const tshirts = body.data.find((c: { name: string }) => c.name === 'T-Shirts');
    const [{ n }] = (await t.database.db.execute<{ n: number }>(
      // Seeded links of not deleted catalogs.
      `select count(*)::int as n from catalog_categories cc join catalogs c on c.id = cc.catalog_id join categories g on g.id = cc.category_id where g.name = 'T-Shirts' and c.deleted_at is null`,
    ) as unknown as { rows: { n: number }[] }).rows;
    expect(tshirts.catalogCount).toBe(n);
    expect(tshirts.catalogCount).toBeGreaterThan(0);
  });

  it("gives an agency its own categories and the master ones, never another agency's", async () => {
    const { body } = await call(AGENCY, 'GET', '/api/categories?limit=50');
    expect(body.total).toBe(11);
    expect(names(body)).toEqual(expect.arrayContaining(['Holiday', 'Best sellers', 'T-Shirts']));
    expect(names(body)).not.toContain('Featured');
    const other = await call(OTHER, 'GET', '/api/categories?limit=50');
    expect(names(other.body)).toContain('Featured');
    expect(names(other.body)).not.toContain('Holiday');
  });

  it('counts, for an agency, only the catalogs it can see', async () => {
    const agencyId = await agencyOf(OTHER);
    const { body } = await call(OTHER, 'GET', '/api/categories?search=T-Shirts');
    const id = body.data[0].id;
    const visible = await t.database.db
      .select({ id: catalogCategories.catalogId })
      .from(catalogCategories)
      .innerJoin(catalogs, eq(catalogs.id, catalogCategories.catalogId))
      .innerJoin(agencyCatalogs, and(eq(agencyCatalogs.catalogId, catalogs.id), eq(agencyCatalogs.agencyId, agencyId)))
      .where(and(eq(catalogCategories.categoryId, id), isNull(catalogs.deletedAt)));
    expect(body.data[0].catalogCount).toBe(visible.length);
  });

  it('searches names (case-insensitive, % literal) and pages', async () => {
    expect(names((await call(ADMIN, 'GET', '/api/categories?search=hoodies')).body)).toEqual(['Hoodies & Sweatshirts']);
    expect((await call(ADMIN, 'GET', '/api/categories?search=%25')).body.total).toBe(0);
    const page = await call(ADMIN, 'GET', '/api/categories?page=2&limit=5');
    expect(page.body).toMatchObject({ page: 2, limit: 5, total: 9 });
    expect(page.body.data).toHaveLength(4);
  });
});

describe('GET /api/categories/options', () => {
  it('answers the master categories to the administrator, master and own to agency and seller users', async () => {
    const admin = await call(ADMIN, 'GET', '/api/categories/options');
    expect(admin.body.data).toHaveLength(9);
    expect(Object.keys(admin.body.data[0]).sort()).toEqual(['agencyId', 'id', 'name']);
    const seller = await call(PERSONA.SELLER, 'GET', '/api/categories/options');
    expect(names(seller.body)).toEqual(expect.arrayContaining(['Holiday', 'Best sellers', 'Kids']));
    expect(names(seller.body)).not.toContain('Featured');
    expect(names(seller.body)).toEqual([...names(seller.body)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });
});

describe('create, update, delete', () => {
  it('validates with the spec messages', async () => {
    let res = await call(ADMIN, 'POST', '/api/categories', {});
    expect(res.status).toBe(400);
    expect(res.body.errors.name).toBe('Please input name');
    res = await call(ADMIN, 'POST', '/api/categories', { name: '   ' });
    expect(res.body.errors.name).toBe('Please input name');
    res = await call(ADMIN, 'POST', '/api/categories', { name: 'A' });
    expect(res.body.errors.name).toBe('name should be 2 to 128 length');
    res = await call(ADMIN, 'POST', '/api/categories', { name: 'x'.repeat(129) });
    expect(res.body.errors.name).toBe('name should be 2 to 128 length');
    res = await call(ADMIN, 'POST', '/api/categories', { name: 'Okay', description: 'd'.repeat(501) });
    expect(res.body.errors.description).toBe(CATEGORY_MSG.descriptionLength);
  });

  it('the administrator creates a master category (201, audited), trimmed', async () => {
    const { status, body } = await call(ADMIN, 'POST', '/api/categories', { name: '  Jewelry ', description: 'Rings and necklaces' });
    expect(status).toBe(201);
    expect(body).toMatchObject({ message: 'Created', data: { name: 'Jewelry', description: 'Rings and necklaces', agencyId: null, catalogCount: 0 } });
    const audits = await t.database.db.select().from(auditEntries).where(eq(auditEntries.entityId, body.data.id));
    expect(audits.map((a) => a.action)).toEqual(['create']);
  });

  it('keeps names unique per owner whatever the case, but two owners may share one', async () => {
    let res = await call(ADMIN, 'POST', '/api/categories', { name: 't-shirts' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'A category with this name already exists', errors: { name: 'A category with this name already exists' } });
    res = await call(AGENCY, 'POST', '/api/categories', { name: 'HOLIDAY' });
    expect(res.status).toBe(400);
    // Another agency, or an agency against a master name: allowed.
    expect((await call(OTHER, 'POST', '/api/categories', { name: 'Holiday' })).status).toBe(201);
    expect((await call(AGENCY, 'POST', '/api/categories', { name: 'Kids' })).status).toBe(201);
  });

  it('refuses renaming into a name the owner already has (any case)', async () => {
    const [row] = await t.database.db.select().from(categories).where(eq(categories.name, 'Bags'));
    const created = await call(ADMIN, 'POST', '/api/categories', { name: 'Totes' });
    const res = await call(ADMIN, 'PATCH', `/api/categories/${created.body.data.id}`, { name: row!.name.toUpperCase() });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(CATEGORY_MSG.nameTaken);
  });

  it('an agency user (staff) creates, renames and deletes its own category', async () => {
    const created = await call(STAFF, 'POST', '/api/categories', { name: 'Back to school' });
    expect(created.status).toBe(201);
    expect(created.body.data.agencyId).toBe(await agencyOf(STAFF));
    const id = created.body.data.id;
    const renamed = await call(STAFF, 'PATCH', `/api/categories/${id}`, { name: 'Back to School', description: 'August' });
    expect(renamed).toMatchObject({ status: 200, body: { message: 'Updated', data: { name: 'Back to School', description: 'August' } } });
    // description left out: kept.
    const again = await call(STAFF, 'PATCH', `/api/categories/${id}`, { name: 'Back to School!' });
    expect(again.body.data.description).toBe('August');
    expect((await call(STAFF, 'DELETE', `/api/categories/${id}`)).body).toEqual({ message: 'Deleted' });
    const audits = await t.database.db.select().from(auditEntries).where(eq(auditEntries.entityId, id));
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'delete', 'update', 'update']);
  });

  it("another agency's category is 404; a master category is read-only for agencies (403)", async () => {
    const featured = await categoryId('Featured');
    expect((await call(AGENCY, 'PATCH', `/api/categories/${featured}`, { name: 'Mine now' })).status).toBe(404);
    expect((await call(AGENCY, 'DELETE', `/api/categories/${featured}`)).status).toBe(404);
    const master = await categoryId('Drinkware');
    const res = await call(AGENCY, 'PATCH', `/api/categories/${master}`, { name: 'Cups' });
    expect(res).toMatchObject({ status: 403, body: { message: CATEGORY_MSG.masterReadOnly } });
    expect((await call(AGENCY, 'DELETE', `/api/categories/${master}`)).status).toBe(403);
    // And the administrator does not manage agency categories here.
    expect((await call(ADMIN, 'DELETE', `/api/categories/${featured}`)).status).toBe(404);
    expect((await call(ADMIN, 'PATCH', '/api/categories/00000000-0000-7000-8000-000000000000', { name: 'Nope' })).status).toBe(404);
  });

  it('deleting removes its catalog links, keeps the catalogs, and audits the unlinked ids', async () => {
    const id = await categoryId('Headwear');
    const links = await t.database.db.select().from(catalogCategories).where(eq(catalogCategories.categoryId, id));
    expect(links.length).toBeGreaterThan(0);
    expect((await call(ADMIN, 'DELETE', `/api/categories/${id}`)).status).toBe(200);
    expect(await t.database.db.select().from(catalogCategories).where(eq(catalogCategories.categoryId, id))).toHaveLength(0);
    const stillThere = await t.database.db.select().from(catalogs).where(eq(catalogs.id, links[0]!.catalogId));
    expect(stillThere).toHaveLength(1);
    const [audit] = await t.database.db.select().from(auditEntries).where(and(eq(auditEntries.entityId, id), eq(auditEntries.action, 'delete')));
    expect((audit!.after as { unlinkedCatalogIds: string[] }).unlinkedCatalogIds.sort()).toEqual(links.map((l) => l.catalogId).sort());
    expect((audit!.before as { name: string }).name).toBe('Headwear');
  });
});
