/**
 * A local, platform-true Shopify for tests and for a person (docs/stores.md, "Shopify adapter and
 * fake"): many shops in memory, OAuth install, the GraphQL Admin API under `/shops/{shop}` (what the
 * adapter's baseUrl option points at), a cost bucket, failure modes, webhooks, and a control API.
 * Never part of the production bundle (outside src/).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { fixtures } from './fixtures';
import { actualCost, operationName, requestedCost, runOperation } from './graphql';
import { createShopStore, type OrderInput } from './shop-store';
import type { FakeShop } from './state';
import { createWebhookSender, type WebhookOptions } from './webhooks';
import { closeServer, listen, readBody, send } from '../http';

export interface ShopifyFakeOptions {
  port?: number;
  host?: string;
  /** The app's client secret: signs OAuth redirects and webhooks. */
  clientSecret: string;
  clientId?: string;
  apiVersion?: string;
  /** The cost bucket of every new shop (Shopify's standard: 1000 points, 50 restored per second). */
  bucket?: { maximumAvailable?: number; restoreRate?: number };
  /** Where the privacy webhooks go (an app's compliance URI, set in its configuration, not by API). */
  complianceUri?: string | null;
}

export interface ShopifyFakeHooks {
  /** Called before each GraphQL operation runs (after auth and throttling). */
  beforeOperation?: (shop: FakeShop, operation: string, variables: Record<string, unknown>) => void | Promise<void>;
  /** Awaited before a fulfilment is created: lets a test act while the push is on its way. */
  beforeFulfillmentCreate?: (shop: FakeShop, input: unknown) => void | Promise<void>;
}

export interface FakeRequest {
  shop: string;
  operation: string | null;
  token: string;
  status: number;
}

type Json = Record<string, unknown>;

/** Shopify's OAuth signature: HMAC-SHA256 hex of the sorted `k=v` pairs, hmac left out. */
function signQuery(params: Record<string, string>, secret: string): string {
  const message = Object.keys(params)
    .filter((k) => k !== 'hmac')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createHmac('sha256', secret).update(message).digest('hex');
}

const HELP = {
  about: 'Local Shopify fake (GraphQL Admin API, OAuth, webhooks). Point the adapter at baseUrl = {url}/shops/{shop}.',
  control: {
    'POST /_fake/shops': '{ domain, name?, currency?, token?, nextOrderNumber? } -> { domain, token } (an existing shop: a new token; nextOrderNumber sets where its order names go on, #1001 by default)',
    'GET /_fake/shops/{shop}': 'what the shop holds (counts, subscriptions, fulfilments)',
    'POST /_fake/shops/{shop}/products': '{ count, variantsPerProduct? } seeds products',
    'PATCH /_fake/shops/{shop}/products/{id}': '{ title?, price? } -> products/update webhook',
    'DELETE /_fake/shops/{shop}/products/{id}': '-> products/delete webhook',
    'POST /_fake/shops/{shop}/orders': '{ lineItems: [{ sku, quantity?, price?, properties? }], name?, email?, shippingAddress?, duplicates? } -> orders/create webhook (name: the order\'s name, e.g. "#LOOP-1"; omitted: the shop\'s next number)',
    'PATCH /_fake/shops/{shop}/orders/{id}': '{ shippingAddress?, email? } -> orders/updated webhook',
    'POST /_fake/shops/{shop}/orders/{id}/cancel': '-> orders/cancelled + orders/updated webhooks',
    'POST /_fake/shops/{shop}/uninstall': 'revokes the tokens -> app/uninstalled webhook',
    'POST /_fake/shops/{shop}/privacy/{customers-data_request|customers-redact|shop-redact}': '{ email?, orderIds? } -> privacy webhook to the compliance URI',
    'GET /_fake/shops/{shop}/fulfillments': 'the fulfilments the shop holds, with tracking',
    'GET /_fake/shops/{shop}/inventory': 'every variant\'s stock as pushed: [{ productId, variantId, sku, inventoryItemId, tracked, inventoryPolicy, available, availableForSale }]',
    'POST /_fake/shops/{shop}/modes': '{ redactCustomerData?, fail5xx?, fail429?, revokeTokens?, bucket? }',
    'POST /_fake/compliance': '{ uri } where privacy webhooks go',
    'POST /_fake/webhooks/hold': 'queue deliveries from now on',
    'POST /_fake/webhooks/release': "{ order?: 'reverse' | 'same' } send the queue",
    'GET /_fake/webhooks': 'every delivery made (topic, uri, ids, receiver status)',
  },
  oauth: 'GET {url}/shops/{shop}/admin/oauth/authorize?client_id&scope&redirect_uri&state approves at once and redirects with code, hmac, shop, state, timestamp',
};

export async function startShopifyFake(options: ShopifyFakeOptions) {
  const apiVersion = options.apiVersion ?? '2025-10';
  const bucketDefaults = { maximumAvailable: options.bucket?.maximumAvailable ?? 1000, restoreRate: options.bucket?.restoreRate ?? 50 };
  let complianceUri = options.complianceUri ?? null;
  const sender = createWebhookSender({ clientSecret: options.clientSecret, apiVersion, complianceUri: () => complianceUri });
  const store = createShopStore(bucketDefaults, sender);
  const hooks: ShopifyFakeHooks = {};
  const requests: FakeRequest[] = [];
  const codes = new Map<string, { shop: string; scope: string }>();

  function refill(shop: FakeShop) {
    const b = shop.bucket;
    const t = Date.now();
    b.available = Math.min(b.maximumAvailable, b.available + ((t - b.at) / 1000) * b.restoreRate);
    b.at = t;
  }

  async function graphql(shopDomain: string, req: IncomingMessage, res: ServerResponse) {
    const token = String(req.headers['x-shopify-access-token'] ?? '');
    const text = await readBody(req);
    const shop = store.shops.get(shopDomain.toLowerCase());
    let body: { query?: string; variables?: Record<string, unknown> } = {};
    try {
      body = JSON.parse(text || '{}');
    } catch {
      body = {};
    }
    const op = operationName(body.query ?? '');
    const answerHttp = (name: 'unauthorized' | 'notFound' | 'throttled' | 'unavailable') => {
      const f = fixtures.http(name);
      requests.push({ shop: shopDomain, operation: op, token, status: f.status });
      send(res, f.status, f.body, f.headers);
    };
    if (!shop) return answerHttp('notFound');
    if (!shop.tokens.has(token)) return answerHttp('unauthorized');
    if (shop.fail429 > 0) {
      shop.fail429--;
      return answerHttp('throttled');
    }
    if (shop.fail5xx > 0) {
      shop.fail5xx--;
      return answerHttp('unavailable');
    }
    requests.push({ shop: shop.domain, operation: op, token, status: 200 });
    const vars = body.variables ?? {};
    const cost = requestedCost(op ?? '', vars);
    if (cost > 1000) return send(res, 200, { errors: [fixtures.maxCostError(cost)] });
    refill(shop);
    const throttleStatus = () => ({ maximumAvailable: shop.bucket.maximumAvailable, currentlyAvailable: Math.floor(shop.bucket.available), restoreRate: shop.bucket.restoreRate });
    if (cost > shop.bucket.available) {
      return send(res, 200, { errors: [fixtures.throttledError()], extensions: { cost: { requestedQueryCost: cost, actualQueryCost: null, throttleStatus: throttleStatus() } } });
    }
    shop.bucket.available -= cost;
    await hooks.beforeOperation?.(shop, op ?? '', vars);
    const answer = await runOperation(shop, op ?? '', vars, hooks);
    const actual = Math.min(cost, actualCost(op ?? '', answer.data, cost));
    shop.bucket.available = Math.min(shop.bucket.maximumAvailable, shop.bucket.available + cost - actual);
    send(res, 200, { ...answer, extensions: { cost: { requestedQueryCost: cost, actualQueryCost: actual, throttleStatus: throttleStatus() } } });
  }

  function authorize(shopDomain: string, url: URL, res: ServerResponse) {
    const q = url.searchParams;
    const redirect = q.get('redirect_uri');
    if (!redirect || (options.clientId && q.get('client_id') !== options.clientId)) return send(res, 400, { errors: 'Invalid client_id or redirect_uri' });
    if (!store.shops.has(shopDomain)) store.createShop({ domain: shopDomain });
    const code = randomBytes(16).toString('hex');
    codes.set(code, { shop: shopDomain, scope: q.get('scope') ?? '' });
    const params: Record<string, string> = {
      code,
      host: Buffer.from(`admin.shopify.com/store/${shopDomain.replace(/\.myshopify\.com$/, '')}`).toString('base64url'),
      shop: shopDomain,
      state: q.get('state') ?? '',
      timestamp: String(Math.floor(Date.now() / 1000)),
    };
    const target = new URL(redirect);
    for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
    target.searchParams.set('hmac', signQuery(params, options.clientSecret));
    res.writeHead(302, { Location: target.toString() });
    res.end();
  }

  async function accessToken(shopDomain: string, req: IncomingMessage, res: ServerResponse) {
    const text = await readBody(req);
    let body: Record<string, string> = {};
    try {
      body = String(req.headers['content-type'] ?? '').includes('json') ? JSON.parse(text) : Object.fromEntries(new URLSearchParams(text));
    } catch {
      body = {};
    }
    const grant = codes.get(body['code'] ?? '');
    const badClient = body['client_secret'] !== options.clientSecret || (options.clientId && body['client_id'] !== options.clientId);
    if (!grant || grant.shop !== shopDomain || badClient) {
      return send(res, 400, { error: 'invalid_request', error_description: 'The authorization code was not found or was already used' });
    }
    codes.delete(body['code']!);
    const shop = store.createShop({ domain: shopDomain });
    send(res, 200, { access_token: shop.token, scope: grant.scope });
  }

  async function control(parts: string[], method: string, req: IncomingMessage, res: ServerResponse, url: string) {
    const text = await readBody(req);
    const body: Json = text ? JSON.parse(text) : {};
    const opts: WebhookOptions = { duplicates: Number(body['duplicates'] ?? 0) };
    const [, kind, domain, sub, id, action] = parts;
    if (!kind) return send(res, 200, JSON.parse(JSON.stringify(HELP).replaceAll('{url}', url)));
    if (kind === 'compliance') {
      complianceUri = String(body['uri'] ?? '') || null;
      return send(res, 200, { complianceUri });
    }
    if (kind === 'webhooks') {
      if (domain === 'hold') {
        sender.hold();
        return send(res, 200, { held: true });
      }
      if (domain === 'release') return send(res, 200, { released: await sender.release(body['order'] === 'same' ? 'same' : 'reverse') });
      return send(res, 200, sender.deliveries.map(({ body: _b, ...d }) => d));
    }
    if (kind !== 'shops') return send(res, 404, { errors: 'Not Found' });
    if (!domain && method === 'POST') {
      const shop = store.createShop(body as { domain: string });
      return send(res, 201, { domain: shop.domain, token: shop.token, baseUrl: `${url}/shops/${shop.domain}` });
    }
    const shop = store.shop(domain!);
    if (!sub) {
      return send(res, 200, {
        domain: shop.domain,
        products: shop.products.size,
        orders: [...shop.orders.values()].map((o) => ({ id: o.id, name: o.name, cancelledAt: o.cancelledAt })),
        subscriptions: shop.subscriptions,
        fulfillments: store.fulfillments(shop.domain).length,
        modes: { redactCustomerData: shop.redactCustomerData, fail5xx: shop.fail5xx, fail429: shop.fail429, bucket: shop.bucket },
      });
    }
    if (sub === 'products' && !id) return send(res, 201, { products: store.seedProducts(shop.domain, body as { count: number }).map((p) => ({ id: p.id, title: p.title, skus: p.variants.map((v) => v.sku) })) });
    if (sub === 'products' && method === 'PATCH') return send(res, 200, await store.updateProduct(shop.domain, Number(id), body, opts));
    if (sub === 'products' && method === 'DELETE') {
      await store.deleteProduct(shop.domain, Number(id), opts);
      return send(res, 200, { deleted: Number(id) });
    }
    if (sub === 'orders' && !id) return send(res, 201, await store.createOrder(shop.domain, body as unknown as OrderInput, opts));
    if (sub === 'orders' && action === 'cancel') return send(res, 200, await store.cancelOrder(shop.domain, Number(id), opts));
    if (sub === 'orders' && method === 'PATCH') return send(res, 200, await store.updateOrder(shop.domain, Number(id), body, opts));
    if (sub === 'uninstall') return send(res, 200, { deliveries: (await store.uninstall(shop.domain, opts)).length });
    if (sub === 'privacy') {
      const topic = String(id).replace('-', '/') as 'customers/data_request' | 'customers/redact' | 'shop/redact';
      return send(res, 200, { deliveries: (await store.privacy(shop.domain, topic, body, opts)).length });
    }
    if (sub === 'fulfillments') return send(res, 200, store.fulfillments(shop.domain));
    if (sub === 'inventory') return send(res, 200, store.inventory(shop.domain));
    if (sub === 'modes') {
      if (body['redactCustomerData'] !== undefined) shop.redactCustomerData = Boolean(body['redactCustomerData']);
      if (body['fail5xx'] !== undefined) shop.fail5xx = Number(body['fail5xx']);
      if (body['fail429'] !== undefined) shop.fail429 = Number(body['fail429']);
      if (body['revokeTokens']) shop.tokens.clear();
      if (body['bucket']) Object.assign(shop.bucket, body['bucket']);
      return send(res, 200, { ok: true });
    }
    send(res, 404, { errors: 'Not Found' });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake.local');
    const method = req.method ?? 'GET';
    const prefixed = /^\/shops\/([^/]+)(\/.*)$/.exec(url.pathname);
    const shopDomain = (prefixed?.[1] ?? url.searchParams.get('shop') ?? '').toLowerCase();
    const path = prefixed?.[2] ?? url.pathname;
    const handle = async () => {
      if (method === 'POST' && /^\/admin\/api\/[^/]+\/graphql\.json$/.test(path)) return graphql(shopDomain, req, res);
      if (method === 'GET' && path === '/admin/oauth/authorize') return authorize(shopDomain, url, res);
      if (method === 'POST' && path === '/admin/oauth/access_token') return accessToken(shopDomain, req, res);
      if (url.pathname === '/_fake' || url.pathname.startsWith('/_fake/')) return control(url.pathname.split('/').slice(1).map(decodeURIComponent), method, req, res, handleUrl());
      send(res, 404, { errors: 'Not Found' });
    };
    handle().catch((err: unknown) => send(res, 500, { errors: err instanceof Error ? err.message : String(err) }));
  });
  const { port, url: base } = await listen(server, options.port, options.host ?? '127.0.0.1');
  const handleUrl = () => base;

  return {
    url: handleUrl(),
    port,
    apiVersion,
    /** The adapter's baseUrl option for this fake. */
    baseUrl: (shop: string) => `${handleUrl()}/shops/${shop}`,
    hooks,
    requests,
    webhooks: { deliveries: sender.deliveries, hold: sender.hold, release: sender.release },
    setComplianceUri: (uri: string | null) => (complianceUri = uri),
    ...store,
    close: () => closeServer(server),
  };
}

export type ShopifyFake = Awaited<ReturnType<typeof startShopifyFake>>;
