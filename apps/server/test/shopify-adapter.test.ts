/**
 * The Shopify adapter (modules/stores/shopify) against the local Shopify fake (fakes/shopify):
 * paging and normalisation, cost-based throttling and 429, bad tokens, 5xx, userErrors, redacted
 * buyer fields, fulfilments in several parcels, cancels, OAuth and webhook signatures, and webhook
 * delivery with duplicates and reordering.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShopifyFake, type ShopifyFake } from '../fakes/shopify';
import {
  createShopifyApi,
  exchangeCode,
  installUrl,
  moneyToCents,
  readWebhookHeaders,
  ShopifyError,
  signWebhook,
  verifyCallback,
  verifyWebhook,
} from '../src/modules/stores/shopify';
import { allProductPages } from './helpers/store-pages';

const SECRET = 'shpss_test_secret';
const CLIENT_ID = 'test-client-id';
let fake: ShopifyFake;
let n = 0;
/** A fresh shop per test: its own token, bucket, orders and subscriptions. */
const newShop = (bucket?: { maximumAvailable: number; restoreRate: number }) => {
  const shop = fake.createShop({ domain: `shop-${++n}.myshopify.com`, token: `shpat_token_${n}` });
  if (bucket) Object.assign(shop.bucket, bucket, { available: bucket.maximumAvailable });
  return shop;
};
const waits: number[] = [];
const api = (opts: Parameters<typeof createShopifyApi>[0] = {}) => createShopifyApi({ baseUrl: fake.baseUrl, ...opts });
const conn = (shop: { domain: string; token: string }) => ({ shopDomain: shop.domain, accessToken: shop.token });
const noWait = { sleep: async (ms: number) => void waits.push(ms) };

async function failureOf(promise: Promise<unknown>): Promise<ShopifyError> {
  const err = await promise.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(ShopifyError);
  return err as ShopifyError;
}

beforeAll(async () => {
  fake = await startShopifyFake({ clientSecret: SECRET, clientId: CLIENT_ID });
});
afterAll(() => fake.close());

describe('reading a shop', () => {
  it('pages products and normalises them (gids and legacy ids, prices in cents, options, variants)', async () => {
    const shop = newShop();
    fake.seedProducts(shop.domain, { count: 23, variantsPerProduct: 4 });
    const s = api()(conn(shop));
    const { ids: seen, pages } = await allProductPages(s, 10);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(23);

    const first = (await s.listProducts({ first: 1 })).items[0]!;
    expect(first).toMatchObject({
      id: expect.stringMatching(/^gid:\/\/shopify\/Product\/\d+$/),
      legacyId: expect.stringMatching(/^\d+$/),
      handle: 'tee-1',
      title: 'Tee 1',
      descriptionHtml: '<p>Tee number 1</p>',
      productType: 'T-Shirt',
      status: 'ACTIVE',
      images: [expect.stringContaining('tee-1.png')],
      options: [
        { name: 'Color', values: ['Black'] },
        { name: 'Size', values: ['S', 'M', 'L', 'XL'] },
      ],
      variantsTruncated: false,
    });
    expect(first.variants).toHaveLength(4);
    expect(first.variants[0]).toEqual({
      id: expect.stringMatching(/^gid:\/\/shopify\/ProductVariant\/\d+$/),
      legacyId: first.variants[0]!.id.split('/').pop(),
      sku: 'TEE1-BLACK-S',
      title: 'Black / S',
      priceCents: 2499,
      selectedOptions: [
        { name: 'Color', value: 'Black' },
        { name: 'Size', value: 'S' },
      ],
      image: null,
    });
    expect(await s.getProduct(first.legacyId!)).toEqual(first);
    expect(await s.getProduct('gid://shopify/Product/1')).toBeNull();
  });

  it('normalises an order: money in cents, shipping lines, address, line items with their properties', async () => {
    const shop = newShop();
    const [product] = fake.seedProducts(shop.domain, { count: 1 });
    const created = await fake.createOrder(shop.domain, {
      lineItems: [
        { sku: product!.variants[0]!.sku, quantity: 2, price: '19.99', properties: [{ name: 'Name on shirt', value: 'ADA' }] },
        { sku: 'LOOSE-SKU', quantity: 1, price: '5.10' },
      ],
      shippingLines: [{ title: 'Express', code: 'EXPRESS', price: '9.90' }],
    });
    const s = api()(conn(shop));
    const order = (await s.getOrder(String(created.id)))!;
    expect(order).toMatchObject({
      externalId: `gid://shopify/Order/${created.id}`,
      legacyId: String(created.id),
      name: '#1001',
      cancelledAt: null,
      displayFinancialStatus: 'PAID',
      currencyCode: 'USD',
      totals: { totalCents: 5498, subtotalCents: 4508, shippingCents: 990, taxCents: 0, discountsCents: 0 },
      shippingLines: [{ title: 'Express', code: 'EXPRESS' }],
      email: 'jane.buyer@example.com',
      shippingAddress: { name: 'Jane Buyer', address1: '1 Main Street', address2: null, city: 'Austin', provinceCode: 'TX', zip: '73301', countryCode: 'US', phone: '+15125550100' },
      addressMissing: false,
    });
    expect(order.lineItems[0]).toMatchObject({
      variantId: `gid://shopify/ProductVariant/${product!.variants[0]!.id}`,
      productId: `gid://shopify/Product/${product!.id}`,
      sku: product!.variants[0]!.sku,
      quantity: 2,
      unitPriceCents: 1999,
      customAttributes: [{ key: 'Name on shirt', value: 'ADA' }],
    });
    expect(order.lineItems[1]).toMatchObject({ variantId: null, productId: null, sku: 'LOOSE-SKU', unitPriceCents: 510 });
    expect(await s.getOrder('1')).toBeNull();

    const since = (await s.listOrders({ first: 10, updatedAtMin: new Date(Date.now() - 60_000) })).items;
    expect(since.map((o) => o.name)).toEqual(['#1001']);
    expect((await s.listOrders({ first: 10, updatedAtMin: new Date(Date.now() + 60_000) })).items).toEqual([]);
    expect(await s.shopInfo()).toEqual({ name: shop.name, currencyCode: 'USD', myshopifyDomain: shop.domain, plan: { displayName: 'Basic', partnerDevelopment: false, shopifyPlus: false } });
  });

  it('flags an order whose buyer fields Shopify withheld (no protected customer data access) as address missing', async () => {
    const shop = newShop();
    const created = await fake.createOrder(shop.domain, { lineItems: [{ sku: 'A' }] });
    shop.redactCustomerData = true;
    const s = api()(conn(shop));
    const one = (await s.getOrder(String(created.id)))!;
    expect(one).toMatchObject({ addressMissing: true, shippingAddress: null, email: null, name: created.name });
    const listed = (await s.listOrders({ first: 5 })).items;
    expect(listed.map((o) => o.addressMissing)).toEqual([true]);
    shop.redactCustomerData = false;
    expect((await s.getOrder(String(created.id)))!.addressMissing).toBe(false);
  });

  it('reads money strings without floating point', () => {
    expect([moneyToCents('19.99'), moneyToCents('20'), moneyToCents('0.1'), moneyToCents('-3.5'), moneyToCents('1.005'), moneyToCents(null)]).toEqual([1999, 2000, 10, -350, 101, 0]);
  });
});

describe('failures', () => {
  it('waits out a THROTTLED answer as the cost bucket says, then answers', async () => {
    // 124 points requested for 2 products, 12 really spent (the rest given back): 118 of 130 left.
    const shop = newShop({ maximumAvailable: 130, restoreRate: 20 });
    fake.seedProducts(shop.domain, { count: 3 });
    waits.length = 0;
    const s = api({ sleep: (ms) => (waits.push(ms), new Promise((r) => setTimeout(r, ms))) })(conn(shop));
    await s.listProducts({ first: 2 });
    const page = await s.listProducts({ first: 2 });
    expect(page.items).toHaveLength(2);
    expect(waits).toHaveLength(1);
    // (124 requested - 118 available) / 20 per second
    expect(waits[0]).toBeGreaterThan(200);
    expect(waits[0]).toBeLessThanOrEqual(300);
  });

  it('a throttle longer than the bound is thrown as retryable with the wait it needs', async () => {
    const shop = newShop({ maximumAvailable: 130, restoreRate: 1 });
    fake.seedProducts(shop.domain, { count: 3 });
    await api()(conn(shop)).listProducts({ first: 2 });
    const err = await failureOf(api({ maxWaitMs: 1000 })(conn(shop)).listProducts({ first: 2 }));
    expect(err).toMatchObject({ kind: 'throttled', retryable: true, status: 200 });
    expect(err.retryAfterMs).toBeGreaterThan(5000);
  });

  it('a query over the single-query limit is refused, not retried', async () => {
    const err = await failureOf(api()(conn(newShop())).listProducts({ first: 20 }));
    expect(err).toMatchObject({ kind: 'server', retryable: false });
    expect(err.message).toMatch(/exceeds the single query max cost limit/);
  });

  it('429 answers are retried after their Retry-After, within the bound', async () => {
    const shop = newShop();
    shop.fail429 = 2;
    waits.length = 0;
    expect((await api(noWait)(conn(shop)).shopInfo()).myshopifyDomain).toBe(shop.domain);
    expect(waits).toEqual([2000, 2000]);
    shop.fail429 = 10;
    const err = await failureOf(api({ ...noWait, maxRetries: 2 })(conn(shop)).shopInfo());
    expect(err).toMatchObject({ kind: 'throttled', retryable: true, status: 429, retryAfterMs: 2000 });
    shop.fail429 = 0;
  });

  it('a revoked token is unauthorized and not retryable; a 5xx is retryable; an unknown shop is not found', async () => {
    const shop = newShop();
    shop.tokens.clear();
    expect(await failureOf(api()(conn(shop)).shopInfo())).toMatchObject({
      kind: 'unauthorized',
      retryable: false,
      status: 401,
      message: 'Shopify answered 401: [API] Invalid API key or access token (unrecognized login or wrong password)',
    });
    const other = newShop();
    other.fail5xx = 1;
    expect(await failureOf(api()(conn(other)).shopInfo())).toMatchObject({ kind: 'server', retryable: true, status: 503, message: 'Shopify answered 503: Service Unavailable' });
    expect((await api()(conn(other)).shopInfo()).name).toBe(other.name);
    expect(await failureOf(api()({ shopDomain: 'nobody.myshopify.com', accessToken: 'x' }).shopInfo())).toMatchObject({ kind: 'not-found', retryable: false, status: 404 });
  });

  it('an unreachable shop is a retryable network error; a non-myshopify host never gets the token', async () => {
    const down = createShopifyApi({ baseUrl: () => 'http://127.0.0.1:1' });
    expect(await failureOf(down({ shopDomain: 'a.myshopify.com', accessToken: 't' }).shopInfo())).toMatchObject({ kind: 'network', retryable: true });
    let called = false;
    const real = createShopifyApi({ fetch: async () => ((called = true), new Response('{}')) });
    expect(await failureOf(real({ shopDomain: 'evil.example.com', accessToken: 't' }).shopInfo())).toMatchObject({ retryable: false });
    expect(called).toBe(false);
  });
});

describe('fulfilments', () => {
  it('ships one order in two parcels with partial quantities; a retry after a lost answer creates nothing', async () => {
    const shop = newShop();
    const order = await fake.createOrder(shop.domain, { lineItems: [{ sku: 'MUG', quantity: 3 }, { sku: 'TEE', quantity: 1 }] });
    const s = api()(conn(shop));
    const first = await s.pushFulfillment({ orderId: String(order.id), lines: [{ sku: 'MUG', quantity: 2 }], tracking: { number: 'P1', company: 'USPS', url: 'https://t.test/P1' } });
    expect(first.id).toMatch(/^gid:\/\/shopify\/Fulfillment\/\d+$/);
    expect(order.fulfillmentOrders[0]!.status).toBe('IN_PROGRESS');
    const second = await s.pushFulfillment({ orderId: `gid://shopify/Order/${order.id}`, lines: [{ sku: 'MUG', quantity: 1 }, { sku: 'TEE', quantity: 1 }], tracking: { number: 'P2', company: 'UPS' } });
    expect(second.id).not.toBe(first.id);
    expect(order.fulfillmentOrders[0]!.status).toBe('CLOSED');

    const held = fake.fulfillments(shop.domain);
    expect(held.map((f) => f.trackingInfo)).toEqual([
      { number: 'P1', company: 'USPS', url: 'https://t.test/P1' },
      { number: 'P2', company: 'UPS', url: null },
    ]);
    const [mugLine, teeLine] = order.fulfillmentOrders[0]!.lines;
    expect(held.map((f) => f.taken.map((t) => [t.lineId, t.quantity]))).toEqual([[[mugLine!.id, 2]], [[mugLine!.id, 1], [teeLine!.id, 1]]]);
    expect(held[0]!.input.lineItemsByFulfillmentOrder).toEqual([
      { fulfillmentOrderId: `gid://shopify/FulfillmentOrder/${order.fulfillmentOrders[0]!.id}`, fulfillmentOrderLineItems: [{ id: `gid://shopify/FulfillmentOrderLineItem/${mugLine!.id}`, quantity: 2 }] },
    ]);

    // The same parcel again (its answer was lost): nothing is open, nothing is created.
    expect(await s.pushFulfillment({ orderId: String(order.id), lines: [{ sku: 'MUG', quantity: 1 }], tracking: { number: 'P2', company: 'UPS' } })).toEqual({ id: null, status: null });
    expect(fake.fulfillments(shop.domain)).toHaveLength(2);
    expect(await failureOf(s.pushFulfillment({ orderId: '1', lines: 'all', tracking: { number: 'X', company: 'Y' } }))).toMatchObject({ kind: 'not-found', retryable: false });
  });

  it("Shopify's userErrors (more than is fulfillable, after the merchant fulfilled by hand meanwhile) come back as 'user-errors'", async () => {
    const shop = newShop();
    const order = await fake.createOrder(shop.domain, { lineItems: [{ sku: 'MUG', quantity: 2 }] });
    fake.hooks.beforeFulfillmentCreate = (_shop, _input) => {
      fake.hooks.beforeFulfillmentCreate = undefined;
      order.fulfillmentOrders[0]!.lines[0]!.remainingQuantity = 1;
    };
    const err = await failureOf(api()(conn(shop)).pushFulfillment({ orderId: String(order.id), lines: [{ sku: 'MUG', quantity: 2 }], tracking: { number: 'N', company: 'C' } }));
    expect(err).toMatchObject({ kind: 'user-errors', retryable: false, userErrors: [{ field: ['fulfillment'], message: 'Invalid fulfillment order line item quantity requested.' }] });
  });

  it('cancels a fulfilment; cancelling it again is already-cancelled; its quantities reopen', async () => {
    const shop = newShop();
    const order = await fake.createOrder(shop.domain, { lineItems: [{ sku: 'MUG', quantity: 1 }] });
    const s = api()(conn(shop));
    const { id } = await s.pushFulfillment({ orderId: String(order.id), lines: 'all', tracking: { number: 'C1', company: 'USPS' } });
    expect(order.fulfillmentOrders[0]!.status).toBe('CLOSED');
    expect(await s.cancelFulfillment(id!)).toBe('cancelled');
    expect(order.fulfillmentOrders[0]!.status).toBe('OPEN');
    expect(await s.cancelFulfillment(id!.split('/').pop()!)).toBe('already-cancelled');
    expect(await failureOf(s.cancelFulfillment('123'))).toMatchObject({ kind: 'not-found', retryable: false });
  });
});

describe('OAuth', () => {
  const redirectUri = 'https://app.test/api/stores/shopify/callback';

  async function approve(shop: string) {
    const url = installUrl({ shop, clientId: CLIENT_ID, scopes: ['read_products', 'read_orders', 'write_fulfillments'], redirectUri, state: 'state-123' }, { baseUrl: fake.baseUrl });
    expect(url).toBe(`${fake.baseUrl(shop)}/admin/oauth/authorize?client_id=${CLIENT_ID}&scope=read_products%2Cread_orders%2Cwrite_fulfillments&redirect_uri=${encodeURIComponent(redirectUri)}&state=state-123`);
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(redirectUri);
    return Object.fromEntries(location.searchParams);
  }

  it('installs: a signed callback is verified, its code traded for a token that works', async () => {
    const query = await approve('oauth-shop.myshopify.com');
    expect(Object.keys(query).sort()).toEqual(['code', 'hmac', 'host', 'shop', 'state', 'timestamp']);
    const check = verifyCallback(query, SECRET, { baseUrl: fake.baseUrl });
    expect(check).toEqual({ ok: true, shop: 'oauth-shop.myshopify.com', code: query['code'], state: 'state-123' });
    const token = await exchangeCode({ shop: 'oauth-shop.myshopify.com', code: query['code']!, clientId: CLIENT_ID, clientSecret: SECRET }, { baseUrl: fake.baseUrl });
    expect(token.scope).toBe('read_products,read_orders,write_fulfillments');
    expect((await api()({ shopDomain: 'oauth-shop.myshopify.com', accessToken: token.accessToken }).shopInfo()).myshopifyDomain).toBe('oauth-shop.myshopify.com');
    // A code is single use.
    expect(await failureOf(exchangeCode({ shop: 'oauth-shop.myshopify.com', code: query['code']!, clientId: CLIENT_ID, clientSecret: SECRET }, { baseUrl: fake.baseUrl }))).toMatchObject({ kind: 'unauthorized', status: 400 });
  });

  it('refuses a tampered or stale callback, a wrong secret, and a shop outside myshopify.com', async () => {
    const query = await approve('oauth-two.myshopify.com');
    expect(verifyCallback({ ...query, state: 'another-state' }, SECRET)).toEqual({ ok: false, reason: 'hmac' });
    expect(verifyCallback({ ...query, hmac: query['hmac']!.slice(2) }, SECRET)).toEqual({ ok: false, reason: 'hmac' });
    expect(verifyCallback(query, 'wrong-secret')).toEqual({ ok: false, reason: 'hmac' });
    expect(verifyCallback(query, SECRET, { now: new Date(Date.now() + 3600_000) })).toEqual({ ok: false, reason: 'stale' });
    const { hmac: _h, ...unsigned } = query;
    expect(verifyCallback(unsigned, SECRET)).toEqual({ ok: false, reason: 'missing' });
    expect(() => installUrl({ shop: 'evil.example.com', clientId: 'c', scopes: [], redirectUri, state: 's' })).toThrow(ShopifyError);
    expect(installUrl({ shop: 'Real-Shop.myshopify.com', clientId: 'c', scopes: ['read_orders'], redirectUri, state: 's' })).toMatch(/^https:\/\/real-shop\.myshopify\.com\/admin\/oauth\/authorize\?/);
  });
});

describe('webhooks', () => {
  it('verifies the signature of the raw body (good, tampered, wrong secret) and reads the headers', () => {
    const body = Buffer.from('{"id":1,"name":"#1001"}');
    const hmac = signWebhook(body, SECRET);
    expect(verifyWebhook(body, hmac, SECRET)).toBe(true);
    expect(verifyWebhook(Buffer.from('{"id":1,"name":"#1002"}'), hmac, SECRET)).toBe(false);
    expect(verifyWebhook(body, hmac, 'other')).toBe(false);
    expect(verifyWebhook(body, undefined, SECRET)).toBe(false);
    expect(
      readWebhookHeaders({ 'x-shopify-topic': 'orders/create', 'x-shopify-shop-domain': 's.myshopify.com', 'x-shopify-webhook-id': 'w1', 'x-shopify-event-id': 'e1', 'x-shopify-triggered-at': 't', 'x-shopify-api-version': '2025-10' }),
    ).toEqual({ topic: 'orders/create', shopDomain: 's.myshopify.com', webhookId: 'w1', eventId: 'e1', triggeredAt: 't', apiVersion: '2025-10' });
    expect(readWebhookHeaders(new Headers({ 'X-Shopify-Event-Id': 'e2' })).webhookId).toBe('e2');
  });

  it('registers subscriptions (again is not an error), and the fake delivers signed, duplicated and reordered webhooks', async () => {
    const received: { headers: IncomingHttpHeaders; body: Buffer }[] = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const uri = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/shopify`;
    try {
      const shop = newShop();
      const s = api()(conn(shop));
      const made = await s.registerWebhooks(uri, ['orders/create', 'orders/updated', 'orders/cancelled']);
      expect(made.map((m) => [m.topic, m.created])).toEqual([['ORDERS_CREATE', true], ['ORDERS_UPDATED', true], ['ORDERS_CANCELLED', true]]);
      const again = await s.registerWebhooks(uri, ['orders/create']);
      expect(again).toEqual([{ topic: 'ORDERS_CREATE', id: made[0]!.id, created: false }]);
      expect((await s.listWebhooks()).map((w) => w.topic)).toEqual(['ORDERS_CREATE', 'ORDERS_UPDATED', 'ORDERS_CANCELLED']);
      expect(await failureOf(s.registerWebhooks(uri, ['no/such_topic']))).toMatchObject({ kind: 'user-errors' });

      // One order, delivered twice: the same webhook id, both signed.
      const order = await fake.createOrder(shop.domain, { lineItems: [{ sku: 'TEE', quantity: 1, properties: [{ name: 'Text', value: 'Hi' }] }] }, { duplicates: 1 });
      expect(received).toHaveLength(2);
      const [a, b] = received.map((r) => ({ ...readWebhookHeaders(r.headers), valid: verifyWebhook(r.body, r.headers['x-shopify-hmac-sha256'], SECRET), body: JSON.parse(r.body.toString()) }));
      expect(a).toMatchObject({ topic: 'orders/create', shopDomain: shop.domain, apiVersion: '2025-10', valid: true });
      expect(b!.webhookId).toBe(a!.webhookId);
      expect(b!.valid).toBe(true);
      expect(a!.body).toMatchObject({ id: order.id, admin_graphql_api_id: `gid://shopify/Order/${order.id}`, name: order.name, line_items: [{ sku: 'TEE', properties: [{ name: 'Text', value: 'Hi' }] }] });

      // Held, then released newest first: orders/updated arrives before orders/create.
      received.length = 0;
      fake.webhooks.hold();
      const second = await fake.createOrder(shop.domain, { lineItems: [{ sku: 'TEE' }] });
      await fake.updateOrder(shop.domain, second.id, { shippingAddress: { city: 'Dallas' } });
      expect(received).toHaveLength(0);
      expect(await fake.webhooks.release()).toBe(2);
      expect(received.map((r) => r.headers['x-shopify-topic'])).toEqual(['orders/updated', 'orders/create']);
      expect(JSON.parse(received[0]!.body.toString()).shipping_address.city).toBe('Dallas');

      // Privacy webhooks go to the app's compliance URI; app/uninstalled revokes the token.
      received.length = 0;
      fake.setComplianceUri(uri);
      await fake.privacy(shop.domain, 'customers/redact', { email: 'jane.buyer@example.com' });
      await fake.privacy(shop.domain, 'shop/redact');
      expect(received.map((r) => [r.headers['x-shopify-topic'], JSON.parse(r.body.toString()).shop_domain])).toEqual([
        ['customers/redact', shop.domain],
        ['shop/redact', shop.domain],
      ]);
      expect(JSON.parse(received[0]!.body.toString()).orders_to_redact).toEqual([order.id, second.id]);
      await s.registerWebhooks(uri, ['app/uninstalled']);
      received.length = 0;
      await fake.uninstall(shop.domain);
      expect(received.map((r) => r.headers['x-shopify-topic'])).toEqual(['app/uninstalled']);
      expect(await failureOf(s.shopInfo())).toMatchObject({ kind: 'unauthorized' });
    } finally {
      fake.setComplianceUri(null);
      await new Promise<void>((r) => receiver.close(() => r()));
    }
  });
});
