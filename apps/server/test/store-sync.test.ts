/**
 * The store sync end to end against a local fake of Shopify (helpers/fake-shopify.ts): a shipment's
 * fulfilment is pushed by the SYNC_TRACKING_TO_STORE job (retries, failures, the fulfilment id it
 * stores), and a shipment-cancel cancels it in the store through CANCEL_STORE_FULFILLMENT.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { TRACKING_MSG } from '@fbo/shared';
import { useApiTest } from './helpers/api';
import { startFakeShopify, type FakeShopify } from './helpers/fake-shopify';
import { PERSONA, teamNamed } from './helpers/orders';
import { makeTrackingOrder, SHOPIFY_STORE } from './helpers/tracking';
import { jobs, orderEvents, orderShipments, orders } from '../src/db/schema/index';
import { createShopifyApi } from '../src/modules/stores';
import { platformAdapter } from '../src/modules/tracking/store-adapters/platform-adapter';
import { CANCEL_STORE_FULFILLMENT } from '../src/modules/tracking/store-cancel.job';

let fake: FakeShopify;
const t = useApiTest(async () => {
  fake = await startFakeShopify();
  return { platforms: { fakesUrl: fake.url } };
});
const { call } = t;
let demoTeam: { id: string; agencyId: string };
const db = () => t.database.db;
const { OWNER, SUPPORT, STAFF } = PERSONA;

beforeAll(async () => {
  demoTeam = await teamNamed(db(), 'Demo Seller');
});
afterAll(() => fake.close());

const makeOrder = (itemCount = 1, metadata: Record<string, unknown> = SHOPIFY_STORE) => makeTrackingOrder(db(), demoTeam, 'InProduction', itemCount, metadata);
const addTracking = (orderId: string, body: object) => call(OWNER, 'POST', `/api/tracking/${orderId}/shipments`, body);
const shipmentCancel = (orderId: string) => call(OWNER, 'POST', '/api/orders/shipment-cancel', { ids: [orderId], reason: 'Parcel lost' });
const shipmentsOf = (orderId: string) => db().select().from(orderShipments).where(eq(orderShipments.orderId, orderId)).orderBy(asc(orderShipments.createdAt));
const jobsOf = (kind: string, orderId: string) =>
  db().select().from(jobs).where(and(eq(jobs.kind, kind), sql`${jobs.payload} ->> 'orderId' = ${orderId}`)).orderBy(asc(jobs.createdAt));
const storeEvents = (orderId: string) =>
  db().select().from(orderEvents).where(and(eq(orderEvents.orderId, orderId), sql`${orderEvents.action} like 'store-%'`)).orderBy(asc(orderEvents.createdAt));

/** Runs the store jobs now: the queue's backoff would wait 30 s and more between tries. */
async function runStoreJobsNow() {
  await db().update(jobs).set({ runAt: new Date(Date.now() - 1000) }).where(and(sql`${jobs.kind} in ('SYNC_TRACKING_TO_STORE', ${CANCEL_STORE_FULFILLMENT})`, eq(jobs.status, 'queued')));
  await t.app.jobs.drain();
}

/** An order of the fake store with one shipment synced to it: its fulfilment exists in the fake. */
async function syncedShipment(trackingNumber: string) {
  const { order } = await makeOrder();
  await addTracking(order.id, { trackingNumber, carrier: 'USPS' });
  await t.app.jobs.drain();
  const [ship] = await shipmentsOf(order.id);
  expect(ship).toMatchObject({ syncStatus: 'synced', storeFulfillmentId: fake.fulfillments.at(-1)!.id });
  return { order, ship: ship! };
}

describe('pushing fulfilments', () => {
  it('a failed first attempt is retried; the shipment ends synced with the fulfilment id Shopify gave', async () => {
    const { order, items } = await makeOrder(2);
    fake.failures = 1;
    const added = await addTracking(order.id, { trackingNumber: 'SYNC-1', carrier: 'USPS', trackingUrl: 'https://usps.test/SYNC-1', itemIds: [items[0]!.id] });
    expect(added.body.data.shipment.syncStatus).toBe('pending');
    await t.app.jobs.drain();
    const [queued] = await jobsOf('SYNC_TRACKING_TO_STORE', order.id);
    expect(queued!.status).toBe('queued');
    expect(queued!.attempts).toBe(1);
    expect(queued!.error).toMatch(/503/);
    expect(queued!.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    await runStoreJobsNow();
    const [done] = await db().select().from(jobs).where(eq(jobs.id, queued!.id));
    expect(done!.status).toBe('done');
    expect(done!.result).toMatchObject({ ok: true, synced: 1 });
    const created = fake.fulfillments.at(-1)!;
    const [ship] = await shipmentsOf(order.id);
    expect(ship!.syncStatus).toBe('synced');
    expect(ship!.syncedAt).toBeInstanceOf(Date);
    expect(ship!.storeFulfillmentId).toBe(created.id);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row!.syncAt).toBeInstanceOf(Date);
    expect(fake.tokens.at(-1)).toBe('shpat_test_token');
    // Only the shipped item's line, with its tracking.
    expect(created.fulfillment.line_items_by_fulfillment_order).toEqual([{ fulfillment_order_id: 9001, fulfillment_order_line_items: [{ id: 1001, quantity: 1 }] }]);
    expect(created.fulfillment.tracking_info).toEqual({ number: 'SYNC-1', company: 'USPS', url: 'https://usps.test/SYNC-1' });
    expect((await storeEvents(order.id)).map((e) => [e.action, e.data])).toEqual([['store-sync', { shipmentIds: [ship!.id], storeFulfillmentId: created.id }]]);
    const detail = await call(OWNER, 'GET', `/api/tracking/${order.id}`);
    expect(detail.body.data.shipments[0].syncStatus).toBe('synced');
  });

  it('a retry that finds the items already fulfilled keeps the id stored before', async () => {
    const { order } = await makeOrder();
    await addTracking(order.id, { trackingNumber: 'SYNC-KEEP', carrier: 'USPS' });
    const [ship] = await shipmentsOf(order.id);
    // As if an earlier try had created fulfilment 777 and its answer's commit was lost.
    await db().update(orderShipments).set({ storeFulfillmentId: '777' }).where(eq(orderShipments.id, ship!.id));
    const before = fake.fulfillments.length;
    fake.nothingOpen = true;
    try {
      await t.app.jobs.drain();
    } finally {
      fake.nothingOpen = false;
    }
    expect(fake.fulfillments).toHaveLength(before);
    expect((await shipmentsOf(order.id))[0]).toMatchObject({ syncStatus: 'synced', storeFulfillmentId: '777' });
  });

  it('a 401 ends as failed with the message at once; a manual sync tries again', async () => {
    const { order } = await makeOrder();
    fake.rejectToken = true;
    await addTracking(order.id, { trackingNumber: 'SYNC-401', carrier: 'USPS' });
    await t.app.jobs.drain();
    const [ship] = await shipmentsOf(order.id);
    expect(ship!.syncStatus).toBe('failed');
    expect(ship!.syncError).toBe('Shopify answered 401: [API] Invalid API key or access token (unrecognized login or wrong password)');
    expect(ship!.storeFulfillmentId).toBeNull();
    const list = await call(OWNER, 'GET', `/api/tracking?search=${encodeURIComponent(order.orderName)}&syncStatus=failed`);
    expect(list.body.total).toBe(1);

    fake.rejectToken = false;
    const sync = await call(SUPPORT, 'POST', `/api/orders/synced-track-to-store?ids=${order.id}`);
    expect(sync.status).toBe(200);
    expect(sync.body.data).toMatchObject({ succeeded: 1, failed: 0 });
    await t.app.jobs.drain();
    const [after] = await shipmentsOf(order.id);
    expect(after!.syncStatus).toBe('synced');
    expect(after!.syncError).toBeNull();
    // The whole order in one parcel: the open fulfilment order is fulfilled whole.
    expect(fake.fulfillments.at(-1)!.fulfillment.line_items_by_fulfillment_order).toEqual([{ fulfillment_order_id: 9001 }]);
  });

  it('sends the token only to a myshopify.com host', async () => {
    const adapter = platformAdapter('shopify', createShopifyApi()({ shopDomain: 'evil.example.com', accessToken: 't' }));
    const order = { id: 'o', orderName: '#1', externalId: '1', items: [] };
    await expect(adapter.pushFulfillment(order, [{ id: 's', trackingNumber: 'N', carrier: 'C', trackingUrl: '', itemIds: [] }])).rejects.toMatchObject({
      retryable: false,
      message: 'Shopify: evil.example.com is not a myshopify.com shop domain',
    });
    await expect(adapter.cancelFulfillment(order, { id: 's', trackingNumber: 'N', storeFulfillmentId: '1' })).rejects.toMatchObject({ retryable: false });
  });

  it('retryable failures on every try end as failed after the last one', async () => {
    const { order } = await makeOrder();
    fake.failures = 10;
    await addTracking(order.id, { trackingNumber: 'SYNC-503', carrier: 'USPS' });
    await t.app.jobs.drain();
    await runStoreJobsNow();
    await runStoreJobsNow();
    fake.failures = 0;
    const [ship] = await shipmentsOf(order.id);
    expect(ship!.syncStatus).toBe('failed');
    expect(ship!.syncError).toBe('Shopify answered 503: Service Unavailable');
  });

  it('orders without a store are not applicable and never fail; the route answers per order', async () => {
    const { order } = await makeOrder(1, {});
    const synced = await makeOrder();
    await addTracking(order.id, { trackingNumber: 'NA-1', carrier: 'USPS' });
    expect(await jobsOf('SYNC_TRACKING_TO_STORE', order.id)).toHaveLength(0);
    const res = await call(OWNER, 'POST', `/api/orders/synced-track-to-store?ids=${order.id},${synced.order.id}`);
    expect(res.body.data.results).toEqual([
      { id: order.id, ok: false, message: TRACKING_MSG.noStore },
      { id: synced.order.id, ok: false, message: TRACKING_MSG.noShipments },
    ]);
    expect((await call(OWNER, 'POST', '/api/orders/synced-track-to-store?ids=nope')).status).toBe(400);
    expect((await call(STAFF, 'POST', `/api/orders/synced-track-to-store?ids=${order.id}`)).status).toBe(403);
    const [ship] = await shipmentsOf(order.id);
    expect(ship!.syncStatus).toBe('pending');
  });
});

describe('cancelling the store fulfilment of a cancelled shipment', () => {
  it('shipment-cancel queues the cancel in its transaction; the job cancels the fulfilment in the store', async () => {
    const { order, ship } = await syncedShipment('CXL-1');
    const res = await shipmentCancel(order.id);
    expect(res.body.data.results[0]).toMatchObject({ ok: true, status: 'CancelShipment' });
    expect((await shipmentsOf(order.id))[0]).toMatchObject({ status: 'Cancel', syncStatus: 'pending', syncError: null });
    const [queued] = await jobsOf(CANCEL_STORE_FULFILLMENT, order.id);
    expect(queued).toMatchObject({ status: 'queued', maxAttempts: 3, agencyId: demoTeam.agencyId });

    await t.app.jobs.drain();
    expect(fake.cancelCalls.at(-1)).toBe(ship.storeFulfillmentId);
    expect(fake.cancelled.has(ship.storeFulfillmentId!)).toBe(true);
    expect(fake.tokens.at(-1)).toBe('shpat_test_token');
    const [after] = await shipmentsOf(order.id);
    expect(after).toMatchObject({ status: 'Cancel', syncStatus: 'synced', syncError: null, storeFulfillmentId: ship.storeFulfillmentId });
    expect(after!.syncedAt!.getTime()).toBeGreaterThan(ship.syncedAt!.getTime());
    const [done] = await jobsOf(CANCEL_STORE_FULFILLMENT, order.id);
    expect(done).toMatchObject({ status: 'done', result: { ok: true, cancelled: 1 } });
    expect((await storeEvents(order.id)).at(-1)).toMatchObject({
      kind: 'tracking',
      action: 'store-cancel',
      message: 'Fulfilment of tracking CXL-1 cancelled in the shopify store',
      data: { shipmentIds: [ship.id], storeFulfillmentId: ship.storeFulfillmentId },
    });
    const detail = await call(OWNER, 'GET', `/api/tracking/${order.id}`);
    expect(detail.body.data.shipments[0]).toMatchObject({ status: 'Cancel', syncStatus: 'synced' });
  });

  it('a 5xx is retried with the queue backoff, then the cancel goes through', async () => {
    const { order, ship } = await syncedShipment('CXL-503');
    fake.failures = 1;
    await shipmentCancel(order.id);
    await t.app.jobs.drain();
    const [queued] = await jobsOf(CANCEL_STORE_FULFILLMENT, order.id);
    expect(queued).toMatchObject({ status: 'queued', attempts: 1 });
    expect(queued!.error).toBe('Shopify answered 503: Service Unavailable');
    expect(queued!.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect((await shipmentsOf(order.id))[0]!.syncStatus).toBe('pending');

    await runStoreJobsNow();
    expect(fake.cancelled.has(ship.storeFulfillmentId!)).toBe(true);
    expect((await shipmentsOf(order.id))[0]!.syncStatus).toBe('synced');
  });

  it("Shopify's 422 for a fulfilment cancelled already counts as done", async () => {
    const { order, ship } = await syncedShipment('CXL-422');
    // The merchant cancelled it in Shopify by hand.
    fake.cancelled.add(ship.storeFulfillmentId!);
    await shipmentCancel(order.id);
    await t.app.jobs.drain();
    expect(fake.cancelCalls.at(-1)).toBe(ship.storeFulfillmentId);
    expect((await shipmentsOf(order.id))[0]).toMatchObject({ syncStatus: 'synced', syncError: null });
    expect((await jobsOf(CANCEL_STORE_FULFILLMENT, order.id))[0]).toMatchObject({ status: 'done', result: { ok: true, cancelled: 1 } });
    expect((await storeEvents(order.id)).at(-1)).toMatchObject({
      action: 'store-cancel',
      message: "The shopify store's fulfilment of tracking CXL-422 was already cancelled",
    });
  });

  it('failing on every try ends as failed with the error; a manual sync tries the cancel again', async () => {
    const { order, ship } = await syncedShipment('CXL-FAIL');
    fake.failures = 10;
    await shipmentCancel(order.id);
    await t.app.jobs.drain();
    await runStoreJobsNow();
    await runStoreJobsNow();
    fake.failures = 0;
    expect((await shipmentsOf(order.id))[0]).toMatchObject({ status: 'Cancel', syncStatus: 'failed', syncError: 'Shopify answered 503: Service Unavailable' });
    expect((await jobsOf(CANCEL_STORE_FULFILLMENT, order.id))[0]).toMatchObject({ status: 'done', attempts: 3, result: { ok: false, failed: 1 } });
    expect((await storeEvents(order.id)).at(-1)).toMatchObject({ action: 'store-cancel-failed', message: 'Store cancel failed: Shopify answered 503: Service Unavailable' });
    const list = await call(OWNER, 'GET', `/api/tracking?search=${encodeURIComponent(order.orderName)}&syncStatus=failed`);
    expect(list.body.total).toBe(1);

    const sync = await call(SUPPORT, 'POST', `/api/orders/synced-track-to-store?ids=${order.id}`);
    expect(sync.body.data.results).toEqual([{ id: order.id, ok: true, message: TRACKING_MSG.syncQueued }]);
    expect(await jobsOf('SYNC_TRACKING_TO_STORE', order.id)).toHaveLength(1);
    await t.app.jobs.drain();
    expect(fake.cancelled.has(ship.storeFulfillmentId!)).toBe(true);
    expect((await shipmentsOf(order.id))[0]).toMatchObject({ syncStatus: 'synced', syncError: null });
  });

  it('a shipment cancelled while its fulfilment is being created is cancelled in the store right after', async () => {
    const { order } = await makeOrder();
    await addTracking(order.id, { trackingNumber: 'CXL-RACE', carrier: 'USPS' });
    fake.beforeCreate = async () => {
      fake.beforeCreate = null;
      expect((await shipmentCancel(order.id)).body.data.results[0].ok).toBe(true);
    };
    await t.app.jobs.drain();
    const created = fake.fulfillments.at(-1)!;
    expect(created.fulfillment.tracking_info.number).toBe('CXL-RACE');
    expect(fake.cancelled.has(created.id)).toBe(true);
    expect((await shipmentsOf(order.id))[0]).toMatchObject({ status: 'Cancel', syncStatus: 'synced', storeFulfillmentId: created.id });
    expect((await storeEvents(order.id)).map((e) => e.action)).toEqual(['store-sync', 'store-cancel']);
  });

  it('pushes nothing for an order without a store connection, or a shipment the store never had', async () => {
    const calls = fake.cancelCalls.length;
    // No store connection, even with a fulfilment id on the shipment.
    const { order } = await makeOrder(1, {});
    await addTracking(order.id, { trackingNumber: 'CXL-NOSTORE', carrier: 'USPS' });
    await db().update(orderShipments).set({ syncStatus: 'synced', storeFulfillmentId: '999' }).where(eq(orderShipments.orderId, order.id));
    expect((await shipmentCancel(order.id)).body.data.results[0].ok).toBe(true);
    expect(await jobsOf(CANCEL_STORE_FULFILLMENT, order.id)).toHaveLength(0);
    expect((await shipmentsOf(order.id))[0]).toMatchObject({ status: 'Cancel', syncStatus: 'synced' });

    // A store order whose shipment is cancelled before its sync ran: Shopify never hears of it.
    const before = fake.fulfillments.length;
    const unsynced = await makeOrder();
    await addTracking(unsynced.order.id, { trackingNumber: 'CXL-EARLY', carrier: 'USPS' });
    await shipmentCancel(unsynced.order.id);
    await t.app.jobs.drain();
    expect(await jobsOf(CANCEL_STORE_FULFILLMENT, unsynced.order.id)).toHaveLength(0);
    expect(fake.fulfillments).toHaveLength(before);
    expect(fake.cancelCalls).toHaveLength(calls);
  });
});
