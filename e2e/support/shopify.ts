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
