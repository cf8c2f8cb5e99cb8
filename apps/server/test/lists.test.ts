import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useApiTest } from './helpers/api';
import { agencies, orders, sellerTeams, users } from '../src/db/schema/index';
import { PERSONA } from './helpers/personas';

const t = useApiTest();
const { send } = t;
async function teamIdsOfAgency(code: string) {
  const rows = await t.database.db
    .select({ id: sellerTeams.id })
    .from(sellerTeams)
    .innerJoin(agencies, eq(agencies.id, sellerTeams.agencyId))
    .where(eq(agencies.code, code));
  return new Set(rows.map((r) => r.id));
}

describe('GET /api/orders', () => {
  it("shows an agency only its own sellers' orders, newest first, paged", async () => {
    const demoTeams = await teamIdsOfAgency('DEMO');
    const res = await send(PERSONA.OWNER, 'GET', '/api/orders?page=1&limit=20');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(20);
    expect(body.total).toBeGreaterThan(20);
    for (const o of body.data) expect(demoTeams.has(o.sellerTeam.id)).toBe(true);
    const dates = body.data.map((o: { createdDate: string }) => o.createdDate);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("shows a seller only its team's orders, also to its sub-users", async () => {
    const [seller] = await t.database.db.select().from(users).where(eq(users.email, PERSONA.SELLER));
    for (const email of [PERSONA.SELLER, PERSONA.SELLER_SUPPORT]) {
      const res = await send(email, 'GET', '/api/orders?limit=200');
      expect(res.json().data.every((o: { sellerTeam: { id: string } }) => o.sellerTeam.id === seller!.sellerTeamId)).toBe(true);
      // The 64 seeded print orders and the warehouse orders of the demo (WH-1001 to WH-1006).
      expect(res.json().total).toBe(70);
    }
  });

  it('never shows the other agency any of Demo data', async () => {
    const demoTeams = await teamIdsOfAgency('DEMO');
    const res = await send(PERSONA.OTHER_OWNER, 'GET', '/api/orders?limit=200');
    expect(res.json().data.some((o: { sellerTeam: { id: string } }) => demoTeams.has(o.sellerTeam.id))).toBe(false);
  });

  it('filters by status and searches the order name, trimmed', async () => {
    const byStatus = await send(PERSONA.OWNER, 'GET', '/api/orders?status=Unfulfilled&limit=200');
    expect(byStatus.json().data.every((o: { status: string }) => o.status === 'Unfulfilled')).toBe(true);
    const search = await send(PERSONA.SELLER, 'GET', `/api/orders?search=${encodeURIComponent('  #1001 ')}`);
    expect(search.json().data.map((o: { orderName: string }) => o.orderName)).toEqual(['#1001']);
    const wildcard = await send(PERSONA.SELLER, 'GET', '/api/orders?search=%25');
    expect(wildcard.json().total).toBe(0);
  });

  it('gives a designer only design requests, and refuses it the plain order list', async () => {
    const design = await send(PERSONA.DESIGNER, 'GET', '/api/orders?hireDesign=true&limit=200');
    expect(design.statusCode).toBe(200);
    expect(design.json().data.length).toBeGreaterThan(0);
    expect(design.json().data.every((o: { designStatus: string | null }) => o.designStatus !== null)).toBe(true);
    expect((await send(PERSONA.DESIGNER, 'GET', '/api/orders')).statusCode).toBe(403);
    expect((await send(PERSONA.EXPORTER, 'GET', '/api/orders?hireDesign=true')).statusCode).toBe(403);
  });

  it('caps the count of a huge list instead of counting every row', async () => {
    const [team] = await t.database.db.select().from(sellerTeams).where(eq(sellerTeams.name, 'Demo Seller'));
    const rows = Array.from({ length: 10_050 }, (_, i) => ({
      agencyId: team!.agencyId, sellerTeamId: team!.id, orderName: `BULK-${i}`, status: 'Unfulfilled',
    }));
    for (let i = 0; i < rows.length; i += 2000) await t.database.db.insert(orders).values(rows.slice(i, i + 2000));
    const res = await send(PERSONA.SELLER, 'GET', '/api/orders?limit=10&page=3');
    expect(res.json()).toMatchObject({ total: 10_000, totalCapped: true, page: 3, limit: 10 });
    expect(res.json().data).toHaveLength(10);
  });

  it('rejects a page size over 200 with 400', async () => {
    expect((await send(PERSONA.SELLER, 'GET', '/api/orders?limit=500')).statusCode).toBe(400);
  });
});

describe('GET /api/catalogs', () => {
  it('shows the administrator the whole master catalog', async () => {
    const res = await send(PERSONA.ADMIN, 'GET', '/api/catalogs?limit=100');
    expect(res.json().total).toBe(48);
    expect(res.json().data[0]).toMatchObject({ variantCount: expect.any(Number), image: expect.stringMatching(/^\/cms\/demo\//) });
    expect(res.json().data.some((c: { variantCount: number }) => c.variantCount > 0)).toBe(true);
  });

  it('shows a supplier only dropship trademark active catalogs, whatever it asks', async () => {
    const res = await send(PERSONA.SUPPLIER, 'GET', '/api/catalogs?limit=100&dropship=false');
    expect(res.json().total).toBe(0);
    const all = await send(PERSONA.SUPPLIER, 'GET', '/api/catalogs?limit=100');
    expect(all.json().total).toBe(13);
    expect(all.json().data.every((c: { dropship: boolean; isTrademark: boolean }) => c.dropship && c.isTrademark)).toBe(true);
  });

  it('shows an agency only the catalogs it offers', async () => {
    expect((await send(PERSONA.OWNER, 'GET', '/api/catalogs?limit=100')).json().total).toBe(30);
    expect((await send(PERSONA.OTHER_OWNER, 'GET', '/api/catalogs?limit=100')).json().total).toBe(14);
  });

  it('counts a page past the end, and answers 0 for an empty first page', async () => {
    const past = (await send(PERSONA.ADMIN, 'GET', '/api/catalogs?page=99&limit=10')).json();
    expect(past).toMatchObject({ data: [], total: 48, totalCapped: false, page: 99 });
    const none = (await send(PERSONA.ADMIN, 'GET', '/api/catalogs?page=1&limit=10&search=no-such-catalog')).json();
    expect(none).toMatchObject({ data: [], total: 0, totalCapped: false, page: 1 });
  });

  it('filters by type and publish status', async () => {
    const res = await send(PERSONA.ADMIN, 'GET', '/api/catalogs?type=fake&limit=100');
    expect(res.json().data.every((c: { type: string }) => c.type === 'fake')).toBe(true);
    const drafts = await send(PERSONA.ADMIN, 'GET', '/api/catalogs?publishStatus=0&limit=100');
    expect(drafts.json().data.every((c: { publishStatus: number }) => c.publishStatus === 0)).toBe(true);
  });
});
