/**
 * The one door to a shop's GraphQL Admin API: `@shopify/admin-api-client` with its fetch pointed at
 * `baseUrl(shop)` when given (tests and the local fake), our own retries (cost-based THROTTLED and
 * 429 Retry-After, bounded), and every failure turned into a ShopifyError.
 *
 * The client's own `retries` stay 0: it reads Retry-After (seconds) as milliseconds and knows
 * nothing of the cost bucket.
 */
import { createAdminApiClient } from '@shopify/admin-api-client';
import { ShopifyError } from './shopify-error';

/**
 * The pinned Admin API version (docs/stores.md). The client computes its "supported" window from the
 * clock, so it is told nothing (logger below) and this constant moves by hand, once a quarter.
 */
export const SHOPIFY_API_VERSION = '2025-10';
const TIMEOUT_MS = 15_000;
/** Only a shop's own Admin API host receives its token (no token sent to an arbitrary host). */
export const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/i;

export interface ShopifyConnection {
  shopDomain: string;
  accessToken: string;
}

export interface ShopifyTransportOptions {
  /** What stands for `https://{shop}` (origin plus an optional path prefix); tests point it at the fake. */
  baseUrl?: (shopDomain: string) => string;
  fetch?: typeof fetch;
  apiVersion?: string;
  /** Throttled answers (THROTTLED or 429) retried inside one call; default 4. */
  maxRetries?: number;
  /** The longest wait inside one call; a longer one is thrown as a retryable 'throttled'. Default 20 s. */
  maxWaitMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export interface GraphqlError {
  message: string;
  path?: (string | number)[];
  extensions?: { code?: string; [key: string]: unknown };
}

export interface GraphqlResult<T> {
  data: T;
  /** Field errors of an answer that still has data (e.g. ACCESS_DENIED on protected customer fields). */
  errors: GraphqlError[];
}

interface CostExtension {
  requestedQueryCost?: number;
  throttleStatus?: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `https://{shop}`, or the override's root; refuses a non-myshopify host when there is no override. */
export function shopRoot(shopDomain: string, baseUrl?: (shopDomain: string) => string): string {
  if (baseUrl) return baseUrl(shopDomain).replace(/\/+$/, '');
  if (!SHOP_DOMAIN.test(shopDomain)) {
    throw new ShopifyError(`Shopify: ${shopDomain} is not a myshopify.com shop domain`, { kind: 'not-found', retryable: false });
  }
  return `https://${shopDomain.toLowerCase()}`;
}

function errorDetail(body: unknown): string {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (typeof errors === 'string') return errors;
  if (Array.isArray(errors)) return errors.map((e) => (typeof e === 'string' ? e : String((e as { message?: unknown })?.message ?? ''))).join('; ');
  if (errors && typeof errors === 'object') return Object.entries(errors).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : String(v)}`).join('; ');
  return '';
}

/** An HTTP answer that is not 2xx, as a ShopifyError (429 is handled by the caller first). */
async function httpError(response: Response): Promise<ShopifyError> {
  const text = await response.text().catch(() => '');
  let detail = '';
  try {
    detail = errorDetail(JSON.parse(text));
  } catch {
    detail = text.slice(0, 200);
  }
  const status = response.status;
  const message = `Shopify answered ${status}${detail ? `: ${detail}` : ''}`;
  if (status === 401 || status === 403) return new ShopifyError(message, { kind: 'unauthorized', retryable: false, status });
  if (status === 404) return new ShopifyError(message, { kind: 'not-found', retryable: false, status });
  if (status === 429) return new ShopifyError(message, { kind: 'throttled', retryable: true, status, retryAfterMs: retryAfterMs(response) });
  if (status >= 500) return new ShopifyError(message, { kind: 'server', retryable: true, status });
  return new ShopifyError(message, { kind: 'server', retryable: false, status });
}

/** Retry-After is in seconds ("2.0"); 1 s when absent or unreadable. */
function retryAfterMs(response: Response): number {
  const value = Number.parseFloat(response.headers.get('Retry-After') ?? '');
  return Number.isFinite(value) && value >= 0 ? Math.ceil(value * 1000) : 1000;
}

/** What the cost bucket needs before this query fits again. */
function throttleWaitMs(extensions: unknown): number {
  const cost = (extensions as { cost?: CostExtension } | undefined)?.cost;
  const status = cost?.throttleStatus;
  if (!status || !status.restoreRate) return 1000;
  const missing = (cost.requestedQueryCost ?? status.maximumAvailable) - status.currentlyAvailable;
  return Math.max(0, Math.ceil((missing / status.restoreRate) * 1000));
}

export type ShopifyRequest = <T>(conn: ShopifyConnection, query: string, variables?: Record<string, unknown>) => Promise<GraphqlResult<T>>;

export function createShopifyRequest(options: ShopifyTransportOptions = {}): ShopifyRequest {
  const apiVersion = options.apiVersion ?? SHOPIFY_API_VERSION;
  const doFetch = options.fetch ?? fetch;
  const maxRetries = options.maxRetries ?? 4;
  const maxWaitMs = options.maxWaitMs ?? 20_000;
  const sleep = options.sleep ?? defaultSleep;

  return async function request<T>(conn: ShopifyConnection, query: string, variables?: Record<string, unknown>): Promise<GraphqlResult<T>> {
    // Outside any try: a refused shop domain is not a network error and must not be retried.
    const root = shopRoot(conn.shopDomain, options.baseUrl);
    if (!conn.accessToken) throw new ShopifyError('Shopify: the store has no access token', { kind: 'unauthorized', retryable: false });
    const client = createAdminApiClient({
      // The client insists on a host; the real one is rewritten to `root` below when overridden.
      storeDomain: options.baseUrl ? 'shop.invalid' : conn.shopDomain,
      apiVersion,
      accessToken: conn.accessToken,
      retries: 0,
      logger: () => undefined,
      customFetchApi: (url, init) => doFetch(String(url).replace(/^https:\/\/[^/]+/, root), init),
    });
    for (let attempt = 0; ; attempt++) {
      const result = await client.request<T>(query, { variables, signal: AbortSignal.timeout(TIMEOUT_MS) });
      const errors = result.errors;
      let wait: number | null = null;
      let failure: ShopifyError | null = null;
      if (errors?.response && !errors.response.ok) {
        failure = await httpError(errors.response);
        if (failure.kind === 'throttled') wait = failure.retryAfterMs ?? 1000;
      } else if (errors && errors.networkStatusCode === undefined) {
        failure = new ShopifyError(`Shopify could not be reached: ${errors.message ?? 'network error'}`, { kind: 'network', retryable: true });
      } else if (errors?.graphQLErrors?.length) {
        const list = errors.graphQLErrors as GraphqlError[];
        if (list.some((e) => e.extensions?.code === 'THROTTLED')) {
          wait = throttleWaitMs(result.extensions);
          failure = new ShopifyError('Shopify throttled the query (cost bucket empty)', { kind: 'throttled', retryable: true, status: 200, retryAfterMs: wait });
        } else if (result.data) {
          return { data: result.data, errors: list };
        } else {
          const text = list.map((e) => e.message).join('; ');
          const code = list.find((e) => e.extensions?.code)?.extensions?.code;
          if (code === 'ACCESS_DENIED') failure = new ShopifyError(`Shopify denied access: ${text}`, { kind: 'unauthorized', retryable: false, status: 200 });
          else failure = new ShopifyError(`Shopify GraphQL error: ${text}`, { kind: 'server', retryable: code === 'INTERNAL_SERVER_ERROR', status: 200 });
        }
      } else if (errors) {
        failure = new ShopifyError(`Shopify answered without data: ${errors.message ?? ''}`, { kind: 'server', retryable: true, status: errors.networkStatusCode });
      }
      if (!failure) return { data: result.data as T, errors: [] };
      if (wait === null || attempt >= maxRetries || wait > maxWaitMs) throw failure;
      await sleep(wait);
    }
  };
}

/** A numeric id (REST, webhooks, older rows) or a gid, as the gid the GraphQL API takes. */
export function toGid(kind: string, id: string | number): string {
  const text = String(id);
  return text.startsWith('gid://') ? text : `gid://shopify/${kind}/${text}`;
}

/** The number at the end of a gid ("gid://shopify/Order/450789469" -> "450789469"). */
export function legacyIdOf(gid: string | null | undefined): string | null {
  if (!gid) return null;
  const match = /\/(\d+)(?:\?.*)?$/.exec(gid);
  return match ? match[1]! : null;
}
