/**
 * The one door to a store's REST API v3 (`{store_url}/wp-json/wc/v3/...`): HTTP Basic auth with the
 * consumer key and secret (over https only: WooCommerce refuses Basic over http, and the keys would
 * travel in clear), the URL guard on every hop, redirects followed by hand (GET only, at most 3, the
 * keys kept for the same origin only), 429 waited out within a bound, every failure a WooCommerceError.
 * https://woocommerce.github.io/woocommerce-rest-api-docs/#authentication
 */
import { WooCommerceError } from './woocommerce-error';
import { assertTestOnly, guardStoreUrl, type Resolver } from './woocommerce-url-guard';

const TIMEOUT_MS = 15_000;
const MAX_REDIRECTS = 3;

export interface WooCommerceConnection {
  /** The site's address as the merchant gave it: https://shop.example.com or https://example.com/shop (WordPress in a folder). */
  storeUrl: string;
  consumerKey: string;
  consumerSecret: string;
  /** The secret our webhooks are created with and verified by; the consumer secret when absent. */
  webhookSecret?: string;
}

export interface WooCommerceTransportOptions {
  fetch?: typeof fetch;
  resolve?: Resolver;
  /** The fakes run on 127.0.0.1 over http; refused when NODE_ENV=production. */
  allowPrivateForTests?: boolean;
  /** Read for the production check; default process.env.NODE_ENV. */
  nodeEnv?: string;
  /** 429s retried inside one call; default 4. */
  maxRetries?: number;
  /** The longest wait inside one call; a longer one is thrown as a retryable 'throttled'. Default 20 s. */
  maxWaitMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export interface WooRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Under /wp-json/wc/v3 ('/orders/12'), or from the site root when it starts with '/wp-json/'. */
  path: string;
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
}

export interface WooAnswer<T> {
  data: T;
  /** X-WP-Total / X-WP-TotalPages of a list; null when absent. */
  total: number | null;
  totalPages: number | null;
}

export type WooCommerceRequest = <T>(conn: WooCommerceConnection, req: WooRequest) => Promise<WooAnswer<T>>;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry-After in seconds (or an HTTP date); 1 s when absent or unreadable. */
function retryAfterMs(response: Response): number {
  const header = response.headers.get('Retry-After') ?? '';
  const seconds = Number.parseFloat(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : 1000;
}

/** WooCommerce answers errors as `{code, message, data: {status}}`; anything else (a proxy's HTML) by its status only. */
async function httpError(response: Response): Promise<WooCommerceError> {
  const text = await response.text().catch(() => '');
  let code: string | null = null;
  let detail = '';
  try {
    const body = JSON.parse(text) as { code?: unknown; message?: unknown };
    code = typeof body.code === 'string' ? body.code : null;
    detail = typeof body.message === 'string' ? body.message : '';
  } catch {
    detail = text.slice(0, 200);
  }
  const status = response.status;
  const message = `WooCommerce answered ${status}${code ? ` ${code}` : ''}${detail ? `: ${detail}` : ''}`;
  const init = { status, code };
  if (status === 401 || status === 403) return new WooCommerceError(message, { ...init, kind: 'unauthorized', retryable: false });
  if (status === 404) return new WooCommerceError(message, { ...init, kind: 'not-found', retryable: false });
  if (status === 429) return new WooCommerceError(message, { ...init, kind: 'throttled', retryable: true, retryAfterMs: retryAfterMs(response) });
  if (status >= 500) return new WooCommerceError(message, { ...init, kind: 'server', retryable: true });
  // 400 woocommerce_rest_invalid_..., rest_invalid_param: the same input fails the same way.
  if (status === 400) return new WooCommerceError(message, { ...init, kind: 'user-errors', retryable: false, userErrors: [{ field: null, message: detail || message }] });
  return new WooCommerceError(message, { ...init, kind: 'server', retryable: false });
}

/** The store's root (no trailing slash) joined with the API path and query. */
export function apiUrl(storeUrl: string, req: WooRequest): string {
  const root = storeUrl.replace(/\/+$/, '');
  const path = req.path.startsWith('/wp-json/') ? req.path : `/wp-json/wc/v3${req.path}`;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined && v !== null) params.set(k, String(v));
  const qs = params.toString();
  return `${root}${path}${qs ? `?${qs}` : ''}`;
}

const toInt = (value: string | null) => (value === null || value === '' || !Number.isFinite(Number(value)) ? null : Number(value));

export function createWooCommerceRequest(options: WooCommerceTransportOptions = {}): WooCommerceRequest {
  assertTestOnly(options);
  const doFetch = options.fetch ?? fetch;
  const maxRetries = options.maxRetries ?? 4;
  const maxWaitMs = options.maxWaitMs ?? 20_000;
  const sleep = options.sleep ?? defaultSleep;
  const guard = { allowPrivateForTests: options.allowPrivateForTests, resolve: options.resolve, nodeEnv: options.nodeEnv };

  /** One exchange, redirects included. */
  async function exchange(conn: WooCommerceConnection, req: WooRequest): Promise<Response> {
    const method = req.method ?? 'GET';
    const authorization = `Basic ${Buffer.from(`${conn.consumerKey}:${conn.consumerSecret}`).toString('base64')}`;
    let url = await guardStoreUrl(apiUrl(conn.storeUrl, req), guard);
    const origin = url.origin;
    for (let hop = 0; ; hop++) {
      let response: Response;
      try {
        response = await doFetch(url, {
          method,
          redirect: 'manual',
          headers: {
            Accept: 'application/json',
            ...(url.origin === origin ? { Authorization: authorization } : {}),
            ...(req.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          body: req.body === undefined ? undefined : JSON.stringify(req.body),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (err) {
        throw new WooCommerceError(`WooCommerce could not be reached: ${err instanceof Error ? err.message : String(err)}`, { kind: 'network', retryable: true });
      }
      const location = response.headers.get('Location');
      if (response.status < 300 || response.status >= 400 || !location) return response;
      // A write is never replayed elsewhere: a moved store is the merchant's to fix.
      if (method !== 'GET' || hop >= MAX_REDIRECTS) {
        throw new WooCommerceError(`WooCommerce: the store redirected ${method} ${url.pathname} to ${location}: update the store URL`, {
          kind: 'not-found', retryable: false, status: response.status, code: 'store_url_moved',
        });
      }
      url = await guardStoreUrl(new URL(location, url), guard);
    }
  }

  return async function request<T>(conn: WooCommerceConnection, req: WooRequest): Promise<WooAnswer<T>> {
    if (!conn.consumerKey || !conn.consumerSecret) throw new WooCommerceError('WooCommerce: the store has no API keys', { kind: 'unauthorized', retryable: false });
    for (let attempt = 0; ; attempt++) {
      const response = await exchange(conn, req);
      if (response.ok) {
        const text = await response.text();
        let data: T;
        try {
          data = JSON.parse(text) as T;
        } catch {
          // A security plugin's or a cache's HTML page instead of the API: the REST API is blocked or off.
          throw new WooCommerceError(`WooCommerce answered ${response.status} without JSON (is the REST API reachable at /wp-json?)`, { kind: 'server', retryable: false, status: response.status });
        }
        return { data, total: toInt(response.headers.get('X-WP-Total')), totalPages: toInt(response.headers.get('X-WP-TotalPages')) };
      }
      const failure = await httpError(response);
      const wait = failure.kind === 'throttled' ? (failure.retryAfterMs ?? 1000) : null;
      if (wait === null || attempt >= maxRetries || wait > maxWaitMs) throw failure;
      await sleep(wait);
    }
  };
}
