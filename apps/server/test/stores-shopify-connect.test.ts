/**
 * Connecting a Shopify shop from /s/integrations through the app's OAuth install, against the local
 * Shopify fake (apps/server/fakes/shopify): the approval address, the HMAC-checked callback, the sealed
 * state, the offline token sealed in the store, reconnecting, and every refusal.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { STORE_MSG } from '@fbo/shared';
import { SHOPIFY_APP, connectShop, shopifyWebhook, useShopifyApiTest } from './helpers/shopify-shop';
import { PERSONA } from './helpers/personas';
import { proxies, sellerTeams, storeAppTokens, storeWebhooks, stores, users } from '../src/db/schema/index';
import { resolveSecretBox } from '../src/lib/secret-box';
import { openCredentials, signOauthQuery } from '../src/modules/stores';
import { signIntegrate } from '../src/modules/stores/integrate';
import { hashToken } from '../src/lib/tokens';
import { MSG } from '@fbo/shared';

const APP = SHOPIFY_APP;
const { t, fake } = useShopifyApiTest();
const { call } = t;
const db = () => t.database.db;
const { SELLER, OTHER_SELLER, OWNER, SELLER_ACCOUNTING } = PERSONA;
let sellerTeamId: string;

beforeAll(async () => {
  const [u] = await db().select({ teamId: users.sellerTeamId }).from(users).where(eq(users.email, SELLER));
  sellerTeamId = u!.teamId!;
});

const connect = (who: string, shop: string, tamper?: (callback: URL) => void) => connectShop(t, who, shop, tamper);

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
    expect(fake().shops.get('connect-me.myshopify.com')!.tokens.has(opened!.accessToken)).toBe(true);
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

/** POST /api/integrate with this exact body text and signature header. */
const integrateRaw = (raw: string, signature: string) =>
  t.app.inject({ method: 'POST', url: '/api/integrate', payload: raw, headers: { 'content-type': 'application/json', 'x-integrate-hmac': signature } });

/** What the store app sends, signed as it must be. */
const integrate = (body: object) => integrateRaw(JSON.stringify(body), signIntegrate(JSON.stringify(body), APP.apiSecret));

const link = (who: string, appToken: string) => call(who, 'POST', '/api/auth/link-store', { appToken });

describe('installing from Shopify\u2019s side, then linking an account on the Welcome page', () => {
  it('the app URL checks Shopify\u2019s signature, the approval ends on the Welcome page, and the seller manager\u2019s link makes the store', async () => {
    const query = { shop: 'installed-shop.myshopify.com', timestamp: String(Math.floor(Date.now() / 1000)) };
    const signed = new URLSearchParams({ ...query, hmac: signOauthQuery(query, APP.apiSecret) });
    const opened = await t.send(null, 'GET', `/api/stores/shopify/install?${signed}`);
    expect(opened.statusCode).toBe(302);
    const approval = await fetch(opened.headers.location as string, { redirect: 'manual' });
    const callback = new URL(approval.headers.get('location')!);
    const done = await t.send(null, 'GET', `${callback.pathname}${callback.search}`);
    const welcome = new URL(done.headers.location as string);
    expect(welcome.pathname).toBe('/cms/auth/sign-in-welcome');
    const appToken = welcome.searchParams.get('app_token')!;
    const [waiting] = await db().select().from(storeAppTokens).where(eq(storeAppTokens.tokenHash, hashToken(appToken)));
    expect(waiting).toMatchObject({ shopDomain: 'installed-shop.myshopify.com', linkedAt: null });
    expect(waiting!.credentials).toBeTruthy();

    expect(await link(SELLER, appToken)).toMatchObject({ status: 200 });
    const store = await storeOf('installed-shop.myshopify.com');
    expect(store).toMatchObject({ sellerTeamId, status: 'connected' });
    const opened2 = openCredentials(await resolveSecretBox(db()), store!);
    expect(fake().shops.get('installed-shop.myshopify.com')!.tokens.has(opened2!.accessToken)).toBe(true);
    // The waiting copy is gone; the token links once.
    const [used] = await db().select().from(storeAppTokens).where(eq(storeAppTokens.tokenHash, hashToken(appToken)));
    expect(used).toMatchObject({ credentials: null });
    expect(await link(SELLER, appToken)).toMatchObject({ status: 400, body: { message: MSG.canNotAuthorize } });
  });

  it('an install request Shopify did not sign is refused', async () => {
    const res = await t.send(null, 'GET', `/api/stores/shopify/install?shop=x.myshopify.com&timestamp=${Math.floor(Date.now() / 1000)}&hmac=00`);
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /api/integrate: the store app hands over a shop', () => {
  it('answers an app_token and its Welcome link; an agency owner\u2019s link makes the agency\u2019s store front', async () => {
    const answer = await integrate({ platform: 'shopify', shop: 'front-shop', accessToken: 'shpat_front', scope: 'read_orders' });
    expect(answer.statusCode).toBe(200);
    const { appToken, url } = answer.json() as { appToken: string; url: string };
    expect(url).toBe(`http://localhost:3000/cms/auth/sign-in-welcome?app_token=${appToken}`);
    expect(await link(OWNER, appToken)).toMatchObject({ status: 200 });
    const [owner] = await db().select().from(users).where(eq(users.email, OWNER));
    const [front] = await db().select().from(proxies).where(and(eq(proxies.agencyId, owner!.agencyId!), eq(proxies.proxyDomain, 'front-shop.myshopify.com')));
    expect(front).toBeTruthy();
  });

  it('a seller sub-user cannot authorize; the token stays for someone who can', async () => {
    const { appToken } = (await integrate({ platform: 'shopify', shop: 'sub-shop', accessToken: 'shpat_sub' })).json() as { appToken: string };
    expect(await link(SELLER_ACCOUNTING, appToken)).toMatchObject({ status: 400, body: { message: MSG.canNotAuthorize } });
    expect(await link(SELLER, appToken)).toMatchObject({ status: 200 });
    expect(await storeOf('sub-shop.myshopify.com')).toMatchObject({ sellerTeamId, status: 'connected' });
  });

  it('refuses a request not signed with the app\u2019s secret, or signed over another body', async () => {
    const body = JSON.stringify({ platform: 'shopify', shop: 'forged-shop', accessToken: 'shpat_forged' });
    expect((await integrateRaw(body, signIntegrate(body, 'not-the-secret'))).statusCode).toBe(401);
    expect((await integrateRaw(body, signIntegrate(body.replace('forged', 'other'), APP.apiSecret))).statusCode).toBe(401);
    expect((await integrateRaw(body, '')).statusCode).toBe(401);
    expect((await integrateRaw('{not json', 'x')).statusCode).toBe(400);
    expect(await db().select().from(storeAppTokens).where(eq(storeAppTokens.shopDomain, 'forged-shop.myshopify.com'))).toHaveLength(0);
  });
});

const webhook = (shop: string, topic: string, id: string, body: object = { id: 1 }, secret = APP.apiSecret) => shopifyWebhook(t, shop, topic, id, body, secret);

describe('webhooks', () => {
  it('a connected shop is subscribed to app/uninstalled, the product and the order topics; the uninstall disconnects the store once, however often it is delivered', async () => {
    await connect(SELLER, 'hooked-shop');
    expect(fake().shops.get('hooked-shop.myshopify.com')!.subscriptions).toEqual(
      ['APP_UNINSTALLED', 'PRODUCTS_CREATE', 'PRODUCTS_UPDATE', 'PRODUCTS_DELETE', 'ORDERS_CREATE', 'ORDERS_UPDATED', 'ORDERS_CANCELLED'].map((topic) => expect.objectContaining({ topic, uri: 'http://localhost:3000/api/webhooks/shopify' })),
    );
    const first = await webhook('hooked-shop.myshopify.com', 'app/uninstalled', 'delivery-1');
    const again = await webhook('hooked-shop.myshopify.com', 'app/uninstalled', 'delivery-1');
    expect([first.statusCode, first.json(), again.statusCode, again.json()]).toEqual([200, { received: 1 }, 200, { received: 0 }]);
    await t.app.jobs.drain();
    const store = await storeOf('hooked-shop.myshopify.com');
    expect(store).toMatchObject({ status: 'disconnected', credentials: null, statusReason: expect.stringContaining('uninstalled') });
    const deliveries = await db().select().from(storeWebhooks).where(eq(storeWebhooks.storeId, store!.id));
    expect(deliveries).toEqual([expect.objectContaining({ topic: 'app/uninstalled', status: 'processed', payload: null })]);
    // A disconnected store takes no more deliveries.
    expect((await webhook('hooked-shop.myshopify.com', 'app/uninstalled', 'delivery-2')).json()).toEqual({ received: 0 });
  });

  it('refuses what Shopify did not sign; records a topic with no handling yet as ignored, without its body', async () => {
    await connect(SELLER, 'quiet-shop');
    expect((await webhook('quiet-shop.myshopify.com', 'orders/create', 'd-1', { id: 5 }, 'another-secret')).statusCode).toBe(401);
    expect((await webhook('quiet-shop.myshopify.com', 'carts/create', 'd-2', { id: 5, email: 'buyer@example.com' })).json()).toEqual({ received: 1 });
    await t.app.jobs.drain();
    const store = await storeOf('quiet-shop.myshopify.com');
    expect(store!.status).toBe('connected');
    const [row] = await db().select().from(storeWebhooks).where(eq(storeWebhooks.storeId, store!.id));
    expect(row).toMatchObject({ status: 'ignored', payload: null });
    // A shop no store of ours holds: answered, nothing recorded.
    expect((await webhook('nobody.myshopify.com', 'app/uninstalled', 'd-3')).json()).toEqual({ received: 0 });
  });
});
