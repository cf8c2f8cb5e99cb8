/**
 * Order detail (docs/orders.md, "Order detail" and "Address check"): the page's read model, the
 * edit of an order before review, the address check and confirmation, the customer, the notes.
 * Every change runs in one transaction with the order row locked, writes an order_events row
 * (the timeline) and an audit entry. Tenant scope comes from the actor: another tenant's order is
 * a 404, never a 403.
 */
import {
  ADDRESS_MSG,
  addressProblems,
  availableActions,
  can,
  canConfirmAddress,
  checkAddress,
  displayOrderName,
  isExcludedDestination,
  normaliseAddress,
  ORDER_ACTION_ROLES,
  ORDER_DETAIL_MSG as MSG,
  PRE_PRODUCTION_STATUSES,
  DESIGN_OPEN_ORDER_STATUSES,
  estimatedOrderProfitCents,
  roleOf,
  type Actor,
  type CustomerUpdateBody,
  type OrderCommandResult,
  type OrderDetail,
  type OrderNoteBody,
  type OrderStatus,
  type OrderUpdateBody,
} from '@fbo/shared';
import { centsToDollars } from '@fbo/shared/domain/money';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors';
import { writeAudit } from '../audit';
import { agencyOwnerIds, notify } from '../notifications';
import { addOrderEvent, designInfoOf, emailOf, findOrder, orderScope, sideOf, teamManagerIds, teamOf, type OrderEventInsert, type OrderRow } from '../order-core';
import { readSettings } from '../settings';
import * as repo from './order-detail.repo';
import { itemChanges, type EditOrderPatch } from './order-items-edit';

const EDITABLE: readonly OrderStatus[] = ['Unfulfilled', 'Rejected'];
const ADDRESS_OPEN: readonly OrderStatus[] = PRE_PRODUCTION_STATUSES;
const ADDRESS_KEYS = ['fullName', 'address1', 'address2', 'city', 'province', 'zipCode', 'country', 'countryCode', 'phone'] as const;

const orderNotFound = () => notFound(MSG.notFound);

/** An actor without an order scope (an administrator) finds no order. */
function scopeOf(actor: Actor) {
  const scope = orderScope(actor);
  if (!scope) throw orderNotFound();
  return scope;
}

/** Whether the actor's role takes its side's actions (ORDER_ACTION_ROLES); others only read. */
function mayAct(actor: Actor): boolean {
  return ORDER_ACTION_ROLES[sideOf(actor)].includes(roleOf(actor));
}

/** A designer (or design acceptor) who reads only design requests sees only orders with a design request. */
function designOnly(actor: Actor): boolean {
  return can(actor, 'orders.design') && !can(actor, 'orders.agency') && !can(actor, 'orders.seller');
}

async function visibleOrder(db: AppContext['db'] | Tx, actor: Actor, id: string, lock = false) {
  const order = await findOrder(db, scopeOf(actor), id, lock);
  if (!order || (designOnly(actor) && !order.hireDesignStatus)) throw orderNotFound();
  return order;
}

/** The order for a change: visible, locked, and the actor's role acts on orders. */
async function orderForChange(tx: Tx, actor: Actor, id: string) {
  const order = await visibleOrder(tx, actor, id, true);
  // The route's permission already admits only acting roles; a reader who got here is refused as not found.
  if (!mayAct(actor)) throw orderNotFound();
  return order;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const meta = (m: Record<string, unknown>, key: string) => (typeof m[key] === 'string' ? (m[key] as string) : null);

/** Everything the detail page shows, as this actor may see it. */
export async function detail(db: AppContext['db'] | Tx, actor: Actor, id: string): Promise<OrderDetail> {
  const order = await visibleOrder(db, actor, id);
  const side = sideOf(actor);
  const [context, lines, parcels, events] = [
    await repo.orderContext(db, order),
    await repo.items(db, order.id),
    await repo.shipments(db, order.id),
    await repo.timeline(db, order.id, side === 'agency'),
  ];
  const team = await teamOf(db, order.sellerTeamId);
  const status = order.status as OrderStatus;
  const acting = mayAct(actor);
  const addressOpen = acting && ADDRESS_OPEN.includes(status);
  const m = order.metadata ?? {};
  return {
    id: order.id,
    orderName: order.orderName,
    orderNameDisplay: displayOrderName(order.orderName),
    orderType: order.orderType,
    status,
    statusReason: order.statusReason,
    heldBy: order.heldBy,
    holdFromStatus: order.holdFromStatus,
    sellerTeam: context.team,
    seller: context.seller,
    agency: { id: context.agency.id, name: context.agency.name },
    referenceId1: order.referenceId1,
    referenceId2: order.referenceId2,
    fullName: order.fullName,
    email: order.email,
    phone: order.phone,
    address1: order.address1,
    address2: order.address2,
    city: order.city,
    province: order.province,
    zipCode: order.zipCode,
    country: order.country,
    countryCode: order.countryCode,
    addressStatus: order.addressStatus,
    addressProblems: addressProblems(order).map((p) => p.message),
    cannotShip: order.cannotShip,
    ignoreCannotShip: order.ignoreCannotShip,
    shippingMethod: order.shippingMethod,
    subTotalPrice: centsToDollars(order.subTotalPriceCents),
    shippingFee: centsToDollars(order.shippingFeeCents),
    totalDiscount: centsToDollars(order.totalDiscountCents),
    totalPrice: centsToDollars(order.totalPriceCents),
    totalRefund: centsToDollars(order.totalRefundCents),
    metadata: {
      requester_id: order.designRequesterId,
      designer: order.designerId,
      hire_design_status: (order.hireDesignStatus as OrderDetail['metadata']['hire_design_status']) ?? null,
      notes: meta(m, 'notes'),
      email: meta(m, 'email'),
    },
    proxy: context.proxy,
    syncAt: iso(order.syncAt),
    approvedAt: iso(order.approvedAt),
    createdDate: order.createdAt.toISOString(),
    updatedDate: order.updatedAt.toISOString(),
    items: lines.map(({ item, variantCode, catalogName, catalogMockup }) => ({
      // What the buyer entered for a personalized product (a store order keeps it by line, docs/stores.md).
      properties: buyerInputOf(order.metadata, item.position),
      id: item.id,
      position: item.position,
      sku: item.sku,
      catalogVariantCode: variantCode,
      catalogName,
      title: item.title,
      color: item.color,
      size: item.size,
      quantity: item.quantity,
      price: centsToDollars(item.priceCents),
      baseCost: item.baseCostCents === null ? null : centsToDollars(item.baseCostCents),
      shippingCost: item.shippingCostCents === null ? null : centsToDollars(item.shippingCostCents),
      artworks: ([item.artwork1, item.artwork2, item.artwork3, item.artwork4, item.artwork5, item.artwork6] as (string | null)[])
        .map((url, i) => ({ slot: i + 1, url: url ?? '' }))
        .filter((a) => a.url !== ''),
      mockup: catalogMockup || null,
      status: item.status as OrderDetail['items'][number]['status'],
      refundedQuantity: item.refundedQuantity,
      refunded: centsToDollars(item.refundedCents),
      productVariantId: item.productVariantId,
      // As the order list's flag reads it (orders.repo listRowColumns): a live line of a store variant, or of a store
      // order, without a catalog variant (submit refuses it). A file's SKU that is in no catalog is not a mapping's to fix.
      needsMapping: !item.catalogVariantId && !item.warehouseProductId && item.status !== 'Cancel' && (item.productVariantId !== null || order.storeId !== null),
    })),
    shipments: parcels.map((s) => ({
      id: s.id,
      trackingNumber: s.trackingNumber,
      carrier: s.carrier,
      trackingUrl: s.trackingUrl,
      status: s.status,
      syncStatus: s.syncStatus,
      itemIds: s.itemIds,
      createdDate: s.createdAt.toISOString(),
    })),
    timeline: events.map((e) => ({
      id: e.id,
      kind: e.kind,
      action: e.action,
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      message: e.message,
      actorEmail: e.actorEmail,
      internal: e.internal,
      createdDate: e.createdAt.toISOString(),
    })),
    costs: {
      baseCost: centsToDollars(order.baseCostCents),
      shippingCost: centsToDollars(order.shippingCostCents),
      charged: centsToDollars(order.chargedCents),
      designCost: centsToDollars(order.designCostCents),
      refunded: centsToDollars(order.totalRefundCents),
      // What the customer paid, less what the seller paid for it, plus what came back (docs/orders.md).
      estimatedProfit: centsToDollars(estimatedOrderProfitCents(order)),
    },
    design: await designInfoOf(db, order),
    actions: acting
      ? availableActions(side, {
          status,
          heldBy: order.heldBy,
          holdFromStatus: order.holdFromStatus as OrderStatus | null,
          cannotShip: order.cannotShip,
          ignoreCannotShip: order.ignoreCannotShip,
          autoApprove: team?.autoApprove ?? false,
        })
      : [],
    can: {
      edit: acting && EDITABLE.includes(status),
      editAddress: addressOpen,
      confirmAddress: addressOpen && order.addressStatus !== 2 && canConfirmAddress(order),
      addNote: acting,
      internalNote: acting && side === 'agency',
      requestDesign: (DESIGN_OPEN_ORDER_STATUSES as readonly string[]).includes(status),
    },
  };
}

type Fields = Partial<Record<string, unknown>>;

/** The fields that differ between before and after (for the audit entry and the timeline). */
function diff(before: Fields, after: Fields): { before: Fields; after: Fields; keys: string[] } {
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return { before: Object.fromEntries(keys.map((k) => [k, before[k]])), after: Object.fromEntries(keys.map((k) => [k, after[k]])), keys };
}

interface Change {
  kind: OrderEventInsert['kind'];
  action: string;
  message: string;
  before: Fields;
  after: Fields;
  internal?: boolean;
}

/** The timeline row and the audit entry of one change, in the caller's transaction. */
async function record(tx: Tx, actor: Actor, order: OrderRow, change: Change) {
  await addOrderEvent(tx, {
    orderId: order.id,
    agencyId: order.agencyId,
    kind: change.kind,
    action: change.action,
    message: change.message,
    actorId: actor.userId,
    actorEmail: await emailOf(tx, actor.userId),
    internal: change.internal ?? false,
    data: Object.keys(change.after).length ? { before: change.before, after: change.after } : null,
  });
  await writeAudit(tx, {
    actorId: actor.userId,
    agencyId: order.agencyId,
    entity: 'order',
    entityId: order.id,
    action: `${change.kind}_${change.action}`,
    before: change.before,
    after: change.after,
  });
}

async function save(tx: Tx, order: OrderRow, patch: EditOrderPatch) {
  if (!(await repo.updateOrder(tx, order, patch))) throw conflict(MSG.lostRace);
}

/** The address as the rules see it after an edit: normalised, re-checked, re-flagged for exclusions. */
async function checkedAddress(tx: Tx, order: OrderRow, input: Record<(typeof ADDRESS_KEYS)[number], string>) {
  // Only the address keys: the PUT body also carries items and the shipping method.
  const address = normaliseAddress(Object.fromEntries(ADDRESS_KEYS.map((k) => [k, input[k]])) as typeof input);
  const changed = ADDRESS_KEYS.some((k) => address[k] !== order[k]);
  const settings = readSettings(await repo.agencySettings(tx, order.agencyId));
  return {
    ...address,
    // An unchanged address keeps its status (a person's Verified is not lost by saving the form again).
    addressStatus: changed ? checkAddress(address).status : order.addressStatus,
    cannotShip: isExcludedDestination(settings, address.countryCode, address.province),
  };
}

/**
 * PUT /api/orders/:id. The address (and e-mail) may change until production; the items and the
 * shipping method only while the order is Unfulfilled or Rejected (after that the charge is made).
 */
export async function update(ctx: AppContext, actor: Actor, id: string, body: OrderUpdateBody) {
  await ctx.db.transaction(async (tx) => {
    const order = await orderForChange(tx, actor, id);
    const status = order.status as OrderStatus;
    const touchesItems = body.items !== undefined || (body.shippingMethod !== undefined && body.shippingMethod !== order.shippingMethod);
    if (touchesItems && !EDITABLE.includes(status)) throw badRequest(MSG.notEditable);
    if (!ADDRESS_OPEN.includes(status)) throw badRequest(MSG.addressLocked);
    const address = await checkedAddress(tx, order, body);
    const patch: EditOrderPatch = { ...address, email: body.email ?? order.email };
    if (body.shippingMethod) patch.shippingMethod = body.shippingMethod;
    let itemNote: Fields = {};
    if (body.items) {
      const lines = await itemChanges(tx, order, body.items);
      await repo.replaceItems(tx, order, lines.keep, lines.add);
      Object.assign(patch, lines.orderPatch);
      itemNote = { items: lines.summary };
    }
    const before: Fields = { ...order };
    const d = diff(before, patch);
    await save(tx, order, patch);
    const kind = body.items ? 'item' : 'address';
    const message = body.items ? 'Order edited' : 'Address updated';
    if (d.keys.length || body.items) await record(tx, actor, order, { kind, action: 'update', message, before: d.before, after: { ...d.after, ...itemNote } });
  });
  return { message: MSG.updated, data: await detail(ctx.db, actor, id) };
}

/** POST /api/orders/:id/customer/update: name, e-mail and phone (the name and phone are part of the address check). */
export async function updateCustomer(ctx: AppContext, actor: Actor, id: string, body: CustomerUpdateBody) {
  await ctx.db.transaction(async (tx) => {
    const order = await orderForChange(tx, actor, id);
    if (!ADDRESS_OPEN.includes(order.status as OrderStatus)) throw badRequest(MSG.addressLocked);
    const address = await checkedAddress(tx, order, { ...pickAddress(order), fullName: body.fullName, phone: body.phone });
    const patch = { fullName: address.fullName, phone: address.phone, email: body.email, addressStatus: address.addressStatus };
    const d = diff(order, patch);
    if (!d.keys.length) return;
    await save(tx, order, patch);
    await record(tx, actor, order, { kind: 'customer', action: 'update', message: 'Customer updated', before: d.before, after: d.after });
  });
  return { message: MSG.customerUpdated, data: await detail(ctx.db, actor, id) };
}

function pickAddress(order: OrderRow) {
  return Object.fromEntries(ADDRESS_KEYS.map((k) => [k, order[k]])) as Record<(typeof ADDRESS_KEYS)[number], string>;
}

/** Why the address of this order may not be confirmed now, or null. */
function confirmRefusal(order: OrderRow): string | null {
  if (!ADDRESS_OPEN.includes(order.status as OrderStatus)) return MSG.addressLocked;
  if (!canConfirmAddress(order)) return ADDRESS_MSG.confirmRefused;
  return null;
}

/** Sets Verified (2) on a locked order; already Verified changes nothing. */
async function confirmOne(tx: Tx, actor: Actor, order: OrderRow) {
  const refused = confirmRefusal(order);
  if (refused) throw badRequest(refused);
  if (order.addressStatus === 2) return;
  await save(tx, order, { addressStatus: 2 });
  await record(tx, actor, order, {
    kind: 'address', action: 'confirm', message: 'Address confirmed as verified',
    before: { addressStatus: order.addressStatus }, after: { addressStatus: 2 },
  });
}

export async function confirmAddress(ctx: AppContext, actor: Actor, id: string) {
  await ctx.db.transaction(async (tx) => confirmOne(tx, actor, await orderForChange(tx, actor, id)));
  return { message: MSG.addressConfirmed, data: await detail(ctx.db, actor, id) };
}

/** POST /api/orders/:id/address/checking: the rules run again (0 Invalid or 1 Valid, even over Verified). */
export async function recheckAddress(ctx: AppContext, actor: Actor, id: string) {
  await ctx.db.transaction(async (tx) => {
    const order = await orderForChange(tx, actor, id);
    if (!ADDRESS_OPEN.includes(order.status as OrderStatus)) throw badRequest(MSG.addressLocked);
    const { status, problems } = checkAddress(order);
    if (status === order.addressStatus) return;
    await save(tx, order, { addressStatus: status });
    await record(tx, actor, order, {
      kind: 'address', action: 'checking', message: problems.length ? `Address checked: ${problems.join(' ')}` : 'Address checked: valid',
      before: { addressStatus: order.addressStatus }, after: { addressStatus: status },
    });
  });
  return { message: MSG.addressChecked, data: await detail(ctx.db, actor, id) };
}

/** POST /api/orders/confirm-address {ids}: each order on its own (one refusal does not undo the others). */
export async function confirmAddresses(ctx: AppContext, actor: Actor, ids: string[]) {
  const results: OrderCommandResult[] = [];
  for (const id of [...new Set(ids)]) {
    try {
      const status = await ctx.db.transaction(async (tx) => {
        const order = await orderForChange(tx, actor, id);
        await confirmOne(tx, actor, order);
        return order.status as OrderStatus;
      });
      results.push({ id, ok: true, status });
    } catch (err) {
      // A refusal (400), another tenant's id (404) or a lost race (409) is this order's answer; anything else is a fault.
      if (!(err instanceof HttpError)) throw err;
      results.push({ id, ok: false, message: err.message });
    }
  }
  const succeeded = results.filter((r) => r.ok).length;
  return { data: { results, succeeded, failed: results.length - succeeded } };
}

/** A note meant for the other side reaches it: a seller's note the agency's owners, the agency's the team's manager. */
async function tellOtherSide(tx: Tx, actor: Actor, order: OrderRow, message: string) {
  const bySeller = sideOf(actor) === 'seller';
  const recipients = bySeller ? await agencyOwnerIds(tx, order.agencyId) : await teamManagerIds(tx, order.sellerTeamId);
  const short = message.length > 200 ? `${message.slice(0, 199)}…` : message;
  await notify(tx, recipients, { agencyId: order.agencyId, title: 'Order note', content: `Note on order ${displayOrderName(order.orderName)}: ${short}` });
}

/** POST /api/orders/:id/notes: any status; internal notes are the agency's and never reach the seller. */
export async function addNote(ctx: AppContext, actor: Actor, id: string, body: OrderNoteBody) {
  if (body.internal && sideOf(actor) !== 'agency') throw badRequest(MSG.internalOnlyAgency, { internal: MSG.internalOnlyAgency });
  await ctx.db.transaction(async (tx) => {
    const order = await orderForChange(tx, actor, id);
    await record(tx, actor, order, { kind: 'note', action: 'note', message: body.message, before: {}, after: {}, internal: body.internal ?? false });
    if (!body.internal) await tellOtherSide(tx, actor, order, body.message);
  });
  return { message: MSG.noteAdded, data: await detail(ctx.db, actor, id) };
}

/** A store order's line-item properties (metadata.properties, by line position), as the item shows them. */
function buyerInputOf(metadata: Record<string, unknown>, position: number): { key: string; value: string }[] {
  const lines = Array.isArray(metadata['properties']) ? (metadata['properties'] as { position?: unknown; properties?: unknown }[]) : [];
  const line = lines.find((l) => l.position === position);
  if (!Array.isArray(line?.properties)) return [];
  return (line.properties as { key?: unknown; value?: unknown }[])
    .filter((p) => typeof p.key === 'string')
    .map((p) => ({ key: String(p.key), value: typeof p.value === 'string' ? p.value : String(p.value ?? '') }));
}
