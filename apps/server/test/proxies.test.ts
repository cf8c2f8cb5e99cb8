import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PROXY_MSG } from '@fbo/shared/domain/proxies';
import { useApiTest, type Method } from './helpers/api';
import { PERSONA } from './helpers/personas';
import { auditEntries, notifications, orders, proxies, proxyGroups, userProxies, users } from '../src/db/schema/index';

const t = useApiTest();
const { call } = t;
const { OWNER: AGENCY, ACCOUNTING, OTHER_OWNER: OTHER } = PERSONA;

async function groupId(name: string) {
  const [g] = await t.database.db.select().from(proxyGroups).where(eq(proxyGroups.name, name));
  return g!.id;
}
async function proxyId(domain: string) {
  const [p] = await t.database.db.select().from(proxies).where(eq(proxies.proxyDomain, domain));
  return p!.id;
}
async function userId(email: string) {
  const [u] = await t.database.db.select().from(users).where(eq(users.email, email));
  return u!.id;
}
async function auditOf(entityId: string) {
  return t.database.db.select().from(auditEntries).where(eq(auditEntries.entityId, entityId));
}

describe('who may read and who may change proxies', () => {
  it.each([PERSONA.OWNER, PERSONA.ACCOUNTING, PERSONA.SUPPORT, PERSONA.EXPORTER])('%s reads the lists', async (email) => {
    for (const url of ['/api/orders/proxy/list', '/api/proxy-groups', '/api/proxies']) {
      expect((await call(email, 'GET', url)).status, url).toBe(200);
    }
  });

  it.each([PERSONA.STAFF, PERSONA.DESIGNER, PERSONA.SELLER, PERSONA.ADMIN])('%s reads nothing (403)', async (email) => {
    for (const url of ['/api/orders/proxy/list', '/api/proxy-groups', '/api/proxies']) {
      expect((await call(email, 'GET', url)).status, url).toBe(403);
    }
  });

  it.each([PERSONA.STAFF, PERSONA.SUPPORT, PERSONA.EXPORTER, PERSONA.SELLER])('%s changes nothing (403)', async (email) => {
    const group = await groupId('US stores');
    const proxy = await proxyId('shop.pawprints.test');
    const attempts: [Method, string, object?][] = [
      ['POST', '/api/proxy-groups', { name: 'Sneaky' }],
      ['PATCH', `/api/proxy-groups/${group}`, { name: 'Sneaky' }],
      ['DELETE', `/api/proxy-groups/${group}`],
      ['POST', '/api/proxies', { proxyDomain: 'sneaky.test' }],
      ['PATCH', `/api/proxies/${proxy}`, { proxyDomain: 'sneaky.test' }],
      ['DELETE', `/api/proxies/${proxy}`],
    ];
    for (const [method, url, payload] of attempts) expect((await call(email, method, url, payload)).status, `${method} ${url}`).toBe(403);
    expect(await groupId('US stores')).toBe(group);
  });

  it('refuses callers without a token (401)', async () => {
    expect((await t.app.inject({ url: '/api/proxies' })).statusCode).toBe(401);
  });
});

describe('GET /api/orders/proxy/list', () => {
  it("answers every proxy of the actor's agency, by domain, with its group", async () => {
    const { status, body } = await call(PERSONA.SUPPORT, 'GET', '/api/orders/proxy/list');
    expect(status).toBe(200);
    const domains = body.data.map((p: { proxyDomain: string }) => p.proxyDomain);
    expect(domains).toHaveLength(8);
    expect(domains).toEqual([...domains].sort());
    expect(body.data.find((p: { proxyDomain: string }) => p.proxyDomain === 'shop.pawprints.test')).toMatchObject({
      groupId: await groupId('US stores'),
      groupName: 'US stores',
    });
    expect(body.data.find((p: { proxyDomain: string }) => p.proxyDomain === 'gifts.sunnydays.test')).toMatchObject({ groupId: null, groupName: null });
  });

  it("never shows another agency's proxies", async () => {
    const { body } = await call(OTHER, 'GET', '/api/orders/proxy/list');
    expect(body.data.map((p: { proxyDomain: string }) => p.proxyDomain)).toEqual(['otherprints.test', 'shop.otherbrand.test']);
  });
});

describe('proxy groups', () => {
  it('lists the groups with their proxy counts, searched (trimmed) and paged', async () => {
    const { body } = await call(ACCOUNTING, 'GET', '/api/proxy-groups');
    expect(body).toMatchObject({ total: 2, page: 1, limit: 10 });
    expect(body.data.map((g: { name: string; proxyCount: number }) => [g.name, g.proxyCount])).toEqual([['EU stores', 3], ['US stores', 4]]);
    expect(body.data[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const search = await call(ACCOUNTING, 'GET', `/api/proxy-groups?search=${encodeURIComponent('  eu ')}`);
    expect(search.body.data.map((g: { name: string }) => g.name)).toEqual(['EU stores']);
    expect((await call(ACCOUNTING, 'GET', '/api/proxy-groups?search=%25')).body.total).toBe(0);
    const paged = await call(ACCOUNTING, 'GET', '/api/proxy-groups?limit=1&page=2');
    expect(paged.body).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(paged.body.data.map((g: { name: string }) => g.name)).toEqual(['US stores']);
    expect((await call(OTHER, 'GET', '/api/proxy-groups')).body.data.map((g: { name: string }) => g.name)).toEqual(['Main stores']);
  });

  it('creates a group (accounting may), trimmed, and audits it', async () => {
    const { status, body } = await call(ACCOUNTING, 'POST', '/api/proxy-groups', { name: '  APAC stores ' });
    expect(status).toBe(201);
    expect(body).toMatchObject({ message: 'Created', data: { name: 'APAC stores', proxyCount: 0 } });
    const [entry] = await auditOf(body.data.id);
    expect(entry).toMatchObject({ entity: 'proxy_group', action: 'create', actorId: await userId(ACCOUNTING), after: { name: 'APAC stores' } });
  });

  it('validates the name: required, 2 to 128', async () => {
    const missing = await call(AGENCY, 'POST', '/api/proxy-groups', {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors.name).toBe('Please input name');
    const blank = await call(AGENCY, 'POST', '/api/proxy-groups', { name: '   ' });
    expect(blank.body.errors.name).toBe('Please input name');
    const short = await call(AGENCY, 'POST', '/api/proxy-groups', { name: 'A' });
    expect(short.body.errors.name).toBe('name should be 2 to 128 length');
    const long = await call(AGENCY, 'POST', '/api/proxy-groups', { name: 'x'.repeat(129) });
    expect(long.body.errors.name).toBe('name should be 2 to 128 length');
    expect((await call(AGENCY, 'POST', '/api/proxy-groups', { name: 'x'.repeat(128) })).status).toBe(201);
  });

  it('keeps names unique in an agency, whatever the case, but not across agencies', async () => {
    const dup = await call(AGENCY, 'POST', '/api/proxy-groups', { name: 'us STORES' });
    expect(dup).toMatchObject({ status: 400, body: { message: PROXY_MSG.groupNameTaken, errors: { name: PROXY_MSG.groupNameTaken } } });
    expect((await call(OTHER, 'POST', '/api/proxy-groups', { name: 'US stores' })).status).toBe(201);
  });

  it('renames a group; refuses a taken name; keeps its own name in another case', async () => {
    const id = (await call(AGENCY, 'POST', '/api/proxy-groups', { name: 'Rename me' })).body.data.id;
    const renamed = await call(ACCOUNTING, 'PATCH', `/api/proxy-groups/${id}`, { name: 'Renamed' });
    expect(renamed).toMatchObject({ status: 200, body: { message: 'Updated', data: { id, name: 'Renamed' } } });
    expect((await call(ACCOUNTING, 'PATCH', `/api/proxy-groups/${id}`, { name: 'EU stores' })).body.message).toBe(PROXY_MSG.groupNameTaken);
    expect((await call(ACCOUNTING, 'PATCH', `/api/proxy-groups/${id}`, { name: 'RENAMED' })).status).toBe(200);
    const entries = await auditOf(id);
    expect(entries.find((e) => e.action === 'update')).toMatchObject({ before: { name: 'Rename me' }, after: { name: 'Renamed' } });
  });

  it("answers 404 for another agency's group, and changes nothing", async () => {
    const us = await groupId('US stores');
    expect((await call(OTHER, 'PATCH', `/api/proxy-groups/${us}`, { name: 'Mine now' })).status).toBe(404);
    expect((await call(OTHER, 'DELETE', `/api/proxy-groups/${us}`)).status).toBe(404);
    expect((await call(AGENCY, 'DELETE', '/api/proxy-groups/00000000-0000-7000-8000-000000000000')).status).toBe(404);
    expect((await call(AGENCY, 'DELETE', '/api/proxy-groups/not-a-uuid')).status).toBe(400);
    expect(await groupId('US stores')).toBe(us);
  });

  it('deletes a group in one go: its proxies stay, in no group', async () => {
    const id = (await call(AGENCY, 'POST', '/api/proxy-groups', { name: 'Short lived' })).body.data.id;
    const a = (await call(AGENCY, 'POST', '/api/proxies', { proxyDomain: 'a.shortlived.test', groupId: id })).body.data.id;
    const b = (await call(AGENCY, 'POST', '/api/proxies', { proxyDomain: 'b.shortlived.test', groupId: id })).body.data.id;
    expect((await call(AGENCY, 'GET', `/api/proxy-groups?search=short`)).body.data[0].proxyCount).toBe(2);
    expect(await call(ACCOUNTING, 'DELETE', `/api/proxy-groups/${id}`)).toMatchObject({ status: 200, body: { message: 'Deleted' } });
    expect(await t.database.db.select().from(proxyGroups).where(eq(proxyGroups.id, id))).toHaveLength(0);
    const left = await call(AGENCY, 'GET', '/api/proxies?search=shortlived');
    expect(left.body.data.map((p: { id: string; group: unknown }) => [p.id, p.group]).sort()).toEqual([[a, null], [b, null]].sort());
    const [entry] = (await auditOf(id)).filter((e) => e.action === 'delete');
    expect((entry!.after as { ungroupedProxyIds: string[] }).ungroupedProxyIds.sort()).toEqual([a, b].sort());
  });
});

describe('proxies', () => {
  it('lists proxies with group, user and order counts; filters by group, none, search', async () => {
    const us = await groupId('US stores');
    const { body } = await call(ACCOUNTING, 'GET', `/api/proxies?groupId=${us}&limit=50`);
    expect(body.total).toBe(4);
    for (const p of body.data) {
      expect(p.group).toEqual({ id: us, name: 'US stores' });
      expect(p.userCount).toBe(1); // support@ works on the US stores
      expect(p.orderCount).toBeGreaterThan(0);
    }
    const shop = body.data.find((p: { proxyDomain: string }) => p.proxyDomain === 'shop.pawprints.test');
    const shopOrders = await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.proxyId, shop.id));
    expect(shop.orderCount).toBe(shopOrders.length);
    const none = await call(ACCOUNTING, 'GET', '/api/proxies?groupId=none');
    expect(none.body.data.every((p: { group: unknown }) => p.group === null)).toBe(true);
    expect(none.body.data.map((p: { proxyDomain: string }) => p.proxyDomain)).toContain('gifts.sunnydays.test');
    const search = await call(ACCOUNTING, 'GET', `/api/proxies?search=${encodeURIComponent(' PAWPRINTS ')}`);
    expect(search.body.data.map((p: { proxyDomain: string }) => p.proxyDomain).sort()).toEqual(['eu.pawprints.test', 'shop.pawprints.test']);
    expect((await call(ACCOUNTING, 'GET', '/api/proxies?groupId=nope')).status).toBe(400);
  });

  it("never lists another agency's proxies, even filtered by its group", async () => {
    const us = await groupId('US stores');
    expect((await call(OTHER, 'GET', `/api/proxies?groupId=${us}`)).body.total).toBe(0);
    const all = await call(OTHER, 'GET', '/api/proxies?limit=200');
    expect(all.body.data.some((p: { proxyDomain: string }) => p.proxyDomain.includes('pawprints'))).toBe(false);
  });

  it('creates a proxy, trimmed and lower-cased, in a group, and audits it', async () => {
    const eu = await groupId('EU stores');
    const { status, body } = await call(ACCOUNTING, 'POST', '/api/proxies', { proxyDomain: '  Shop.NewBrand.TEST ', groupId: eu });
    expect(status).toBe(201);
    expect(body).toMatchObject({ message: 'Created', data: { proxyDomain: 'shop.newbrand.test', group: { id: eu, name: 'EU stores' }, userCount: 0, orderCount: 0 } });
    expect((await auditOf(body.data.id))[0]).toMatchObject({ entity: 'proxy', action: 'create', after: { proxyDomain: 'shop.newbrand.test', groupId: eu } });
    const loose = await call(ACCOUNTING, 'POST', '/api/proxies', { proxyDomain: 'loose.newbrand.test' });
    expect(loose.body.data.group).toBeNull();
  });

  it.each([
    ['', 'Please input proxyDomain'],
    ['https://shop.example.com', PROXY_MSG.domainInvalid],
    ['shop.example.com/path', PROXY_MSG.domainInvalid],
    ['shop.example.com:8080', PROXY_MSG.domainInvalid],
    ['localhost', PROXY_MSG.domainInvalid],
    ['192.168.1.10', PROXY_MSG.domainInvalid],
    ['-shop.example.com', PROXY_MSG.domainInvalid],
    ['shop..example.com', PROXY_MSG.domainInvalid],
    ['shop.example.com.', PROXY_MSG.domainInvalid],
    ['shop example.com', PROXY_MSG.domainInvalid],
    [`${'a'.repeat(64)}.example.com`, PROXY_MSG.domainInvalid],
    [`${'abcdefghi.'.repeat(25)}example.com`, 'proxyDomain should be 3 to 253 length'],
  ])('refuses the domain %j', async (proxyDomain, message) => {
    const res = await call(AGENCY, 'POST', '/api/proxies', { proxyDomain });
    expect(res.status).toBe(400);
    expect(res.body.errors.proxyDomain).toBe(message);
  });

  it('accepts punycode and hyphenated hosts', async () => {
    expect((await call(AGENCY, 'POST', '/api/proxies', { proxyDomain: 'my-shop.xn--p1ai' })).status).toBe(201);
  });

  it('keeps domains unique in an agency, not across agencies', async () => {
    const dup = await call(AGENCY, 'POST', '/api/proxies', { proxyDomain: 'SHOP.pawprints.test' });
    expect(dup).toMatchObject({ status: 400, body: { message: PROXY_MSG.domainTaken, errors: { proxyDomain: PROXY_MSG.domainTaken } } });
    expect((await call(OTHER, 'POST', '/api/proxies', { proxyDomain: 'shop.pawprints.test' })).status).toBe(201);
  });

  it("refuses another agency's group in a body with 400 'Proxy group not found'", async () => {
    const [main] = await t.database.db.select().from(proxyGroups).where(eq(proxyGroups.name, 'Main stores'));
    const created = await call(AGENCY, 'POST', '/api/proxies', { proxyDomain: 'sneaky.pawprints.test', groupId: main!.id });
    expect(created).toMatchObject({ status: 400, body: { message: PROXY_MSG.groupNotFound, errors: { groupId: PROXY_MSG.groupNotFound } } });
    const id = await proxyId('gifts.sunnydays.test');
    expect((await call(AGENCY, 'PATCH', `/api/proxies/${id}`, { groupId: main!.id })).status).toBe(400);
    expect((await call(AGENCY, 'GET', '/api/proxies?search=sneaky')).body.total).toBe(0);
  });

  it('changes the domain and the group, and takes a proxy out of its group', async () => {
    const id = (await call(AGENCY, 'POST', '/api/proxies', { proxyDomain: 'move.me.test' })).body.data.id;
    const us = await groupId('US stores');
    const moved = await call(ACCOUNTING, 'PATCH', `/api/proxies/${id}`, { groupId: us });
    expect(moved).toMatchObject({ status: 200, body: { message: 'Updated', data: { proxyDomain: 'move.me.test', group: { id: us } } } });
    const renamed = await call(ACCOUNTING, 'PATCH', `/api/proxies/${id}`, { proxyDomain: ' Moved.Me.test ' });
    expect(renamed.body.data).toMatchObject({ proxyDomain: 'moved.me.test', group: { id: us } });
    const out = await call(ACCOUNTING, 'PATCH', `/api/proxies/${id}`, { groupId: null });
    expect(out.body.data.group).toBeNull();
    const updates = (await auditOf(id)).filter((e) => e.action === 'update');
    expect(updates).toHaveLength(3);
    expect(updates.some((e) => (e.before as { proxyDomain: string }).proxyDomain === 'move.me.test' && (e.after as { proxyDomain: string }).proxyDomain === 'moved.me.test')).toBe(true);
  });

  it('refuses an empty change, a taken domain, and a foreign proxy (404)', async () => {
    const id = await proxyId('gifts.sunnydays.test');
    expect((await call(AGENCY, 'PATCH', `/api/proxies/${id}`, {})).status).toBe(400);
    expect((await call(AGENCY, 'PATCH', `/api/proxies/${id}`, { proxyDomain: 'retroteeslab.test' })).body.message).toBe(PROXY_MSG.domainTaken);
    expect((await call(AGENCY, 'PATCH', `/api/proxies/${id}`, { proxyDomain: 'gifts.sunnydays.test' })).status).toBe(200);
    expect((await call(OTHER, 'PATCH', `/api/proxies/${id}`, { proxyDomain: 'mine.test' })).status).toBe(404);
    expect((await call(OTHER, 'DELETE', `/api/proxies/${id}`)).status).toBe(404);
    expect(await proxyId('gifts.sunnydays.test')).toBe(id);
  });

  it('refuses to delete a proxy that orders use, and says how many', async () => {
    const id = await proxyId('retroteeslab.test');
    const used = (await call(AGENCY, 'GET', '/api/proxies?search=retroteeslab')).body.data[0].orderCount as number;
    expect(used).toBeGreaterThan(0);
    const res = await call(ACCOUNTING, 'DELETE', `/api/proxies/${id}`);
    expect(res).toMatchObject({ status: 400, body: { message: PROXY_MSG.proxyHasOrders(used) } });
    expect(await proxyId('retroteeslab.test')).toBe(id);
  });

  it('deletes an unused proxy: unlinks its users, tells them, audits it', async () => {
    const id = (await call(AGENCY, 'POST', '/api/proxies', { proxyDomain: 'gone.soon.test' })).body.data.id;
    const support = await userId(PERSONA.SUPPORT);
    await t.database.db.insert(userProxies).values({ userId: support, proxyId: id });
    expect((await call(AGENCY, 'GET', '/api/proxies?search=gone.soon')).body.data[0].userCount).toBe(1);
    expect(await call(ACCOUNTING, 'DELETE', `/api/proxies/${id}`)).toMatchObject({ status: 200, body: { message: 'Deleted' } });
    expect(await t.database.db.select().from(proxies).where(eq(proxies.id, id))).toHaveLength(0);
    expect(await t.database.db.select().from(userProxies).where(eq(userProxies.proxyId, id))).toHaveLength(0);
    const told = await t.database.db.select().from(notifications).where(and(eq(notifications.userId, support), eq(notifications.title, 'Proxy removed')));
    expect(told[0]!.content).toContain('gone.soon.test');
    expect((await auditOf(id)).find((e) => e.action === 'delete')).toMatchObject({ before: { proxyDomain: 'gone.soon.test' }, after: { unlinkedUserIds: [support] } });
    expect((await call(ACCOUNTING, 'DELETE', `/api/proxies/${id}`)).status).toBe(404);
  });
});

describe('seeded demo data', () => {
  it("ties orders only to their own agency's proxies", async () => {
    const rows = await t.database.db
      .select({ orderAgency: orders.agencyId, proxyAgency: proxies.agencyId })
      .from(orders)
      .innerJoin(proxies, eq(proxies.id, orders.proxyId));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.orderAgency === r.proxyAgency)).toBe(true);
    const otherProxies = await call(OTHER, 'GET', '/api/proxies');
    expect(otherProxies.body.data.some((p: { orderCount: number }) => p.orderCount > 0)).toBe(true);
  });
});
