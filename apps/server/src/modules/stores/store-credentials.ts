/**
 * A store's platform credentials, sealed in `stores.credentials` by the app's SecretBox and bound to the
 * store's row (`store:<agency>:<id>`): a ciphertext copied into another store does not open there. Opened
 * only on the server, for a call to the platform; no answer ever carries them.
 */
import type { SecretBox } from '../../lib/secret-box';
import type { StoreRow } from './stores.repo';

/** Shopify: the offline access token of the app's installation. */
export interface ShopifyCredentials {
  accessToken: string;
}
/** WooCommerce: the REST API keys the store issued (consent flow or typed by hand), and the secret our webhooks are signed with. */
export interface WooCommerceCredentials {
  consumerKey: string;
  consumerSecret: string;
  webhookSecret: string;
}
/** Etsy: the OAuth pair; the refresh token rotates with every refresh (etsy-oauth.ts), so it is re-sealed each time. */
export interface EtsyCredentials {
  accessToken: string;
  refreshToken: string;
  /** When the access token stops working (an hour after it was issued). */
  expiresAt: string;
  userId: string;
}
/** What a store's platform keeps: which shape is decided by `stores.platform`, never by the shape itself. */
export type StoreCredentials = ShopifyCredentials | WooCommerceCredentials | EtsyCredentials;

export const boundTo = (store: Pick<StoreRow, 'agencyId' | 'id'>) => `store:${store.agencyId}:${store.id}`;

export function sealCredentials(box: SecretBox, store: Pick<StoreRow, 'agencyId' | 'id'>, credentials: StoreCredentials) {
  return { credentials: box.encrypt(JSON.stringify(credentials), boundTo(store)), credentialsKeyId: box.currentKeyId };
}

export function openCredentials<C extends StoreCredentials = ShopifyCredentials>(box: SecretBox, store: Pick<StoreRow, 'agencyId' | 'id' | 'credentials'>): C | null {
  if (!store.credentials) return null;
  return JSON.parse(box.decrypt(store.credentials, boundTo(store))) as C;
}
