/**
 * The WooCommerce adapter (modules/stores/woocommerce) against the local WooCommerce fake (fakes/woocommerce):
 * every StorePlatformApi operation, paging, errors and their kinds, tracking pushed once however often it is
 * retried, webhook signatures and a disabled webhook made active again, the consent flow and hand-typed keys;
 * the store URL guard (pure, with an injected resolver and fetch).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FAILURES, startWooCommerceFake, type WooCommerceFake } from '../fakes/woocommerce';
import {
  authorizeUrl,
  checkKeys,
  createWooCommerceApi,
  createWooCommerceRequest,
  financialStatus,
  gmtIso,
  guardStoreUrl,
  parseKeysCallback,
  readWooWebhookHeaders,
  verifyWooWebhook,
  webhookPingId,
  WooCommerceError,
  wooWebhookOrderOf,
  type Resolver,
  type WooCommerceConnection,
} from '../src/modules/stores/woocommerce';
import { StoreApiError } from '../src/modules/stores/store-api-error';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let fake: WooCommerceFake;
let receiver: ReturnType<typeof createServer>;
let receiverUrl = '';
const received: Received[] = [];
/** What the receiver answers; a test sets 500 to make deliveries fail. */
let receiverStatus = 200;
let n = 0;

const waits: number[] = [];
const woo = (opts: Parameters<typeof createWooCommerceApi>[0] = {}) =>
  createWooCommerceApi({ allowPrivateForTests: true, sleep: async (ms) => void waits.push(ms), ...opts });
/** A fresh store per test: its own keys, catalogue, orders and webhooks. */
function newStore(permissions?: 'read' | 'read_write'): WooCommerceConnection & { slug: string } {
  const { store, key } = fake.createStore({ slug: `store-${++n}`, name: `Store ${n}`, permissions });
  return { slug: store.slug, storeUrl: fake.storeUrl(store.slug), consumerKey: key.consumerKey, consumerSecret: key.consumerSecret };
}

async function failureOf(promise: Promise<unknown>): Promise<WooCommerceError> {
  const err = await promise.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(WooCommerceError);
  return err as WooCommerceError;
}

beforeAll(async () => {
  fake = await startWooCommerceFake();
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      res.writeHead(receiverStatus).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await fake?.close();
  receiver?.closeAllConnections();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

describe('catalogue and shop', () => {
  it('reads the shop, counts products and pages through them with their variations', async () => {
    const conn = newStore();
    await fake.seedProducts(conn.slug, { count: 4, variationsPerProduct: 3 });
    await fake.seedProducts(conn.slug, { count: 1, variationsPerProduct: 0 });
    const store = woo()(conn);
    expect(await store.shopInfo()).toMatchObject({ name: conn.slug.replace('store-', 'Store '), currencyCode: 'USD', myshopifyDomain: new URL(conn.storeUrl).host });
    expect(await store.countProducts()).toBe(5);

    const first = await store.listProducts({ first: 3 });
    expect(first.items).toHaveLength(3);
    expect(first.pageInfo).toEqual({ hasNextPage: true, endCursor: '2' });
    const second = await store.listProducts({ first: 3, after: first.pageInfo.endCursor });
    expect(second.items).toHaveLength(2);
    expect(second.pageInfo).toEqual({ hasNextPage: false, endCursor: null });

    const variable = first.items[0]!;
    expect(variable).toMatchObject({ title: 'Tee 1', handle: 'tee-1', status: 'ACTIVE', productType: 'Clothing', variantsTruncated: false });
    expect(variable.options).toEqual([{ name: 'Color', values: ['Black'] }, { name: 'Size', values: ['S', 'M', 'L'] }]);
    expect(variable.variants.map((v) => v.sku)).toEqual(['WOO1-BLACK-S', 'WOO1-BLACK-M', 'WOO1-BLACK-L']);
    expect(variable.variants[0]).toMatchObject({ title: 'Black / S', priceCents: 1999, selectedOptions: [{ name: 'Color', value: 'Black' }, { name: 'Size', value: 'S' }] });
    expect(typeof variable.id).toBe('string');

    const simple = second.items[1]!;
    expect(simple.options).toEqual([]);
    expect(simple.variants).toEqual([expect.objectContaining({ id: simple.id, sku: 'WOO5', priceCents: 2199, title: 'Tee 5' })]);

    expect((await store.getProduct(variable.id))?.variants).toHaveLength(3);
    expect(await store.getProduct('999999')).toBeNull();
  });
});

describe('orders', () => {
  it('normalises an order: name, paid status, address, lines with variant ids and custom attributes', async () => {
    const conn = newStore();
    await fake.seedProducts(conn.slug, { count: 1, variationsPerProduct: 2 });
    await fake.seedProducts(conn.slug, { count: 1 });
    const made = await fake.createOrder(conn.slug, {
      lineItems: [{ sku: 'WOO1-BLACK-M', quantity: 2, meta: { 'Engraving': 'For Ann', '_reduced_stock': '2' } }, { sku: 'WOO2' }],
    });
    const order = (await woo()(conn).getOrder(String(made['id'])))!;
    expect(order).toMatchObject({
      externalId: String(made['id']),
      name: '#1001',
      displayFinancialStatus: 'PAID',
      cancelledAt: null,
      currencyCode: 'USD',
      email: 'john.doe@example.com',
      addressMissing: false,
      shippingAddress: { name: 'John Doe', address1: '969 Market', city: 'San Francisco', provinceCode: 'CA', zip: '94103', countryCode: 'US', phone: '(555) 555-5555' },
      shippingLines: [{ title: 'Flat Rate', code: 'flat_rate' }],
    });
    expect(order.totals).toEqual({ totalCents: 1999 * 2 + 2199 + 1000, subtotalCents: 1999 * 2 + 2199, shippingCents: 1000, taxCents: 0, discountsCents: 0 });
    expect(order.createdAt).toMatch(/Z$/);
    const [variantLine, simpleLine] = order.lineItems;
    const products = fake.store(conn.slug).products;
    const [variable, simple] = [...products.values()];
    expect(variantLine).toMatchObject({ sku: 'WOO1-BLACK-M', quantity: 2, unitPriceCents: 1999, productId: String(variable!['id']), customAttributes: [{ key: 'Engraving', value: 'For Ann' }] });
    expect(variantLine!.variantId).toBe(String((variable!['variations'] as number[])[1]));
    // A simple product's line: variation_id 0, its variant is the product.
    expect(simpleLine).toMatchObject({ variantId: String(simple!['id']), productId: String(simple!['id']), customAttributes: [] });
    expect(await woo()(conn).getOrder('424242')).toBeNull();
  });

  it('reads pending, cancelled and address-less orders as such', async () => {
    const conn = newStore();
    const pending = await fake.createOrder(conn.slug, { lineItems: [{ sku: 'X' }], status: 'pending' });
    const virtual = await fake.createOrder(conn.slug, { lineItems: [{ sku: 'X' }], shipping: null });
    const cancelled = await fake.createOrder(conn.slug, { lineItems: [{ sku: 'X' }] });
    await fake.updateOrder(conn.slug, cancelled['id'] as number, { status: 'cancelled' });
    const store = woo()(conn);
    expect((await store.getOrder(String(pending['id'])))?.displayFinancialStatus).toBe('PENDING');
    expect(await store.getOrder(String(virtual['id']))).toMatchObject({ shippingAddress: null, addressMissing: true });
    const gone = (await store.getOrder(`#${String(cancelled['id'])}`))!;
    expect(gone.cancelledAt).toBe(gone.updatedAt);
  });

  it('lists orders by last change since a moment, page by page', async () => {
    const conn = newStore();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await fake.createOrder(conn.slug, { lineItems: [{ sku: 'X' }] }))['id'] as number);
    const store = woo()(conn);
    const since = (await store.getOrder(String(ids[1])))!.updatedAt;
    // The first order changes last: it comes last, and counts as changed since.
    await fake.updateOrder(conn.slug, ids[0]!, { status: 'on-hold' });
    const first = await store.listOrders({ first: 2, updatedAtMin: since });
    expect(first.items.map((o) => Number(o.externalId))).toEqual([ids[2], ids[3]]);
    const second = await store.listOrders({ first: 2, after: first.pageInfo.endCursor, updatedAtMin: new Date(since) });
    expect(second.items.map((o) => Number(o.externalId))).toEqual([ids[4], ids[0]]);
    expect(second.pageInfo.hasNextPage).toBe(false);
    expect((await store.listOrders({ first: 100 })).items).toHaveLength(5);
    const call = fake.requests.filter((r) => r.store === conn.slug && r.path === '/wp-json/wc/v3/orders');
    expect(call).toHaveLength(3);
  });
});

describe('errors', () => {
  it('maps bad keys, read-only keys, 404, 429, 500, 400 and an unreachable store to kinds', async () => {
    const conn = newStore();
    const order = await fake.createOrder(conn.slug, { lineItems: [{ sku: 'X' }] });

    const badKey = await failureOf(woo()({ ...conn, consumerKey: `ck_${'0'.repeat(40)}` }).countProducts());
    expect(badKey).toMatchObject({ kind: 'unauthorized', retryable: false, status: 401, code: 'woocommerce_rest_authentication_error' });
    // What the jobs test for, whatever the platform (endOnRefusedToken).
    expect(badKey).toBeInstanceOf(StoreApiError);
    const readOnly = fake.addKey(fake.store(conn.slug), { permissions: 'read' });
    const denied = await failureOf(woo()({ ...conn, consumerKey: readOnly.consumerKey, consumerSecret: readOnly.consumerSecret }).pushFulfillment({ orderId: String(order['id']), lines: 'all', tracking: { number: '1Z', company: 'UPS' } }));
    expect(denied).toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(await failureOf(woo()({ ...conn, consumerKey: '' }).countProducts())).toMatchObject({ kind: 'unauthorized' });

    const missing = await failureOf(woo()(conn).pushFulfillment({ orderId: '99999', lines: 'all', tracking: { number: '1', company: 'UPS' } }));
    expect(missing).toMatchObject({ kind: 'not-found', retryable: false });

    fake.store(conn.slug).fail429 = 2;
    waits.length = 0;
    expect(await woo()(conn).countProducts()).toBe(0);
    expect(waits).toEqual([2000, 2000]);
    fake.store(conn.slug).fail429 = 1;
    fake.store(conn.slug).retryAfter = '60';
    const throttled = await failureOf(woo()(conn).countProducts());
    expect(throttled).toMatchObject({ kind: 'throttled', retryable: true, status: 429, retryAfterMs: 60_000, code: 'rate_limit_exceeded' });

    fake.store(conn.slug).fail5xx = 1;
    expect(await failureOf(woo()(conn).listOrders({ first: 5 }))).toMatchObject({ kind: 'server', retryable: true, status: 500, code: 'internal_server_error' });

    const raw = createWooCommerceRequest({ allowPrivateForTests: true });
    const invalid = await failureOf(raw(conn, { path: '/orders', query: { per_page: 500 } }));
    expect(invalid).toMatchObject({ kind: 'user-errors', retryable: false, status: 400, code: 'rest_invalid_param' });
    expect(invalid.userErrors[0]?.message).toContain('per_page');

    const down = await failureOf(woo()({ ...conn, storeUrl: 'http://127.0.0.1:1' }).countProducts());
    expect(down).toMatchObject({ kind: 'network', retryable: true });
  });
});

describe('fulfilment', () => {
  const tracking = { number: '1Z999AA10123456784', company: 'UPS', url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' };

  it('completes the order with Shipment Tracking meta and a customer note, once however often retried', async () => {
    const conn = newStore();
    const order = await fake.createOrder(conn.slug, { lineItems: [{ sku: 'X', quantity: 1 }] });
    const id = order['id'] as number;
    const store = woo()(conn);
    const pushed = await store.pushFulfillment({ orderId: String(id), lines: 'all', tracking });
    expect(pushed.id).toMatch(new RegExp(`^${id}:[0-9a-f]{32}$`));
    expect(fake.order(fake.store(conn.slug), id)?.['status']).toBe('completed');
    const again = await store.pushFulfillment({ orderId: String(id), lines: 'all', tracking });
    expect(again.id).toBe(pushed.id);

    const items = (fake.order(fake.store(conn.slug), id)!['meta_data'] as { key: string; value: Record<string, string>[] }[]).find((m) => m.key === '_wc_shipment_tracking_items')!.value;
    expect(items).toEqual([{
      tracking_provider: '', custom_tracking_provider: 'UPS', tracking_number: tracking.number, custom_tracking_link: tracking.url,
      date_shipped: expect.stringMatching(/^\d+$/), tracking_id: pushed.id!.split(':')[1],
    }]);
    const notes = fake.store(conn.slug).notes.get(id)!;
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ customer_note: true, note: expect.stringContaining(tracking.number) });

    // A second parcel, then both cancelled: the order is to be shipped again.
    const second = await store.pushFulfillment({ orderId: String(id), lines: 'all', tracking: { number: 'LX123', company: 'La Poste' }, notifyCustomer: false });
    expect(fake.store(conn.slug).notes.get(id)![0]).toMatchObject({ customer_note: false });
    expect(await store.cancelFulfillment(pushed.id!)).toBe('cancelled');
    expect(await store.cancelFulfillment(pushed.id!)).toBe('already-cancelled');
    expect(fake.order(fake.store(conn.slug), id)?.['status']).toBe('completed');
    expect(await store.cancelFulfillment(second.id!)).toBe('cancelled');
    const after = fake.order(fake.store(conn.slug), id)!;
    expect(after['status']).toBe('processing');
    expect((after['meta_data'] as { key: string; value: unknown[] }[]).find((m) => m.key === '_wc_shipment_tracking_items')!.value).toEqual([]);
    expect(fake.store(conn.slug).notes.get(id)![0]).toMatchObject({ customer_note: false, note: expect.stringContaining('LX123') });
    expect(await failureOf(store.cancelFulfillment('not-an-id'))).toMatchObject({ kind: 'not-found' });
  });

  it('adds the note a lost answer left out, and refuses a cancelled order', async () => {
    const conn = newStore();
    const order = await fake.createOrder(conn.slug, { lineItems: [{ sku: 'X' }] });
    const id = order['id'] as number;
    const store = woo()(conn);
    await store.pushFulfillment({ orderId: String(id), lines: 'all', tracking });
    fake.store(conn.slug).notes.set(id, []);
    await store.pushFulfillment({ orderId: String(id), lines: 'all', tracking });
    expect(fake.store(conn.slug).notes.get(id)).toHaveLength(1);

    const cancelled = await fake.createOrder(conn.slug, { lineItems: [{ sku: 'X' }], status: 'cancelled' });
    const refused = await failureOf(store.pushFulfillment({ orderId: String(cancelled['id']), lines: 'all', tracking }));
    expect(refused).toMatchObject({ kind: 'user-errors', retryable: false });
  });
});

describe('webhooks', () => {
  it('registers once, delivers signed bodies, and re-activates a webhook disabled after failed deliveries', async () => {
    const conn = { ...newStore(), webhookSecret: 'whsec-test' };
    const store = woo()(conn);
    const callback = `${receiverUrl}/webhooks/woo`;
    received.length = 0;
    const topics = ['order.created', 'order.updated', 'orders/delete'];
    const made = await store.registerWebhooks(callback, topics);
    expect(made.map((w) => [w.topic, w.created])).toEqual([['order.created', true], ['order.updated', true], ['order.deleted', true]]);
    expect((await store.registerWebhooks(callback, topics)).every((w) => !w.created)).toBe(true);
    expect(await store.listWebhooks()).toHaveLength(3);

    // The creation pings: form-encoded, no topic.
    const ping = received[0]!;
    const pingHeaders = readWooWebhookHeaders(ping.headers);
    expect(webhookPingId(ping.body, pingHeaders)).toBe(made[0]!.id);
    expect(verifyWooWebhook(ping.body, pingHeaders.signature, 'whsec-test')).toBe(true);

    received.length = 0;
    const order = await fake.createOrder(conn.slug, { lineItems: [{ sku: 'X', meta: { Artwork: 'https://cdn.example.com/art/1.png' } }] });
    const delivery = received.find((r) => r.headers['x-wc-webhook-topic'] === 'order.created')!;
    const headers = readWooWebhookHeaders(delivery.headers);
    expect(headers).toMatchObject({ topic: 'order.created', resource: 'order', event: 'created', webhookId: made[0]!.id, source: `${conn.storeUrl}/` });
    expect(headers.deliveryId).toMatch(/^\d+$/);
    expect(webhookPingId(delivery.body, headers)).toBeNull();
    expect(verifyWooWebhook(Buffer.from(delivery.body), headers.signature, 'whsec-test')).toBe(true);
    expect(verifyWooWebhook(delivery.body, headers.signature, 'another-secret')).toBe(false);
    expect(verifyWooWebhook(delivery.body.replace('"status"', '"Status"'), headers.signature, 'whsec-test')).toBe(false);
    // Re-serialised JSON differs from the PHP-encoded bytes (escaped slashes): only the raw body verifies.
    expect(verifyWooWebhook(JSON.stringify(JSON.parse(delivery.body)), headers.signature, 'whsec-test')).toBe(false);
    expect(verifyWooWebhook(delivery.body, undefined, 'whsec-test')).toBe(false);
    expect(wooWebhookOrderOf(JSON.parse(delivery.body))).toEqual(await store.getOrder(String(order['id'])));
    expect(wooWebhookOrderOf({ id: 7 })).toBeNull();

    receiverStatus = 500;
    try {
      for (let i = 0; i < MAX_FAILURES; i++) await fake.updateOrder(conn.slug, order['id'] as number, { status: 'on-hold' });
    } finally {
      receiverStatus = 200;
    }
    const updated = (await store.listWebhooks()).find((w) => w.topic === 'order.updated')!;
    expect(updated.active).toBe(false);
    const again = await store.registerWebhooks(callback, ['order.updated']);
    expect(again).toEqual([{ topic: 'order.updated', id: updated.id, created: false }]);
    expect((await store.listWebhooks()).every((w) => w.active)).toBe(true);
    received.length = 0;
    await fake.updateOrder(conn.slug, order['id'] as number, { status: 'processing' });
    expect(received.filter((r) => r.headers['x-wc-webhook-topic'] === 'order.updated')).toHaveLength(1);
  });
});

describe('connecting a store', () => {
  it('runs the consent flow: keys POSTed to the callback under our state, merchant sent back', async () => {
    const { slug, storeUrl } = newStore();
    received.length = 0;
    const url = await authorizeUrl(
      { storeUrl, appName: 'Fulfilment', state: 'state-123', returnUrl: 'https://app.example/stores/return', callbackUrl: `${receiverUrl}/wc-keys` },
      { allowPrivateForTests: true },
    );
    expect(url).toBe(`${storeUrl}/wc-auth/v1/authorize?app_name=Fulfilment&scope=read_write&user_id=state-123&return_url=${encodeURIComponent('https://app.example/stores/return')}&callback_url=${encodeURIComponent(`${receiverUrl}/wc-keys`)}`);
    const answer = await fetch(url, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('https://app.example/stores/return?success=1&user_id=state-123');
    const posted = received.find((r) => r.path === '/wc-keys')!;
    const keys = parseKeysCallback(posted.body, 'state-123');
    expect(keys).toMatchObject({ ok: true, state: 'state-123', permissions: 'read_write' });
    expect(parseKeysCallback(posted.body, 'someone-else')).toEqual({ ok: false, reason: 'state' });
    expect(parseKeysCallback('{"consumer_key":1}', 'state-123')).toEqual({ ok: false, reason: 'malformed' });
    const body = JSON.parse(posted.body) as Record<string, unknown>;
    expect(parseKeysCallback({ ...body, key_permissions: 'read' }, 'state-123')).toEqual({ ok: false, reason: 'permissions' });
    if (!keys.ok) throw new Error('keys refused');
    const conn = { storeUrl, consumerKey: keys.consumerKey, consumerSecret: keys.consumerSecret };
    await checkKeys(conn, { allowPrivateForTests: true });
    expect(fake.store(slug).keys.at(-1)?.userId).toBe('state-123');
  });

  it('checks keys typed by hand with one call', async () => {
    const conn = newStore();
    await checkKeys({ ...conn, consumerKey: ` ${conn.consumerKey} ` }, { allowPrivateForTests: true });
    const wrong = await failureOf(checkKeys({ ...conn, consumerSecret: `cs_${'1'.repeat(40)}` }, { allowPrivateForTests: true }));
    expect(wrong).toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(await failureOf(checkKeys({ ...conn, consumerKey: 'ck_short' }, { allowPrivateForTests: true }))).toMatchObject({ kind: 'unauthorized', code: 'malformed_keys' });
  });
});

describe('store URL guard', () => {
  const names: Record<string, string[]> = {
    'shop.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
    'www.shop.example.com': ['93.184.216.35'],
    'rebind.example.com': ['127.0.0.1'],
    'split.example.com': ['93.184.216.34', '10.0.0.5'],
    'mapped.example.com': ['::ffff:169.254.169.254'],
  };
  const resolve: Resolver = async (host) => (names[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  const refused = async (url: string) => (await failureOf(guardStoreUrl(url, { resolve }))).code;

  it('lets a public https store through and refuses http, private, loopback and link-local addresses', async () => {
    expect((await guardStoreUrl('https://shop.example.com/wp', { resolve })).href).toBe('https://shop.example.com/wp');
    for (const url of [
      'http://shop.example.com', 'ftp://shop.example.com', 'https://10.1.2.3', 'https://169.254.169.254/latest/meta-data', 'https://[::1]',
      'https://[::ffff:127.0.0.1]', 'https://2130706433', 'https://100.64.0.1', 'https://172.16.5.4', 'https://192.168.0.1', 'https://[fd00::1]',
      'https://[fe80::1]', 'https://0.0.0.0', 'https://rebind.example.com', 'https://split.example.com', 'https://mapped.example.com',
      'https://user:pass@shop.example.com', 'not a url',
    ]) {
      expect(await refused(url), url).toBe('store_url_refused');
    }
    // localhost through the system resolver (/etc/hosts answers offline).
    expect((await failureOf(guardStoreUrl('https://localhost'))).code).toBe('store_url_refused');
    expect(await failureOf(guardStoreUrl('https://nowhere.example.com', { resolve }))).toMatchObject({ kind: 'network', retryable: true });
  });

  it('checks every redirect hop, never replays a write elsewhere, stops after three hops', async () => {
    const conn = { storeUrl: 'https://shop.example.com', consumerKey: `ck_${'a'.repeat(40)}`, consumerSecret: `cs_${'b'.repeat(40)}` };
    const seen: { url: string; auth: boolean }[] = [];
    const redirectTo = (location: (hop: number) => string): typeof fetch => async (input, init) => {
      seen.push({ url: String(input), auth: new Headers(init?.headers).has('Authorization') });
      return new Response(null, { status: 301, headers: { Location: location(seen.length) } });
    };
    const api = (f: typeof fetch) => createWooCommerceApi({ fetch: f, resolve })(conn);

    seen.length = 0;
    expect((await failureOf(api(redirectTo(() => 'http://169.254.169.254/latest')).countProducts())).code).toBe('store_url_refused');
    expect(seen).toHaveLength(1);
    seen.length = 0;
    expect((await failureOf(api(redirectTo(() => 'https://rebind.example.com/')).countProducts())).code).toBe('store_url_refused');
    seen.length = 0;
    expect((await failureOf(api(redirectTo((hop) => `https://shop.example.com/${hop}`)).countProducts())).code).toBe('store_url_moved');
    expect(seen).toHaveLength(4);
    seen.length = 0;
    await failureOf(api(redirectTo(() => 'https://www.shop.example.com/')).countProducts());
    // The keys stay with the store's own origin.
    expect(seen.map((s) => s.auth)).toEqual([true, false, false, false]);
    seen.length = 0;
    const raw = createWooCommerceRequest({ fetch: redirectTo(() => 'https://shop.example.com/elsewhere'), resolve });
    expect((await failureOf(raw(conn, { method: 'PUT', path: '/orders/1', body: { status: 'completed' } }))).code).toBe('store_url_moved');
    expect(seen).toHaveLength(1);
  });

  it('refuses the test-only option in production', () => {
    expect(() => createWooCommerceApi({ allowPrivateForTests: true, nodeEnv: 'production' })).toThrow(/refused when NODE_ENV=production/);
    expect(() => createWooCommerceApi({ allowPrivateForTests: true, nodeEnv: 'test' })).not.toThrow();
  });

  it('refuses it for the consent URL too', async () => {
    const input = { storeUrl: 'http://127.0.0.1:1/shop', appName: 'A', state: 's', returnUrl: 'https://a.example/r', callbackUrl: 'https://a.example/c' };
    await expect(authorizeUrl(input, { allowPrivateForTests: true, nodeEnv: 'production' })).rejects.toThrow(/NODE_ENV=production/);
    expect(await refused(input.storeUrl)).toBe('store_url_refused');
  });
});

describe('pure mapping', () => {
  it('reads GMT dates and financial status', () => {
    expect(gmtIso('2017-03-22T19:28:02')).toBe('2017-03-22T19:28:02.000Z');
    expect(gmtIso('2017-03-22T19:28:02+02:00')).toBe('2017-03-22T17:28:02.000Z');
    expect(gmtIso(null)).toBeNull();
    expect(financialStatus({ status: 'on-hold', date_paid_gmt: null })).toBe('PENDING');
    expect(financialStatus({ status: 'on-hold', date_paid_gmt: '2017-03-22T19:28:02' })).toBe('PAID');
    expect(financialStatus({ status: 'completed', date_paid_gmt: null })).toBe('PAID');
    expect(financialStatus({ status: 'refunded', date_paid_gmt: '2017-03-22T19:28:02' })).toBe('REFUNDED');
  });
});
