/**
 * What every platform adapter fails with (store-adapter.ts): callers decide from `kind` and `retryable` only. A job
 * retries what is retryable (with `retryAfterMs` as a floor when given) and marks the store "needs attention" on
 * 'unauthorized'. Each adapter names its own subclass (ShopifyError, EtsyError, ...) for logs and tests.
 */
export type StoreApiErrorKind = 'throttled' | 'unauthorized' | 'not-found' | 'user-errors' | 'server' | 'network';

/** A write the platform refused, field by field (Shopify's userErrors; others give one message). */
export interface StoreUserError {
  field: string[] | null;
  message: string;
}

export interface StoreApiErrorInit {
  kind: StoreApiErrorKind;
  retryable: boolean;
  status?: number;
  retryAfterMs?: number;
  userErrors?: StoreUserError[];
}

export class StoreApiError extends Error {
  readonly kind: StoreApiErrorKind;
  readonly retryable: boolean;
  /** The platform's HTTP status, when it answered. */
  readonly status?: number;
  /** How long the platform asked us to wait (Retry-After, or what its rate budget needs). */
  readonly retryAfterMs?: number;
  readonly userErrors: StoreUserError[];

  constructor(message: string, init: StoreApiErrorInit) {
    super(message);
    this.name = 'StoreApiError';
    this.kind = init.kind;
    this.retryable = init.retryable;
    this.status = init.status;
    this.retryAfterMs = init.retryAfterMs;
    this.userErrors = init.userErrors ?? [];
  }
}
