/**
 * The one door to Etsy's Open API v3 for one shop: the app key header, the shop's bearer token (refreshed through
 * the token keeper, once more after a 401), the app-wide rate budget, bounded waits on 429, and every failure as
 * an EtsyError.
 */
import { EtsyError, httpError, networkError } from './etsy-error';
import { withFreshToken, type EtsyTokenKeeper } from './etsy-oauth';
import type { EtsyRateBudget } from './etsy-rate-budget';

export const ETSY_API_BASE = 'https://api.etsy.com/v3/application';
const TIMEOUT_MS = 15_000;

export interface EtsyTransportOptions {
  /** The app's keystring and shared secret: since 9 Feb 2026 Etsy wants `x-api-key: keystring:shared_secret`. */
  clientId: string;
  sharedSecret: string;
  /** The process's one budget for this app key (etsy-rate-budget.ts). */
  budget: EtsyRateBudget;
  /** Stands for https://api.etsy.com/v3/application (tests, the local fake). */
  apiBase?: string;
  fetch?: typeof fetch;
  /** 429 answers waited out inside one call; default 2. */
  maxRetries?: number;
  /** The longest wait inside one call; a longer one is thrown as a retryable 'throttled'. Default 10 s. */
  maxWaitMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export interface EtsyRequestInit {
  query?: Record<string, string | number | boolean | undefined>;
  /** Sent as application/x-www-form-urlencoded, the body Etsy's write endpoints document. */
  form?: Record<string, string | number | boolean>;
}

export type EtsyRequest = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, init?: EtsyRequestInit) => Promise<T>;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const text = (values: Record<string, string | number | boolean | undefined>) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined) params.set(k, String(v));
  return params.toString();
};

export function createEtsyRequest(options: EtsyTransportOptions, keeper: EtsyTokenKeeper): EtsyRequest {
  const base = (options.apiBase ?? ETSY_API_BASE).replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const maxRetries = options.maxRetries ?? 2;
  const maxWaitMs = options.maxWaitMs ?? 10_000;
  const sleep = options.sleep ?? defaultSleep;
  const apiKey = `${options.clientId}:${options.sharedSecret}`;

  async function once<T>(method: string, url: string, init: EtsyRequestInit, accessToken: string): Promise<T> {
    await options.budget.take();
    let res: Response;
    try {
      res = await doFetch(url, {
        method,
        headers: {
          'x-api-key': apiKey,
          Authorization: `Bearer ${accessToken}`,
          Accept: 'application/json',
          ...(init.form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: init.form ? text(init.form) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw networkError(err);
    }
    options.budget.observe(res.headers);
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok) throw httpError(res.status, res.headers, body);
    return body as T;
  }

  return async function request<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, init: EtsyRequestInit = {}): Promise<T> {
    const query = init.query ? text(init.query) : '';
    const url = `${base}${path}${query ? `?${query}` : ''}`;
    for (let attempt = 0; ; attempt++) {
      try {
        return await withFreshToken(keeper, (token) => once<T>(method, url, init, token));
      } catch (err) {
        const wait = err instanceof EtsyError && err.kind === 'throttled' && err.status === 429 ? err.retryAfterMs ?? 1000 : null;
        if (wait === null || attempt >= maxRetries || wait > maxWaitMs) throw err;
        await sleep(wait);
      }
    }
  };
}

