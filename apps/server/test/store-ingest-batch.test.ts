/**
 * A read job applies the store's waiting order deliveries with its own (store-order-deliveries.ts): the jobs it
 * takes end done with their delivery's outcome; a delivery that fails in the batch undoes none of the others (it is
 * left to its own job, or thrown as the job's own failure); another store's deliveries are not taken.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { PERSONA } from './helpers/personas';
import { connectShop, shopifyWebhook, useShopifyApiTest } from './helpers/shopify-shop';
import { jobs, orders, storeWebhooks, stores } from '../src/db/schema/index';
import { ORDER_READ_JOB } from '../src/modules/stores';

const { t, fake } = useShopifyApiTest();
const db = () => t.database.db;
const SHOP = 'batch-shop.myshopify.com';
const OTHER_SHOP = 'batch-shop-two.myshopify.com';
let storeId: string;
let otherStoreId: string;

/** A body too big for the order's columns (integer out of range): its insert fails in the database. */
const POISON = 3_000_000_000;

/** Orders placed at the shop; their orders/create bodies as the fake delivered them, not yet sent to the server. */
async function place(shop: string, count: number) {
  const before = fake().webhooks.deliveries.length;
  for (let i = 0; i < count; i++) await fake().createOrder(shop, { lineItems: [{ sku: `BATCH-${i}`, quantity: 1 }] });
  return fake().webhooks.deliveries.slice(before).filter((d) => d.topic === 'orders/create');
}

type Placed = Awaited<ReturnType<typeof place>>[number];
async function send(d: Placed, tamper?: (body: { id: number; line_items: { quantity: number }[] }) => void) {
  const body = JSON.parse(d.body);
  tamper?.(body);
  expect((await shopifyWebhook(t, d.shop, d.topic, d.webhookId, body)).statusCode).toBe(200);
  // Jobs are claimed by run_at (milliseconds): the first sent is the one claimed.
  await new Promise((resolve) => setTimeout(resolve, 3));
  return String(body.id);
}
const poison = (body: { line_items: { quantity: number }[] }) => {
  body.line_items[0]!.quantity = POISON;
};

const orderOf = async (sid: string, externalId: string) => (await db().select().from(orders).where(and(eq(orders.storeId, sid), eq(orders.externalId, externalId))))[0];
const deliveriesOf = (sid: string, ids: string[]) =>
  db().select().from(storeWebhooks).where(and(eq(storeWebhooks.storeId, sid), inArray(storeWebhooks.deliveryId, ids)));
const readJobs = async (sid: string) =>
  (await db().select().from(jobs).where(eq(jobs.kind, ORDER_READ_JOB))).filter((j) => j.payload['storeId'] === sid);

beforeAll(async () => {
  await connectShop(t, PERSONA.SELLER, 'batch-shop');
  await connectShop(t, PERSONA.SELLER, 'batch-shop-two');
  const rows = await db().select().from(stores).where(inArray(stores.shopDomain, [SHOP, OTHER_SHOP]));
  storeId = rows.find((s) => s.shopDomain === SHOP)!.id;
  otherStoreId = rows.find((s) => s.shopDomain === OTHER_SHOP)!.id;
  fake().shops.get(SHOP)!.nextOrderNumber = 70001;
  fake().shops.get(OTHER_SHOP)!.nextOrderNumber = 80001;
  await t.app.jobs.drain();
});

describe('a read job applies the store\u2019s waiting deliveries', () => {
  it('one job applies them all; the jobs it took end done with their delivery\u2019s outcome', async () => {
    const placed = await place(SHOP, 3);
    const ids: string[] = [];
    for (const d of placed) ids.push(await send(d));
    expect(await t.app.jobs.runOne()).toBe(true);
    for (const id of ids) expect(await orderOf(storeId, id)).toBeTruthy();
    expect((await deliveriesOf(storeId, placed.map((d) => d.webhookId))).map((d) => [d.status, d.payload])).toEqual([
      ['processed', null], ['processed', null], ['processed', null],
    ]);
    const done = (await readJobs(storeId)).filter((j) => ids.includes(String(j.payload['orderId'])));
    expect(done.map((j) => [j.status, j.result?.['outcome']])).toEqual([['done', 'created'], ['done', 'created'], ['done', 'created']]);
    expect(await t.app.jobs.runOne()).toBe(false);
  });

  it('a delivery failing in the middle of a batch undoes none of the others and is left to its own job', async () => {
    const placed = await place(SHOP, 3);
    const ids = [await send(placed[0]!), await send(placed[1]!, poison), await send(placed[2]!)];
    expect(await t.app.jobs.runOne()).toBe(true);
    expect(await orderOf(storeId, ids[0]!)).toBeTruthy();
    expect(await orderOf(storeId, ids[1]!)).toBeUndefined();
    expect(await orderOf(storeId, ids[2]!)).toBeTruthy();
    const log = await deliveriesOf(storeId, [placed[1]!.webhookId]);
    expect(log[0]).toMatchObject({ status: 'received' });
    expect(log[0]!.payload).toBeTruthy();
    // Its own job runs it alone, fails, and waits for its retry; the delivery keeps its body for it.
    const [left] = (await readJobs(storeId)).filter((j) => j.payload['orderId'] === ids[1]);
    expect(left).toMatchObject({ status: 'queued', attempts: 0 });
    await t.app.jobs.drain();
    const [retried] = (await readJobs(storeId)).filter((j) => j.payload['orderId'] === ids[1]);
    expect(retried).toMatchObject({ status: 'queued', attempts: 1 });
    expect(retried!.error).toBeTruthy();
  });

  it('a batch whose own delivery fails commits the others and the job is retried', async () => {
    const placed = await place(SHOP, 3);
    const ids = [await send(placed[0]!, poison), await send(placed[1]!), await send(placed[2]!)];
    expect(await t.app.jobs.runOne()).toBe(true);
    expect(await orderOf(storeId, ids[0]!)).toBeUndefined();
    expect(await orderOf(storeId, ids[1]!)).toBeTruthy();
    expect(await orderOf(storeId, ids[2]!)).toBeTruthy();
    const byOrder = new Map((await readJobs(storeId)).map((j) => [j.payload['orderId'], j]));
    expect(byOrder.get(ids[0])).toMatchObject({ status: 'queued', attempts: 1 });
    expect(byOrder.get(ids[1])).toMatchObject({ status: 'done' });
    expect(byOrder.get(ids[2])).toMatchObject({ status: 'done' });
  });

  it('an order\u2019s create and update in one batch make one order with the update\u2019s address', async () => {
    const before = fake().webhooks.deliveries.length;
    const o = await fake().createOrder(SHOP, { lineItems: [{ sku: 'BATCH-U', quantity: 1 }] });
    // A second later: Shopify's timestamps have one-second steps, and a copy as old as the one applied is a tie.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await fake().updateOrder(SHOP, o.id, { shippingAddress: { address1: '7 Batch Road', city: 'Dallas' } });
    const sent = fake().webhooks.deliveries.slice(before).filter((d) => d.topic.startsWith('orders/'));
    expect(sent.map((d) => d.topic)).toEqual(['orders/create', 'orders/updated']);
    for (const d of sent) await send(d);
    expect(await t.app.jobs.runOne()).toBe(true);
    expect(await orderOf(storeId, String(o.id))).toMatchObject({ address1: '7 Batch Road', city: 'Dallas' });
    expect((await db().select().from(orders).where(and(eq(orders.storeId, storeId), eq(orders.externalId, String(o.id)))))).toHaveLength(1);
    expect((await deliveriesOf(storeId, sent.map((d) => d.webhookId))).map((d) => d.status)).toEqual(['processed', 'processed']);
    expect(await t.app.jobs.runOne()).toBe(false);
  });

  it('takes only its store\u2019s deliveries: another store\u2019s wait for their own job', async () => {
    const mine = await place(SHOP, 2);
    const theirs = await place(OTHER_SHOP, 2);
    const mineIds = [await send(mine[0]!)];
    const theirIds = [await send(theirs[0]!)];
    mineIds.push(await send(mine[1]!));
    theirIds.push(await send(theirs[1]!));
    expect(await t.app.jobs.runOne()).toBe(true);
    for (const id of mineIds) expect(await orderOf(storeId, id)).toBeTruthy();
    for (const id of theirIds) expect(await orderOf(otherStoreId, id)).toBeUndefined();
    expect((await deliveriesOf(otherStoreId, theirs.map((d) => d.webhookId))).map((d) => d.status)).toEqual(['received', 'received']);
    expect(await t.app.jobs.runOne()).toBe(true);
    for (const id of theirIds) expect(await orderOf(otherStoreId, id)).toBeTruthy();
  });
});
