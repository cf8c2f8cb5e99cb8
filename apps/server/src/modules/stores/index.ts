/** The stores module's face (docs/stores.md): what other modules may use. */
export { sealCredentials, openCredentials, type StoreCredentials, type ShopifyCredentials, type WooCommerceCredentials, type EtsyCredentials } from './store-credentials';
export { registerStoreJobs, scheduleReencryption, reencryptCredentials, REENCRYPT_CREDENTIALS } from './store-jobs';
export { migrateLegacyStoreConnections } from './legacy-store-connections';
export { issueAppToken, linkAppToken } from './app-tokens';
export * from './shopify';
export { findStore } from './stores.repo';
export { sellerScope, storeScope } from './stores.service';
export { shopifyOptions } from './shopify-connect';
export { ORDER_READ_JOB, PRODUCT_READ_JOB } from './store-webhooks';
export { endOnRefusedToken } from './store-api-errors';
export { openStoreApi, etsyOptions, etsyTokenExpiry, wooOptions, webhookOrderFor } from './store-platforms';
export type { InventoryUpdate, StorePlatformApi, StoreWebhook } from './store-adapter';
export { StoreApiError } from './store-api-error';
export { teamManagerIds } from './store-attention';
export { receiptPullsThatFit } from './etsy';
