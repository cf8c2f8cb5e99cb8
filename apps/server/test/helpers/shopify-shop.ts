/**
 * A Shopify shop connected through the app's real install (the seller asks, the fake approves, the
 * HMAC-checked callback stores the sealed token), and webhooks as Shopify sends them: shared by the
 * tests of stores and of products.
 */
import { afterAll, expect } from 'vitest';
import { signWebhook } from '../../src/modules/stores';
import { useApiTest, type ApiTest } from './api';
import { startShopifyFake, type ShopifyFake } from '../../fakes/shopify';

export const SHOPIFY_APP = { apiKey: 'fbo-app-key', apiSecret: 'fbo-app-secret', scopes: 'read_products,read_orders' };

/** The seller asks to connect, the browser follows the fake's approval, and the callback answers. */
export async function connectShop(t: ApiTest, who: string, shop: string, tamper?: (callback: URL) => void) {
  const started = await t.call(who, 'POST', '/api/stores/shopify/connect', { shop });
  expect(started.status).toBe(200);
  const approval = await fetch(started.body.url, { redirect: 'manual' });
  expect(approval.status).toBe(302);
  const callback = new URL(approval.headers.get('location')!);
  tamper?.(callback);
  const done = await t.send(null, 'GET', `${callback.pathname}${callback.search}`);
  expect(done.statusCode).toBe(302);
  return { started: started.body.url as string, landing: new URL(done.headers.location as string) };
}

/** A webhook as Shopify sends it: the raw body signed with the app's secret. */
export function shopifyWebhook(t: ApiTest, shop: string, topic: string, id: string, body: object = { id: 1 }, secret = SHOPIFY_APP.apiSecret) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST', url: '/api/webhooks/shopify', payload: raw,
    headers: {
      'content-type': 'application/json', 'x-shopify-topic': topic, 'x-shopify-shop-domain': shop, 'x-shopify-webhook-id': id,
      'x-shopify-hmac-sha256': signWebhook(raw, secret),
    },
  });
}

/** An API test with the local Shopify fake beside it and the app pointed at it; the fake stops with the file. */
export function useShopifyApiTest(): { t: ApiTest; fake: () => ShopifyFake } {
  let fake: ShopifyFake | undefined;
  const t = useApiTest(async () => {
    fake = await startShopifyFake({ clientSecret: SHOPIFY_APP.apiSecret, clientId: SHOPIFY_APP.apiKey });
    return { platforms: { shopify: SHOPIFY_APP, fakesUrl: fake.url } };
  });
  afterAll(() => fake?.close());
  return { t, fake: () => fake! };
}
