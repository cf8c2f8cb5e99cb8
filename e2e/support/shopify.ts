import { createHmac } from 'node:crypto';
import { shopifyOauthMessage } from '@fbo/shared';

/** The Shopify app the e2e server is given, and the fake is started with. */
export const E2E_SHOPIFY_APP = { apiKey: 'e2e-shopify-key', apiSecret: 'e2e-shopify-secret' } as const;

/** The local Shopify fake's address (global-setup starts it). */
export function shopifyFakeUrl(): string {
  const url = process.env.E2E_SHOPIFY_FAKE_URL;
  if (!url) throw new Error('E2E_SHOPIFY_FAKE_URL is not set: global-setup starts the Shopify fake');
  return url;
}

/** The app URL as Shopify opens it when a merchant installs from Shopify's side: query signed with the app's secret. */
export function signedInstallPath(shop: string): string {
  const query = { shop, timestamp: String(Math.floor(Date.now() / 1000)) };
  const hmac = createHmac('sha256', E2E_SHOPIFY_APP.apiSecret).update(shopifyOauthMessage(query)).digest('hex');
  return `/api/stores/shopify/install?${new URLSearchParams({ ...query, hmac })}`;
}

/** What the fake shop holds (tokens are not shown; counts, subscriptions, fulfilments). */
export async function fakeShop(shop: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${shopifyFakeUrl()}/_fake/shops/${shop}`);
  return (await res.json()) as Record<string, unknown>;
}

/** A call to the fake's control API (`/_fake/...`, its HELP at `GET /_fake`); fails on an answer that is not 2xx. */
export async function fakeControl<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${shopifyFakeUrl()}/_fake${path}`, {
    method,
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`The Shopify fake answered ${res.status} to ${method} ${path}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Seeds products in a fake shop ('Tee 1', 'Tee 2', ... with SKUs like TEE1-BLACK-S); answers their ids, titles and SKUs. */
export async function seedFakeProducts(shop: string, count: number, variantsPerProduct: number) {
  const answer = await fakeControl<{ products: { id: number; title: string; skus: string[] }[] }>('POST', `/shops/${shop}/products`, { count, variantsPerProduct });
  return answer.products;
}

/**
 * The fake shop takes an order (orders/create goes to the app). `name` should be unique to the run: the demo
 * seller's file orders use #1001 and up, and a store order named like one of the team's file orders is linked to it.
 */
export async function createFakeOrder(shop: string, order: { name: string; lineItems: { sku: string; quantity?: number; price?: string }[] }) {
  return fakeControl<{ id: number; name: string }>('POST', `/shops/${shop}/orders`, order);
}

/** The fulfilments a fake shop holds, with their tracking. */
export async function fakeFulfillments(shop: string) {
  return fakeControl<{ id: number; orderId: number; status: string; trackingInfo: { number: string | null; company: string | null; url: string | null } }[]>('GET', `/shops/${shop}/fulfillments`);
}
