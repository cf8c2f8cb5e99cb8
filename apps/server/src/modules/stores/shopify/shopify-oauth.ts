/**
 * Shopify app install by OAuth (authorization code grant, offline token):
 * installUrl -> the merchant approves -> Shopify redirects to our callback with code, hmac, shop,
 * state, timestamp -> verifyCallback -> exchangeCode.
 * https://shopify.dev/docs/apps/build/authentication-authorization/access-tokens/authorization-code-grant
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { shopifyOauthMessage, type ShopifyOauthQuery } from '@fbo/shared';
import { shopRoot, SHOP_DOMAIN } from './shopify-client';
import { ShopifyError } from './shopify-error';

/** With a base URL override (tests, the local fake) any plain host name is accepted, never a path. */
const ANY_HOST = /^[a-z0-9][a-z0-9.-]*[a-z0-9](?::\d+)?$/i;

export interface ShopifyOauthOptions {
  /** What stands for `https://{shop}`; tests point it at the fake. */
  baseUrl?: (shopDomain: string) => string;
  fetch?: typeof fetch;
}

/** The shop domain, lower-cased, or null when it is not one we may send a merchant or a secret to. */
export function validShopDomain(shop: unknown, options: Pick<ShopifyOauthOptions, 'baseUrl'> = {}): string | null {
  if (typeof shop !== 'string') return null;
  const domain = shop.trim().toLowerCase();
  return (options.baseUrl ? ANY_HOST : SHOP_DOMAIN).test(domain) ? domain : null;
}

function requireShop(shop: string, options: ShopifyOauthOptions): string {
  const domain = validShopDomain(shop, options);
  if (!domain) throw new ShopifyError(`Shopify: ${shop} is not a myshopify.com shop domain`, { kind: 'not-found', retryable: false });
  return domain;
}

export function installUrl(
  input: { shop: string; clientId: string; scopes: string[]; redirectUri: string; state: string },
  options: ShopifyOauthOptions = {},
): string {
  const shop = requireShop(input.shop, options);
  const params = new URLSearchParams({ client_id: input.clientId, scope: input.scopes.join(','), redirect_uri: input.redirectUri, state: input.state });
  return `${shopRoot(shop, options.baseUrl)}/admin/oauth/authorize?${params.toString()}`;
}

type Query = ShopifyOauthQuery;

/** The `hmac` of an OAuth redirect's query: HMAC-SHA256 (hex) of the message Shopify signs (@fbo/shared shopifyOauthMessage). */
export function signOauthQuery(query: Query, clientSecret: string): string {
  return createHmac('sha256', clientSecret).update(shopifyOauthMessage(query)).digest('hex');
}

/** Constant-time comparison of two hex or base64 digests (false on any length difference). */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export type CallbackCheck =
  | { ok: true; shop: string; code: string; state: string }
  | { ok: false; reason: 'missing' | 'hmac' | 'stale' | 'shop' };

/**
 * Verifies an OAuth callback's query: HMAC-SHA256 (hex) with the app's secret, a timestamp no older
 * than `maxAgeSeconds` (default 600) nor ahead by more than a minute, a valid shop domain. The
 * caller still checks `state` against what it issued.
 */
export function verifyCallback(
  query: Query,
  clientSecret: string,
  options: ShopifyOauthOptions & { maxAgeSeconds?: number; now?: Date } = {},
): CallbackCheck {
  const { hmac, code, shop, state, timestamp } = query;
  if (typeof hmac !== 'string' || typeof code !== 'string' || typeof shop !== 'string' || typeof state !== 'string' || typeof timestamp !== 'string') {
    return { ok: false, reason: 'missing' };
  }
  if (!sameDigest(signOauthQuery(query, clientSecret), hmac.toLowerCase())) return { ok: false, reason: 'hmac' };
  const age = (options.now ?? new Date()).getTime() / 1000 - Number(timestamp);
  if (!Number.isFinite(age) || age > (options.maxAgeSeconds ?? 600) || age < -60) return { ok: false, reason: 'stale' };
  const domain = validShopDomain(shop, options);
  if (!domain) return { ok: false, reason: 'shop' };
  return { ok: true, shop: domain, code, state };
}

/** Trades the callback's code for the shop's offline access token. */
export async function exchangeCode(
  input: { shop: string; code: string; clientId: string; clientSecret: string },
  options: ShopifyOauthOptions = {},
): Promise<{ accessToken: string; scope: string }> {
  const shop = requireShop(input.shop, options);
  const url = `${shopRoot(shop, options.baseUrl)}/admin/oauth/access_token`;
  let res: Response;
  try {
    res = await (options.fetch ?? fetch)(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ client_id: input.clientId, client_secret: input.clientSecret, code: input.code }),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (err) {
    throw new ShopifyError(`Shopify could not be reached: ${err instanceof Error ? err.message : String(err)}`, { kind: 'network', retryable: true });
  }
  const body = (await res.json().catch(() => null)) as { access_token?: string; scope?: string; error_description?: string; error?: string } | null;
  if (res.ok && body?.access_token) return { accessToken: body.access_token, scope: body.scope ?? '' };
  const message = `Shopify refused the code (${res.status}${body?.error_description || body?.error ? `: ${body.error_description ?? body.error}` : ''})`;
  if (res.status >= 500) throw new ShopifyError(message, { kind: 'server', retryable: true, status: res.status });
  throw new ShopifyError(message, { kind: 'unauthorized', retryable: false, status: res.status });
}
