/**
 * Change requests and item updates (docs/orders.md, "Change requests and item updates"). Every change
 * runs in one transaction with the order row locked, writes a timeline event and an audit entry, and
 * tells the other side. Tenant scope comes from the actor (order-core's orderScope): another tenant's
 * order, item or request is a 404.
 */
import {
  displayOrderName,
  ORDER_CHANGE_MSG as MSG,
  ORDER_DETAIL_MSG,
  type Actor,
  type BasecostPreview,
  type CalcBasecostBody,
  type ChangeRequest,
  type CreateChangeRequestBody,
  type OrderStatus,
  type ResolveChangeRequestBody,
  type UpdateItemCodeBody,
} from '@fbo/shared';
import { centsToDollars } from '@fbo/shared/domain/money';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { badRequest, HttpError, notFound } from '../../lib/errors';
import { writeAudit } from '../audit';
import { agencyOwnerIds, notify } from '../notifications';
import { addOrderEvent, findOrder, orderScope, priceOrder, teamManagerIds, variantsByCode, type OrderRow, type OrderScope } from '../order-core';
import { applyItemChange, restoreLastChange } from './item-change';
import * as repo from './order-changes.repo';
import { isCharged } from './reprice';

const SELLER_EDITABLE: readonly OrderStatus[] = ['Unfulfilled', 'Rejected'];
/** Where the agency may still change an item: anything before shipping (checked with the shipments too). */
const AGENCY_EDITABLE: readonly OrderStatus[] = ['Unfulfilled', 'InReview', 'Approved', 'Hold', 'Rejected', 'InProduction'];

const orderNotFound = () => notFound(ORDER_DETAIL_MSG.notFound);

/** The actor's order scope; an actor without one (an administrator) finds no order. */
function scopeOf(actor: Actor): OrderScope {
  const scope = orderScope(actor);
  if (!scope) throw orderNotFound();
  return scope;
}
const isSeller = (actor: Actor) => actor.userType === 'seller';

async function lockedOrder(tx: Tx, actor: Actor, id: string): Promise<OrderRow> {
  const order = await findOrder(tx, scopeOf(actor), id, true);
  if (!order) throw orderNotFound();
  return order;
}

async function liveItem(tx: Tx, order: OrderRow, itemId: string) {
  const item = await repo.itemOf(tx, order.id, itemId);
  if (!item || item.status === 'Cancel') throw notFound(MSG.itemNotFound);
  return item;
}

/** Approved, Hold from Approved, or InProduction before any shipment (spec part 2 section 7). */
async function acceptsRequests(tx: Tx, order: OrderRow): Promise<boolean> {
  if (order.status === 'Approved') return true;
  if (order.status === 'Hold') return order.holdFromStatus === 'Approved';
  if (order.status === 'InProduction') return (await repo.shipmentCount(tx, order.id)) === 0;
  return false;
}

/** Who may change an item's SKU on this order now: the agency until shipping, the seller before approval. */
async function checkItemEditable(tx: Tx, actor: Actor, order: OrderRow) {
  const status = order.status as OrderStatus;
  if (isSeller(actor)) {
    if (!SELLER_EDITABLE.includes(status)) throw badRequest(MSG.sellerCodeClosed);
    return;
  }
  if (!AGENCY_EDITABLE.includes(status) || (await repo.shipmentCount(tx, order.id)) > 0) throw badRequest(MSG.codeClosed);
}

/** The other side hears of it: a seller's action the agency's owners, the agency's the team's manager(s) and the requester. */
async function tellOtherSide(tx: Tx, actor: Actor, order: OrderRow, content: string, requester?: string | null) {
  const recipients = isSeller(actor)
    ? await agencyOwnerIds(tx, order.agencyId)
    : [...new Set([...(await teamManagerIds(tx, order.sellerTeamId)), ...(requester ? [requester] : [])])];
  await notify(tx, recipients, { agencyId: order.agencyId, title: 'Order change request', content });
}

function toDto(row: Awaited<ReturnType<typeof repo.requestsOf>>[number]): ChangeRequest {
  const r = row.request;
  return {
    id: r.id,
    orderId: r.orderId,
    orderItemId: r.orderItemId,
    itemSku: row.itemSku,
    reason: r.reason,
    note: r.note,
    payload: r.payload as ChangeRequest['payload'],
    status: r.status,
    createdBy: r.createdBy,
    createdByEmail: row.email ?? '',
    resolvedAt: r.resolvedAt ? r.resolvedAt.toISOString() : null,
    createdDate: r.createdAt.toISOString(),
  };
}

async function requestDto(db: AppContext['db'] | Tx, orderId: string, id: string): Promise<ChangeRequest> {
  const row = (await repo.requestsOf(db, orderId)).find((r) => r.request.id === id)!;
  return toDto(row);
}

export async function list(db: AppContext['db'], actor: Actor, orderId: string): Promise<ChangeRequest[]> {
  const order = await findOrder(db, scopeOf(actor), orderId);
  if (!order) throw orderNotFound();
  return (await repo.requestsOf(db, order.id)).map(toDto);
}

async function audit(tx: Tx, actor: Actor, order: OrderRow, action: string, after: Record<string, unknown>, message: string) {
  await addOrderEvent(tx, { orderId: order.id, agencyId: order.agencyId, kind: 'item', action, message, actorId: actor.userId, data: after });
  await writeAudit(tx, { actorId: actor.userId, agencyId: order.agencyId, entity: 'order', entityId: order.id, action: `change_request_${action}`, before: {}, after });
}

/** POST /api/orders/:id/change-requests (seller). */
export async function create(ctx: AppContext, actor: Actor, orderId: string, body: CreateChangeRequestBody) {
  const id = await ctx.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, actor, orderId);
    const item = await liveItem(tx, order, body.orderItemId);
    if (!(await acceptsRequests(tx, order))) throw badRequest(MSG.notOpen);
    const payload = {
      ...(body.payload.artworks ? { artworks: Object.fromEntries(Object.entries(body.payload.artworks).filter(([, v]) => v !== undefined)) } : {}),
      ...(body.payload.sku ? { sku: body.payload.sku } : {}),
    };
    const row = await repo.insertRequest(tx, { orderId: order.id, orderItemId: item.id, agencyId: order.agencyId, reason: body.reason, note: body.note, payload, createdBy: actor.userId });
    await audit(tx, actor, order, 'change-request', { requestId: row.id, itemId: item.id, reason: body.reason, payload }, `Change requested on item ${item.sku}: ${body.note}`);
    await tellOtherSide(tx, actor, order, `Change requested on order ${displayOrderName(order.orderName)} (item ${item.sku}): ${body.note.slice(0, 200)}`);
    return row.id;
  });
  return { message: MSG.created, data: await requestDto(ctx.db, orderId, id) };
}

/**
 * PUT /api/orders/update-change-history. The agency approves (the change is applied: artworks
 * replace the item's, a new SKU goes through the item-code change) or cancels; a seller may only
 * cancel a pending request it made itself.
 */
export async function resolve(ctx: AppContext, actor: Actor, body: ResolveChangeRequestBody) {
  const scope = scopeOf(actor);
  const orderId = await ctx.db.transaction(async (tx) => {
    const request = await repo.lockRequest(tx, scope.agencyId, body.id);
    if (!request) throw notFound(MSG.notFound);
    const order = await findOrder(tx, scope, request.orderId, true);
    if (!order) throw notFound(MSG.notFound);
    if (request.status !== 'pending') throw badRequest(MSG.notPending);
    if (isSeller(actor) && (body.status !== 'canceled' || request.createdBy !== actor.userId)) throw badRequest(MSG.onlyOwnCancel);
    if (body.status === 'approved') {
      if (!(await acceptsRequests(tx, order))) throw badRequest(MSG.notOpen);
      const item = await liveItem(tx, order, request.orderItemId ?? '');
      const payload = request.payload as { artworks?: Record<string, string>; sku?: string };
      if (request.reason === 'change_catalog_code' && payload.sku) await applyItemChange(tx, actor, order, item, { sku: payload.sku });
      if (request.reason === 'reupload_design' && payload.artworks) await applyItemChange(tx, actor, order, item, { artworks: payload.artworks });
    }
    await repo.setRequestStatus(tx, request.id, body.status, actor.userId);
    const note = body.note ? `: ${body.note}` : '';
    await audit(tx, actor, order, `change-request-${body.status}`, { requestId: request.id, note: body.note ?? '' }, `Change request ${body.status}${note}`);
    await tellOtherSide(tx, actor, order, `Change request on order ${displayOrderName(order.orderName)} ${body.status}${note}`, request.createdBy);
    return order.id;
  });
  return { message: MSG.resolved, data: await requestDto(ctx.db, orderId, body.id) };
}

function outcome(orderId: string, priced: { previousChargedCents: number; chargedCents: number; differenceCents: number } | null, order: OrderRow) {
  const previous = priced?.previousChargedCents ?? Number(order.chargedCents);
  return {
    orderId,
    previousCharged: centsToDollars(previous),
    charged: centsToDollars(priced?.chargedCents ?? previous),
    difference: centsToDollars(priced?.differenceCents ?? 0),
  };
}

/** PUT /api/orders/update-item-code. */
export async function updateItemCode(ctx: AppContext, actor: Actor, body: UpdateItemCodeBody) {
  const scope = scopeOf(actor);
  const data = await ctx.db.transaction(async (tx) => {
    const orderId = await repo.orderIdOfItem(tx, scope.agencyId, body.orderItemId);
    const order = orderId ? await findOrder(tx, scope, orderId, true) : undefined;
    if (!order) throw notFound(MSG.itemNotFound);
    await checkItemEditable(tx, actor, order);
    const item = await liveItem(tx, order, body.orderItemId);
    const priced = await applyItemChange(tx, actor, order, item, { sku: body.sku });
    await tellOtherSide(tx, actor, order, `Order ${displayOrderName(order.orderName)}: item ${item.sku} changed to ${body.sku}`);
    return outcome(order.id, priced, order);
  });
  return { message: MSG.itemCodeUpdated, data };
}

/** PATCH /api/orders/:id/order-with-old: undo the newest applied item change (docs/decisions.md). */
export async function orderWithOld(ctx: AppContext, actor: Actor, orderId: string) {
  const data = await ctx.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, actor, orderId);
    await checkItemEditable(tx, actor, order);
    const priced = await restoreLastChange(tx, actor, order);
    await tellOtherSide(tx, actor, order, `Order ${displayOrderName(order.orderName)}: the last item change was undone`);
    return outcome(order.id, priced, order);
  });
  return { message: MSG.restored, data };
}

/** Thrown to roll a preview's transaction back after reading its answer. */
class Preview extends Error {
  constructor(readonly answer: BasecostPreview) {
    super('preview');
  }
}

/**
 * PUT /api/orders/calc-order-basecost: per order what it costs now by the team's base cost and,
 * when charged, the difference to what was charged. With orderItemId and sku, as if that item had
 * that SKU: the change is made in a transaction that is always rolled back, so the preview prices
 * with exactly the rule a real change would use.
 */
export async function calcBasecost(ctx: AppContext, actor: Actor, body: CalcBasecostBody): Promise<BasecostPreview[]> {
  const answers: BasecostPreview[] = [];
  for (const id of [...new Set(body.ids)]) {
    try {
      await ctx.db.transaction(async (tx) => {
        const order = await findOrder(tx, scopeOf(actor), id);
        if (!order) throw orderNotFound();
        if (body.orderItemId && body.sku) {
          const item = await liveItem(tx, order, body.orderItemId);
          const [v] = await variantsByCode(tx, order.agencyId, [body.sku]);
          if (!v) throw badRequest(ORDER_DETAIL_MSG.unknownSku(body.sku));
          await repo.updateItem(tx, item.id, { catalogVariantId: v.id, catalogId: v.catalogId, sku: v.code });
        }
        const { cost } = await priceOrder(tx, order);
        const charged = isCharged(order) ? Number(order.chargedCents) : null;
        throw new Preview({
          id,
          ok: true,
          baseCost: centsToDollars(cost.itemCents),
          shippingCost: centsToDollars(cost.shippingCents),
          total: centsToDollars(cost.totalCents),
          charged: centsToDollars(charged ?? 0),
          difference: charged === null ? null : centsToDollars(cost.totalCents - charged),
        });
      });
    } catch (err) {
      if (err instanceof Preview) answers.push(err.answer);
      else if (err instanceof HttpError) answers.push({ id, ok: false, message: err.message });
      else throw err;
    }
  }
  return answers;
}
