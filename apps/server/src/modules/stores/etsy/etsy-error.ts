/**
 * One error class for everything the Etsy adapter can fail with: a StoreApiError (store-api-error.ts), so a job
 * decides from `kind` and `retryable` alone whatever the platform.
 */
import { StoreApiError, type StoreApiErrorInit, type StoreApiErrorKind } from '../store-api-error';

export type EtsyErrorKind = StoreApiErrorKind;

export class EtsyError extends StoreApiError {
  constructor(message: string, init: StoreApiErrorInit) {
    super(message, init);
    this.name = 'EtsyError';
  }
}

/** Retry-After in seconds; 1 s when absent or unreadable. */
export function retryAfterMs(headers: Headers): number {
  const value = Number.parseFloat(headers.get('Retry-After') ?? '');
  return Number.isFinite(value) && value >= 0 ? Math.ceil(value * 1000) : 1000;
}

/** A non-2xx answer as an EtsyError. Etsy's error bodies are `{ "error": "..." }` (OAuth: plus error_description). */
export function httpError(status: number, headers: Headers, body: unknown): EtsyError {
  const b = (body ?? {}) as { error?: unknown; error_description?: unknown };
  const detail = [b.error, b.error_description].filter((v) => typeof v === 'string' && v).join(': ');
  const message = `Etsy answered ${status}${detail ? `: ${detail}` : ''}`;
  if (status === 401 || status === 403) return new EtsyError(message, { kind: 'unauthorized', retryable: false, status });
  if (status === 404) return new EtsyError(message, { kind: 'not-found', retryable: false, status });
  if (status === 429) return new EtsyError(message, { kind: 'throttled', retryable: true, status, retryAfterMs: retryAfterMs(headers) });
  if (status >= 500) return new EtsyError(message, { kind: 'server', retryable: true, status });
  const userErrors = detail ? [{ field: null, message: detail }] : [];
  return new EtsyError(message, { kind: 'user-errors', retryable: false, status, userErrors });
}

export function networkError(err: unknown): EtsyError {
  return new EtsyError(`Etsy could not be reached: ${err instanceof Error ? err.message : String(err)}`, { kind: 'network', retryable: true });
}
