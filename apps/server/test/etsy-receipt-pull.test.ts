/**
 * Etsy's scheduled receipt pull (docs/stores-etsy.md, "Scheduled pull") against the local Etsy fake: a receipt
 * becomes an order once however often the pull runs, the high-water mark advances only after a pull that worked,
 * the tick queues no more pulls than the app key's budget holds, tokens rotate under the store's lock, a revoked
 * token makes the store need attention, and tracking goes back to the receipt as a shipment.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { ETSY_PULL_JOB } from '@fbo/shared';
import { connectEtsy, useEtsyApiTest } from './helpers/etsy-shop';
import { PERSONA } from './helpers/personas';
import { jobs, orders, sellerTeams, stores } from '../src/db/schema/index';
import { resolveSecretBox } from '../src/lib/secret-box';
import { openCredentials, type EtsyCredentials } from '../src/modules/stores';
import type { FakeEtsyShop } from '../fakes/etsy';

const { t, fake } = useEtsyApiTest();
const { call } = t;
const db = () => t.database.db;
const { SELLER, OWNER } = PERSONA;
const TICK = 'store-orders.etsy-pulls';
const MINUTE = 60_000;

interface Connected {
  shop: FakeEtsyShop;
  storeId: string;
}
const shops: Connected[] = [];

async function connected(name: string): Promise<Connected> {
  const shop = fake().createShop({ name });
  fake().seedListings(shop.shopId, { count: 1, variantsPerListing: 2 });
  await connectEtsy(t, fake(), SELLER, { userId: shop.userId });
  const [row] = await db().select({ id: stores.id }).from(stores).where(and(eq(stores.platform, 'etsy'), eq(stores.shopDomain, String(shop.shopId))));
  return { shop, storeId: row!.id };
}

const storeRow = async (id: string) => (await db().select().from(stores).where(eq(stores.id, id)))[0]!;
const ordersOf = (storeId: string) => db().select().from(orders).where(eq(orders.storeId, storeId));
const skuOf = (shop: FakeEtsyShop) => [...shop.listings.values()][0]!.inventory.products[0]!.sku;
const setMark = (storeId: string, at: Date) => db().update(stores).set({ ordersPulledUntil: at }).where(eq(stores.id, storeId));

/** One tick of the schedule, and everything it queued, run now; answers the tick's result. */
async function tick(key = String(Math.random())): Promise<Record<string, unknown>> {
  const job = await t.app.jobs.enqueue(db(), { kind: TICK, payload: {}, dedupeKey: key });
  await t.app.jobs.drain();
  const [done] = await db().select().from(jobs).where(eq(jobs.id, job.id));
  expect(done!.status).toBe('done');
  return done!.result as Record<string, unknown>;
}

/** The budget learns Etsy's figures from the next answer: a products sync makes one. */
async function observeLimits(storeId: string) {
  expect((await call(SELLER, 'POST', `/api/stores/${storeId}/sync-products`)).status).toBeLessThan(300);
  await t.app.jobs.drain();
}

beforeAll(async () => {
  for (const name of ['PullOne', 'PullTwo', 'PullThree']) shops.push(await connected(name));
  await t.app.jobs.drain();
});

describe('the scheduled receipt pull', () => {
  it('brings a receipt made in Etsy as an order, advances the mark, and a second run makes no second order', async () => {
    const [{ shop, storeId }] = shops as [Connected];
    const receipt = fake().createReceipt(shop.shopId, { transactions: [{ sku: skuOf(shop), quantity: 2 }] });
    const mark = new Date(Date.now() - 10 * MINUTE);
    await setMark(storeId, mark);
    const result = await tick();
    expect(result).toMatchObject({ ok: true, queued: 3 });
    const found = await ordersOf(storeId);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ externalId: String(receipt.receipt_id) });
    expect((await storeRow(storeId)).ordersPulledUntil!.getTime()).toBeGreaterThan(mark.getTime());

    // The receipt changes; the next tick reads it again from the mark (less the overlap) and updates the one order.
    fake().updateReceipt(shop.shopId, receipt.receipt_id, { first_line: '2 Changed Street' });
    await tick();
    expect(await ordersOf(storeId)).toHaveLength(1);
    const pulls = await db().select().from(jobs).where(and(eq(jobs.kind, ETSY_PULL_JOB), sql`${jobs.payload} ->> 'storeId' = ${storeId}`)).orderBy(desc(jobs.createdAt));
    expect(pulls[0]).toMatchObject({ status: 'done', result: { ok: true } });
  });

  it('queues no more pulls than the app key\u2019s budget holds, the longest unread first', async () => {
    const [a, b, c] = shops as [Connected, Connected, Connected];
    // 1,152 a day is 2 pulls a tick at 2 requests each (1,152 / 288 / 2).
    fake().limits.set({ perDay: 1152, usedToday: 0 });
    await observeLimits(a.storeId);
    await setMark(a.storeId, new Date(Date.now() - 20 * MINUTE));
    await setMark(b.storeId, new Date(Date.now() - 40 * MINUTE));
    await setMark(c.storeId, new Date(Date.now() - 30 * MINUTE));
    const started = new Date();
    expect(await tick()).toMatchObject({ ok: true, queued: 2, room: 2 });
    const queued = await db().select({ payload: jobs.payload }).from(jobs).where(and(eq(jobs.kind, ETSY_PULL_JOB), sql`${jobs.createdAt} >= ${started}`));
    expect(queued.map((j) => j.payload['storeId']).sort()).toEqual([b.storeId, c.storeId].sort());
    expect((await storeRow(a.storeId)).ordersPulledUntil!.getTime()).toBeLessThan(started.getTime());

    // Past the reserve kept for tracking and connects (a tenth of the day): nothing is pulled.
    fake().limits.set({ usedToday: 1152 - 100 });
    await observeLimits(a.storeId);
    expect(await tick()).toMatchObject({ ok: true, queued: 0 });

    fake().limits.set({ perDay: 10_000, usedToday: 0 });
    await observeLimits(a.storeId);
    expect(await tick()).toMatchObject({ ok: true, queued: 3 });
  });

  it('an expired access token is refreshed under the store\u2019s lock: the new pair is sealed and the old refresh token is spent', async () => {
    const [, { shop, storeId }] = shops as [Connected, Connected];
    const box = await resolveSecretBox(db());
    const before = openCredentials<EtsyCredentials>(box, await storeRow(storeId))!;
    const expiry = (await storeRow(storeId)).tokenExpiresAt!;
    fake().tokens.age(3600, shop.userId);
    const receipt = fake().createReceipt(shop.shopId, { transactions: [{ sku: skuOf(shop) }] });
    await tick();
    const row = await storeRow(storeId);
    const after = openCredentials<EtsyCredentials>(box, row)!;
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(row.tokenExpiresAt!.getTime()).toBeGreaterThanOrEqual(expiry.getTime());
    expect(row.status).toBe('connected');
    expect((await ordersOf(storeId)).map((o) => o.externalId)).toContain(String(receipt.receipt_id));
    const spent = await fetch(fake().endpoints.tokenUrl, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', client_id: 'fbo-etsy-keystring', refresh_token: before.refreshToken }),
    });
    expect(spent.status).toBe(400);
  });

  it('a revoked token makes the store need attention, and its mark stays', async () => {
    const [, , { shop, storeId }] = shops as [Connected, Connected, Connected];
    const mark = new Date(Date.now() - 15 * MINUTE);
    await setMark(storeId, mark);
    fake().tokens.revoke(shop.userId);
    await tick();
    const row = await storeRow(storeId);
    expect(row.status).toBe('needs_attention');
    expect(row.statusReason).toMatch(/connect the shop again/);
    expect(row.ordersPulledUntil!.getTime()).toBe(mark.getTime());
    // A store that needs attention is not pulled until it connects again.
    const result = await tick();
    expect(result['queued']).toBe(2);
  });

  it('a team with Get order API off is not pulled', async () => {
    const [{ storeId }] = shops as [Connected];
    const { sellerTeamId } = await storeRow(storeId);
    await db().update(sellerTeams).set({ getOrderApi: false }).where(eq(sellerTeams.id, sellerTeamId));
    expect(await tick()).toMatchObject({ ok: true, queued: 0 });
    await db().update(sellerTeams).set({ getOrderApi: true }).where(eq(sellerTeams.id, sellerTeamId));
  });

  it('tracking added to an Etsy order ends as a shipment of its receipt', async () => {
    const [{ shop, storeId }] = shops as [Connected];
    const [order] = await ordersOf(storeId);
    await db().update(orders).set({ status: 'InProduction' }).where(inArray(orders.id, [order!.id]));
    const added = await call(OWNER, 'POST', `/api/tracking/${order!.id}/shipments`, { trackingNumber: 'ETSY-TRACK-1', carrier: 'USPS' });
    expect(added.status).toBeLessThan(300);
    await t.app.jobs.drain();
    const shipped = fake().shipments(shop.shopId);
    expect(shipped).toEqual(expect.arrayContaining([expect.objectContaining({ tracking_code: 'ETSY-TRACK-1' })]));
  });
});
