/**
 * One error class for everything the Shopify adapter can fail with. Callers decide from `kind` and
 * `retryable` only: a job retries what is retryable (with `retryAfterMs` as a floor when given) and
 * marks the store "needs attention" on 'unauthorized'.
 */
export type ShopifyErrorKind = 'throttled' | 'unauthorized' | 'not-found' | 'user-errors' | 'server' | 'network';

export interface ShopifyUserError {
  field: string[] | null;
  message: string;
}

export class ShopifyError extends Error {
  readonly kind: ShopifyErrorKind;
  readonly retryable: boolean;
  /** Shopify's HTTP status, when it answered. */
  readonly status?: number;
  /** How long Shopify asked us to wait (Retry-After, or what the cost bucket needs). */
  readonly retryAfterMs?: number;
  /** The mutation's userErrors, for kind 'user-errors'. */
  readonly userErrors: ShopifyUserError[];

  constructor(
    message: string,
    init: { kind: ShopifyErrorKind; retryable: boolean; status?: number; retryAfterMs?: number; userErrors?: ShopifyUserError[] },
  ) {
    super(message);
    this.name = 'ShopifyError';
    this.kind = init.kind;
    this.retryable = init.retryable;
    this.status = init.status;
    this.retryAfterMs = init.retryAfterMs;
    this.userErrors = init.userErrors ?? [];
  }
}

/** A mutation's userErrors as one error (never retryable: the same input fails the same way). */
export function userErrorsError(operation: string, userErrors: ShopifyUserError[]): ShopifyError {
  const text = userErrors.map((e) => e.message).join('; ');
  return new ShopifyError(`Shopify refused ${operation}: ${text}`, { kind: 'user-errors', retryable: false, status: 200, userErrors });
}
