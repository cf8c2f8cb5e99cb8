/** WooCommerce's request and answer shapes (docs/stores-woocommerce.md, "Connecting"). */
import { z } from 'zod';
import { text } from './common';

/** What a person reads about connecting a WooCommerce store (the dialog and the server say the same). */
export const WOO_MSG = {
  storeUrl: 'Enter your store’s address, e.g. https://example.com or https://example.com/shop',
  storeUrlHttps: 'The store’s address must start with https://',
  storeUrlRefused: 'This address cannot be connected: it must be a public https site',
  notWooCommerce: 'No WooCommerce store answered at this address: check it, and that the REST API is on',
  unreachable: 'The store could not be reached: please try again',
  consumerKey: 'A consumer key looks like ck_ followed by 40 letters and digits (0-9, a-f)',
  consumerSecret: 'A consumer secret looks like cs_ followed by 40 letters and digits (0-9, a-f)',
  keysRefused: 'WooCommerce refused these keys: create a key with Read/Write permission (WooCommerce > Settings > Advanced > REST API)',
  readOnlyKeys: 'These keys cannot write: the key needs Read/Write permission to send tracking',
  notConfirmed: 'WooCommerce did not confirm the connection. Please try again.',
  keysMissing: 'WooCommerce sent no keys: approve the connection in your store to finish',
  refused: 'The connection was refused in WooCommerce',
  connected: 'Store connected',
} as const;

/** https plus 40 hex characters: the dialog's comfort check, the server checks the same. */
export const WOO_KEY_PATTERN = /^ck_[0-9a-f]{40}$/;
export const WOO_SECRET_PATTERN = /^cs_[0-9a-f]{40}$/;

const storeUrl = text(WOO_MSG.storeUrl).trim().min(1, WOO_MSG.storeUrl).max(2000, WOO_MSG.storeUrl).refine((v) => {
  try {
    const url = new URL(v);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}, WOO_MSG.storeUrl);

// POST /api/stores/woocommerce/connect: where the merchant approves our app in the store (WooCommerce's consent screen).
export const connectWooCommerceBody = z.object({ storeUrl });
export type ConnectWooCommerceBody = z.input<typeof connectWooCommerceBody>;
export const connectWooCommerceAnswer = z.object({ url: z.string() });

// POST /api/stores/woocommerce/keys: keys the merchant created by hand.
export const wooCommerceKeysBody = z.object({
  storeUrl,
  consumerKey: text(WOO_MSG.consumerKey).trim().regex(WOO_KEY_PATTERN, WOO_MSG.consumerKey),
  consumerSecret: text(WOO_MSG.consumerSecret).trim().regex(WOO_SECRET_PATTERN, WOO_MSG.consumerSecret),
});
export type WooCommerceKeysBody = z.input<typeof wooCommerceKeysBody>;

// POST /api/stores/woocommerce/callback: what WooCommerce POSTs (the adapter's parseKeysCallback checks it against the state).
export const wooCommerceKeysCallback = z.object({
  key_id: z.union([z.number().int(), text().max(40)]),
  user_id: z.union([text().max(4096), z.number().int()]),
  consumer_key: text().max(200),
  consumer_secret: text().max(200),
  key_permissions: z.enum(['read', 'write', 'read_write']),
});

// GET /api/stores/woocommerce/return: where WooCommerce sends the merchant back (ours: state; WooCommerce's: success, user_id).
export const wooCommerceReturnQuery = z.object({
  state: text().max(4096).optional(),
  success: z.enum(['0', '1']).optional(),
  user_id: text().max(4096).optional(),
});

// POST /api/webhooks/woocommerce/{agencyId}/{storeId}
export const wooCommerceWebhookParams = z.object({ agencyId: z.uuid(), storeId: z.uuid() });
export const wooCommerceWebhookAnswer = z.object({ received: z.number().int() });
