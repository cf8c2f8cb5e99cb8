/**
 * Connecting a store: WooCommerce's own consent screen (the merchant approves "read_write" for our app,
 * WooCommerce POSTs the new keys to callback_url, then sends the merchant to return_url), or keys the
 * merchant created by hand (WooCommerce > Settings > Advanced > REST API), checked with one call.
 * https://woocommerce.github.io/woocommerce-rest-api-docs/#authentication-endpoint
 */
import { z } from 'zod';
import { createWooCommerceRequest, type WooCommerceConnection, type WooCommerceTransportOptions } from './woocommerce-client';
import { WooCommerceError } from './woocommerce-error';
import { guardStoreUrl, type UrlGuardOptions } from './woocommerce-url-guard';

export interface AuthorizeInput {
  storeUrl: string;
  appName: string;
  /** Ours, echoed back in the callback's user_id: the state tying the keys to the person who asked. */
  state: string;
  /** Where the merchant lands after approving (success=1&user_id=) or refusing (success=0). */
  returnUrl: string;
  /** Where WooCommerce POSTs the keys: must be https (WooCommerce refuses anything else). */
  callbackUrl: string;
  scope?: 'read' | 'write' | 'read_write';
}

/** The consent screen's address, after the store URL passed the guard (the merchant is sent there, nothing is fetched). */
export async function authorizeUrl(input: AuthorizeInput, options: UrlGuardOptions = {}): Promise<string> {
  const root = (await guardStoreUrl(input.storeUrl, options)).toString().replace(/\/+$/, '');
  const params = new URLSearchParams({
    app_name: input.appName,
    scope: input.scope ?? 'read_write',
    user_id: input.state,
    return_url: input.returnUrl,
    callback_url: input.callbackUrl,
  });
  return `${root}/wc-auth/v1/authorize?${params.toString()}`;
}

const callbackBody = z.object({
  key_id: z.union([z.number(), z.string()]),
  user_id: z.union([z.string(), z.number()]).transform(String),
  consumer_key: z.string().regex(/^ck_[0-9a-f]{40}$/),
  consumer_secret: z.string().regex(/^cs_[0-9a-f]{40}$/),
  key_permissions: z.enum(['read', 'write', 'read_write']),
});

export type KeysCheck =
  | { ok: true; state: string; keyId: string; consumerKey: string; consumerSecret: string; permissions: 'read' | 'write' | 'read_write' }
  | { ok: false; reason: 'malformed' | 'state' | 'permissions' };

/**
 * The keys WooCommerce POSTed to callback_url (JSON). `expectedState` is what authorizeUrl was given:
 * anyone can POST to the callback, so keys under another state are refused. Keys without write
 * access are refused too (a fulfilment is a write).
 */
export function parseKeysCallback(body: unknown, expectedState: string): KeysCheck {
  let value = body;
  if (typeof value === 'string' || Buffer.isBuffer(value)) {
    try {
      value = JSON.parse(String(value));
    } catch {
      return { ok: false, reason: 'malformed' };
    }
  }
  const parsed = callbackBody.safeParse(value);
  if (!parsed.success) return { ok: false, reason: 'malformed' };
  const keys = parsed.data;
  if (keys.user_id !== expectedState) return { ok: false, reason: 'state' };
  if (keys.key_permissions !== 'read_write') return { ok: false, reason: 'permissions' };
  return { ok: true, state: keys.user_id, keyId: String(keys.key_id), consumerKey: keys.consumer_key, consumerSecret: keys.consumer_secret, permissions: keys.key_permissions };
}

const KEY = /^ck_[0-9a-f]{40}$/;
const SECRET = /^cs_[0-9a-f]{40}$/;

/**
 * Keys pasted by hand: their form, then one authenticated read of the webhooks list (it needs the
 * manage_woocommerce capability, as the fulfilment writes do), so a read-only or wrong key fails now
 * rather than at the first shipment. Throws WooCommerceError ('unauthorized' for refused keys).
 */
export async function checkKeys(conn: WooCommerceConnection, options: WooCommerceTransportOptions = {}): Promise<void> {
  if (!KEY.test(conn.consumerKey.trim()) || !SECRET.test(conn.consumerSecret.trim())) {
    throw new WooCommerceError('WooCommerce keys look like ck_… and cs_… (40 hex characters each)', { kind: 'unauthorized', retryable: false, code: 'malformed_keys' });
  }
  const request = createWooCommerceRequest(options);
  await request({ ...conn, consumerKey: conn.consumerKey.trim(), consumerSecret: conn.consumerSecret.trim() }, { path: '/webhooks', query: { per_page: 1 } });
}
