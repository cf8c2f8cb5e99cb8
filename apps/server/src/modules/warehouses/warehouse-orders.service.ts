/**
 * The warehouse team's queue (docs/warehouses.md "Warehouse queue"): the orders routed to the warehouses it runs, seen
 * through the fulfilment view only (docs/decisions.md "Warehouses": items, ship-to, method, packing slip, shipments;
 * never money, the store or the owning team's other data). The agency reads every fulfilment of its own; only the
 * operator works them. Anyone else, or another tenant: 404.
 *
 *   to_pick -> packed                  (pack: the warehouse items InProduction, an Approved order InProduction)
 *   to_pick | packed -> shipped        (ship: packs first when needed; the shipment through tracking, ship movements)
 *   to_pick | packed -> cannot_ship    (the reservation stays: the agency decides, a cancel releases it)
 *   cannot_ship -> to_pick             (resume)
 *
 * Each change locks the order's row first, then the fulfilment's (the order in which approval and cancel take them).
 */
import { eq } from 'drizzle-orm';
import {
  TRACKING_MSG, WAREHOUSE_ORDER_MSG, WAREHOUSE_ORDER_STATUSES, displayOrderName, type Actor, type CannotShipWarehouseOrderBody, type ShipWarehouseOrderBody,
  type WarehouseOrderAnswer, type WarehouseOrderCountsQuery, type WarehouseOrderDetail, type WarehouseOrderListQuery, type WarehouseOrderStatus,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema/index';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { listAnswer } from '../../lib/list';
import { writeAudit } from '../audit';
import { agencyOwnerIds, notify } from '../notifications';
import { agencySettingsOf } from '../settings';
import { addShipmentTx, isDuplicateTracking, type TrackingActor } from '../tracking';
import { renderPackingSlip, type PackingSlip } from './packing-slip';
import { moveStock, StockRefusal } from './stock-ledger';
import * as repo from './warehouse-orders.repo';
import { warehouseScopeOf, type WarehouseScope } from './warehouse-scope';

type QueueScope = WarehouseScope & { kind: 'agency' | 'operator' };

/** Who reads the queue: the operators of the warehouses and the agency. A default seller team finds nothing. */
function readScope(actor: Actor): QueueScope {
  const scope = warehouseScopeOf(actor);
  if (scope.kind === 'owner') throw notFound(WAREHOUSE_ORDER_MSG.notFound);
  return scope;
}

/** Who works it: the warehouse team only (the route's permission says so too). */
function operatorScope(actor: Actor): QueueScope & { kind: 'operator' } {
  const scope = warehouseScopeOf(actor);
  if (scope.kind !== 'operator') throw forbidden();
  return scope;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

// ----- reads -----

export async function list(ctx: AppContext, actor: Actor, q: WarehouseOrderListQuery) {
  const { rows, count } = await repo.listFulfilments(ctx.db, readScope(actor), q);
  const data = rows.map((r) => ({
    id: r.fulfilment.id,
    orderId: r.fulfilment.orderId,
    orderName: displayOrderName(r.orderName),
    warehouse: { id: r.fulfilment.warehouseId, code: r.warehouseCode, name: r.warehouseName },
    status: r.fulfilment.status,
    lines: r.lines,
    units: r.units,
    shipTo: { name: r.fullName, country: r.country, countryCode: r.countryCode },
    shippingMethod: r.shippingMethod,
    routedAt: r.fulfilment.createdAt.toISOString(),
    packedAt: iso(r.fulfilment.packedAt),
    shippedAt: iso(r.fulfilment.shippedAt),
  }));
  return listAnswer(data, count, q);
}

export async function counts(ctx: AppContext, actor: Actor, q: WarehouseOrderCountsQuery) {
  const byStatus = await repo.countsByStatus(ctx.db, readScope(actor), q);
  return { data: Object.fromEntries(WAREHOUSE_ORDER_STATUSES.map((s) => [s, byStatus.get(s) ?? 0])) as Record<WarehouseOrderStatus, number> };
}

/** A company the order's metadata names for the ship-to, if any (the orders table keeps none of its own). */
function companyOf(metadata: Record<string, unknown>): string | null {
  const c = metadata.company;
  return typeof c === 'string' && c.trim() ? c.trim() : null;
}

/** THE fulfilment view: built field by field, and its schema (warehouseOrderDetail) is all the serializer writes. */
async function view(db: AppContext['db'] | Tx, scope: QueueScope, id: string): Promise<WarehouseOrderDetail> {
  const found = await repo.findFulfilment(db, scope, id);
  if (!found) throw notFound(WAREHOUSE_ORDER_MSG.notFound);
  const { fulfilment: f, order: o } = found;
  const lines = await repo.warehouseLinesOf(db, scope.agencyId, o.id);
  const shipmentIds = [...new Set(lines.map((l) => l.shipmentId).filter((s): s is string => s !== null))];
  const shipments = await repo.shipmentsByIds(db, scope.agencyId, shipmentIds);
  return {
    id: f.id,
    orderId: o.id,
    orderName: displayOrderName(o.orderName),
    status: f.status,
    warehouse: { id: f.warehouseId, code: found.warehouseCode, name: found.warehouseName },
    shipTo: {
      name: o.fullName, company: companyOf(o.metadata), address1: o.address1, address2: o.address2, city: o.city, province: o.province,
      zip: o.zipCode, country: o.country, countryCode: o.countryCode, phone: o.phone,
    },
    shippingMethod: o.shippingMethod,
    lines: lines.map((l) => ({ itemId: l.itemId, sku: l.sku, name: l.name, image: l.image, quantity: l.quantity, status: l.status, shipmentId: l.shipmentId })),
    shipments: shipments.map((s) => ({ id: s.id, trackingNumber: s.trackingNumber, carrier: s.carrier, trackingUrl: s.trackingUrl, createdAt: s.createdAt.toISOString() })),
    problem: f.problem,
    routedAt: f.createdAt.toISOString(),
    packedAt: iso(f.packedAt),
    shippedAt: iso(f.shippedAt),
  };
}

export async function detail(ctx: AppContext, actor: Actor, id: string) {
  return { data: await view(ctx.db, readScope(actor), id) };
}

// ----- changes -----

/** Orders the warehouse may work on: approved and not held, cancelled or closed. */
const WORKABLE_ORDER_STATUSES = ['Approved', 'InProduction', 'PartiallyFulfilled', 'InTransit'];

interface Locked {
  found: repo.FoundFulfilment;
  orderStatus: string;
  fulfilment: repo.FulfilmentRow;
}

/** Seen by the scope first (another's is not found and never locked), then the order's lock, then the fulfilment's. */
async function underLock<T>(tx: Tx, scope: QueueScope, id: string, change: (l: Locked) => Promise<T>): Promise<T> {
  const found = await repo.findFulfilment(tx, scope, id);
  if (!found) throw notFound(WAREHOUSE_ORDER_MSG.notFound);
  const order = await repo.lockOrderRow(tx, scope.agencyId, found.order.id);
  const fulfilment = await repo.lockFulfilment(tx, scope.agencyId, id);
  if (!order || !fulfilment) throw notFound(WAREHOUSE_ORDER_MSG.notFound);
  return change({ found, orderStatus: order.status, fulfilment });
}

async function emailOf(tx: Tx, userId: string): Promise<string> {
  const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? '';
}

function audit(tx: Tx, actor: Actor, scope: QueueScope, l: Locked, action: string, after: Record<string, unknown>, reason?: string) {
  return writeAudit(tx, {
    actorId: actor.userId, agencyId: scope.agencyId, entity: 'warehouse-fulfilment', entityId: l.fulfilment.id, action,
    before: { status: l.fulfilment.status, orderId: l.fulfilment.orderId }, after, reason,
  });
}

/** to_pick -> packed, in the caller's transaction under the locks: the items InProduction, an Approved order too. */
async function packLocked(tx: Tx, actor: Actor, scope: QueueScope, l: Locked, email: string): Promise<string> {
  if (!WORKABLE_ORDER_STATUSES.includes(l.orderStatus)) throw conflict(WAREHOUSE_ORDER_MSG.orderNotOpen(l.orderStatus));
  const orderId = l.fulfilment.orderId;
  await repo.packItems(tx, scope.agencyId, orderId);
  let orderStatus = l.orderStatus;
  if (l.orderStatus === 'Approved') {
    orderStatus = 'InProduction';
    await repo.setOrderStatus(tx, scope.agencyId, orderId, orderStatus);
    await repo.insertOrderEvent(tx, {
      orderId, agencyId: scope.agencyId, kind: 'status', action: 'warehouse-pack', fromStatus: 'Approved', toStatus: orderStatus,
      message: `Packed at ${l.found.warehouseCode}`, actorId: actor.userId, actorEmail: email,
    });
  }
  await repo.updateFulfilment(tx, scope.agencyId, l.fulfilment.id, { status: 'packed', packedAt: new Date() });
  await audit(tx, actor, scope, l, 'pack', { status: 'packed', orderStatus });
  return orderStatus;
}

export async function pack(ctx: AppContext, actor: Actor, id: string): Promise<WarehouseOrderAnswer> {
  const scope = operatorScope(actor);
  const data = await ctx.db.transaction((tx) =>
    underLock(tx, scope, id, async (l) => {
      if (l.fulfilment.status !== 'to_pick') throw conflict(WAREHOUSE_ORDER_MSG.notToPick);
      await packLocked(tx, actor, scope, l, await emailOf(tx, actor.userId));
      return view(tx, scope, id);
    }),
  );
  return { message: WAREHOUSE_ORDER_MSG.packed(data.orderName), data };
}

/**
 * Ships what the warehouse holds of the order: packs first when it is still to pick, adds the shipment through
 * tracking (items InTransit, the order's derived status, the timeline, the seller told, the store sync queued), then
 * turns each item's reservation into a ship movement (on hand and reserved both fall), all in one transaction.
 */
export async function ship(ctx: AppContext, actor: Actor, id: string, body: ShipWarehouseOrderBody): Promise<WarehouseOrderAnswer> {
  const scope = operatorScope(actor);
  const data = await ctx.db.transaction((tx) =>
    underLock(tx, scope, id, async (l) => {
      if (l.fulfilment.status !== 'to_pick' && l.fulfilment.status !== 'packed') throw conflict(WAREHOUSE_ORDER_MSG.notShippable);
      const email = await emailOf(tx, actor.userId);
      if (l.fulfilment.status === 'to_pick') await packLocked(tx, actor, scope, l, email);
      else if (!WORKABLE_ORDER_STATUSES.includes(l.orderStatus)) throw conflict(WAREHOUSE_ORDER_MSG.orderNotOpen(l.orderStatus));
      const items = await repo.unshippedWarehouseItems(tx, scope.agencyId, l.fulfilment.orderId);
      if (items.length === 0) throw conflict(WAREHOUSE_ORDER_MSG.nothingToShip);

      const who: TrackingActor = { userId: actor.userId, agencyId: scope.agencyId, email };
      const added = await addShipmentTx(ctx, tx, who, l.fulfilment.orderId, {
        trackingNumber: body.trackingNumber, carrier: body.carrier, trackingUrl: body.trackingUrl || undefined, itemIds: items.map((i) => i.id),
      });
      try {
        await moveStock(tx, scope.agencyId, items.map((i) => ({
          warehouseId: l.fulfilment.warehouseId, warehouseProductId: i.warehouseProductId!, kind: 'ship' as const, quantity: i.quantity,
          orderId: l.fulfilment.orderId, orderItemId: i.id, shipmentId: added.shipment.id, actorId: actor.userId,
        })));
      } catch (error) {
        if (error instanceof StockRefusal) throw conflict(WAREHOUSE_ORDER_MSG.notReserved);
        throw error;
      }
      await repo.updateFulfilment(tx, scope.agencyId, id, { status: 'shipped', shipmentId: added.shipment.id, shippedAt: new Date() });
      await audit(tx, actor, scope, l, 'ship', {
        status: 'shipped', shipmentId: added.shipment.id, trackingNumber: body.trackingNumber, carrier: body.carrier, itemIds: added.itemIds, orderStatus: added.status,
      });
      return view(tx, scope, id);
    }),
  ).catch(duplicateAsBadRequest);
  return { message: WAREHOUSE_ORDER_MSG.shipped(data.orderName), data };
}

/** The unique (order, tracking number) index refused a row another request added meanwhile: 400, as tracking answers. */
function duplicateAsBadRequest(err: unknown): never {
  if (isDuplicateTracking(err)) throw badRequest(TRACKING_MSG.duplicateTracking, { trackingNumber: TRACKING_MSG.duplicateTracking });
  throw err;
}

export async function cannotShip(ctx: AppContext, actor: Actor, id: string, body: CannotShipWarehouseOrderBody): Promise<WarehouseOrderAnswer> {
  const scope = operatorScope(actor);
  const data = await ctx.db.transaction((tx) =>
    underLock(tx, scope, id, async (l) => {
      if (l.fulfilment.status !== 'to_pick' && l.fulfilment.status !== 'packed') throw conflict(WAREHOUSE_ORDER_MSG.notCannotShip);
      await repo.updateFulfilment(tx, scope.agencyId, id, { status: 'cannot_ship', problem: body.reason });
      await audit(tx, actor, scope, l, 'cannot-ship', { status: 'cannot_ship', problem: body.reason }, body.reason);
      const [owner, warehouseTeam, owners] = await Promise.all([
        repo.teamPeople(tx, scope.agencyId, l.fulfilment.ownerTeamId),
        repo.teamPeople(tx, scope.agencyId, l.found.warehouseTeamId),
        agencyOwnerIds(tx, scope.agencyId),
      ]);
      const name = displayOrderName(l.found.order.orderName);
      const people = [...new Set([owner.managerId, warehouseTeam.mappedUserId, ...owners].filter((p): p is string => p !== null))];
      await notify(tx, people, {
        agencyId: scope.agencyId,
        title: WAREHOUSE_ORDER_MSG.cannotShip(name),
        content: `${l.found.warehouseCode} cannot ship order ${name}: ${body.reason}. Its stock stays reserved until the order is cancelled or the warehouse resumes it.`,
      });
      return view(tx, scope, id);
    }),
  );
  return { message: WAREHOUSE_ORDER_MSG.cannotShip(data.orderName), data };
}

export async function resume(ctx: AppContext, actor: Actor, id: string): Promise<WarehouseOrderAnswer> {
  const scope = operatorScope(actor);
  const data = await ctx.db.transaction((tx) =>
    underLock(tx, scope, id, async (l) => {
      if (l.fulfilment.status !== 'cannot_ship') throw conflict(WAREHOUSE_ORDER_MSG.notResumable);
      await repo.updateFulfilment(tx, scope.agencyId, id, { status: 'to_pick', problem: null });
      await audit(tx, actor, scope, l, 'resume', { status: 'to_pick' });
      return view(tx, scope, id);
    }),
  );
  return { message: WAREHOUSE_ORDER_MSG.resumed(data.orderName), data };
}

// ----- the packing slip -----

/** The slip's PDF and its file name. The brand follows the agency's packingSlipBrand; no logo bytes yet. */
export async function packingSlip(ctx: AppContext, actor: Actor, id: string): Promise<{ pdf: Uint8Array; fileName: string }> {
  const scope = readScope(actor);
  const data = await view(ctx.db, scope, id);
  const found = (await repo.findFulfilment(ctx.db, scope, id))!;
  const settings = await agencySettingsOf(ctx.db, scope.agencyId);
  let brand: PackingSlip['brand'] = null;
  if (settings.packingSlipBrand === 'seller') {
    brand = { name: await repo.sellerBrandName(ctx.db, scope.agencyId, data.orderId, found.fulfilment.ownerTeamId) };
  } else if (settings.packingSlipBrand === 'agency') {
    const title = await repo.agencyTitle(ctx.db, scope.agencyId);
    brand = title ? { name: title } : null;
  }
  const s = data.shipTo;
  const pdf = await renderPackingSlip({
    orderName: data.orderName,
    createdAt: found.order.createdAt,
    brand,
    shipTo: { name: s.name, company: s.company, address1: s.address1, address2: s.address2, city: s.city, state: s.province, zip: s.zip, country: s.country || s.countryCode, phone: s.phone },
    shippingMethod: data.shippingMethod,
    lines: data.lines.filter((l) => l.status !== 'Cancel').map((l) => ({ sku: l.sku, name: l.name, quantity: l.quantity })),
  });
  const safe = data.orderName.replace(/[^\w.-]+/g, '') || data.id;
  return { pdf, fileName: `packing-slip-${safe}.pdf` };
}
