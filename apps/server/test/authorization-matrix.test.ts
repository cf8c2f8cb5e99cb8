import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { can, type Actor, type Authority } from '@fbo/shared';
import { useApiTest } from './helpers/api';
import { PERSONA } from './helpers/personas';
import { notifications, sellerTeams, users } from '../src/db/schema/index';

/** Every persona of GUIDE section 9, plus nobody. */
const PERSONAS = [
  PERSONA.ADMIN, PERSONA.SUPPLIER, PERSONA.OWNER, PERSONA.STAFF, PERSONA.SUPPORT,
  PERSONA.ACCOUNTING, PERSONA.DESIGNER, PERSONA.EXPORTER, PERSONA.SELLER,
  PERSONA.SELLER_ACCOUNTING, PERSONA.SELLER_DESIGNER, PERSONA.SELLER_SUPPORT,
  PERSONA.OTHER_OWNER, PERSONA.OTHER_SELLER,
  // The warehouse team (docs/warehouses.md): operators, whatever their sub-role.
  PERSONA.WAREHOUSE, PERSONA.WAREHOUSE_STAFF,
];

const t = useApiTest();
const { send } = t;
const actors = new Map<string, Actor>();
/** Per persona: the id of a record it owns, to probe others with. */
let foreignNotificationId: string;

beforeAll(async () => {
  for (const email of PERSONAS) {
    const [u] = await t.database.db.select().from(users).where(eq(users.email, email));
    const [team] = u!.sellerTeamId ? await t.database.db.select().from(sellerTeams).where(eq(sellerTeams.id, u!.sellerTeamId)) : [];
    actors.set(email, {
      userId: u!.id, userType: u!.userType, authority: u!.authority as Authority | null, isSubUser: u!.isSubUser,
      agencyId: u!.agencyId, sellerTeamId: u!.sellerTeamId, sellerType: team?.sellerType ?? null,
    });
    await t.as(email); // signed in up front: the walk times requests, not logins
  }
  const [owner] = await t.database.db.select().from(users).where(eq(users.email, PERSONA.OTHER_OWNER));
  await t.database.db.insert(notifications).values({ userId: owner!.id, agencyId: owner!.agencyId, title: 'Private', content: 'Only for Olga' });
  const [note] = await t.database.db.select().from(notifications).where(eq(notifications.title, 'Private'));
  foreignNotificationId = note!.id;
});

/** A request that passes validation where it can, so the permission is what decides. */
function requestFor(route: { method: string; url: string }, id: string) {
  const url = route.url.replace(/:(\w+)/g, id);
  const bodies: Record<string, object> = {
    'PATCH /api/push-notifications/:id': { viewed: true },
    'POST /api/auth/link-store': { appToken: 'unknown-token' },
    'PATCH /api/users/info': { fullName: 'Same Name' },
  };
  return { method: route.method as 'GET', url, payload: route.method === 'GET' ? undefined : (bodies[`${route.method} ${route.url}`] ?? {}) };
}
/** That request sent as `who` (a persona, or null for nobody). */
function sendRoute(who: string | null, route: { method: string; url: string }, id: string) {
  const { method, url, payload } = requestFor(route, id);
  return send(who, method, url, payload);
}

describe('authorization matrix: every API route x every persona', () => {
  it('registers routes, each with a declared permission', () => {
    expect(t.app.apiRoutes.length).toBeGreaterThan(15);
    for (const r of t.app.apiRoutes) expect(r.permission.length).toBeGreaterThan(0);
  });

  it('refuses every protected route without a token (401), never 2xx', async () => {
    for (const route of t.app.apiRoutes) {
      if (route.permission.includes('public')) continue;
      const res = await sendRoute(null, route, '00000000-0000-7000-8000-000000000000');
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  }, 60_000);

  it('gives each persona exactly what the permission table gives it', async () => {
    const unexpected: string[] = [];
    for (const email of PERSONAS) {
      const actor = actors.get(email)!;
      for (const route of t.app.apiRoutes) {
        if (route.permission.includes('public') || route.url === '/api/auth/logout-all') continue;
        const allowed = route.permission.some((p) => can(actor, p));
        const res = await sendRoute(email, route, foreignNotificationId);
        const label = `${email} ${route.method} ${route.url} -> ${res.statusCode}`;
        if (res.statusCode >= 500) unexpected.push(`${label} (server error)`);
        else if (!allowed && res.statusCode !== 403) unexpected.push(`${label} (expected 403)`);
        else if (allowed && res.statusCode === 403 && !route.url.startsWith('/api/orders')) unexpected.push(`${label} (expected access)`);
      }
    }
    expect(unexpected).toEqual([]);
    // Every route for every persona: thousands of requests, slow on a busy machine.
  }, 300_000);

  // Pinned by hand, not derived from can(): a change to the permission table that reopens one fails here.
  const PINNED: [email: string, route: string, answer: 'allowed' | 403][] = [
    // Issue 18 item 4: the order notifications are for the order lists' readers; the design queue and staff have none.
    [PERSONA.DESIGNER, 'GET /api/orders/notification/all', 403],
    [PERSONA.STAFF, 'GET /api/orders/notification/all', 403],
    [PERSONA.WAREHOUSE, 'GET /api/orders/notification/all', 403],
    [PERSONA.EXPORTER, 'GET /api/orders/notification/all', 'allowed'],
    [PERSONA.SELLER_DESIGNER, 'GET /api/orders/notification/all', 'allowed'],
    // Issue 18 item 3: the KPIs are the owner's page (and accounting reads the same figures with the payouts); support and staff none.
    [PERSONA.OWNER, 'GET /api/dashboards/profits', 'allowed'],
    [PERSONA.ACCOUNTING, 'GET /api/dashboards/profits', 'allowed'],
    [PERSONA.SUPPORT, 'GET /api/dashboards/profits', 403],
    [PERSONA.STAFF, 'GET /api/dashboards/profits', 403],
    [PERSONA.SELLER, 'GET /api/dashboards/profits', 'allowed'],
    // Issue 12 item 7: seller accounting's allow-list has no payouts or profit page.
    [PERSONA.SELLER_ACCOUNTING, 'GET /api/profits/:id/payout', 403],
    [PERSONA.SELLER_ACCOUNTING, 'GET /api/profits/logs', 403],
    [PERSONA.SELLER_ACCOUNTING, 'PUT /api/profits/calc-order-profit', 403],
    [PERSONA.SELLER_ACCOUNTING, 'GET /api/profits/:id', 403],
    [PERSONA.SELLER_ACCOUNTING, 'GET /api/dashboards/profits', 403],
    [PERSONA.SELLER_ACCOUNTING, 'GET /api/profits/estimated-orders', 403],
    [PERSONA.SELLER, 'GET /api/profits/logs', 'allowed'],
    [PERSONA.SELLER, 'PUT /api/profits/calc-order-profit', 'allowed'],
    [PERSONA.ACCOUNTING, 'GET /api/profits/:id/payout', 'allowed'],
    // Issue 12 item 7: the order exporter's allow-list is agency orders only, not the Bills.
    [PERSONA.EXPORTER, 'GET /api/invoices/search/report-orders', 403],
    [PERSONA.EXPORTER, 'GET /api/invoices/search/export-orders', 403],
    [PERSONA.EXPORTER, 'GET /api/invoices/export-fulfillment', 'allowed'],
    [PERSONA.ACCOUNTING, 'GET /api/invoices/search/report-orders', 'allowed'],
    [PERSONA.OWNER, 'GET /api/invoices/search/report-orders', 'allowed'],
    // Issue 18 item 2: a customer's erase cannot be undone: the agency's owner and the team's manager, never support.
    [PERSONA.SUPPORT, 'POST /api/customers/:id/erase', 403],
    [PERSONA.SELLER_SUPPORT, 'POST /api/customers/:id/erase', 403],
    [PERSONA.SELLER_ACCOUNTING, 'POST /api/customers/:id/erase', 403],
    [PERSONA.OWNER, 'POST /api/customers/:id/erase', 'allowed'],
    [PERSONA.SELLER, 'POST /api/customers/:id/erase', 'allowed'],
    [PERSONA.SUPPORT, 'GET /api/customers/:id/data-export', 'allowed'],
  ];

  it.each(PINNED)('%s %s -> %s', async (email, key, answer) => {
    const route = t.app.apiRoutes.find((r) => `${r.method} ${r.url}` === key);
    expect(route, key).toBeDefined();
    const res = await sendRoute(email, route!, foreignNotificationId);
    if (answer === 403) expect(res.statusCode).toBe(403);
    else expect(res.statusCode).not.toBe(403);
  });

  it("never lets anyone touch another tenant's record: a foreign id is 404", async () => {
    // The owner itself marked it read in the walk above.
    await t.database.db.update(notifications).set({ viewed: false }).where(eq(notifications.id, foreignNotificationId));
    for (const email of PERSONAS.filter((e) => e !== PERSONA.OTHER_OWNER)) {
      if (!can(actors.get(email)!, 'notifications')) continue;
      const res = await send(email, 'PATCH', `/api/push-notifications/${foreignNotificationId}`, { viewed: true });
      expect(res.statusCode, email).toBe(404);
    }
    const [note] = await t.database.db.select().from(notifications).where(eq(notifications.id, foreignNotificationId));
    expect(note!.viewed).toBe(false);
  });
});
