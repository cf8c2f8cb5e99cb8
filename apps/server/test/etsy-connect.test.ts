/**
 * Connecting an Etsy shop from /s/integrations (docs/stores-etsy.md, "Connecting") against the local Etsy fake:
 * the approval address with its PKCE challenge and sealed state, the callback's code exchange, the pair sealed in
 * the team's store, the first product sync and order pull, reconnecting, and every refusal.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne, sql } from 'drizzle-orm';
import { ETSY_MSG, ETSY_PULL_JOB, STORE_MSG } from '@fbo/shared';
import { ETSY_APP, connectEtsy, useEtsyApiTest } from './helpers/etsy-shop';
import { useApiTest } from './helpers/api';
import { PERSONA } from './helpers/personas';
import { auditEntries, jobs, products, sellerTeams, stores, users } from '../src/db/schema/index';
import { resolveSecretBox } from '../src/lib/secret-box';
import { openCredentials, type EtsyCredentials } from '../src/modules/stores';

const { t, fake } = useEtsyApiTest();
const { call } = t;
const db = () => t.database.db;
const { SELLER, OWNER, STAFF, SELLER_ACCOUNTING } = PERSONA;
const DAY = 86_400_000;
let sellerTeamId: string;
let agencyId: string;

beforeAll(async () => {
  const [u] = await db().select({ teamId: users.sellerTeamId, agencyId: users.agencyId }).from(users).where(eq(users.email, SELLER));
  sellerTeamId = u!.teamId!;
  agencyId = u!.agencyId!;
});

const storeOf = async (shopId: number) =>
  (await db().select().from(stores).where(and(eq(stores.shopDomain, String(shopId)), eq(stores.platform, 'etsy'))))[0];

describe('connecting an Etsy shop', () => {
  it('asks Etsy to approve the app with PKCE, then keeps the sealed pair in the team\u2019s new store, its products synced', async () => {
    const shop = fake().createShop({ name: 'ConnectMeCrafts', currency: 'EUR' });
    fake().seedListings(shop.shopId, { count: 2, variantsPerListing: 2 });
    const { started, landing } = await connectEtsy(t, fake(), SELLER, { userId: shop.userId });

    expect(`${started.origin}${started.pathname}`).toBe(`${fake().url}/oauth/connect`);
    expect(started.searchParams.get('client_id')).toBe(ETSY_APP.apiKey);
    expect(started.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/stores/etsy/callback');
    expect(started.searchParams.get('code_challenge_method')).toBe('S256');
    expect(started.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    // The state is sealed: neither the team nor the PKCE verifier can be read in it.
    expect(started.searchParams.get('state')).not.toContain(sellerTeamId);

    const store = await storeOf(shop.shopId);
    expect(store).toMatchObject({ sellerTeamId, status: 'connected', name: 'ConnectMeCrafts', currency: 'EUR', statusReason: null });
    expect(landing.href).toBe(`http://localhost:3000/cms/s/integrations?connected=${store!.id}`);
    const opened = openCredentials<EtsyCredentials>(await resolveSecretBox(db()), store!);
    expect(opened).toMatchObject({ userId: String(shop.userId) });
    expect(opened!.accessToken.startsWith(`${shop.userId}.`)).toBe(true);
    expect(store!.credentials).not.toContain(opened!.accessToken);
    expect(store!.credentials).not.toContain(opened!.refreshToken);
    // The refresh token lasts 90 days; the first pull reads the last 14.
    expect(Math.abs(store!.tokenExpiresAt!.getTime() - (Date.now() + 90 * DAY))).toBeLessThan(60_000);
    expect(Math.abs(store!.ordersPulledUntil!.getTime() - (Date.now() - 14 * DAY))).toBeLessThan(60_000);

    const [audit] = await db().select().from(auditEntries).where(and(eq(auditEntries.entity, 'store'), eq(auditEntries.entityId, store!.id)));
    expect(audit).toMatchObject({ action: 'connect', after: { platform: 'etsy', shop: String(shop.shopId) } });
    const queued = await db().select({ kind: jobs.kind }).from(jobs).where(sql`${jobs.payload} ->> 'storeId' = ${store!.id}`);
    expect(queued.map((j) => j.kind).sort()).toEqual(['products.sync-store', ETSY_PULL_JOB]);

    await t.app.jobs.drain();
    const synced = await db().select().from(products).where(and(eq(products.agencyId, agencyId), eq(products.storeId, store!.id)));
    expect(synced).toHaveLength(2);
    const after = await storeOf(shop.shopId);
    expect(after!.ordersPulledUntil!.getTime()).toBeGreaterThan(Date.now() - 60_000);

    const listed = await call(SELLER, 'GET', `/api/stores/${store!.id}`);
    expect(listed.body.data).toMatchObject({ platform: 'etsy', shopDomain: String(shop.shopId), status: 'connected' });
  });

  it('connecting the same shop again after a disconnect finds the same store, with a new pair', async () => {
    const shop = fake().createShop({ name: 'ComeBackShop' });
    await connectEtsy(t, fake(), SELLER, { userId: shop.userId });
    const before = await storeOf(shop.shopId);
    const firstPair = openCredentials<EtsyCredentials>(await resolveSecretBox(db()), before!);
    expect((await call(SELLER, 'POST', `/api/stores/${before!.id}/disconnect`)).status).toBe(200);
    const { landing } = await connectEtsy(t, fake(), SELLER, { userId: shop.userId });
    const after = await storeOf(shop.shopId);
    expect(after).toMatchObject({ id: before!.id, status: 'connected', statusReason: null });
    expect(landing.searchParams.get('connected')).toBe(before!.id);
    const secondPair = openCredentials<EtsyCredentials>(await resolveSecretBox(db()), after!);
    expect(secondPair!.refreshToken).not.toBe(firstPair!.refreshToken);
    const audits = await db().select({ action: auditEntries.action }).from(auditEntries).where(and(eq(auditEntries.entity, 'store'), eq(auditEntries.entityId, before!.id)));
    expect(audits.map((a) => a.action)).toContain('reconnect');
    await t.app.jobs.drain();
  });

  it('a tampered or expired state, a spent code and a refusal on Etsy store nothing and say so', async () => {
    const shop = fake().createShop({ name: 'NeverConnected' });
    const tampered = await connectEtsy(t, fake(), SELLER, { userId: shop.userId, tamper: (cb) => cb.searchParams.set('state', `${cb.searchParams.get('state')!.slice(0, -4)}AAAA`) });
    expect(tampered.landing.pathname).toBe('/cms/s/integrations');
    expect(tampered.landing.searchParams.get('error')).toBe(ETSY_MSG.notConfirmed);

    const box = await resolveSecretBox(db());
    const expired = await connectEtsy(t, fake(), SELLER, {
      userId: shop.userId,
      tamper: (cb) => {
        const state = JSON.parse(box.decrypt(cb.searchParams.get('state')!, 'etsy-oauth-state')) as { expires: number };
        cb.searchParams.set('state', box.encrypt(JSON.stringify({ ...state, expires: Date.now() - 1000 }), 'etsy-oauth-state'));
      },
    });
    expect(expired.landing.searchParams.get('error')).toBe(ETSY_MSG.notConfirmed);

    const forged = await connectEtsy(t, fake(), SELLER, { userId: shop.userId, tamper: (cb) => cb.searchParams.set('code', 'forged-code') });
    expect(forged.landing.searchParams.get('error')).toBe(ETSY_MSG.notConfirmed);

    const denied = await connectEtsy(t, fake(), SELLER, {
      userId: shop.userId,
      tamper: (cb) => {
        cb.searchParams.delete('code');
        cb.searchParams.set('error', 'access_denied');
      },
    });
    expect(denied.landing.searchParams.get('error')).toBe(ETSY_MSG.refused);
    expect(await storeOf(shop.shopId)).toBeUndefined();
  });

  it('refuses a shop another team of the agency holds', async () => {
    const shop = fake().createShop({ name: 'TakenShop' });
    const [team] = await db().select({ id: sellerTeams.id }).from(sellerTeams).where(and(eq(sellerTeams.agencyId, agencyId), ne(sellerTeams.id, sellerTeamId)));
    await db().insert(stores).values({ agencyId, sellerTeamId: team!.id, platform: 'etsy', name: 'Taken', shopDomain: String(shop.shopId) });
    const { landing } = await connectEtsy(t, fake(), SELLER, { userId: shop.userId });
    expect(landing.searchParams.get('error')).toBe(STORE_MSG.shopTaken);
    expect(await storeOf(shop.shopId)).toMatchObject({ sellerTeamId: team!.id, credentials: null });
  });

  it('only the seller\u2019s manager connects: a seller sub-user and the agency\u2019s people are refused', async () => {
    for (const who of [SELLER_ACCOUNTING, OWNER, STAFF]) expect((await call(who, 'POST', '/api/stores/etsy/connect', {})).status).toBe(403);
    expect((await call(null, 'POST', '/api/stores/etsy/connect', {})).status).toBe(401);
  });
});

describe('a deployment without an Etsy app', () => {
  const bare = useApiTest();
  it('answers 400 with a message the seller can act on', async () => {
    const res = await bare.call(SELLER, 'POST', '/api/stores/etsy/connect', {});
    expect(res).toMatchObject({ status: 400, body: { message: ETSY_MSG.notConfigured } });
  });
});
