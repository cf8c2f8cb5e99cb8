/** The SQL of the store orders (docs/stores.md, "Orders from stores"). */
import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { agencies, orderEvents, orderItems, orders, sellerTeams, storeWebhooks, stores } from '../../db/schema/index';
import { readSettings } from '../settings';
import { linkCustomers, touchesCustomer } from '../customers';

/**
 * One store order is applied at a time, whichever job carries it (a webhook's read, a pull): a transaction
 * lock on the store and the shop's order id. The unique index orders_store_external_uq stays the last word.
 */
export async function lockStoreOrderKey(tx: Tx, storeId: string, externalId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`store-order:${storeId}:${externalId}`}, 0))`);
}

/** lockStoreOrderKey for several orders in one statement, in one order (the keys' hashes) whoever takes them. */
export async function lockStoreOrderKeys(tx: Tx, storeId: string, externalIds: string[]): Promise<void> {
  if (externalIds.length === 0) return;
  const keys = JSON.stringify([...new Set(externalIds)].map((id) => `store-order:${storeId}:${id}`));
  await tx.execute(sql`
    select count(pg_advisory_xact_lock(k)) from (
      select hashtextextended(e, 0) as k from json_array_elements_text(${keys}::json) e order by 1
    ) keys`);
}

/**
 * In one statement, locked: the order this store already sent with this id (`known`), and else the team's order of
 * this name that came from no store (`twin`: a file import of the store's order).
 */
export async function lockKnownOrTwin(tx: Tx, store: { agencyId: string; id: string; sellerTeamId: string }, externalId: string, orderName: string) {
  const rows = await tx
    .select()
    .from(orders)
    .where(and(
      eq(orders.agencyId, store.agencyId),
      or(
        and(eq(orders.storeId, store.id), eq(orders.externalId, externalId)),
        // `<> ''`: the partial unique index orders_source_name_uq's predicate, so the index answers it.
        orderName ? and(eq(orders.sellerTeamId, store.sellerTeamId), eq(orders.orderName, orderName), ne(orders.orderName, ''), isNull(orders.storeId)) : undefined,
      ),
    ))
    .for('update');
  return { known: rows.find((r) => r.storeId === store.id && r.externalId === externalId), twin: rows.find((r) => r.storeId === null) };
}

/** Whether the file order holds an item of one of these SKUs or catalog variants (a twin is linked only then). */
export async function sharesItem(tx: Tx, order: { agencyId: string; id: string }, items: { skus: string[]; catalogVariantIds: string[] }): Promise<boolean> {
  const { skus, catalogVariantIds } = items;
  if (skus.length === 0 && catalogVariantIds.length === 0) return false;
  const [hit] = await tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(and(
      eq(orderItems.agencyId, order.agencyId),
      eq(orderItems.orderId, order.id),
      or(skus.length ? inArray(orderItems.sku, skus) : undefined, catalogVariantIds.length ? inArray(orderItems.catalogVariantId, catalogVariantIds) : undefined),
    ))
    .limit(1);
  return !!hit;
}

/** lockKnownOrTwin for several orders of the store in one statement: the known orders by external id, the twins by name. */
export async function lockKnownOrTwins(tx: Tx, store: { agencyId: string; id: string; sellerTeamId: string }, externalIds: string[], orderNames: string[]) {
  const names = orderNames.filter(Boolean);
  const rows = externalIds.length === 0 ? [] : await tx
    .select()
    .from(orders)
    .where(and(
      eq(orders.agencyId, store.agencyId),
      or(
        and(eq(orders.storeId, store.id), inArray(orders.externalId, externalIds)),
        names.length ? and(eq(orders.sellerTeamId, store.sellerTeamId), inArray(orders.orderName, names), ne(orders.orderName, ''), isNull(orders.storeId)) : undefined,
      ),
    ))
    .for('update');
  type Row = (typeof rows)[number];
  const known = new Map<string, Row>();
  const twins = new Map<string, Row>();
  for (const r of rows) {
    if (r.storeId === store.id && r.externalId) known.set(r.externalId, r);
    else if (r.storeId === null) twins.set(r.orderName, r);
  }
  return { known, twins };
}

export type NewOrder = typeof orders.$inferInsert;
export type NewItem = typeof orderItems.$inferInsert;

/**
 * Inserts the orders, each unless its id from this store, or its name from this store, is taken, and the items of
 * those inserted: two statements for any number. Answers the ids inserted.
 */
export async function insertOrders(tx: Tx, rows: { order: NewOrder; items: NewItem[] }[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const inserted = new Set((await tx.insert(orders).values(rows.map((r) => r.order)).onConflictDoNothing().returning({ id: orders.id })).map((r) => r.id));
  const items = rows.filter((r) => inserted.has(r.order.id!)).flatMap((r) => r.items);
  if (items.length) await tx.insert(orderItems).values(items);
  // Their buyers (docs/customers.md): one store's orders, so one agency.
  const agencyId = rows[0]!.order.agencyId;
  if (inserted.size) await linkCustomers(tx, agencyId, [...inserted]);
  return inserted;
}

export async function insertEvents(tx: Tx, events: (typeof orderEvents.$inferInsert)[]): Promise<void> {
  if (events.length) await tx.insert(orderEvents).values(events);
}

export async function updateOrder(tx: Tx, id: string, patch: Partial<NewOrder>): Promise<void> {
  const [row] = await tx.update(orders).set({ ...patch, updatedAt: new Date() }).where(eq(orders.id, id)).returning({ agencyId: orders.agencyId });
  // A new address, e-mail or status may move the order to another buyer or change its buyer's figures.
  if (row && touchesCustomer(patch)) await linkCustomers(tx, row.agencyId, [id]);
}

/** Every live item of a cancelled order is cancelled too. */
export async function cancelItems(tx: Tx, orderId: string): Promise<void> {
  await tx.update(orderItems).set({ status: 'Cancel', updatedAt: new Date() }).where(and(eq(orderItems.orderId, orderId), ne(orderItems.status, 'Cancel')));
}

/** The store with what its orders need: the team's switch for store orders, the import rules, the agency's settings. */
export async function storeForOrders(tx: Tx, agencyId: string, storeId: string) {
  const [row] = await tx
    .select({ store: stores, getOrderApi: sellerTeams.getOrderApi, agencySettings: agencies.settings })
    .from(stores)
    .innerJoin(sellerTeams, and(eq(sellerTeams.agencyId, stores.agencyId), eq(sellerTeams.id, stores.sellerTeamId)))
    .innerJoin(agencies, eq(agencies.id, stores.agencyId))
    .where(and(eq(stores.agencyId, agencyId), eq(stores.id, storeId)));
  // The agency's settings (shipping exclusions) ride along: one round trip less for every order.
  return row && { ...row.store, getOrderApi: row.getOrderApi, settings: readSettings(row.agencySettings) };
}
export type StoreForOrders = NonNullable<Awaited<ReturnType<typeof storeForOrders>>>;

/**
 * "Last order received" on the store, at most once a minute: every order of a busy store would otherwise wait
 * for the store row's lock held by the one before it until that one commits.
 */
export async function touchLastOrder(tx: Tx, agencyId: string, storeId: string): Promise<void> {
  await tx
    .update(stores)
    .set({ lastOrderAt: sql`now()` })
    .where(and(eq(stores.agencyId, agencyId), eq(stores.id, storeId), sql`(${stores.lastOrderAt} is null or ${stores.lastOrderAt} < now() - interval '1 minute')`));
}

/** A delivery of the store's platform, locked: one job handles it once. */
export async function lockDelivery(tx: Tx, agencyId: string, id: string) {
  const [row] = await tx.select().from(storeWebhooks).where(and(eq(storeWebhooks.agencyId, agencyId), eq(storeWebhooks.id, id))).for('update');
  return row;
}

/** Deliveries of the store's platform, locked, in the order they were received. */
export async function lockDeliveries(tx: Tx, agencyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(storeWebhooks)
    .where(and(eq(storeWebhooks.agencyId, agencyId), inArray(storeWebhooks.id, ids)))
    .orderBy(asc(storeWebhooks.receivedAt), asc(storeWebhooks.id))
    .for('update');
}

type Handled = { outcome: string; note: string };
const statusOf = (result: Handled) => (result.outcome === 'skipped' ? ('ignored' as const) : ('processed' as const));

/** The store's import log says what became of the delivery; its body (buyers' data) is not kept once handled. */
export async function markDelivery(db: Db | Tx, agencyId: string, id: string, result: Handled): Promise<void> {
  await db
    .update(storeWebhooks)
    .set({ status: statusOf(result), note: result.note, payload: null, processedAt: sql`now()` })
    .where(and(eq(storeWebhooks.agencyId, agencyId), eq(storeWebhooks.id, id)));
}

/** markDelivery for many deliveries in one statement (a read job's batch). */
export async function markDeliveries(tx: Tx, agencyId: string, handled: { id: string; result: Handled }[]): Promise<void> {
  if (handled.length === 0) return;
  if (handled.length === 1) return markDelivery(tx, agencyId, handled[0]!.id, handled[0]!.result);
  const rows = JSON.stringify(handled.map(({ id, result }) => ({ id, status: statusOf(result), note: result.note })));
  await tx.execute(sql`
    update store_webhooks w set status = v.status, note = v.note, payload = null, processed_at = now()
      from jsonb_to_recordset(${rows}::jsonb) as v(id uuid, status text, note text)
     where w.agency_id = ${agencyId} and w.id = v.id`);
}

/**
 * Pulled orders in the store's import log (a pull has no delivery of its own), in one statement: only what the seller
 * needs to see, created / linked orders and the ones not imported with the reason; once per order version, so the daily
 * reconciliation re-reading an unpaid order does not log it again.
 */
export async function logPulledOrders(db: Db | Tx, store: { agencyId: string; id: string }, pulled: { order: { externalId: string; name: string; updatedAt: string }; result: Handled }[]): Promise<void> {
  if (pulled.length === 0) return;
  await db
    .insert(storeWebhooks)
    .values(pulled.map(({ order, result }) => ({
      agencyId: store.agencyId, storeId: store.id, topic: PULL_TOPIC, deliveryId: `pull:${order.externalId}:${order.updatedAt}`,
      subject: `Order ${order.name}`.slice(0, 200), status: statusOf(result), note: result.note, processedAt: new Date(),
    })))
    .onConflictDoNothing();
}
/** The import log's topic of an order read by a pull (the reconciliation, "pull orders since", Etsy's schedule). */
export const PULL_TOPIC = 'orders/pull';

/** The last pull of the store and what it found: the Stores page's health. */
export async function recordPull(db: Db | Tx, store: { agencyId: string; id: string }, at: Date, counts: { processed: number; created: number; linked: number; updated: number }) {
  await db.update(stores).set({ lastReconciledAt: at, lastReconcile: counts }).where(and(eq(stores.agencyId, store.agencyId), eq(stores.id, store.id)));
}
