import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { AGENCY_MSG, DEFAULT_AGENCY_SETTINGS, DEFAULT_THEME, applyCostChange } from '@fbo/shared';
import { hashPassword } from '../src/modules/credentials';
import { useApiTest, type Method } from './helpers/api';
import {
  agencies, agencyCatalogs, agencyVariantCosts, auditEntries, basecostItems, basecosts, catalogVariants, catalogs, categories,
  domains, emailMessages, users,
} from '../src/db/schema/index';
import { PERSONA } from './helpers/personas';

const t = useApiTest();
const { call } = t;
const ADMIN = PERSONA.ADMIN;
const NO_ID = '00000000-0000-7000-8000-000000000000';
const db = () => t.database.db;

async function agencyByCode(code: string) {
  const [a] = await db().select().from(agencies).where(eq(agencies.code, code));
  return a!;
}
async function basecostId(name: string) {
  const [b] = await db().select().from(basecosts).where(eq(basecosts.name, name));
  return b!.id;
}
async function userByEmail(email: string) {
  const [u] = await db().select().from(users).where(eq(users.email, email));
  return u;
}
async function auditOf(entityId: string, action: string) {
  return db().select().from(auditEntries).where(and(eq(auditEntries.entityId, entityId), eq(auditEntries.action, action)));
}
/** Master catalogs (not deleted) that the agency does not offer, oldest first. */
async function freeCatalogs(agencyId: string) {
  const offered = (await db().select().from(agencyCatalogs).where(eq(agencyCatalogs.agencyId, agencyId))).map((o) => o.catalogId);
  const all = await db().select().from(catalogs).where(and(isNull(catalogs.agencyId), isNull(catalogs.deletedAt)));
  return all.filter((c) => !offered.includes(c.id)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}
async function costsOf(agencyId: string, catalogIds: string[]) {
  return db()
    .select()
    .from(agencyVariantCosts)
    .where(and(eq(agencyVariantCosts.agencyId, agencyId), inArray(agencyVariantCosts.catalogId, catalogIds)));
}
let seq = 0;
async function newAgency(extra: object = {}) {
  seq += 1;
  const res = await call(ADMIN, 'POST', '/api/agencies', { name: `Test Agency ${seq}`, code: `TEST${seq}`, manager: `owner${seq}@new.test`, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; code: string; managerId: string };
}

describe('only the administrator manages agencies', () => {
  const routes = (id: string): [Method, string, object?][] => [
    ['GET', '/api/agencies'],
    ['POST', '/api/agencies', { name: 'Sneaky', code: 'SNEAK', manager: 'sneak@x.test' }],
    ['GET', `/api/agencies/${id}`],
    ['PATCH', `/api/agencies/${id}`, { name: 'Sneaky', code: 'SNEAK' }],
    ['PUT', `/api/agencies/${id}`, { name: 'Sneaky', code: 'SNEAK' }],
    ['DELETE', `/api/agencies/${id}`],
    ['GET', `/api/agencies/${id}/members`],
    ['GET', `/api/catalogs/not-added/${id}/agency`],
    ['PATCH', `/api/agencies/${id}/product-catalogs`, { catalogs: { add: [], delete: [] } }],
    ['PATCH', `/api/agencies/${id}/catalog-costs`, { mode: 'add', unit: 'usd', amount: 1 }],
  ];

  it.each([PERSONA.OWNER, PERSONA.STAFF, PERSONA.ACCOUNTING, PERSONA.SELLER, PERSONA.SUPPLIER])('%s gets 403 everywhere', async (email) => {
    const demo = await agencyByCode('DEMO');
    for (const [method, url, payload] of routes(demo.id)) expect((await call(email, method, url, payload)).status, `${method} ${url}`).toBe(403);
    expect((await agencyByCode('DEMO')).name).toBe('Demo Fulfilment');
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ url: '/api/agencies' })).statusCode).toBe(401);
  });

  it('leaves the agency config routes to agency users', async () => {
    expect((await call(PERSONA.OWNER, 'GET', '/api/agencies/info')).status).toBe(200);
  });
});

describe('GET /api/agencies', () => {
  it('lists agencies with manager e-mail, status, primary domain; 20 a page by default', async () => {
    const { status, body } = await call(ADMIN, 'GET', '/api/agencies');
    expect(status).toBe(200);
    expect(body.limit).toBe(20);
    const demo = body.data.find((a: { code: string }) => a.code === 'DEMO');
    // Connected domains first, the oldest of them: app.demo-fulfilment.test (90 days) before localhost.
    expect(demo).toMatchObject({ name: 'Demo Fulfilment', managerEmail: 'agency@demo.test', active: true, primaryDomain: 'app.demo-fulfilment.test', basecostName: 'Platform Standard' });
    const other = body.data.find((a: { code: string }) => a.code === 'OTHER');
    expect(other.primaryDomain).toBe('other.localhost');
  });

  it('falls back to the first domain when none is connected, else null', async () => {
    const created = await newAgency();
    expect((await call(ADMIN, 'GET', `/api/agencies/${created.id}`)).body.data.primaryDomain).toBeNull();
    await db().insert(domains).values([
      { agencyId: created.id, host: `b${seq}.unconnected.test`, createdAt: new Date(Date.now() - 1000) },
      { agencyId: created.id, host: `c${seq}.unconnected.test` },
    ]);
    expect((await call(ADMIN, 'GET', `/api/agencies/${created.id}`)).body.data.primaryDomain).toBe(`b${seq}.unconnected.test`);
  });

  it('searches name, code and manager e-mail', async () => {
    expect((await call(ADMIN, 'GET', '/api/agencies?search=other-agency@')).body.data.map((a: { code: string }) => a.code)).toEqual(['OTHER']);
    expect((await call(ADMIN, 'GET', '/api/agencies?search=demo')).body.data.map((a: { code: string }) => a.code)).toContain('DEMO');
    expect((await call(ADMIN, 'GET', '/api/agencies?search=zzz-nothing')).body.total).toBe(0);
  });
});

describe('POST /api/agencies (Agency Form)', () => {
  it('validates with the spec lengths and messages', async () => {
    let res = await call(ADMIN, 'POST', '/api/agencies', {});
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({ name: 'Please input name', code: 'Please input code', manager: 'Please input email address' });
    res = await call(ADMIN, 'POST', '/api/agencies', { name: 'A', code: 'B', manager: 'not-an-email' });
    expect(res.body.errors).toMatchObject({ name: 'name should be 2 to 128 length', code: 'code should be 2 to 128 length', manager: 'Please input correct email address' });
    res = await call(ADMIN, 'POST', '/api/agencies', { name: 'x'.repeat(129), code: 'OK', manager: 'a@b.test' });
    expect(res.body.errors.name).toBe('name should be 2 to 128 length');
  });

  it('refuses a taken code (any case) and a base cost that is not the administrator\'s', async () => {
    let res = await call(ADMIN, 'POST', '/api/agencies', { name: 'Clash', code: 'demo', manager: 'clash@new.test' });
    expect(res).toMatchObject({ status: 400, body: { message: AGENCY_MSG.codeTaken, errors: { code: AGENCY_MSG.codeTaken } } });
    res = await call(ADMIN, 'POST', '/api/agencies', { name: 'Clash', code: 'CLASH', manager: 'clash@new.test', basecost: await basecostId('Standard') });
    expect(res).toMatchObject({ status: 400, body: { errors: { basecost: AGENCY_MSG.basecostNotFound } } });
    expect(await userByEmail('clash@new.test')).toBeUndefined();
  });

  it('creates the agency with default theme and settings and a pending owner who gets the set-password link', async () => {
    const standard = await basecostId('Platform Standard');
    const res = await call(ADMIN, 'POST', '/api/agencies', { name: 'Acme Prints', code: 'ACME', manager: ' Boss@Acme.test ', basecost: standard, active: true });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ message: 'Created', data: { name: 'Acme Prints', code: 'ACME', active: true, managerEmail: 'boss@acme.test', basecostId: standard } });
    const agency = await agencyByCode('ACME');
    expect(agency.config).toEqual({ ...DEFAULT_THEME, title: 'Acme Prints' });
    expect(agency.settings).toEqual(DEFAULT_AGENCY_SETTINGS);
    const owner = (await userByEmail('boss@acme.test'))!;
    expect(owner).toMatchObject({ userType: 'agency', authority: 'owner', isSubUser: false, agencyId: agency.id, status: 'pending' });
    expect(agency.managerId).toBe(owner.id);
    expect(await auditOf(agency.id, 'create')).toHaveLength(1);

    // The mail is the password-reset mail of modules/auth, sent in the new agency's name.
    const [mail] = await db().select().from(emailMessages).where(eq(emailMessages.toAddress, 'boss@acme.test'));
    expect(mail).toMatchObject({ templateCode: 'reset_password', agencyId: agency.id });
    expect(mail!.subject).toContain('Acme Prints');
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail!.html)![1]!;
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'owner-pass-1', confirmPassword: 'owner-pass-1' } });
    expect(reset.statusCode).toBe(200);
    expect((await userByEmail('boss@acme.test'))!.status).toBe('active');
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'boss@acme.test', password: 'owner-pass-1' } });
    expect(login.statusCode).toBe(200);
  });

  it('active defaults to true; false is kept', async () => {
    const created = await newAgency({ active: false });
    expect((await call(ADMIN, 'GET', `/api/agencies/${created.id}`)).body.data.active).toBe(false);
  });

  it('links an existing user bound to no agency or seller team, without a mail', async () => {
    await db().insert(users).values({ email: 'free@agent.test', fullName: 'Free Agent', passwordHash: await hashPassword('free-pass-1'), userType: 'agency', status: 'active' });
    const res = await call(ADMIN, 'POST', '/api/agencies', { name: 'Free Agency', code: 'FREE', manager: 'free@agent.test' });
    expect(res.status).toBe(201);
    const user = (await userByEmail('free@agent.test'))!;
    expect(user).toMatchObject({ agencyId: res.body.data.id, authority: 'owner', userType: 'agency', status: 'active' });
    expect(await db().select().from(emailMessages).where(eq(emailMessages.toAddress, 'free@agent.test'))).toHaveLength(0);
  });

  it('refuses an e-mail bound to another agency or seller team, or an administrator or supplier', async () => {
    for (const manager of [PERSONA.OWNER, PERSONA.STAFF, PERSONA.SELLER]) {
      const res = await call(ADMIN, 'POST', '/api/agencies', { name: 'Taken', code: 'TAKEN', manager });
      expect(res, manager).toMatchObject({ status: 400, body: { message: AGENCY_MSG.managerBound, errors: { manager: AGENCY_MSG.managerBound } } });
    }
    for (const manager of [PERSONA.ADMIN, PERSONA.SUPPLIER]) {
      const res = await call(ADMIN, 'POST', '/api/agencies', { name: 'Taken', code: 'TAKEN', manager });
      expect(res.body.message, manager).toBe(AGENCY_MSG.managerNotAgency);
    }
    expect(await db().select().from(agencies).where(eq(agencies.code, 'TAKEN'))).toHaveLength(0);
    expect((await userByEmail(PERSONA.SELLER))!.userType).toBe('seller');
  });
});

describe('GET, PATCH and PUT /api/agencies/:id (Update Agency)', () => {
  it('answers the record, or 404 Not found agency', async () => {
    const demo = await agencyByCode('DEMO');
    expect((await call(ADMIN, 'GET', `/api/agencies/${demo.id}`)).body.data).toMatchObject({ id: demo.id, code: 'DEMO', managerEmail: 'agency@demo.test' });
    expect(await call(ADMIN, 'GET', `/api/agencies/${NO_ID}`)).toMatchObject({ status: 404, body: { message: 'Not found agency' } });
    expect((await call(ADMIN, 'PATCH', `/api/agencies/${NO_ID}`, { name: 'Nobody', code: 'NOBODY' })).status).toBe(404);
  });

  it('requires name and code of 3 to 128', async () => {
    const created = await newAgency();
    let res = await call(ADMIN, 'PATCH', `/api/agencies/${created.id}`, { name: 'ab', code: 'cd' });
    expect(res.body.errors).toEqual({ name: 'name should be 3 to 128 length', code: 'code should be 3 to 128 length' });
    res = await call(ADMIN, 'PUT', `/api/agencies/${created.id}`, { active: false });
    expect(res.body.errors).toMatchObject({ name: 'Please input name', code: 'Please input code' });
  });

  it('updates name, code, active and base cost (PATCH and PUT), audited; a taken code is 400', async () => {
    const created = await newAgency();
    const volume = await basecostId('Platform Volume');
    let res = await call(ADMIN, 'PATCH', `/api/agencies/${created.id}`, { name: 'Renamed Agency', code: `REN${seq}`, active: false, basecost: volume });
    expect(res).toMatchObject({ status: 200, body: { message: 'Updated', data: { name: 'Renamed Agency', code: `REN${seq}`, active: false, basecostId: volume } } });
    res = await call(ADMIN, 'PUT', `/api/agencies/${created.id}`, { name: 'Renamed Again', code: `REN${seq}`, active: true });
    expect(res.body.data).toMatchObject({ name: 'Renamed Again', active: true, basecostId: volume });
    res = await call(ADMIN, 'PATCH', `/api/agencies/${created.id}`, { name: 'Renamed Again', code: 'Other' });
    expect(res).toMatchObject({ status: 400, body: { errors: { code: AGENCY_MSG.codeTaken } } });
    const audits = await auditOf(created.id, 'update');
    expect(audits).toHaveLength(2);
    expect(audits.map((a) => (a.before as { active: boolean }).active).sort()).toEqual([false, true]);
  });
});

describe('GET /api/agencies/:id/members', () => {
  it("lists the agency's users that are not deleted, with type and authority", async () => {
    const demo = await agencyByCode('DEMO');
    const { body } = await call(ADMIN, 'GET', `/api/agencies/${demo.id}/members?limit=10000&page=1`);
    const expected = await db().select().from(users).where(and(eq(users.agencyId, demo.id), isNull(users.deletedAt)));
    expect(body.total).toBe(expected.length);
    expect(body.data).toHaveLength(expected.length);
    expect(body.data.find((m: { email: string }) => m.email === 'staff@demo.test')).toEqual({
      id: expected.find((u) => u.email === 'staff@demo.test')!.id, fullName: 'Stella Staff', email: 'staff@demo.test', userType: 'agency', authority: 'staff',
    });
    expect(body.data.some((m: { email: string }) => m.email === 'other-agency@demo.test')).toBe(false);
    expect((await call(ADMIN, 'GET', `/api/agencies/${NO_ID}/members`)).status).toBe(404);
  });
});

describe('DELETE /api/agencies/:id', () => {
  it('refuses while the agency has seller teams or users besides its owner, saying how many', async () => {
    const demo = await agencyByCode('DEMO');
    const res = await call(ADMIN, 'DELETE', `/api/agencies/${demo.id}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^This agency can not be deleted: it still has \d+ seller teams and \d+ users besides its owner$/);
    expect(await agencyByCode('DEMO')).toBeDefined();
  });

  it('deletes an agency holding only its owner and its set-up, soft-deletes the owner, audits', async () => {
    const created = await newAgency({ basecost: await basecostId('Platform Standard') });
    const [first] = await freeCatalogs(created.id);
    await call(ADMIN, 'PATCH', `/api/agencies/${created.id}/product-catalogs`, { catalogs: { add: [first!.id] } });
    await db().insert(categories).values({ agencyId: created.id, name: 'Doomed' });
    await db().insert(domains).values({ agencyId: created.id, host: `doomed${seq}.test` });
    const res = await call(ADMIN, 'DELETE', `/api/agencies/${created.id}`);
    expect(res).toMatchObject({ status: 200, body: { message: 'Deleted' } });
    expect(await db().select().from(agencies).where(eq(agencies.id, created.id))).toHaveLength(0);
    expect(await costsOf(created.id, [first!.id])).toHaveLength(0);
    const owner = (await db().select().from(users).where(eq(users.id, created.managerId)))[0]!;
    expect(owner.deletedAt).not.toBeNull();
    expect(owner.agencyId).toBeNull();
    const [audit] = await auditOf(created.id, 'delete');
    expect((audit!.before as { code: string }).code).toBe(created.code);
    expect((await call(ADMIN, 'DELETE', `/api/agencies/${created.id}`)).status).toBe(404);
  });

  it('refuses when another user joined the agency', async () => {
    const created = await newAgency();
    await db().insert(users).values({ email: `extra${seq}@new.test`, fullName: 'Extra', passwordHash: 'x', userType: 'agency', authority: 'staff', isSubUser: true, agencyId: created.id });
    const res = await call(ADMIN, 'DELETE', `/api/agencies/${created.id}`);
    expect(res.body.message).toBe('This agency can not be deleted: it still has 0 seller teams and 1 user besides its owner');
  });
});

describe('GET /api/catalogs/not-added/:agencyId/agency', () => {
  it('lists master catalogs, not deleted, that the agency does not offer yet, with filters', async () => {
    const demo = await agencyByCode('DEMO');
    const free = await freeCatalogs(demo.id);
    const { status, body } = await call(ADMIN, 'GET', `/api/catalogs/not-added/${demo.id}/agency?limit=200`);
    expect(status).toBe(200);
    expect(body.total).toBe(free.length);
    expect(body.data.map((c: { id: string }) => c.id).sort()).toEqual(free.map((c) => c.id).sort());
    const item = body.data[0];
    expect(Object.keys(item).sort()).toEqual(['colorCount', 'createdAt', 'dropship', 'id', 'image', 'isTrademark', 'name', 'productCode', 'publishStatus', 'sizeCount', 'type']);
    const source = free.find((c) => c.id === item.id)!;
    expect(item.image).toBe(source.mockupGallery[0] ?? null);
    expect(item.sizeCount).toBe(source.sizes.length);

    const drops = await call(ADMIN, 'GET', `/api/catalogs/not-added/${demo.id}/agency?type=drop&dropship=true&limit=200`);
    expect(drops.body.total).toBe(free.filter((c) => c.type === 'drop' && c.dropship).length);
    const tm = await call(ADMIN, 'GET', `/api/catalogs/not-added/${demo.id}/agency?isTrademark=false&publishStatus=1&limit=200`);
    expect(tm.body.total).toBe(free.filter((c) => !c.isTrademark && c.publishStatus === 1).length);
    const searched = await call(ADMIN, 'GET', `/api/catalogs/not-added/${demo.id}/agency?search=${encodeURIComponent(free[0]!.productCode)}`);
    expect(searched.body.data.map((c: { id: string }) => c.id)).toEqual([free[0]!.id]);
  });

  it('leaves out deleted catalogs; an unknown agency is 404', async () => {
    const created = await newAgency();
    const [victim] = await freeCatalogs(created.id);
    await db().update(catalogs).set({ deletedAt: new Date() }).where(eq(catalogs.id, victim!.id));
    const { body } = await call(ADMIN, 'GET', `/api/catalogs/not-added/${created.id}/agency?limit=200`);
    expect(body.data.some((c: { id: string }) => c.id === victim!.id)).toBe(false);
    await db().update(catalogs).set({ deletedAt: null }).where(eq(catalogs.id, victim!.id));
    expect((await call(ADMIN, 'GET', `/api/catalogs/not-added/${NO_ID}/agency`)).status).toBe(404);
  });
});

describe('PATCH /api/agencies/:id/product-catalogs', () => {
  it('assigns catalogs with their cost rows from the agency base cost, and removes them with their rows', async () => {
    const standard = await basecostId('Platform Standard');
    const created = await newAgency({ basecost: standard });
    const [a, b] = await freeCatalogs(created.id);
    const res = await call(ADMIN, 'PATCH', `/api/agencies/${created.id}/product-catalogs`, { catalogs: { add: [a!.id, b!.id], delete: [] } });
    expect(res).toMatchObject({ status: 200, body: { message: 'Update success!', added: 2, deleted: 0 } });
    const variants = await db().select().from(catalogVariants).where(and(inArray(catalogVariants.catalogId, [a!.id, b!.id]), eq(catalogVariants.archived, false)));
    const costs = await costsOf(created.id, [a!.id, b!.id]);
    expect(costs).toHaveLength(variants.length);
    const prices = await db().select().from(basecostItems).where(and(eq(basecostItems.basecostId, standard), inArray(basecostItems.catalogId, [a!.id, b!.id])));
    for (const cost of costs) expect(cost.costCents).toBe(prices.find((p) => p.catalogVariantId === cost.catalogVariantId)!.basePriceCents);
    expect((await call(ADMIN, 'GET', `/api/catalogs/not-added/${created.id}/agency?limit=200`)).body.data.some((c: { id: string }) => c.id === a!.id)).toBe(false);

    // Saving the same again changes nothing.
    expect((await call(ADMIN, 'PATCH', `/api/agencies/${created.id}/product-catalogs`, { catalogs: { add: [a!.id] } })).body).toMatchObject({ message: 'No changed!', added: 0 });

    const removed = await call(ADMIN, 'PATCH', `/api/agencies/${created.id}/product-catalogs`, { catalogs: { delete: [a!.id] } });
    expect(removed.body).toMatchObject({ message: 'Update success!', added: 0, deleted: 1 });
    expect(await costsOf(created.id, [a!.id])).toHaveLength(0);
    expect((await costsOf(created.id, [b!.id])).length).toBeGreaterThan(0);
    const audits = await auditOf(created.id, 'update_catalogs');
    expect(audits).toHaveLength(2);
    expect((audits.find((x) => (x.after as { addedCatalogIds: string[] }).addedCatalogIds.length === 2)!.after as { costsCreated: number }).costsCreated).toBe(variants.length);
  });

  it('fills 0 when the agency has no base cost', async () => {
    const created = await newAgency();
    const [a] = await freeCatalogs(created.id);
    await call(ADMIN, 'PATCH', `/api/agencies/${created.id}/product-catalogs`, { catalogs: { add: [a!.id] } });
    const costs = await costsOf(created.id, [a!.id]);
    expect(costs.length).toBeGreaterThan(0);
    expect(costs.every((c) => c.costCents === 0)).toBe(true);
  });

  it('refuses unknown or deleted catalogs and one id both added and deleted, changing nothing', async () => {
    const created = await newAgency();
    const [a, b] = await freeCatalogs(created.id);
    let res = await call(ADMIN, 'PATCH', `/api/agencies/${created.id}/product-catalogs`, { catalogs: { add: [a!.id, NO_ID] } });
    expect(res).toMatchObject({ status: 400, body: { message: '1 catalog was not found among the master catalogs' } });
    await db().update(catalogs).set({ deletedAt: new Date() }).where(eq(catalogs.id, b!.id));
    res = await call(ADMIN, 'PATCH', `/api/agencies/${created.id}/product-catalogs`, { catalogs: { add: [b!.id] } });
    expect(res.status).toBe(400);
    await db().update(catalogs).set({ deletedAt: null }).where(eq(catalogs.id, b!.id));
    res = await call(ADMIN, 'PATCH', `/api/agencies/${created.id}/product-catalogs`, { catalogs: { add: [a!.id], delete: [a!.id] } });
    expect(res).toMatchObject({ status: 400, body: { message: AGENCY_MSG.addAndDelete } });
    expect(await db().select().from(agencyCatalogs).where(eq(agencyCatalogs.agencyId, created.id))).toHaveLength(0);
    expect((await call(ADMIN, 'PATCH', `/api/agencies/${created.id}/product-catalogs`, { catalogs: { add: 'x' } })).status).toBe(400);
    expect((await call(ADMIN, 'PATCH', `/api/agencies/${NO_ID}/product-catalogs`, { catalogs: { add: [a!.id] } })).status).toBe(404);
  });
});

describe('PATCH /api/agencies/:id/catalog-costs (Update cost)', () => {
  let agencyId: string;
  let catalogA: string;
  let catalogB: string;
  let base: Map<string, number>;
  const costs = async (catalogId: string) => new Map((await costsOf(agencyId, [catalogId])).map((c) => [c.catalogVariantId, c.costCents]));
  const update = (body: object) => call(ADMIN, 'PATCH', `/api/agencies/${agencyId}/catalog-costs`, body);

  beforeAll(async () => {
    const standard = await basecostId('Platform Standard');
    agencyId = (await newAgency({ basecost: standard })).id;
    const [a, b] = await freeCatalogs(agencyId);
    catalogA = a!.id;
    catalogB = b!.id;
    await call(ADMIN, 'PATCH', `/api/agencies/${agencyId}/product-catalogs`, { catalogs: { add: [catalogA, catalogB] } });
    base = new Map((await db().select().from(basecostItems).where(eq(basecostItems.basecostId, standard))).map((i) => [i.catalogVariantId, i.basePriceCents]));
  });

  it('set $ puts every selected variant at the amount, and says how many changed', async () => {
    const n = (await costs(catalogA)).size;
    const res = await update({ catalogIds: [catalogA], mode: 'set', unit: 'usd', amount: 12.5 });
    expect(res).toMatchObject({ status: 200, body: { message: `Updated ${n} costs`, updated: n } });
    expect([...(await costs(catalogA)).values()].every((c) => c === 1250)).toBe(true);
    // catalog B untouched
    for (const [variant, cost] of await costs(catalogB)) expect(cost).toBe(base.get(variant));
    // Same again: nothing changes.
    expect((await update({ catalogIds: [catalogA], mode: 'set', unit: 'usd', amount: 12.5 })).body).toMatchObject({ message: 'Updated 0 costs', updated: 0 });
  });

  it('add $ and add % (rounded half up to the cent)', async () => {
    await update({ catalogIds: [catalogA], mode: 'add', unit: 'usd', amount: 2.05 });
    expect(new Set((await costs(catalogA)).values())).toEqual(new Set([1455]));
    await update({ catalogIds: [catalogA], mode: 'set', unit: 'usd', amount: 12.5 });
    // 1250 * 0.04 % = 0.5 cent: half up to 1.
    await update({ catalogIds: [catalogA], mode: 'add', unit: 'percent', amount: 0.04 });
    expect(new Set((await costs(catalogA)).values())).toEqual(new Set([1251]));
    // 1251 * 10 % = 125.1 -> 125
    await update({ catalogIds: [catalogA], mode: 'add', unit: 'percent', amount: 10 });
    expect(new Set((await costs(catalogA)).values())).toEqual(new Set([1376]));
  });

  it('never goes below 0', async () => {
    await update({ catalogIds: [catalogA], mode: 'add', unit: 'usd', amount: -100 });
    expect(new Set((await costs(catalogA)).values())).toEqual(new Set([0]));
    await update({ catalogIds: [catalogA], mode: 'set', unit: 'usd', amount: 5 });
    await update({ catalogIds: [catalogA], mode: 'add', unit: 'percent', amount: -100 });
    expect(new Set((await costs(catalogA)).values())).toEqual(new Set([0]));
  });

  it('set % is the administrator base price plus the percentage; no ids: every assigned catalog', async () => {
    const res = await update({ mode: 'set', unit: 'percent', amount: 10 });
    expect(res.status).toBe(200);
    for (const catalogId of [catalogA, catalogB]) {
      for (const [variant, cost] of await costs(catalogId)) {
        const b = base.get(variant)!;
        expect(cost).toBe(Math.floor((b * 110 + 50) / 100));
      }
    }
    const [audit] = (await auditOf(agencyId, 'update_costs')).slice(-1);
    expect(audit).toBeDefined();
  });

  it('validates the body and the selected catalogs', async () => {
    let res = await update({ mode: 'set', unit: 'usd', amount: -1 });
    expect(res).toMatchObject({ status: 400, body: { errors: { amount: AGENCY_MSG.setNegative } } });
    res = await update({ mode: 'add', unit: 'percent', amount: -101 });
    expect(res.body.errors.amount).toBe(AGENCY_MSG.percentRange);
    res = await update({ mode: 'add', unit: 'usd', amount: 1.005 });
    expect(res.status).toBe(400);
    res = await update({ mode: 'mix', unit: 'usd', amount: 1 });
    expect(res.status).toBe(400);
    const [other] = await freeCatalogs(agencyId);
    res = await update({ catalogIds: [catalogA, other!.id], mode: 'add', unit: 'usd', amount: 1 });
    expect(res).toMatchObject({ status: 400, body: { message: '1 catalog is not assigned to this agency' } });
    expect((await call(ADMIN, 'PATCH', `/api/agencies/${NO_ID}/catalog-costs`, { mode: 'add', unit: 'usd', amount: 1 })).status).toBe(404);
  });
});

describe('applyCostChange (the shared rule)', () => {
  it('computes in cents', () => {
    expect(applyCostChange(1999, null, { mode: 'add', unit: 'usd', amount: 1.01 })).toBe(2100);
    expect(applyCostChange(1999, null, { mode: 'add', unit: 'percent', amount: 12.5 })).toBe(2249); // 249.875 -> 250
    expect(applyCostChange(1000, null, { mode: 'add', unit: 'percent', amount: 0.05 })).toBe(1001); // 0.5 -> 1
    expect(applyCostChange(1000, null, { mode: 'set', unit: 'usd', amount: 7.3 })).toBe(730);
    expect(applyCostChange(1000, 1995, { mode: 'set', unit: 'percent', amount: 10 })).toBe(2195); // 2194.5 -> 2195
    expect(applyCostChange(1000, null, { mode: 'set', unit: 'percent', amount: 10 })).toBeNull();
    expect(applyCostChange(100, null, { mode: 'add', unit: 'usd', amount: -2 })).toBe(0);
  });
});
