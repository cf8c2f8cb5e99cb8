/**
 * WooCommerce end to end against the local fake (docs/stores-woocommerce.md): the consent flow (the fake POSTs
 * the keys to our callback over HTTP), keys typed by hand, who may connect, the sealed state, the webhooks the
 * store delivers (signature, ping, once per delivery id, orders and products queued), the hourly webhook health
 * check, a refused key, and tracking pushed back to the store.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, ne } from 'drizzle-orm';
import { STORE_MSG, WOO_MSG } from '@fbo/shared';
import { PERSONA } from './helpers/personas';
import { connectByConsent, fakeStore, useWooCommerceApiTest, wooWebhook } from './helpers/woocommerce-store';
import { auditEntries, orderItems, orderShipments, orders, products, productVariants, sellerTeams, storeWebhooks, stores } from '../src/db/schema/index';
import { resolveSecretBox } from '../src/lib/secret-box';
import { openCredentials, type WooCommerceCredentials } from '../src/modules/stores/store-credentials';
import { WOO_WEBHOOKS_CHECK } from '../src/modules/stores/woocommerce-webhook-health';

const { t, fake, publicUrl } = useWooCommerceApiTest();
const { call } = t;
const db = () => t.database.db;
const { SELLER, OTHER_SELLER, STAFF, SELLER_SUPPORT, OWNER } = PERSONA;

let consent: ReturnType<typeof fakeStore>;
let storeId: string;
let agencyId: string;
let secret: string;
/** The order the store's webhook brought (its id here and in the store). */
let arrived: { id: string; storeOrderId: number };

const storeRow = async (id: string) => (await db().select().from(stores).where(eq(stores.id, id)))[0]!;
const credentialsOf = async (id: string) => openCredentials<WooCommerceCredentials>(await resolveSecretBox(db()), await storeRow(id))!;
const hookPath = () => `/api/webhooks/woocommerce/${agencyId}/${storeId}`;
const fakeHooks = (slug: string) => [...fake().store(slug).webhooks.values()];
const runHealthCheck = async () => {
  await t.app.jobs.enqueue(db(), { kind: WOO_WEBHOOKS_CHECK });
  await t.app.jobs.drain();
};

beforeAll(() => {
  consent = fakeStore(fake(), 'consent-shop', { name: 'Consent Shop' });
});

describe('connecting by consent', () => {
  it('the store’s consent POSTs the keys to us: the store is connected with its keys sealed and its webhooks registered', async () => {
    const { landing } = await connectByConsent(t, SELLER, consent.storeUrl);
    expect(landing!.pathname).toBe('/cms/s/integrations');
    storeId = landing!.searchParams.get('connected')!;
    expect(storeId).toMatch(/^[0-9a-f-]{36}$/);
    const row = await storeRow(storeId);
    agencyId = row.agencyId;
    expect(row).toMatchObject({ platform: 'woocommerce', shopDomain: consent.storeUrl, name: 'Consent Shop', currency: 'USD', status: 'connected', scopes: 'read_write' });
    expect(row.credentials).not.toContain('ck_');
    const sealed = await credentialsOf(storeId);
    expect(sealed.consumerKey).toMatch(/^ck_[0-9a-f]{40}$/);
    expect(sealed.webhookSecret).toMatch(/^[0-9a-f]{64}$/);
    secret = sealed.webhookSecret;
    // The fake's key was made for our sealed state, with read_write.
    expect(fake().store('consent-shop').keys.find((k) => k.consumerKey === sealed.consumerKey)?.permissions).toBe('read_write');

    await t.app.jobs.drain();
    const hooks = fakeHooks('consent-shop');
    expect(hooks.map((h) => h.topic).sort()).toEqual(['order.created', 'order.deleted', 'order.updated', 'product.created', 'product.deleted', 'product.updated']);
    expect(hooks.every((h) => h.delivery_url === `${publicUrl()}${hookPath()}` && h.status === 'active' && h.secret === secret)).toBe(true);
    // Each creation ping reached us and was answered 200 without a record.
    const pings = fake().webhooks.deliveries.filter((d) => d.store === 'consent-shop' && d.topic === null);
    expect(pings.map((p) => p.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await db().select().from(storeWebhooks).where(eq(storeWebhooks.storeId, storeId))).toHaveLength(0);
    expect((await storeRow(storeId)).webhooksCheckedAt).toBeInstanceOf(Date);
    const [audit] = await db().select().from(auditEntries).where(and(eq(auditEntries.entity, 'store'), eq(auditEntries.entityId, storeId)));
    expect(audit).toMatchObject({ action: 'connect' });
    expect(JSON.stringify(audit!.after)).not.toContain('ck_');
  });

  it('a tampered state is refused: the store shows an error and keeps no key; a refusal or a forged callback connects nothing', async () => {
    const other = fakeStore(fake(), 'tamper-shop');
    const { consent: answer, landing } = await connectByConsent(t, SELLER, other.storeUrl, (url) => url.searchParams.set('user_id', `${url.searchParams.get('user_id')}x`));
    expect(answer.status).toBe(400);
    expect(landing).toBeNull();
    expect(fake().store('tamper-shop').keys).toHaveLength(1);

    const forged = await call(null, 'POST', '/api/stores/woocommerce/callback', {
      key_id: 9, user_id: 'not-ours', consumer_key: `ck_${'a'.repeat(40)}`, consumer_secret: `cs_${'b'.repeat(40)}`, key_permissions: 'read_write',
    });
    expect(forged).toMatchObject({ status: 400, body: { message: WOO_MSG.notConfirmed } });

    const started = await call(SELLER, 'POST', '/api/stores/woocommerce/connect', { storeUrl: other.storeUrl });
    const state = new URL(started.body.url).searchParams.get('return_url')!;
    const refused = await t.send(null, 'GET', `${new URL(state).pathname}${new URL(state).search}&success=0`);
    expect(refused.statusCode).toBe(302);
    expect(new URL(refused.headers.location as string).searchParams.get('error')).toBe(WOO_MSG.refused);
    expect(await db().select().from(stores).where(eq(stores.shopDomain, other.storeUrl))).toHaveLength(0);
  });

  it('another team of the agency cannot take the store (another agency may); staff, the owner and a seller sub-user may not connect', async () => {
    // Another agency's team may connect the same store (its own row); a second team of one agency may not.
    expect((await call(OTHER_SELLER, 'POST', '/api/stores/woocommerce/connect', { storeUrl: consent.storeUrl })).status).toBe(200);
    const taken = fakeStore(fake(), 'taken-shop');
    const [team] = await db().select({ id: sellerTeams.id }).from(sellerTeams)
      .where(and(eq(sellerTeams.agencyId, agencyId), ne(sellerTeams.id, (await storeRow(storeId)).sellerTeamId)));
    await db().insert(stores).values({ agencyId, sellerTeamId: team!.id, platform: 'woocommerce', name: 'Taken', shopDomain: taken.storeUrl });
    expect(await call(SELLER, 'POST', '/api/stores/woocommerce/connect', { storeUrl: `${taken.storeUrl}/` })).toMatchObject({ status: 400, body: { message: STORE_MSG.shopTaken } });
    const keys = { storeUrl: taken.storeUrl, consumerKey: taken.consumerKey, consumerSecret: taken.consumerSecret };
    expect(await call(SELLER, 'POST', '/api/stores/woocommerce/keys', keys)).toMatchObject({ status: 400, body: { message: STORE_MSG.shopTaken } });
    for (const who of [STAFF, SELLER_SUPPORT, OWNER]) {
      expect((await call(who, 'POST', '/api/stores/woocommerce/connect', { storeUrl: consent.storeUrl })).status).toBe(403);
      expect((await call(who, 'POST', '/api/stores/woocommerce/keys', keys)).status).toBe(403);
    }
    expect((await call(null, 'POST', '/api/stores/woocommerce/connect', { storeUrl: consent.storeUrl })).status).toBe(401);
  });
});

describe('the public routes refuse junk without a 5xx', () => {
  it('the consent callback, the return and the webhook answer 4xx or a redirect to an error', async () => {
    for (const body of [{}, { user_id: 'a\u0000b' }, { key_id: 1, user_id: 7, consumer_key: 'x', consumer_secret: 'y', key_permissions: 'all' }]) {
      expect((await call(null, 'POST', '/api/stores/woocommerce/callback', body)).status).toBe(400);
    }
    expect((await t.send(null, 'GET', '/api/stores/woocommerce/return?success=2')).statusCode).toBe(400);
    const lost = await t.send(null, 'GET', '/api/stores/woocommerce/return?success=1&state=forged');
    expect(lost.statusCode).toBe(302);
    expect(new URL(lost.headers.location as string).searchParams.get('error')).toBe(WOO_MSG.notConfirmed);
    expect((await wooWebhook(t, hookPath(), 'order.created', '9', '{not json', secret)).statusCode).toBe(400);
    expect((await wooWebhook(t, hookPath(), 'order.created', '9', 'hello', secret, 'text/plain')).statusCode).toBe(401);
    expect((await wooWebhook(t, '/api/webhooks/woocommerce/x/y', 'order.created', '9', '{}', secret)).statusCode).toBe(400);
  });
});

describe('keys typed by hand', () => {
  it('good keys connect the store at once; malformed, refused keys and a site without WooCommerce are refused with a reason', async () => {
    const shop = fakeStore(fake(), 'keys-shop', { name: 'Keys Shop' });
    const good = await call(SELLER, 'POST', '/api/stores/woocommerce/keys', { storeUrl: `${shop.storeUrl}/`, consumerKey: shop.consumerKey, consumerSecret: shop.consumerSecret });
    expect(good.status).toBe(200);
    expect(good.body).toMatchObject({ message: WOO_MSG.connected, data: { platform: 'woocommerce', name: 'Keys Shop', status: 'connected' } });
    expect((await storeRow(good.body.data.id)).shopDomain).toBe(shop.storeUrl);
    expect(JSON.stringify(good.body)).not.toContain(shop.consumerSecret);

    const malformed = await call(SELLER, 'POST', '/api/stores/woocommerce/keys', { storeUrl: shop.storeUrl, consumerKey: 'ck_short', consumerSecret: shop.consumerSecret });
    expect(malformed.status).toBe(400);
    const refused = await call(SELLER, 'POST', '/api/stores/woocommerce/keys', { storeUrl: shop.storeUrl, consumerKey: shop.consumerKey, consumerSecret: `cs_${'0'.repeat(40)}` });
    expect(refused).toMatchObject({ status: 400, body: { message: WOO_MSG.keysRefused } });
    const nowhere = await call(SELLER, 'POST', '/api/stores/woocommerce/keys', { storeUrl: `${fake().url}/stores/no-such-site`, consumerKey: shop.consumerKey, consumerSecret: shop.consumerSecret });
    expect(nowhere).toMatchObject({ status: 400, body: { message: WOO_MSG.notWooCommerce } });
    const notUrl = await call(SELLER, 'POST', '/api/stores/woocommerce/connect', { storeUrl: 'ftp://example.com' });
    expect(notUrl.status).toBe(400);
  });
});

describe('webhooks in', () => {
  it('a bad signature is 401, an unknown store 404, the ping 200 with nothing recorded', async () => {
    const body = JSON.stringify({ id: 1, number: '1' });
    expect((await wooWebhook(t, hookPath(), 'order.created', '1', body, 'wrong-secret')).statusCode).toBe(401);
    expect((await wooWebhook(t, hookPath(), 'order.created', '1', body, '')).statusCode).toBe(401);
    const unknown = `/api/webhooks/woocommerce/${agencyId}/00000000-0000-7000-8000-000000000000`;
    expect((await wooWebhook(t, unknown, 'order.created', '1', body, secret)).statusCode).toBe(404);
    const ping = await wooWebhook(t, hookPath(), null, '2', 'webhook_id=77', secret, 'application/x-www-form-urlencoded');
    expect(ping.statusCode).toBe(200);
    expect(ping.json()).toEqual({ received: 0 });
    // A topic with nothing to do is recorded as ignored (the import log shows it), once.
    const coupon = await wooWebhook(t, hookPath(), 'coupon.created', 'c-1', JSON.stringify({ id: 5 }), secret);
    expect(coupon.json()).toEqual({ received: 1 });
    expect((await wooWebhook(t, hookPath(), 'coupon.created', 'c-1', JSON.stringify({ id: 5 }), secret)).json()).toEqual({ received: 0 });
    const [ignored] = await db().select().from(storeWebhooks).where(and(eq(storeWebhooks.storeId, storeId), eq(storeWebhooks.deliveryId, 'c-1')));
    expect(ignored).toMatchObject({ status: 'ignored', payload: null });
  });

  it('products sync from the store; an order from the store arrives through its signed webhook, once on redelivery', async () => {
    await fake().seedProducts('consent-shop', { count: 1, variationsPerProduct: 2 });
    expect((await call(SELLER, 'POST', `/api/stores/${storeId}/sync-products`)).status).toBe(202);
    await t.app.jobs.drain();
    const variants = await db().select({ sku: productVariants.sku }).from(productVariants).innerJoin(products, eq(products.id, productVariants.productId)).where(eq(products.storeId, storeId));
    expect(variants).toHaveLength(2);

    fake().store('consent-shop').nextOrderNumber = 77001;
    const order = await fake().createOrder('consent-shop', { lineItems: [{ sku: variants[0]!.sku!, quantity: 1 }] });
    const delivery = fake().webhooks.deliveries.at(-1)!;
    expect(delivery).toMatchObject({ topic: 'order.created', status: 200 });
    await t.app.jobs.drain();
    const [row] = await db().select().from(orders).where(and(eq(orders.storeId, storeId), eq(orders.externalId, String(order['id']))));
    expect(row).toBeDefined();
    expect(row!.orderName).toContain('77001');
    arrived = { id: row!.id, storeOrderId: Number(order['id']) };
    const [recorded] = await db().select().from(storeWebhooks).where(and(eq(storeWebhooks.storeId, storeId), eq(storeWebhooks.deliveryId, String(delivery.deliveryId))));
    expect(recorded).toMatchObject({ topic: 'order.created', subject: 'Order #77001', payload: null });
    expect(recorded!.status).not.toBe('received');

    const again = await wooWebhook(t, hookPath(), 'order.created', String(delivery.deliveryId), delivery.body, secret);
    expect(again.json()).toEqual({ received: 0 });
    expect(await db().select().from(storeWebhooks).where(and(eq(storeWebhooks.storeId, storeId), eq(storeWebhooks.deliveryId, String(delivery.deliveryId))))).toHaveLength(1);
    expect(await db().select().from(orders).where(and(eq(orders.storeId, storeId), eq(orders.externalId, String(order['id']))))).toHaveLength(1);
  });

  it('a product changed in the store is read again through its webhook', async () => {
    const [product] = await db().select().from(products).where(eq(products.storeId, storeId));
    await fake().updateProduct('consent-shop', Number(product!.serverId), { name: 'Renamed Tee' });
    const delivery = fake().webhooks.deliveries.at(-1)!;
    expect(delivery).toMatchObject({ topic: 'product.updated', status: 200 });
    await t.app.jobs.drain();
    const [after] = await db().select().from(products).where(eq(products.id, product!.id));
    expect(after!.title).toBe('Renamed Tee');
    const [recorded] = await db().select().from(storeWebhooks).where(and(eq(storeWebhooks.storeId, storeId), eq(storeWebhooks.deliveryId, String(delivery.deliveryId))));
    expect(recorded).toMatchObject({ status: 'processed', subject: 'Renamed Tee' });
  });
});

describe('tracking back to the store', () => {
  it('a shipment of the store’s order completes it in the store with the Shipment Tracking meta and a note', async () => {
    await db().update(orders).set({ status: 'InProduction' }).where(eq(orders.id, arrived.id));
    await db().update(orderItems).set({ status: 'InProduction' }).where(eq(orderItems.orderId, arrived.id));
    const added = await call(OWNER, 'POST', `/api/tracking/${arrived.id}/shipments`, { trackingNumber: '9400111899223', carrier: 'USPS' });
    expect(added.status).toBe(201);
    await t.app.jobs.drain();
    const held = fake().order(fake().store('consent-shop'), arrived.storeOrderId)!;
    expect(held['status']).toBe('completed');
    const meta = (held['meta_data'] as { key: string; value: unknown }[]).find((m) => m.key === '_wc_shipment_tracking_items');
    expect(meta?.value).toEqual([expect.objectContaining({ tracking_number: '9400111899223', custom_tracking_provider: 'USPS' })]);
    expect((fake().store('consent-shop').notes.get(arrived.storeOrderId) ?? []).some((n) => JSON.stringify(n).includes('9400111899223'))).toBe(true);
    const [ship] = await db().select().from(orderShipments).where(eq(orderShipments.orderId, arrived.id));
    expect(ship).toMatchObject({ syncStatus: 'synced' });
  });
});

describe('webhook health', () => {
  it('a webhook WooCommerce disabled is made active again, a deleted one created again, and the repair audited', async () => {
    const hooks = fakeHooks('consent-shop');
    const disabled = hooks.find((h) => h.topic === 'order.created')!;
    disabled.status = 'disabled';
    const deleted = hooks.find((h) => h.topic === 'order.updated')!;
    fake().store('consent-shop').webhooks.delete(deleted.id);
    await runHealthCheck();
    const now = fakeHooks('consent-shop');
    expect(now).toHaveLength(6);
    expect(now.every((h) => h.status === 'active')).toBe(true);
    const [audit] = await db().select().from(auditEntries)
      .where(and(eq(auditEntries.entity, 'store'), eq(auditEntries.entityId, storeId), eq(auditEntries.action, 'webhooks-repaired')))
      .orderBy(desc(auditEntries.createdAt));
    expect(audit!.after).toEqual({ created: ['order.updated'], reactivated: ['order.created'] });

    // Nothing to repair: no further audit row.
    await runHealthCheck();
    const repairs = await db().select().from(auditEntries).where(and(eq(auditEntries.entityId, storeId), eq(auditEntries.action, 'webhooks-repaired')));
    expect(repairs).toHaveLength(1);
  });

  it('a store disconnected and connected again is the same store, and its webhooks are signed with the new secret', async () => {
    expect((await call(SELLER, 'POST', `/api/stores/${storeId}/disconnect`)).status).toBe(200);
    const { landing } = await connectByConsent(t, SELLER, consent.storeUrl);
    expect(landing!.searchParams.get('connected')).toBe(storeId);
    await t.app.jobs.drain();
    secret = (await credentialsOf(storeId)).webhookSecret;
    expect(fakeHooks('consent-shop').every((h) => h.secret === secret && h.status === 'active')).toBe(true);
    expect(fakeHooks('consent-shop')).toHaveLength(6);
    await fake().createOrder('consent-shop', { lineItems: [{ sku: 'WOO1-BLACK-S', quantity: 1 }] });
    expect(fake().webhooks.deliveries.at(-1)).toMatchObject({ topic: 'order.created', status: 200 });
    const audits = await db().select().from(auditEntries).where(and(eq(auditEntries.entityId, storeId), eq(auditEntries.action, 'reconnect')));
    expect(audits).toHaveLength(1);
  });

  it('keys the store revoked make the store need attention', async () => {
    const shop = fakeStore(fake(), 'revoked-shop');
    const made = await call(SELLER, 'POST', '/api/stores/woocommerce/keys', { storeUrl: shop.storeUrl, consumerKey: shop.consumerKey, consumerSecret: shop.consumerSecret });
    await t.app.jobs.drain();
    fake().store('revoked-shop').keys = [];
    await runHealthCheck();
    expect(await storeRow(made.body.data.id)).toMatchObject({ status: 'needs_attention' });
  });
});
