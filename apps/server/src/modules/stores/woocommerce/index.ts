/** The WooCommerce platform code the stores module calls (docs/stores-woocommerce.md). */
export { createWooCommerceApi, wooTopic, type WooCommerceApi, type WooCommerceApiOptions } from './woocommerce-api';
export { authorizeUrl, checkKeys, parseKeysCallback, type AuthorizeInput, type KeysCheck } from './woocommerce-auth';
export { apiUrl, createWooCommerceRequest, type WooCommerceConnection, type WooCommerceTransportOptions } from './woocommerce-client';
export { WooCommerceError, type WooCommerceErrorKind, type WooCommerceUserError } from './woocommerce-error';
export { financialStatus, gmtIso, normaliseOrder as normaliseWooOrder, normaliseProduct as normaliseWooProduct } from './woocommerce-normalise';
export { TRACKING_META_KEY, parseFulfillmentId, type TrackingItem } from './woocommerce-tracking';
export { assertTestOnly, forbiddenAddress, guardStoreUrl, type Resolver, type UrlGuardOptions } from './woocommerce-url-guard';
export { readWooWebhookHeaders, signWooWebhook, verifyWooWebhook, webhookPingId, wooWebhookOrderOf, type WooWebhookHeaders } from './woocommerce-webhooks';
export type * from './woocommerce-raw';
