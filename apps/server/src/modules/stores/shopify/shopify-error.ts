/**
 * One error class for everything the Shopify adapter can fail with. Callers decide from `kind` and
 * `retryable` only: a job retries what is retryable (with `retryAfterMs` as a floor when given) and
 * marks the store "needs attention" on 'unauthorized'.
 */
import { StoreApiError, type StoreApiErrorInit, type StoreApiErrorKind, type StoreUserError } from '../store-api-error';

export type ShopifyErrorKind = StoreApiErrorKind;
export type ShopifyUserError = StoreUserError;

export class ShopifyError extends StoreApiError {
  constructor(message: string, init: StoreApiErrorInit) {
    super(message, init);
    this.name = 'ShopifyError';
  }
}

/** A mutation's userErrors as one error (never retryable: the same input fails the same way). */
export function userErrorsError(operation: string, userErrors: ShopifyUserError[]): ShopifyError {
  const text = userErrors.map((e) => e.message).join('; ');
  return new ShopifyError(`Shopify refused ${operation}: ${text}`, { kind: 'user-errors', retryable: false, status: 200, userErrors });
}
