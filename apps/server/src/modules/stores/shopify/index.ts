/** The Shopify platform code the stores module calls (docs/stores.md, "Shopify adapter and fake"). */
export { createShopifyApi, linesByFulfillmentOrder, webhookTopicEnum, type ShopifyApi, type ShopifyApiOptions, type ShopifyShopApi } from './shopify-api';
export { SHOPIFY_API_VERSION, SHOP_DOMAIN, legacyIdOf, toGid, type ShopifyConnection } from './shopify-client';
export { ShopifyError, type ShopifyErrorKind, type ShopifyUserError } from './shopify-error';
export { moneyToCents } from './shopify-normalise';
export { exchangeCode, installUrl, sameDigest, signOauthQuery, validShopDomain, verifyCallback, type CallbackCheck, type ShopifyOauthOptions } from './shopify-oauth';
export { readWebhookHeaders, signWebhook, verifyWebhook, type ShopifyWebhookHeaders } from './shopify-webhooks';
export { webhookOrderOf } from './shopify-webhook-order';
export type * from './shopify-types';
