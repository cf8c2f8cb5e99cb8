/**
 * One error class for everything the WooCommerce adapter can fail with: a StoreApiError (store-api-error.ts), so a
 * job decides from `kind` and `retryable` alone whatever the platform. `code` keeps WooCommerce's own error code.
 */
import { StoreApiError, type StoreApiErrorInit, type StoreApiErrorKind, type StoreUserError } from '../store-api-error';

export type WooCommerceErrorKind = StoreApiErrorKind;
export type WooCommerceUserError = StoreUserError;

export class WooCommerceError extends StoreApiError {
  /** WooCommerce's own error code (`woocommerce_rest_shop_order_invalid_id`, ...) or ours (`store_url_refused`). */
  readonly code: string | null;

  constructor(message: string, init: StoreApiErrorInit & { code?: string | null }) {
    super(message, init);
    this.name = 'WooCommerceError';
    this.code = init.code ?? null;
  }
}

/** A store URL we will not call (not https, a private address, ...): the merchant must change it, so never retried. */
export function refusedUrl(reason: string): WooCommerceError {
  return new WooCommerceError(`WooCommerce: store URL refused: ${reason}`, { kind: 'not-found', retryable: false, code: 'store_url_refused' });
}
