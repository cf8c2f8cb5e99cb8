/** The Etsy platform code the stores module will call (docs/stores-etsy.md). */
export { createEtsyApi, type EtsyApiOptions, type EtsyConnection, type EtsyShopApi } from './etsy-api';
export { ETSY_API_BASE, type EtsyTransportOptions } from './etsy-client';
export { EtsyError, type EtsyErrorKind } from './etsy-error';
export { etsyMoneyToCents, listingToProduct, receiptToOrder } from './etsy-normalise';
export {
  connectUrl,
  createPkce,
  createTokenKeeper,
  ETSY_CONNECT_URL,
  ETSY_SCOPES,
  ETSY_TOKEN_URL,
  exchangeCode,
  pkceChallenge,
  refreshTokens,
  userIdOfToken,
  withFreshToken,
  type EtsyOauthOptions,
  type EtsyTokenKeeper,
  type EtsyTokens,
} from './etsy-oauth';
export { EtsyRateBudget, receiptPullsThatFit, type EtsyRateBudgetOptions } from './etsy-rate-budget';
export type * from './etsy-types';
