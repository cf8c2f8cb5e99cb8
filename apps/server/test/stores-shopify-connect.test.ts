/**
 * Connecting a Shopify shop from /s/integrations through the app's OAuth install, against the local
 * Shopify fake (apps/server/fakes/shopify): the approval address, the HMAC-checked callback, the sealed
 * state, the offline token sealed in the store, reconnecting, and every refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { STORE_MSG } from '@fbo/shared';
import { useApiTest } from './helpers/api';
import { PERSONA } from './helpers/personas';
import { sellerTeams, stores, users } from '../src/db/schema/index';
import { resolveSecretBox } from '../src/lib/secret-box';
import { openCredentials } from '../src/modules/stores';
import { startShopifyFake, type ShopifyFake } from '../fakes/shopify';

const APP = { apiKey: 'fbo-app-key', apiSecret: 'fbo-app-secret', scopes: 'read_products,read_orders' };
let fake: ShopifyFake;
const t = useApiTest(async () => {
  fake = await startShopifyFake({ clientSecret: APP.apiSecret, clientId: APP.apiKey });
  return { platforms: { shopify: APP, fakesUrl: fake.url } };
});
afterAll(() => fake?.close());
const { call } = t;
const db = () => t.database.db;
const { SELLER, OTHER_SELLER, OWNER } = PERSONA;
let sellerTeamId: string;

beforeAll(async () => {
  const [u] = await db().select({ teamId: users.sellerTeamId }).from(users).where(eq(users.email, SELLER));
  sellerTeamId = u!.teamId!;
});

/** The seller asks to connect, the browser follows the fake's approval, and the callback answers. */
async function connect(who: string, shop: string, tamper?: (callback: URL) => void) {
  const started = await call(who, 'POST', '/api/stores/shopify/connect', { shop });
  expect(started.status).toBe(200);
  const approval = await fetch(started.body.url, { redirect: 'manual' });
  expect(approval.status).toBe(302);
  const callback = new URL(approval.headers.get('location')!);
  tamper?.(callback);
  const done = await t.send(null, 'GET', `${callback.pathname}${callback.search}`);
  expect(done.statusCode).toBe(302);
  return { started: started.body.url as string, landing: new URL(done.headers.location as string) };
}

const storeOf = async (shopDomain: string) =>
  (await db().select().from(stores).where(and(eq(stores.shopDomain, shopDomain), eq(stores.platform, 'shopify'))))[0];

describe('connecting a Shopify shop', () => {
  it('asks the shop to approve the app, then keeps the offline token sealed in the team\u2019s new store', async () => {
    const { started, landing } = await connect(SELLER, '  https://Connect-Me.myshopify.com/admin ');
    const approval = new URL(started);
    expect(approval.pathname).toBe('/shops/connect-me.myshopify.com/admin/oauth/authorize');
    expect(approval.searchParams.get('client_id')).toBe(APP.apiKey);
    expect(approval.searchParams.get('scope')).toBe(APP.scopes);
    expect(approval.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/stores/shopify/callback');
    // The state is sealed: nothing of the agency, the team or the user can be read in it.
    expect(approval.searchParams.get('state')).not.toContain(sellerTeamId);

    const store = await storeOf('connect-me.myshopify.com');
    expect(store).toMatchObject({ sellerTeamId, status: 'connected', scopes: APP.scopes });
    expect(landing.href).toBe(`http://localhost:3000/cms/s/integrations?connected=${store!.id}`);
    const opened = openCredentials(await resolveSecretBox(db()), store!);
    expect(fake.shops.get('connect-me.myshopify.com')!.tokens.has(opened!.accessToken)).toBe(true);
    expect(store!.credentials).not.toContain(opened!.accessToken);

    const listed = await call(SELLER, 'GET', `/api/stores/${store!.id}`);
    expect(listed.body.data).toMatchObject({ platform: 'shopify', shopDomain: 'connect-me.myshopify.com', status: 'connected' });
  });

  it('connecting the same shop again after a disconnect finds the same store', async () => {
    const before = await storeOf('connect-me.myshopify.com');
    await call(SELLER, 'POST', `/api/stores/${before!.id}/disconnect`);
    const { landing } = await connect(SELLER, 'connect-me');
    const after = await storeOf('connect-me.myshopify.com');
    expect(after).toMatchObject({ id: before!.id, status: 'connected', statusReason: null });
    expect(after!.credentials).toBeTruthy();
    expect(landing.searchParams.get('connected')).toBe(before!.id);
  });

  it('a callback whose HMAC does not match stores nothing and says so', async () => {
    const { landing } = await connect(SELLER, 'tampered-shop', (cb) => cb.searchParams.set('code', 'forged'));
    expect(landing.pathname).toBe('/cms/s/integrations');
    expect(landing.searchParams.get('error')).toBe('Shopify did not confirm the connection. Please try again.');
    expect(await storeOf('tampered-shop.myshopify.com')).toBeUndefined();
  });

  it('a callback with a state that is not ours stores nothing', async () => {
    const { landing } = await connect(SELLER, 'stateless-shop', (cb) => cb.searchParams.set('state', 'dev:AAAA'));
    expect(landing.searchParams.get('error')).toBeTruthy();
    expect(await storeOf('stateless-shop.myshopify.com')).toBeUndefined();
  });

  it('refuses what is not a Shopify shop, a shop of another team, and the agency', async () => {
    const bad = await call(SELLER, 'POST', '/api/stores/shopify/connect', { shop: 'evil.example.com/x' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ shop: STORE_MSG.shopDomain });
    expect((await call(OWNER, 'POST', '/api/stores/shopify/connect', { shop: 'agency-shop' })).status).toBe(403);
    // Another agency's team may connect the same shop (its own store); a second team of one agency may not.
    const other = await call(OTHER_SELLER, 'POST', '/api/stores/shopify/connect', { shop: 'connect-me' });
    expect(other.status).toBe(200);
    const [seller] = await db().select().from(users).where(eq(users.email, SELLER));
    const [team] = await db().select({ id: sellerTeams.id }).from(sellerTeams)
      .where(and(eq(sellerTeams.agencyId, seller!.agencyId!), ne(sellerTeams.id, sellerTeamId)));
    await db().insert(stores).values({ agencyId: seller!.agencyId!, sellerTeamId: team!.id, platform: 'shopify', name: 'Taken', shopDomain: 'taken-shop.myshopify.com' });
    const taken = await call(SELLER, 'POST', '/api/stores/shopify/connect', { shop: 'taken-shop' });
    expect(taken).toMatchObject({ status: 400, body: { message: STORE_MSG.shopTaken } });
  });
});
