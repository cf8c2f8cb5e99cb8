/**
 * A shop installed from Shopify's side and linked on the Welcome page (app_token) is subscribed to the shop's
 * webhooks as an OAuth connect is (docs/stores.md "Webhooks"), by a job queued when the token is linked.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SHOPIFY_APP, useShopifyApiTest } from './helpers/shopify-shop';
import { PERSONA } from './helpers/personas';
import { stores } from '../src/db/schema/index';
import { SHOPIFY_TOPICS } from '../src/modules/stores/store-webhooks';
import { signOauthQuery } from '../src/modules/stores';
import { signIntegrate } from '../src/modules/stores/integrate';

const APP = SHOPIFY_APP;
const { t, fake } = useShopifyApiTest();
const { call } = t;
const db = () => t.database.db;

const storeOf = async (shopDomain: string) =>
  (await db().select().from(stores).where(and(eq(stores.shopDomain, shopDomain), eq(stores.platform, 'shopify'))))[0];

/** Installs the app on the fake shop from Shopify's side: the app_token of the Welcome link. */
async function install(shop: string): Promise<string> {
  const query = { shop, timestamp: String(Math.floor(Date.now() / 1000)) };
  const opened = await t.send(null, 'GET', `/api/stores/shopify/install?${new URLSearchParams({ ...query, hmac: signOauthQuery(query, APP.apiSecret) })}`);
  const approval = await fetch(opened.headers.location as string, { redirect: 'manual' });
  const callback = new URL(approval.headers.get('location')!);
  const done = await t.send(null, 'GET', `${callback.pathname}${callback.search}`);
  return new URL(done.headers.location as string).searchParams.get('app_token')!;
}

/** SHOPIFY_TOPICS as Shopify's GraphQL enum names them (app/uninstalled: APP_UNINSTALLED). */
const TOPICS = SHOPIFY_TOPICS.map((topic) => topic.toUpperCase().replace('/', '_'));

describe('a shop linked through an app_token', () => {
  it('is subscribed to the same topics as an OAuth connect once the link commits', async () => {
    const appToken = await install('linked-shop.myshopify.com');
    expect(fake().shops.get('linked-shop.myshopify.com')!.subscriptions).toEqual([]);
    expect(await call(PERSONA.SELLER, 'POST', '/api/auth/link-store', { appToken })).toMatchObject({ status: 200 });
    await t.app.jobs.drain();
    expect(fake().shops.get('linked-shop.myshopify.com')!.subscriptions).toEqual(
      TOPICS.map((topic) => expect.objectContaining({ topic, uri: 'http://localhost:3000/api/webhooks/shopify' })),
    );
    expect(await storeOf('linked-shop.myshopify.com')).toMatchObject({ status: 'connected', statusReason: null });
  });

  it('a token the shop refuses leaves the store needing attention with Shopify\u2019s words', async () => {
    const body = JSON.stringify({ platform: 'shopify', shop: 'handed-shop', accessToken: 'shpat_not_issued_by_the_shop' });
    const answer = await t.app.inject({
      method: 'POST', url: '/api/integrate', payload: body,
      headers: { 'content-type': 'application/json', 'x-integrate-hmac': signIntegrate(body, APP.apiSecret) },
    });
    const { appToken } = answer.json() as { appToken: string };
    expect(await call(PERSONA.SELLER, 'POST', '/api/auth/link-store', { appToken })).toMatchObject({ status: 200 });
    expect(await storeOf('handed-shop.myshopify.com')).toMatchObject({ status: 'connected' });
    await t.app.jobs.drain();
    expect(await storeOf('handed-shop.myshopify.com')).toMatchObject({
      status: 'needs_attention',
      statusReason: expect.stringContaining('Shopify refused the webhook subscription'),
    });
  });
});
