/**
 * One error class for everything the WooCommerce adapter can fail with, with ShopifyError's fields
 * (store-adapter.ts): callers decide from `kind` and `retryable` only.
 */
export type WooCommerceErrorKind = 'throttled' | 'unauthorized' | 'not-found' | 'user-errors' | 'server' | 'network';

export interface WooCommerceUserError {
  field: string[] | null;
  message: string;
}

export class WooCommerceError extends Error {
  readonly kind: WooCommerceErrorKind;
  readonly retryable: boolean;
  /** The store's HTTP status, when it answered. */
  readonly status?: number;
  /** How long the store (or a proxy in front of it) asked us to wait (Retry-After). */
  readonly retryAfterMs?: number;
  /** A refused write's reason, for kind 'user-errors'. */
  readonly userErrors: WooCommerceUserError[];
  /** WooCommerce's own error code (`woocommerce_rest_invalid_id`, ...) or ours (`store_url_refused`). */
  readonly code: string | null;

  constructor(
    message: string,
    init: { kind: WooCommerceErrorKind; retryable: boolean; status?: number; retryAfterMs?: number; userErrors?: WooCommerceUserError[]; code?: string | null },
  ) {
    super(message);
    this.name = 'WooCommerceError';
    this.kind = init.kind;
    this.retryable = init.retryable;
    this.status = init.status;
    this.retryAfterMs = init.retryAfterMs;
    this.userErrors = init.userErrors ?? [];
    this.code = init.code ?? null;
  }
}

/** A store URL we will not call (not https, a private address, ...): the merchant must change it, so never retried. */
export function refusedUrl(reason: string): WooCommerceError {
  return new WooCommerceError(`WooCommerce: store URL refused: ${reason}`, { kind: 'not-found', retryable: false, code: 'store_url_refused' });
}
