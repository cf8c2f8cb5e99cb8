/**
 * POST /api/seller-teams/{id}/pull-orders (docs/stores.md, "Orders from stores"): when the agency turns a team's Get
 * order API on, it may pull what the team's connected shops took since a day, one job per store. Refused while the
 * switch is off, for a team with no connected store (manual and demo stores are never read), for another agency's
 * team, and for roles without the Sellers page.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SELLER_MSG, STORE_ORDER_MSG } from '@fbo/shared';
import { PERSONA } from './helpers/personas';
import { connectShop, useShopifyApiTest } from './helpers/shopify-shop';
import { auditEntries, orders, sellerTeams, stores } from '../src/db/schema/index';

const { t, fake } = useShopifyApiTest();
const { call } = t;
const db = () => t.database.db;
const { SELLER, OWNER, OTHER_OWNER, ACCOUNTING } = PERSONA;
const SHOP = 'team-pull-shop.myshopify.com';
let teamId: string;
let storeId: string;
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  await connectShop(t, SELLER, 'team-pull-shop');
  const [store] = await db().select().from(stores).where(eq(stores.shopDomain, SHOP));
  storeId = store!.id;
  teamId = store!.sellerTeamId;
  fake().shops.get(SHOP)!.nextOrderNumber = 93001;
  // Two orders the shop took while the switch was off (their deliveries were never sent here).
  fake().createOrder(SHOP, { lineItems: [{ sku: 'TEAM-PULL-1', quantity: 1 }] });
  fake().createOrder(SHOP, { lineItems: [{ sku: 'TEAM-PULL-2', quantity: 1 }] });
  await db().update(sellerTeams).set({ getOrderApi: false }).where(eq(sellerTeams.id, teamId));
});

describe('pull a team\u2019s orders', () => {
  it('is refused while Get order API is off, to other agencies (404) and to roles without the Sellers page (403)', async () => {
    const off = await call(OWNER, 'POST', `/api/seller-teams/${teamId}/pull-orders`, { since: today() });
    expect(off).toMatchObject({ status: 400, body: { message: STORE_ORDER_MSG.pullApiOff } });
    const other = await call(OTHER_OWNER, 'POST', `/api/seller-teams/${teamId}/pull-orders`, { since: today() });
    expect(other).toMatchObject({ status: 404, body: { message: SELLER_MSG.notFound } });
    expect((await call(ACCOUNTING, 'POST', `/api/seller-teams/${teamId}/pull-orders`, { since: today() })).status).toBe(403);
    expect((await call(SELLER, 'POST', `/api/seller-teams/${teamId}/pull-orders`, { since: today() })).status).toBe(403);
    expect((await call(OWNER, 'POST', `/api/seller-teams/${teamId}/pull-orders`, { since: '2020-01-01' })).status).toBe(400);
    expect((await call(OTHER_OWNER, 'GET', `/api/seller-teams/${teamId}/pullable-stores`)).status).toBe(404);
    expect((await call(SELLER, 'GET', `/api/seller-teams/${teamId}/pullable-stores`)).status).toBe(403);
  });

  it('lists the stores a pull reads: the connected shop only', async () => {
    const res = await call(OWNER, 'GET', `/api/seller-teams/${teamId}/pullable-stores`);
    expect(res.body).toEqual({ data: [{ id: storeId, name: expect.any(String), shopDomain: SHOP }] });
  });

  it('once on, queues one pull per connected shop (never the manual or demo stores) and brings the missed orders in', async () => {
    const team = (await call(OWNER, 'GET', `/api/seller-teams/${teamId}`)).body.data;
    const on = await call(OWNER, 'PUT', `/api/seller-teams/${teamId}`, { name: team.name, basecost: team.basecost.id, referralCode: team.referralCode, pendingPayoutDays: team.pendingPayoutDays, getOrderAPI: true });
    expect(on.status).toBe(200);
    const res = await call(OWNER, 'POST', `/api/seller-teams/${teamId}/pull-orders`, { since: today() });
    expect(res.status).toBe(202);
    // The demo team also owns the demo Shopify store and a manual store: neither is read.
    expect(res.body).toEqual({ message: STORE_ORDER_MSG.teamPullQueued(1), pulls: [{ storeId, storeName: expect.any(String), jobId: expect.any(String) }] });
    await t.app.jobs.drain();
    const job = await call(OWNER, 'GET', `/api/jobs/${res.body.pulls[0].jobId}`);
    expect(job.body.data).toMatchObject({ status: 'done', result: expect.objectContaining({ ok: true, created: 2 }) });
    expect(await db().select().from(orders).where(eq(orders.storeId, storeId))).toHaveLength(2);
    const [audit] = await db().select().from(auditEntries).where(eq(auditEntries.action, 'pull-orders'));
    expect(audit).toMatchObject({ entity: 'seller_team', entityId: teamId, after: { since: today(), stores: [storeId] } });
  });

  it('says so when the team has no connected shop', async () => {
    await call(SELLER, 'POST', `/api/stores/${storeId}/disconnect`);
    const res = await call(OWNER, 'POST', `/api/seller-teams/${teamId}/pull-orders`, { since: today() });
    expect(res).toMatchObject({ status: 400, body: { message: STORE_ORDER_MSG.teamPullNoStores } });
    expect((await call(OWNER, 'GET', `/api/seller-teams/${teamId}/pullable-stores`)).body).toEqual({ data: [] });
  });
});
