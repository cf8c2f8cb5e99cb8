/**
 * A store's platform credentials, sealed in `stores.credentials` by the app's SecretBox and bound to the
 * store's row (`store:<agency>:<id>`): a ciphertext copied into another store does not open there. Opened
 * only on the server, for a call to the platform; no answer ever carries them.
 */
import type { StoreConnection } from '@fbo/shared';
import type { AppContext } from '../../context';
import type { SecretBox } from '../../lib/secret-box';
import { findStore, type StoreRow } from './stores.repo';

/** What each platform keeps. Shopify: the offline access token of the app's installation. */
export interface StoreCredentials {
  accessToken: string;
}

export const boundTo = (store: Pick<StoreRow, 'agencyId' | 'id'>) => `store:${store.agencyId}:${store.id}`;

export function sealCredentials(box: SecretBox, store: Pick<StoreRow, 'agencyId' | 'id'>, credentials: StoreCredentials) {
  return { credentials: box.encrypt(JSON.stringify(credentials), boundTo(store)), credentialsKeyId: box.currentKeyId };
}

export function openCredentials(box: SecretBox, store: Pick<StoreRow, 'agencyId' | 'id' | 'credentials'>): StoreCredentials | null {
  if (!store.credentials) return null;
  return JSON.parse(box.decrypt(store.credentials, boundTo(store))) as StoreCredentials;
}

/**
 * The store an order's tracking goes back to, credentials opened; null when the store is a manual one,
 * was disconnected (the app was uninstalled: its token is void) or holds no credentials.
 */
export async function storeConnection(ctx: AppContext, agencyId: string, storeId: string): Promise<StoreConnection | null> {
  const store = await findStore(ctx.db, { agencyId }, storeId);
  if (!store || store.status === 'disconnected' || store.platform !== 'shopify' || !store.shopDomain) return null;
  const credentials = openCredentials(ctx.secrets, store);
  return credentials ? { platform: 'shopify', shopDomain: store.shopDomain, accessToken: credentials.accessToken } : null;
}
