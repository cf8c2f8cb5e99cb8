/**
 * A local, platform-true WooCommerce for tests and for a person (docs/stores-woocommerce.md): many
 * stores in memory, each a site at `{url}/stores/{slug}` (what a merchant's store URL stands for), the
 * REST API v3 with Basic auth, the /wc-auth consent flow, failure modes, webhooks and a control API.
 * Never part of the production bundle (outside src/).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, listen, readBody } from '../http';
import { fixtures, type ErrorName, type Json } from './fixtures';
import { restRoute, type RestAnswer } from './rest';
import type { FakeKey, FakeWooStore, Permissions } from './state';
import { createWooWebhookSender, phpJson } from './webhooks';
import { createWooStore, type OrderInput } from './woo-store';

export interface WooCommerceFakeOptions {
  port?: number;
  host?: string;
}

export interface WooFakeRequest {
  store: string;
  method: string;
  path: string;
  status: number;
}

/** Like fakes/http.ts send, but PHP-encoded as WordPress answers (slashes escaped). */
function send(res: ServerResponse, answer: RestAnswer) {
  res.writeHead(answer.status, { 'Content-Type': 'application/json; charset=UTF-8', ...answer.headers });
  res.end(phpJson(answer.body));
}

const HELP = {
  about: 'Local WooCommerce fake (REST API v3, /wc-auth consent, webhooks). A store\'s URL is {url}/stores/{slug}.',
  control: {
    'POST /_fake/stores': '{ slug?, name?, currency?, consumerKey?, consumerSecret?, permissions?, nextOrderNumber? } -> { slug, storeUrl, consumerKey, consumerSecret }',
    'GET /_fake/stores/{slug}': 'what the store holds (counts, webhooks with failure counts, keys, modes)',
    'POST /_fake/stores/{slug}/keys': '{ permissions? } -> a new key pair',
    'POST /_fake/stores/{slug}/products': '{ count, variationsPerProduct? } seeds products (0: simple) -> product.created',
    'PATCH /_fake/stores/{slug}/products/{id}': '{ name?, price? } -> product.updated',
    'DELETE /_fake/stores/{slug}/products/{id}': '-> product.deleted',
    'POST /_fake/stores/{slug}/orders': '{ lineItems: [{ sku, quantity?, meta? }], status?, shipping? (null: none), billing? } -> order.created',
    'PATCH /_fake/stores/{slug}/orders/{id}': '{ status?, shipping?, billing?, meta_data? } -> order.updated',
    'POST /_fake/stores/{slug}/orders/{id}/cancel': '-> status cancelled, order.updated',
    'DELETE /_fake/stores/{slug}/orders/{id}': '-> order.deleted',
    'GET /_fake/stores/{slug}/orders/{id}/notes': 'the order notes (customer and private)',
    'GET /_fake/stores/{slug}/orders/{id}/tracking': 'the _wc_shipment_tracking_items meta',
    'GET /_fake/stores/{slug}/inventory': 'stock as pushed: [{ productId, variationId (null: a simple product), sku, manageStock, stockQuantity, stockStatus }]',
    'POST /_fake/stores/{slug}/modes': '{ fail429?, fail5xx?, retryAfter?, revokeKeys? } the next N calls answer 429 / 500',
    'GET /_fake/webhooks': 'every delivery made (store, webhook, topic, uri, receiver status)',
  },
  consent: 'GET {url}/stores/{slug}/wc-auth/v1/authorize?app_name&scope&user_id&return_url&callback_url approves at once: POSTs the keys to callback_url, then redirects to return_url?success=1&user_id=',
};

/** Basic auth over the header, or the query-string keys WooCommerce accepts over https. */
function credentials(req: IncomingMessage, query: URLSearchParams): { key: string; secret: string } | null {
  const header = String(req.headers.authorization ?? '');
  if (header.startsWith('Basic ')) {
    const [key = '', ...rest] = Buffer.from(header.slice(6), 'base64').toString().split(':');
    return { key, secret: rest.join(':') };
  }
  const key = query.get('consumer_key');
  return key ? { key, secret: query.get('consumer_secret') ?? '' } : null;
}

export async function startWooCommerceFake(options: WooCommerceFakeOptions = {}) {
  const host = options.host ?? '127.0.0.1';
  let root = '';
  const storeUrl = (slug: string) => `${root}/stores/${slug}`;
  const sender = createWooWebhookSender(storeUrl);
  const woo = createWooStore(sender);
  const requests: WooFakeRequest[] = [];

  function authorise(s: FakeWooStore, req: IncomingMessage, query: URLSearchParams, method: string): ErrorName | FakeKey {
    const given = credentials(req, query);
    if (!given) return 'noAuth';
    const key = s.keys.find((k) => k.consumerKey === given.key);
    if (!key) return 'badKey';
    if (key.consumerSecret !== given.secret) return 'badSecret';
    if (method !== 'GET' && key.permissions === 'read') return 'readOnly';
    if (method === 'GET' && key.permissions === 'write') return 'noAuth';
    return key;
  }

  async function api(s: FakeWooStore, method: string, path: string, url: URL, req: IncomingMessage): Promise<RestAnswer> {
    if (path === '/wp-json/' || path === '/wp-json') return { status: 200, body: { ...fixtures.siteIndex(), name: s.name, url: storeUrl(s.slug), home: storeUrl(s.slug) } };
    if (!path.startsWith('/wp-json/wc/v3/')) return fixtures.error('noRoute');
    const auth = authorise(s, req, url.searchParams, method);
    if (typeof auth === 'string') return fixtures.error(auth);
    if (s.fail429 > 0) {
      s.fail429--;
      const f = fixtures.error('throttled');
      return { ...f, headers: { ...f.headers, 'Retry-After': s.retryAfter } };
    }
    if (s.fail5xx > 0) {
      s.fail5xx--;
      return fixtures.error('critical');
    }
    const text = await readBody(req);
    let body: Json = {};
    try {
      body = text ? (JSON.parse(text) as Json) : {};
    } catch {
      return { status: 400, body: { code: 'rest_invalid_json', message: 'Invalid JSON body passed.', data: { status: 400 } } };
    }
    return restRoute(woo, s, method, path.slice('/wp-json/wc/v3'.length), url.searchParams, body, `${storeUrl(s.slug)}/wp-json/wc/v3`);
  }

  /** The consent screen, approved at once: keys for user_id, POSTed to callback_url, then the merchant sent to return_url. */
  async function authorize(s: FakeWooStore, url: URL, res: ServerResponse) {
    const q = url.searchParams;
    const scope = q.get('scope') as Permissions | null;
    const [appName, userId, returnUrl, callbackUrl] = ['app_name', 'user_id', 'return_url', 'callback_url'].map((k) => q.get(k));
    if (!appName || !userId || !returnUrl || !callbackUrl || !scope || !['read', 'write', 'read_write'].includes(scope)) {
      return send(res, { status: 400, body: { code: 'woocommerce_rest_auth_invalid_request', message: 'Missing parameter app_name, scope, user_id, return_url or callback_url', data: { status: 400 } } });
    }
    const key = woo.addKey(s, { permissions: scope, userId });
    const payload = { key_id: key.keyId, user_id: userId, consumer_key: key.consumerKey, consumer_secret: key.consumerSecret, key_permissions: key.permissions };
    let delivered = false;
    try {
      const answer = await fetch(callbackUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(payload), signal: AbortSignal.timeout(5000) });
      delivered = answer.ok;
    } catch {
      delivered = false;
    }
    if (!delivered) {
      s.keys = s.keys.filter((k) => k !== key);
      return send(res, { status: 400, body: { code: 'woocommerce_rest_auth_error', message: 'An error occurred in the request and at the time were unable to send the consumer data', data: { status: 400 } } });
    }
    const target = new URL(returnUrl);
    target.searchParams.set('success', '1');
    target.searchParams.set('user_id', userId);
    res.writeHead(302, { Location: target.toString() });
    res.end();
  }

  async function control(parts: string[], method: string, req: IncomingMessage): Promise<RestAnswer> {
    const text = await readBody(req);
    const body = (text ? JSON.parse(text) : {}) as Json;
    const [, kind, slug, sub, rawId, action] = parts;
    const id = Number(rawId);
    const done = (value: unknown, status = 200): RestAnswer => (value === null ? { status: 404, body: { error: 'Not Found' } } : { status, body: value });
    if (!kind) return done(JSON.parse(JSON.stringify(HELP).replaceAll('{url}', root)));
    if (kind === 'webhooks') return done(sender.deliveries.map(({ body: _b, ...d }) => d));
    if (kind !== 'stores') return done(null);
    if (!slug && method === 'POST') {
      const { store: s, key } = woo.createStore(body as Parameters<typeof woo.createStore>[0]);
      return done({ slug: s.slug, storeUrl: storeUrl(s.slug), consumerKey: key.consumerKey, consumerSecret: key.consumerSecret }, 201);
    }
    const s = woo.store(slug!);
    if (!sub) {
      return done({
        slug: s.slug, name: s.name, storeUrl: storeUrl(s.slug), products: s.products.size,
        orders: [...s.orders.values()].map((o) => ({ id: o['id'], number: o['number'], status: o['status'] })),
        webhooks: [...s.webhooks.values()], keys: s.keys.map((k) => ({ keyId: k.keyId, consumerKey: k.consumerKey, permissions: k.permissions, userId: k.userId })),
        modes: { fail429: s.fail429, fail5xx: s.fail5xx, retryAfter: s.retryAfter },
      });
    }
    if (sub === 'keys') {
      const key = woo.addKey(s, { permissions: body['permissions'] as Permissions | undefined });
      return done({ consumerKey: key.consumerKey, consumerSecret: key.consumerSecret, permissions: key.permissions }, 201);
    }
    if (sub === 'products' && !rawId) return done((await woo.seedProducts(s.slug, body as { count: number })).map((p) => ({ id: p['id'], name: p['name'], type: p['type'] })), 201);
    if (sub === 'products' && method === 'PATCH') return done(await woo.updateProduct(s.slug, id, body));
    if (sub === 'products' && method === 'DELETE') return done(await woo.deleteProduct(s.slug, id));
    if (sub === 'orders' && !rawId) return done(await woo.createOrder(s.slug, body as unknown as OrderInput), 201);
    if (sub === 'orders' && action === 'cancel') return done(await woo.updateOrder(s.slug, id, { status: 'cancelled' }));
    if (sub === 'orders' && action === 'notes') return done(woo.order(s, id) ? s.notes.get(id) ?? [] : null);
    if (sub === 'orders' && action === 'tracking') {
      const o = woo.order(s, id);
      return done(o ? ((o['meta_data'] as Json[]).find((m) => m['key'] === '_wc_shipment_tracking_items')?.['value'] ?? []) : null);
    }
    if (sub === 'orders' && method === 'PATCH') return done(await woo.updateOrder(s.slug, id, body));
    if (sub === 'orders' && method === 'DELETE') return done(await woo.deleteOrder(s.slug, id));
    if (sub === 'inventory') return done(woo.inventory(s.slug));
    if (sub === 'modes') {
      if (body['fail429'] !== undefined) s.fail429 = Number(body['fail429']);
      if (body['fail5xx'] !== undefined) s.fail5xx = Number(body['fail5xx']);
      if (body['retryAfter'] !== undefined) s.retryAfter = String(body['retryAfter']);
      if (body['revokeKeys']) s.keys = [];
      return done({ ok: true });
    }
    return done(null);
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake.local');
    const method = req.method ?? 'GET';
    const site = /^\/stores\/([^/]+)(\/.*)?$/.exec(url.pathname);
    const handle = async () => {
      if (url.pathname === '/_fake' || url.pathname.startsWith('/_fake/')) return send(res, await control(url.pathname.split('/').slice(1).map(decodeURIComponent), method, req));
      const s = site ? woo.stores.get(site[1]!.toLowerCase()) : undefined;
      if (!s) return send(res, { status: 404, body: { code: 'rest_no_route', message: 'No such site', data: { status: 404 } } });
      const path = site![2] ?? '/';
      if (method === 'GET' && path === '/wc-auth/v1/authorize') return authorize(s, url, res);
      const answer = await api(s, method, path, url, req);
      requests.push({ store: s.slug, method, path, status: answer.status });
      send(res, answer);
    };
    handle().catch((err: unknown) => {
      const status = (err as { status?: number }).status ?? 500;
      send(res, { status, body: { code: 'fake_error', message: err instanceof Error ? err.message : String(err), data: { status } } });
    });
  });
  const { port, url } = await listen(server, options.port, host);
  root = url;

  return {
    url: root,
    port,
    /** A store's URL, as a merchant would type it. */
    storeUrl,
    requests,
    webhooks: { deliveries: sender.deliveries },
    ...woo,
    close: () => closeServer(server),
  };
}

export type WooCommerceFake = Awaited<ReturnType<typeof startWooCommerceFake>>;
