/**
 * The privacy erase (docs/stores.md, "Privacy"): a buyer with unique values is quoted by an order, its
 * timeline (a note, an address change), a change request, an audit entry, a stored webhook body, an export
 * file and the mail history; after the erase, every text, varchar and jsonb column of every table is read
 * and none of the values is left (outside the other tenant, whose identical e-mail must stay). Money and
 * counts are kept; an open order waits until the scheduled job finds it closed; a repeat changes nothing;
 * Shopify's signed privacy webhooks (customers/redact, customers/data_request, shop/redact) trigger it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { useApiTest } from './helpers/api';
import { insertPricedOrder, teamNamed, type Team } from './helpers/orders';
import { SHOPIFY_APP, shopifyWebhook } from './helpers/shopify-shop';
import { executedRows } from '../src/db/client';
import {
  auditEntries, emailMessages, jobFiles, jobSchedules, jobs, notifications, orderChangeRequests, orderEvents, orderItems, orders, privacyErasures, stores, storeWebhooks, users,
} from '../src/db/schema/index';
import { saveJobFile } from '../src/modules/jobs';
import { CLOSED_ORDER_STATUSES, ERASED, PRIVACY_COMPLETE_JOB, eraseBuyerData } from '../src/modules/privacy';

const t = useApiTest({ platforms: { shopify: SHOPIFY_APP } });
const db = () => t.database.db;

/** Unique strings: found nowhere in the seeded data, so any hit after the erase is a leak. */
const tag = `q${Date.now().toString(36)}`;
const BUYER = {
  name: `Zelda Quixote ${tag}`,
  email: `zelda.${tag}@buyers.test`,
  phone: '+1 555 0199 4471',
  address1: `42 Erasable Lane ${tag}`,
  address2: `Suite Forgotten ${tag}`,
  city: `Oblivionville${tag}`,
  province: `Nowhereshire${tag}`,
  zip: `ZX-${tag}`,
  oldAddress: `7 Previous Road ${tag}`,
  oldEmail: `old.zelda.${tag}@buyers.test`,
};
const VALUES = Object.values(BUYER);

let team: Team;
let otherTeam: Team;
let closedId: string;
let openId: string;
let otherTenantOrderId: string;
let exportFileId: string;

/**
 * Every text, varchar and jsonb column of every table holding one of the values, as `table.column`, except
 * the other tenant's rows (its own buyer shares the e-mail and must keep it).
 */
async function whereFound(values: string[], exceptAgency: string): Promise<string[]> {
  const columns = executedRows<{ table_name: string; column_name: string }>(
    await db().execute(sql`select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb') order by table_name, column_name`),
  );
  const withAgency = new Set(
    executedRows<{ table_name: string }>(await db().execute(sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'agency_id'`)).map((r) => r.table_name),
  );
  const hits: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const tenant = withAgency.has(table) ? sql` and (agency_id is null or agency_id <> ${exceptAgency})` : sql``;
    const anyValue = sql.join(values.map((v) => sql`strpos(lower(${sql.identifier(column)}::text), ${v.toLowerCase()}) > 0`), sql` or `);
    const [row] = executedRows<{ n: number }>(await db().execute(sql`select count(*)::int as n from ${sql.identifier(table)} where (${anyValue})${tenant}`));
    if (row!.n > 0) hits.push(`${table}.${column}`);
  }
  return hits;
}

const moneyOf = async (orderId: string) => {
  const [o] = await db().select().from(orders).where(eq(orders.id, orderId));
  const items = await db().select({ quantity: orderItems.quantity, priceCents: orderItems.priceCents, baseCostCents: orderItems.baseCostCents, sku: orderItems.sku }).from(orderItems).where(eq(orderItems.orderId, orderId));
  return {
    status: o!.status, country: o!.country, countryCode: o!.countryCode, itemCount: o!.itemCount, totalPriceCents: o!.totalPriceCents,
    subTotalPriceCents: o!.subTotalPriceCents, chargedCents: o!.chargedCents, baseCostCents: o!.baseCostCents, items,
  };
};

/** An order of the buyer with its notes, timeline, change request and audit entry quoting the values. */
async function buyerOrder(orderName: string, status: string, over: Partial<typeof orders.$inferInsert> = {}, buyer = BUYER, forTeam = team) {
  const order = await insertPricedOrder(db(), forTeam, {
    orderName, status, quantities: [2, 1],
    over: {
      fullName: buyer.name, email: buyer.email, phone: buyer.phone, address1: buyer.address1, address2: buyer.address2, city: buyer.city,
      province: buyer.province, zipCode: buyer.zip, country: 'United States', countryCode: 'US', totalPriceCents: 7497, subTotalPriceCents: 6998,
      chargedCents: 4100, baseCostCents: 3600, metadata: { notes: `Leave it with ${buyer.name} at the back door`, customer: { email: buyer.email } }, ...over,
    },
  });
  await db().insert(orderEvents).values([
    { orderId: order.id, agencyId: forTeam.agencyId, kind: 'note', action: 'note', message: `Called ${buyer.name} on ${buyer.phone}: use ${buyer.address2}` },
    {
      orderId: order.id, agencyId: forTeam.agencyId, kind: 'address', action: 'update', message: `Address changed from ${buyer.oldAddress}`,
      data: { before: { address1: buyer.oldAddress, city: buyer.city }, after: { address1: buyer.address1, zipCode: buyer.zip, province: buyer.province } },
    },
  ]);
  await db().insert(orderChangeRequests).values({ orderId: order.id, agencyId: forTeam.agencyId, reason: 'others', note: `Buyer ${buyer.email} asked`, payload: { message: `Ship to ${buyer.address1}` } });
  await db().insert(auditEntries).values({
    agencyId: forTeam.agencyId, entity: 'order', entityId: order.id, action: 'customer_update', before: { email: buyer.oldEmail }, after: { email: buyer.email, fullName: buyer.name },
  });
  return order;
}

beforeAll(async () => {
  team = await teamNamed(db(), 'Demo Seller');
  otherTeam = await teamNamed(db(), 'Other Seller');
  expect(otherTeam.agencyId).not.toBe(team.agencyId);
  closedId = (await buyerOrder(`#PRIV-${tag}-1`, 'Fulfilled')).id;
  openId = (await buyerOrder(`#PRIV-${tag}-2`, 'InReview')).id;
  // Another tenant's buyer with the identical e-mail: nothing of it may change.
  otherTenantOrderId = (await buyerOrder(`#PRIV-${tag}-X`, 'Fulfilled', {}, BUYER, otherTeam)).id;
  const [seller] = await db().select().from(users).where(eq(users.email, 'seller@demo.test'));
  await db().insert(emailMessages).values([
    { agencyId: team.agencyId, toAddress: BUYER.email, templateCode: 'order_shipped', subject: `Your order, ${BUYER.name}`, html: `<p>Hi ${BUYER.name}</p>`, text: `Hi ${BUYER.name}`, status: 'sent' },
    { agencyId: team.agencyId, toAddress: 'seller@demo.test', templateCode: 'order_note', subject: 'A note on your order', html: `<p>Ship to ${BUYER.address1}, ${BUYER.phone}</p>`, text: `Ship to ${BUYER.address1}`, status: 'sent' },
    { agencyId: otherTeam.agencyId, toAddress: BUYER.email, templateCode: 'order_shipped', subject: 'Your order', html: `<p>Hi ${BUYER.name}</p>`, text: 'Hi', status: 'sent' },
  ]);
  await db().insert(notifications).values({ userId: seller!.id, agencyId: team.agencyId, title: 'Order note', content: `${BUYER.name} wrote about ${BUYER.email}` });
  // An export made after the orders, and a webhook body of the shop not yet processed.
  const [job] = await db().insert(jobs).values({ kind: 'ORDERS_EXPORT', status: 'done', agencyId: team.agencyId, userId: seller!.id, payload: { search: BUYER.email }, finishedAt: new Date() }).returning();
  exportFileId = (await saveJobFile(db(), { jobId: job!.id, userId: seller!.id, agencyId: team.agencyId, purpose: 'export', name: 'orders.csv', contentType: 'text/csv', data: Buffer.from(`Full name,Email\n${BUYER.name},${BUYER.email}\n`) })).id;
  const [store] = await db().insert(stores).values({ agencyId: team.agencyId, sellerTeamId: team.id, platform: 'shopify', name: 'Privacy shop', shopDomain: `priv-${tag}.myshopify.com` }).returning();
  await db().insert(storeWebhooks).values({ agencyId: team.agencyId, storeId: store!.id, topic: 'orders/create', deliveryId: `d-${tag}`, payload: { id: 7001, email: BUYER.email, shipping_address: { name: BUYER.name, address1: BUYER.address1 } } });
});

describe('the erase service', () => {
  it('closed statuses are those no order action starts from', () => {
    expect([...CLOSED_ORDER_STATUSES].sort()).toEqual(['Cancel', 'Fulfilled']);
  });

  it('erases the closed order now and every place quoting it; the open one waits; money, counts and the country stay', async () => {
    const before = { closed: await moneyOf(closedId), open: await moneyOf(openId) };
    expect(await whereFound(VALUES, otherTeam.agencyId)).not.toEqual([]);
    const out = await eraseBuyerData(db(), { agencyId: team.agencyId, buyer: { emails: [BUYER.email.toUpperCase()] }, source: 'test', requestKey: `test:${tag}` });
    expect(out).toMatchObject({ repeated: false, status: 'waiting', orders: 2, erased: 1, waiting: 1 });

    const [closed] = await db().select().from(orders).where(eq(orders.id, closedId));
    expect(closed).toMatchObject({ fullName: ERASED, email: ERASED, phone: ERASED, address1: ERASED, address2: ERASED, city: ERASED, province: ERASED, zipCode: ERASED });
    expect(closed!.metadata).toEqual({ notes: `Leave it with ${ERASED} at the back door`, customer: { email: ERASED } });
    expect(await moneyOf(closedId)).toEqual(before.closed);
    // The open order keeps its buyer until it closes.
    const [open] = await db().select().from(orders).where(eq(orders.id, openId));
    expect(open).toMatchObject({ email: BUYER.email, fullName: BUYER.name });
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, closedId));
    expect(events.map((e) => e.message).sort()).toEqual([`Address changed from ${ERASED}`, `Called ${ERASED} on ${ERASED}: use ${ERASED}`]);
    expect(await db().select().from(jobFiles).where(eq(jobFiles.id, exportFileId))).toEqual([]);
    const [mailToBuyer] = await db().select().from(emailMessages).where(and(eq(emailMessages.agencyId, team.agencyId), eq(emailMessages.templateCode, 'order_shipped')));
    expect(mailToBuyer).toMatchObject({ toAddress: ERASED, subject: ERASED, html: ERASED, text: ERASED, status: 'sent' });

    const [record] = await db().select().from(privacyErasures).where(eq(privacyErasures.id, out.id));
    expect(record).toMatchObject({ status: 'waiting', source: 'test', pendingOrderIds: [openId], completedAt: null });
    expect([...record!.orderIds].sort()).toEqual([closedId, openId].sort());
    expect(JSON.stringify(record)).not.toContain(BUYER.email);
  });

  it('the scheduled job leaves an open order waiting and erases it once it has closed', async () => {
    expect(await db().select().from(jobSchedules).where(eq(jobSchedules.name, PRIVACY_COMPLETE_JOB))).toHaveLength(1);
    const runJob = async () => {
      await t.app.jobs.enqueue(db(), { kind: PRIVACY_COMPLETE_JOB });
      await t.app.jobs.drain();
    };
    await runJob();
    expect((await db().select().from(orders).where(eq(orders.id, openId)))[0]!.email).toBe(BUYER.email);
    const before = await moneyOf(openId);
    await db().update(orders).set({ status: 'Cancel' }).where(eq(orders.id, openId));
    await runJob();
    const [open] = await db().select().from(orders).where(eq(orders.id, openId));
    expect(open).toMatchObject({ email: ERASED, fullName: ERASED, country: 'United States', countryCode: 'US' });
    expect(await moneyOf(openId)).toEqual({ ...before, status: 'Cancel' });
    const [record] = await db().select().from(privacyErasures).where(eq(privacyErasures.requestKey, `test:${tag}`));
    expect(record).toMatchObject({ status: 'done', pendingOrderIds: [], completedAt: expect.any(Date) });
  });

  it('leaves none of the values in any text column of any table, and the other tenant untouched', async () => {
    expect(await whereFound(VALUES, otherTeam.agencyId)).toEqual([]);
    const [other] = await db().select().from(orders).where(eq(orders.id, otherTenantOrderId));
    expect(other).toMatchObject({ email: BUYER.email, fullName: BUYER.name, address1: BUYER.address1 });
    const [otherMail] = await db().select().from(emailMessages).where(and(eq(emailMessages.agencyId, otherTeam.agencyId), eq(emailMessages.toAddress, BUYER.email)));
    expect(otherMail).toBeDefined();
    expect((await db().select().from(orderEvents).where(eq(orderEvents.orderId, otherTenantOrderId))).map((e) => e.message).join()).toContain(BUYER.name);
  });

  it('a repeated request changes nothing more and records no duplicate', async () => {
    const snapshot = await db().select().from(orders).where(eq(orders.id, closedId));
    const again = await eraseBuyerData(db(), { agencyId: team.agencyId, buyer: { emails: [BUYER.email] }, source: 'test', requestKey: `test:${tag}` });
    expect(again).toMatchObject({ repeated: true, status: 'done', orders: 2, erased: 0, waiting: 0 });
    expect(await db().select().from(privacyErasures).where(eq(privacyErasures.requestKey, `test:${tag}`))).toHaveLength(1);
    expect(await db().select().from(orders).where(eq(orders.id, closedId))).toEqual(snapshot);
  });
});

describe("Shopify's privacy webhooks", () => {
  const shop = `redact-${tag}.myshopify.com`;
  const B = (n: string) => ({ ...BUYER, name: `Bruno ${n} ${tag}`, email: `bruno.${n}.${tag}@buyers.test`, phone: `+44 20 7946 ${n === 'one' ? '0101' : n === 'two' ? '0202' : '0303'}`, address1: `${n} Webhook Street ${tag}`, address2: '', city: `Hooktown${n}${tag}`, province: '', zip: `HK-${n}-${tag}`, oldAddress: `${n} Older Street ${tag}`, oldEmail: `old.bruno.${n}.${tag}@buyers.test` });
  const one = B('one');
  const two = B('two');
  const three = B('three');
  let storeId: string;
  const ids: Record<string, string> = {};
  const send = (topic: string, id: string, body: object) => shopifyWebhook(t, shop, topic, id, body);
  const deliveries = async () => db().select().from(storeWebhooks).where(eq(storeWebhooks.storeId, storeId)).orderBy(storeWebhooks.receivedAt);

  beforeAll(async () => {
    const [store] = await db().insert(stores).values({ agencyId: team.agencyId, sellerTeamId: team.id, platform: 'shopify', name: 'Redact shop', shopDomain: shop }).returning();
    storeId = store!.id;
    ids['one'] = (await buyerOrder(`#R-${tag}-1`, 'Fulfilled', { storeId, externalId: 'gid://shopify/Order/8001' }, one)).id;
    ids['two'] = (await buyerOrder(`#R-${tag}-2`, 'Cancel', { storeId, externalId: 'gid://shopify/Order/8002' }, two)).id;
    ids['three'] = (await buyerOrder(`#R-${tag}-3`, 'Fulfilled', { storeId, externalId: 'gid://shopify/Order/8003' }, three)).id;
  });

  it('refuses a delivery not signed with the app\u2019s secret', async () => {
    const res = await shopifyWebhook(t, shop, 'customers/redact', 'forged', { customer: { id: 1, email: one.email } }, 'not-the-secret');
    expect(res.statusCode).toBe(401);
  });

  it('customers/redact erases the customer\u2019s orders of that store (by e-mail and by orders_to_redact), once', async () => {
    const body = { shop_id: 954889, shop_domain: shop, customer: { id: 191167, email: one.email, phone: null }, orders_to_redact: [8001, 8002] };
    const res = await send('customers/redact', `cr-${tag}`, body);
    expect([res.statusCode, res.json()]).toEqual([200, { received: 1 }]);
    await t.app.jobs.drain();
    for (const k of ['one', 'two']) expect((await db().select().from(orders).where(eq(orders.id, ids[k]!)))[0]).toMatchObject({ email: ERASED, fullName: ERASED, status: k === 'one' ? 'Fulfilled' : 'Cancel' });
    expect((await db().select().from(orders).where(eq(orders.id, ids['three']!)))[0]).toMatchObject({ email: three.email });
    expect(await whereFound(Object.values(one).concat(Object.values(two)).filter((v) => v.length > 3), otherTeam.agencyId)).toEqual([]);
    // Shopify sends it again under another delivery id: nothing more, no second record.
    await send('customers/redact', `cr2-${tag}`, body);
    await t.app.jobs.drain();
    expect(await db().select().from(privacyErasures).where(eq(privacyErasures.storeId, storeId))).toEqual([
      expect.objectContaining({ source: 'shopify:customers/redact', status: 'done', orderIds: expect.arrayContaining([ids['one'], ids['two']]) }),
    ]);
    expect(await deliveries()).toEqual([
      expect.objectContaining({ topic: 'customers/redact', status: 'processed', payload: null, note: 'Erasure: 2 order(s), 2 erased' }),
      expect.objectContaining({ topic: 'customers/redact', status: 'processed', payload: null, note: 'Erasure already requested: nothing more to do' }),
    ]);
  });

  it('customers/data_request tells the team manager which orders hold what, quoting no buyer value', async () => {
    const res = await send('customers/data_request', `dr-${tag}`, { shop_id: 954889, shop_domain: shop, orders_requested: [8003], customer: { id: 191168, email: three.email, phone: null }, data_request: { id: 9999 } });
    expect(res.json()).toEqual({ received: 1 });
    await t.app.jobs.drain();
    const [seller] = await db().select().from(users).where(eq(users.email, 'seller@demo.test'));
    const [note] = await db().select().from(notifications).where(and(eq(notifications.userId, seller!.id), eq(notifications.title, 'Customer data request')));
    expect(note!.content).toContain(`#R-${tag}-3`);
    expect(note!.content).toContain('data request 9999');
    expect(note!.content).toContain('name, e-mail, phone, address');
    expect(note!.content).not.toContain(three.email);
    const last = (await deliveries()).at(-1);
    expect(last).toMatchObject({ topic: 'customers/data_request', status: 'processed', payload: null, note: 'Data request 9999: 1 order(s), 1 manager(s) notified' });
    expect((await db().select().from(orders).where(eq(orders.id, ids['three']!)))[0]!.email).toBe(three.email);
  });

  it('shop/redact, 48 hours after the uninstall, erases every buyer of the disconnected store', async () => {
    await db().update(stores).set({ status: 'disconnected', credentials: null }).where(and(eq(stores.agencyId, team.agencyId), eq(stores.id, storeId)));
    const res = await send('shop/redact', `sr-${tag}`, { shop_id: 954889, shop_domain: shop });
    expect(res.json()).toEqual({ received: 1 });
    await t.app.jobs.drain();
    expect((await db().select().from(orders).where(eq(orders.id, ids['three']!)))[0]).toMatchObject({ email: ERASED, fullName: ERASED, address1: ERASED });
    expect(await whereFound(Object.values(three).filter((v) => v.length > 3), otherTeam.agencyId)).toEqual([]);
    expect((await deliveries()).every((d) => d.payload === null)).toBe(true);
    // Other topics still take nothing from a disconnected store.
    expect((await send('orders/create', `oc-${tag}`, { id: 8004 })).json()).toEqual({ received: 0 });
  });
});

