/**
 * Tracking (docs/orders.md, "Tracking and store sync"): shipments of the agency's orders. Adding a
 * shipment moves its items to InTransit and the order to derivedShippingStatus(items); marking it
 * delivered moves its items to Fulfilled. Each change locks the order, writes the timeline
 * (order_events 'tracking'), the audit entry, tells the seller and, for a new shipment of an order
 * with a store, queues the store sync, all in one transaction.
 */
import { eq } from 'drizzle-orm';
import {
  SHIPPABLE_STATUSES,
  TRACKING_MSG,
  derivedShippingStatus,
  displayOrderName,
  type Actor,
  type AddShipmentBody,
  type ItemStatus,
  type OrderStatus,
  type TrackingListQuery,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema/index';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { listAnswer } from '../../lib/list';
import { writeAudit } from '../audit';
import { notify } from '../notifications';
import * as repo from './tracking.repo';
import { enqueueStoreSync } from './store-sync.job';
import { itemView, itemsByShipment, orderSummary, shipmentView } from './tracking.views';
import { accrueOrderProfit } from '../profits';

/** Who changes tracking: the acting user, or the user whose import job does. */
export interface TrackingActor {
  userId: string;
  agencyId: string;
  email: string;
}

function agencyOf(actor: Actor): string {
  // Only agency users hold the tracking permissions; anyone else finds nothing.
  if (!actor.agencyId || actor.userType !== 'agency') throw notFound(TRACKING_MSG.orderNotFound);
  return actor.agencyId;
}

export async function trackingActor(ctx: AppContext, actor: Actor): Promise<TrackingActor> {
  const agencyId = agencyOf(actor);
  const [row] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, actor.userId));
  return { userId: actor.userId, agencyId, email: row?.email ?? '' };
}

const isShippable = (status: string) => (SHIPPABLE_STATUSES as readonly string[]).includes(status);

export async function list(ctx: AppContext, actor: Actor, q: TrackingListQuery) {
  const agencyId = agencyOf(actor);
  const { rows, count } = await repo.listOrders(ctx.db, agencyId, q);
  const ids = rows.map((r) => r.order.id);
  const [shipments, pairs] = await Promise.all([repo.shipmentsOf(ctx.db, ids), repo.itemShipmentPairs(ctx.db, ids)]);
  const carried = itemsByShipment(pairs);
  const data = rows.map(({ order, team, storePlatform }) => {
    const summary = orderSummary(order, team, storePlatform);
    return {
      ...summary,
      shipments: shipments.filter((s) => s.orderId === order.id).map((s) => shipmentView(s, carried.get(s.id) ?? [], summary.storePlatform !== null)),
    };
  });
  return listAnswer(data, count, q);
}

export async function teams(ctx: AppContext, actor: Actor) {
  return { data: await repo.teamOptions(ctx.db, agencyOf(actor)) };
}

export async function detail(ctx: AppContext, actor: Actor, orderId: string) {
  const found = await repo.orderOfAgency(ctx.db, agencyOf(actor), orderId);
  if (!found) throw notFound(TRACKING_MSG.orderNotFound);
  const { order, team, storePlatform } = found;
  const [items, shipments] = await Promise.all([repo.itemsOf(ctx.db, order.id), repo.shipmentsOf(ctx.db, [order.id])]);
  const summary = orderSummary(order, team, storePlatform);
  const carried = itemsByShipment(items);
  return {
    data: {
      order: {
        ...summary,
        address1: order.address1,
        address2: order.address2,
        city: order.city,
        province: order.province,
        zipCode: order.zipCode,
        countryCode: order.countryCode,
        shippingMethod: order.shippingMethod,
      },
      items: items.map(itemView),
      shipments: shipments.map((s) => shipmentView(s, carried.get(s.id) ?? [], summary.storePlatform !== null)),
      canAddTracking: isShippable(order.status) && items.some((i) => i.status !== 'Cancel' && !i.shipmentId),
    },
  };
}

/** The outcome of adding a shipment: the new row, or `existing` when this tracking number is already there. */
export interface AddedShipment {
  shipment: repo.ShipmentRow;
  itemIds: string[];
  status: OrderStatus;
  hasStore: boolean;
}

/**
 * Adds a shipment inside the caller's transaction (the route and each import row use it). Throws
 * 404 (foreign or unknown order), 409 (status does not take tracking, or a lost race), 400 (items).
 */
export async function addShipmentTx(ctx: AppContext, tx: Tx, who: TrackingActor, orderId: string, input: AddShipmentBody): Promise<AddedShipment> {
  const order = await repo.lockOrder(tx, who.agencyId, orderId);
  if (!order) throw notFound(TRACKING_MSG.orderNotFound);
  if (!isShippable(order.status)) throw conflict(TRACKING_MSG.notShippable(order.status));
  if (await repo.shipmentByNumber(tx, order.id, input.trackingNumber)) {
    throw badRequest(TRACKING_MSG.duplicateTracking, { trackingNumber: TRACKING_MSG.duplicateTracking });
  }
  const items = await repo.itemsOf(tx, order.id);
  const open = items.filter((i) => i.status !== 'Cancel' && !i.shipmentId);
  let chosen: string[];
  if (input.itemIds) {
    const openIds = new Set(open.map((i) => i.id));
    chosen = [...new Set(input.itemIds)];
    if (chosen.some((id) => !openIds.has(id))) throw badRequest(TRACKING_MSG.itemNotShippable, { itemIds: TRACKING_MSG.itemNotShippable });
  } else {
    chosen = open.map((i) => i.id);
  }
  if (chosen.length === 0) throw badRequest(TRACKING_MSG.nothingToShip, { itemIds: TRACKING_MSG.nothingToShip });

  const shipment = await repo.insertShipment(tx, {
    orderId: order.id,
    agencyId: order.agencyId,
    sellerTeamId: order.sellerTeamId,
    trackingNumber: input.trackingNumber,
    carrier: input.carrier,
    trackingUrl: input.trackingUrl ?? '',
    createdBy: who.userId,
  });
  // The order lock makes this exact; a different count means someone else changed the items.
  if ((await repo.shipItems(tx, shipment.id, chosen)) !== chosen.length) throw conflict(TRACKING_MSG.itemNotShippable);
  const chosenSet = new Set(chosen);
  const after = items.map((i) => ({ status: (chosenSet.has(i.id) ? 'InTransit' : i.status) as ItemStatus }));
  const status = derivedShippingStatus(after);
  if (status !== order.status) await repo.setOrderStatus(tx, order.id, status);

  const name = displayOrderName(order.orderName);
  const message = `Tracking ${input.trackingNumber} (${input.carrier}) added for ${chosen.length} item${chosen.length === 1 ? '' : 's'}`;
  await repo.insertEvent(tx, {
    orderId: order.id,
    agencyId: order.agencyId,
    kind: 'tracking',
    action: 'add-tracking',
    fromStatus: order.status,
    toStatus: status,
    message,
    actorId: who.userId,
    actorEmail: who.email,
    data: { shipmentId: shipment.id, trackingNumber: input.trackingNumber, carrier: input.carrier, itemIds: chosen },
  });
  await writeAudit(tx, {
    actorId: who.userId,
    agencyId: order.agencyId,
    entity: 'order',
    entityId: order.id,
    action: 'add_tracking',
    before: { status: order.status },
    after: { status, shipmentId: shipment.id, trackingNumber: input.trackingNumber, carrier: input.carrier, itemIds: chosen },
  });
  await notifySeller(tx, order, {
    title: `Order ${name} shipped`,
    content: `${message}. The order is now ${status}.`,
  });
  const hasStore = order.storeId !== null;
  if (hasStore) await enqueueStoreSync(ctx, tx, { orderId: order.id, agencyId: order.agencyId, sellerTeamId: order.sellerTeamId, userId: who.userId });
  return { shipment, itemIds: chosen, status, hasStore };
}

async function notifySeller(tx: Tx, order: repo.OrderRow, text: { title: string; content: string }) {
  const team = await repo.teamManager(tx, order.sellerTeamId);
  const ids = [...new Set([team, order.sellerId].filter((v): v is string => Boolean(v)))];
  await notify(tx, ids, { agencyId: order.agencyId, ...text });
}

export async function addShipment(ctx: AppContext, actor: Actor, orderId: string, input: AddShipmentBody) {
  const who = await trackingActor(ctx, actor);
  const added = await ctx.db.transaction((tx) => addShipmentTx(ctx, tx, who, orderId, input)).catch(raceAsConflict);
  return { data: { shipment: shipmentView(added.shipment, added.itemIds, added.hasStore), status: added.status } };
}

/** The unique (order, tracking number) index refused a row: someone added the same number meanwhile. */
export function isDuplicateTracking(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === '23505';
}

function raceAsConflict(err: unknown): never {
  if (isDuplicateTracking(err)) throw badRequest(TRACKING_MSG.duplicateTracking, { trackingNumber: TRACKING_MSG.duplicateTracking });
  throw err;
}

export async function markDelivered(ctx: AppContext, actor: Actor, shipmentId: string) {
  const who = await trackingActor(ctx, actor);
  return ctx.db.transaction(async (tx) => {
    const found = await repo.shipmentOfAgency(tx, who.agencyId, shipmentId);
    if (!found) throw notFound(TRACKING_MSG.shipmentNotFound);
    const order = await repo.lockOrder(tx, who.agencyId, found.orderId);
    if (!order) throw notFound(TRACKING_MSG.shipmentNotFound);
    const shipment = await repo.deliverShipment(tx, shipmentId);
    if (!shipment) throw conflict(TRACKING_MSG.notDeliverable);
    const items = await repo.itemsOf(tx, order.id);
    const status = derivedShippingStatus(items.map((i) => ({ status: i.status as ItemStatus })));
    if (status !== order.status) await repo.setOrderStatus(tx, order.id, status);
    if (status === 'Fulfilled') await accrueOrderProfit(tx, order.id, who.userId);
    const message = `Shipment ${shipment.trackingNumber} delivered`;
    await repo.insertEvent(tx, {
      orderId: order.id,
      agencyId: order.agencyId,
      kind: 'tracking',
      action: 'delivered',
      fromStatus: order.status,
      toStatus: status,
      message,
      actorId: who.userId,
      actorEmail: who.email,
      data: { shipmentId },
    });
    await writeAudit(tx, {
      actorId: who.userId,
      agencyId: order.agencyId,
      entity: 'order',
      entityId: order.id,
      action: 'shipment_delivered',
      before: { status: order.status, shipmentStatus: found.status },
      after: { status, shipmentStatus: 'Fulfilled', shipmentId },
    });
    await notifySeller(tx, order, { title: `Order ${displayOrderName(order.orderName)} delivered`, content: `${message}. The order is now ${status}.` });
    const itemIds = items.filter((i) => i.shipmentId === shipmentId).map((i) => i.id);
    return { data: { shipment: shipmentView(shipment, itemIds, order.storeId !== null), status } };
  });
}

/** POST /api/orders/synced-track-to-store: queues the sync per order, answering per id. */
export async function requestSync(ctx: AppContext, actor: Actor, ids: string[]) {
  const who = await trackingActor(ctx, actor);
  const found = new Map((await repo.ordersOfAgency(ctx.db, who.agencyId, ids)).map((o) => [o.id, o]));
  const unsynced = await repo.ordersWithUnsynced(ctx.db, [...found.keys()]);
  const results: { id: string; ok: boolean; message?: string }[] = [];
  for (const id of ids) {
    const order = found.get(id);
    if (!order) results.push({ id, ok: false, message: TRACKING_MSG.orderNotFound });
    else if (!order.storeId) results.push({ id, ok: false, message: TRACKING_MSG.noStore });
    else if (!unsynced.has(id)) results.push({ id, ok: false, message: TRACKING_MSG.noShipments });
    else {
      await ctx.db.transaction(async (tx) => {
        await enqueueStoreSync(ctx, tx, { orderId: id, agencyId: who.agencyId, userId: who.userId, resetFailed: true });
      });
      results.push({ id, ok: true, message: TRACKING_MSG.syncQueued });
    }
  }
  const succeeded = results.filter((r) => r.ok).length;
  return { data: { results, succeeded, failed: results.length - succeeded } };
}
