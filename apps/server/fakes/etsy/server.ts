/**
 * A local, platform-true Etsy for tests and for a person (docs/stores-etsy.md, "The fake"): many shops in memory,
 * OAuth 2.0 with PKCE at /oauth/connect and /v3/public/oauth/token, Open API v3 under /v3/application (what the
 * adapter's apiBase points at), the app key's per-second and per-day limits, failure modes, and a control API
 * under /_fake. Never part of the production bundle (outside src/).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createApi } from './api';
import { fixtures, type HttpFixture } from './fixtures';
import { createLimits } from './limits';
import { createOauthServer } from './oauth';
import { createPublishing } from './publishing';
import { createShopStore, type ReceiptInput } from './shop-store';
import { closeServer, listen, readBody, send } from '../http';

export interface EtsyFakeOptions {
  port?: number;
  host?: string;
  /** The app's keystring. */
  clientId: string;
  /** When given, x-api-key must be `keystring:shared_secret` (Etsy's rule since 9 Feb 2026); else the keystring alone passes too. */
  sharedSecret?: string;
  perSecond?: number;
  perDay?: number;
  /** Access token lifetime in seconds; Etsy's 3600. */
  expiresIn?: number;
}

export interface EtsyFakeRequest {
  method: string;
  path: string;
  status: number;
  form: Record<string, string>;
}

type Json = Record<string, unknown>;

/** A request's body as bytes (an uploaded image is binary). */
function readRaw(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** A POST body as Etsy takes it: form-encoded, or JSON. */
function parseForm(text: string, contentType: string): Record<string, string> {
  if (!text) return {};
  try {
    if (contentType.includes('json')) return Object.fromEntries(Object.entries(JSON.parse(text) as Json).map(([k, v]) => [k, String(v)]));
    return Object.fromEntries(new URLSearchParams(text));
  } catch {
    return {};
  }
}

const HELP = {
  about: 'Local Etsy fake (Open API v3, OAuth 2.0 with PKCE, per-app limits). Point the adapter at apiBase = {url}/v3/application.',
  oauth: {
    connect: 'GET {url}/oauth/connect?response_type=code&client_id&redirect_uri&scope&state&code_challenge&code_challenge_method=S256 approves at once (as the connect-as user) and redirects with code and state',
    token: 'POST {url}/v3/public/oauth/token (form) grant_type=authorization_code (code, code_verifier, redirect_uri, client_id) | refresh_token (refresh_token, client_id): refresh tokens rotate',
  },
  control: {
    'POST /_fake/shops': '{ name?, currency?, shopId?, userId? } -> { shopId, userId, tokens } (a token pair, as if connected)',
    'GET /_fake/shops/{shopId}': 'what the shop holds (listings, receipts, shipments)',
    'POST /_fake/shops/{shopId}/listings': '{ count, variantsPerListing?, personalizable? } seeds listings with inventory (SKUs ETSY{n}-{COLOR}-{SIZE})',
    'POST /_fake/shops/{shopId}/receipts': '{ transactions: [{ sku, quantity?, priceCents?, personalization?, digital? }], buyerEmail?, address? (null: none), isPaid? }',
    'PATCH /_fake/shops/{shopId}/receipts/{id}': 'any ShopReceipt fields; updated_timestamp becomes now unless given',
    'POST /_fake/shops/{shopId}/receipts/{id}/cancel': 'status Canceled',
    'GET /_fake/shops/{shopId}/shipments': 'the tracking the app pushed',
    'GET /_fake/shops/{shopId}/inventory': 'stock as pushed: [{ listingId, state, productId, sku, quantity, isEnabled, available }] (available: 0 unless the listing is active and the offering enabled)',
    'POST /_fake/connect-as': '{ userId } the user the next connects approve as (default: the newest shop\'s)',
    'POST /_fake/tokens/age': '{ seconds, userId? } ages access tokens (3600 expires them)',
    'POST /_fake/tokens/revoke': '{ userId } every token of the user stops working (refresh answers invalid_grant)',
    'POST /_fake/modes': '{ fail5xx?, fail429?, perSecond?, perDay?, usedToday? }',
    'GET /_fake/limits': 'the app key\'s counts',
  },
};

export async function startEtsyFake(options: EtsyFakeOptions) {
  const store = createShopStore();
  const oauth = createOauthServer({ clientId: options.clientId, expiresIn: options.expiresIn });
  const limits = createLimits(options);
  const api = createApi(store);
  const publishing = createPublishing(store);
  const requests: EtsyFakeRequest[] = [];
  const modes = { fail5xx: 0, fail429: 0 };
  let connectAs: number | null = null;

  function apiKeyOk(header: string): boolean {
    const [key, secret] = header.split(':');
    if (key !== options.clientId) return false;
    return options.sharedSecret === undefined || secret === options.sharedSecret;
  }

  async function application(method: string, path: string, url: URL, req: IncomingMessage, res: ServerResponse) {
    const contentType = String(req.headers['content-type'] ?? '');
    const raw = method === 'GET' ? Buffer.alloc(0) : await readRaw(req);
    // Publishing's bodies: JSON (the inventory) and multipart (an image) beside the usual form.
    const multipart = contentType.includes('multipart/form-data') ? await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } }).formData() : null;
    const fields: [string, string][] = [];
    multipart?.forEach((value, key) => {
      if (typeof value === 'string') fields.push([key, value]);
    });
    const form = multipart ? Object.fromEntries(fields) : method === 'GET' ? {} : parseForm(raw.toString('utf8'), contentType);
    const image = multipart?.get('image');
    const file = image instanceof Blob ? { bytes: image.size, type: image.type, name: (image as File).name ?? 'image' } : null;
    let json: unknown = null;
    if (contentType.includes('json')) {
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        json = null;
      }
    }
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      requests.push({ method, path, status, form });
      send(res, status, body, headers);
    };
    const answerFixture = (f: HttpFixture, headers: Record<string, string> = {}) => answer(f.status, f.body, { ...headers, ...f.headers });
    if (!apiKeyOk(String(req.headers['x-api-key'] ?? ''))) return answerFixture(fixtures.http('badApiKey'));
    const { over, headers } = limits.count();
    if (over) return answerFixture(fixtures.http(over === 'day' ? 'throttledDay' : 'throttledSecond'), headers);
    if (modes.fail429 > 0) {
      modes.fail429--;
      return answerFixture(fixtures.http('throttledSecond'), headers);
    }
    if (modes.fail5xx > 0) {
      modes.fail5xx--;
      return answerFixture(fixtures.http('unavailable'), headers);
    }
    const bearer = /^Bearer (.+)$/i.exec(String(req.headers['authorization'] ?? ''))?.[1] ?? '';
    const userId = oauth.userOf(bearer);
    if (userId === null) return answerFixture(fixtures.http('invalidToken'), headers);
    const result = publishing.handle({ userId, method, parts: path.split('/').filter(Boolean), form, json, file }) ?? api.handle(userId, method, path, url.searchParams, form);
    answer(result.status, result.body, headers);
  }

  function newestUser(): number | null {
    const all = [...store.shops.values()];
    return connectAs ?? all[all.length - 1]?.userId ?? null;
  }

  async function control(parts: string[], method: string, req: IncomingMessage, res: ServerResponse, url: string) {
    const text = await readBody(req);
    const body: Json = text ? JSON.parse(text) : {};
    const [, kind, shopId, sub, id, action] = parts;
    if (!kind) return send(res, 200, JSON.parse(JSON.stringify(HELP).replaceAll('{url}', url)));
    if (kind === 'connect-as') {
      connectAs = body['userId'] === undefined || body['userId'] === null ? null : Number(body['userId']);
      return send(res, 200, { connectAs });
    }
    if (kind === 'tokens' && shopId === 'age') {
      oauth.age(Number(body['seconds'] ?? 3600), body['userId'] === undefined ? undefined : Number(body['userId']));
      return send(res, 200, { ok: true });
    }
    if (kind === 'tokens' && shopId === 'revoke') {
      oauth.revoke(Number(body['userId']));
      return send(res, 200, { ok: true });
    }
    if (kind === 'modes') {
      if (body['fail5xx'] !== undefined) modes.fail5xx = Number(body['fail5xx']);
      if (body['fail429'] !== undefined) modes.fail429 = Number(body['fail429']);
      limits.set(body as { perSecond?: number; perDay?: number; usedToday?: number });
      return send(res, 200, { ...modes, limits: limits.state });
    }
    if (kind === 'limits') return send(res, 200, limits.state);
    if (kind !== 'shops') return send(res, 404, { error: 'Not Found' });
    if (!shopId && method === 'POST') {
      const s = store.createShop(body as { name?: string });
      return send(res, 201, { shopId: s.shopId, userId: s.userId, tokens: oauth.issue(s.userId, 'listings_r transactions_r transactions_w shops_r'), apiBase: `${url}/v3/application` });
    }
    const s = store.shop(shopId!);
    if (!sub) {
      return send(res, 200, {
        shopId: s.shopId,
        userId: s.userId,
        name: s.name,
        listings: [...s.listings.values()].map((l) => ({ listingId: l.listing.listing_id, title: l.listing.title, skus: l.listing.skus })),
        receipts: [...s.receipts.values()].map((r) => ({ receiptId: r.receipt_id, status: r.status, isShipped: r.is_shipped })),
        shipments: store.shipments(s.shopId).length,
      });
    }
    if (sub === 'listings' && method === 'POST') {
      const made = store.seedListings(s.shopId, body as { count: number });
      return send(res, 201, { listings: made.map((l) => ({ listingId: l.listing.listing_id, title: l.listing.title, skus: l.listing.skus })) });
    }
    if (sub === 'receipts' && !id && method === 'POST') return send(res, 201, store.createReceipt(s.shopId, body as unknown as ReceiptInput));
    if (sub === 'receipts' && id && action === 'cancel') return send(res, 200, store.cancelReceipt(s.shopId, id));
    if (sub === 'receipts' && id && method === 'PATCH') return send(res, 200, store.updateReceipt(s.shopId, id, body));
    if (sub === 'shipments') return send(res, 200, store.shipments(s.shopId));
    if (sub === 'inventory') return send(res, 200, store.inventory(s.shopId));
    send(res, 404, { error: 'Not Found' });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake.local');
    const method = req.method ?? 'GET';
    const handle = async () => {
      if (url.pathname.startsWith('/v3/application/')) return application(method, url.pathname.slice('/v3/application'.length), url, req, res);
      if (method === 'GET' && url.pathname === '/oauth/connect') {
        const result = oauth.connect(url.searchParams, newestUser());
        if ('error' in result) return send(res, 400, { error: 'invalid_request', error_description: result.error });
        res.writeHead(302, { Location: result.location });
        return res.end();
      }
      if (method === 'POST' && url.pathname === '/v3/public/oauth/token') {
        const answer = oauth.token(parseForm(await readBody(req), String(req.headers['content-type'] ?? '')));
        return send(res, answer.status, answer.body);
      }
      if (url.pathname === '/_fake' || url.pathname.startsWith('/_fake/')) return control(url.pathname.split('/').slice(1).map(decodeURIComponent), method, req, res, handleUrl());
      send(res, 404, { error: 'Not Found' });
    };
    handle().catch((err: unknown) => send(res, 500, { error: err instanceof Error ? err.message : String(err) }));
  });
  const { port, url: base } = await listen(server, options.port, options.host ?? '127.0.0.1');
  const handleUrl = () => base;

  return {
    url: handleUrl(),
    port,
    /** The adapter's options for this fake (apiBase, connectUrl, tokenUrl). */
    endpoints: { apiBase: `${handleUrl()}/v3/application`, connectUrl: `${handleUrl()}/oauth/connect`, tokenUrl: `${handleUrl()}/v3/public/oauth/token` },
    requests,
    modes,
    limits,
    tokens: { issue: oauth.issue, age: oauth.age, revoke: oauth.revoke },
    connectAs: (userId: number | null) => (connectAs = userId),
    ...store,
    close: () => closeServer(server),
  };
}

export type EtsyFake = Awaited<ReturnType<typeof startEtsyFake>>;
