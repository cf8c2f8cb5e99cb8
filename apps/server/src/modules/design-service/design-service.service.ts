/**
 * The design service (docs/orders.md, "Design service"): a seller hires a designer for orders
 * (hire-designs), the agency assigns a designer and prices it (change-design-status to assign,
 * sync-default-design-cost), the designer sends the design for review (in_review), and a reviewer
 * approves (charging the design price through the ledger) or rejects it. Each step locks the order
 * in the actor's tenant, checks the shared table, writes the timeline, the audit log and notifies.
 */
import { and, eq } from 'drizzle-orm';
import {
  dollarsToCents,
  displayOrderName,
  DESIGN_MSG,
  DESIGN_OPEN_ORDER_STATUSES,
  DESIGN_STATUS_ROLES,
  DESIGN_TRANSITIONS,
  roleOf,
  type Actor,
  type ChangeDesignStatusBody,
  type DesignInfo,
  type DesignStatus,
  type HireDesignsBody,
  type UpdateItemDesignBody,
  ARTWORK_SLOTS,
  type OrderCommandResponse,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { agencies, orderEvents, orderItems, orders, users } from '../../db/schema/index';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/errors';
import { writeAudit } from '../audit';
import { agencyOwnerIds, notify } from '../notifications';
import { designInfoOf, designPriceCents, emailOf, lockOrder, teamOf, teamOrderPeople } from '../order-core';
import { readSettings } from '../settings';
import { chargeDesign } from './design-charge';

type OrderRow = typeof orders.$inferSelect;

async function agencyDefaultPriceCents(tx: Tx, agencyId: string): Promise<number> {
  const [row] = await tx.select({ settings: agencies.settings }).from(agencies).where(eq(agencies.id, agencyId));
  return dollarsToCents(readSettings(row?.settings).defaultDesignCost);
}

async function record(tx: Tx, actor: Actor, order: OrderRow, action: string, from: string | null, to: string | null, message: string, data?: Record<string, unknown>) {
  await tx.insert(orderEvents).values({
    orderId: order.id,
    agencyId: order.agencyId,
    kind: 'design',
    action,
    fromStatus: from,
    toStatus: to,
    message,
    actorId: actor.userId,
    actorEmail: await emailOf(tx, actor.userId),
    data: data ?? null,
  });
  await writeAudit(tx, {
    actorId: actor.userId,
    agencyId: order.agencyId,
    entity: 'order',
    entityId: order.id,
    action: `design_${action}`,
    before: { hireDesignStatus: from },
    after: { hireDesignStatus: to, ...data },
    reason: message || undefined,
  });
}

/** POST /orders/hire-designs: one transaction per order, answered per order like the order commands. */
export async function hireDesigns(ctx: AppContext, actor: Actor, body: HireDesignsBody): Promise<OrderCommandResponse> {
  const ids = [...new Set(body.ids)];
  const results: OrderCommandResponse['data']['results'] = [];
  for (const id of ids) {
    try {
      await ctx.db.transaction((tx) => hireOne(tx, actor, id, body.note ?? ''));
      results.push({ id, ok: true });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      if (ids.length === 1) throw error;
      results.push({ id, ok: false, message: error.message });
    }
  }
  const succeeded = results.filter((r) => r.ok).length;
  return { data: { results, succeeded, failed: results.length - succeeded } };
}

async function hireOne(tx: Tx, actor: Actor, id: string, note: string) {
  const order = await lockOrder(tx, actor, id);
  if (!order) throw notFound('Order not found');
  if (!(DESIGN_OPEN_ORDER_STATUSES as readonly string[]).includes(order.status)) throw badRequest(DESIGN_MSG.notOpen(order.status));
  const from = order.hireDesignStatus as DesignStatus | null;
  if (!DESIGN_TRANSITIONS.assign.includes(from) || from === 'assign') throw conflict(DESIGN_MSG.alreadyRequested);
  const price = await agencyDefaultPriceCents(tx, order.agencyId);
  await tx
    .update(orders)
    .set({
      hireDesignStatus: 'assign',
      designRequesterId: actor.userId,
      designerId: null,
      metadata: { ...order.metadata, designNote: note, designPriceCents: price },
      updatedAt: new Date(),
    })
    .where(eq(orders.id, order.id));
  await record(tx, actor, order, 'request', from, 'assign', note, { designPriceCents: price });
  await notify(tx, await agencyOwnerIds(tx, order.agencyId), {
    agencyId: order.agencyId,
    title: 'Design requested',
    content: `Order ${displayOrderName(order.orderName)} asks for a designer${note ? `: ${note}` : '.'}`,
  });
}

/** PATCH /orders/change-design-status/:id */
export async function changeDesignStatus(ctx: AppContext, actor: Actor, id: string, body: ChangeDesignStatusBody): Promise<{ message: string; data: DesignInfo }> {
  if (!DESIGN_STATUS_ROLES[body.status].includes(roleOf(actor))) throw forbidden(DESIGN_MSG.notYourRole);
  if (body.status === 'rejected' && !body.reason) throw badRequest(DESIGN_MSG.reasonRequired, { reason: DESIGN_MSG.reasonRequired });
  if (body.status === 'assign' && !body.designerId) throw badRequest(DESIGN_MSG.designerRequired, { designerId: DESIGN_MSG.designerRequired });
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, actor, id);
    if (!order) throw notFound('Order not found');
    const from = order.hireDesignStatus as DesignStatus | null;
    if (from === null) throw badRequest(DESIGN_MSG.noRequest);
    if (!DESIGN_TRANSITIONS[body.status].includes(from)) throw conflict(DESIGN_MSG.notAllowedFrom(from, body.status));
    const changes: Partial<typeof orders.$inferInsert> = { hireDesignStatus: body.status, updatedAt: new Date() };
    const data: Record<string, unknown> = {};
    if (body.status === 'assign') {
      const [designer] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, body.designerId!), eq(users.agencyId, order.agencyId), eq(users.userType, 'agency'), eq(users.authority, 'designer'), eq(users.status, 'active')));
      if (!designer) throw badRequest(DESIGN_MSG.unknownDesigner, { designerId: DESIGN_MSG.unknownDesigner });
      changes.designerId = designer.id;
      data.designerId = designer.id;
    }
    // A designer works only on the requests given to them; the owner may act for anyone.
    if (body.status === 'in_review' && roleOf(actor) === 'agency.designer' && order.designerId !== actor.userId) throw forbidden(DESIGN_MSG.notYourRequest);
    if (body.status === 'approved') data.chargedCents = (await chargeDesign(tx, order, actor.userId)).chargedCents;
    await tx.update(orders).set(changes).where(eq(orders.id, order.id));
    await record(tx, actor, order, body.status, from, body.status, body.reason ?? '', data);
    await tellDesignStep(tx, order, body.status, changes.designerId ?? order.designerId, body.reason);
    const [after] = await tx.select().from(orders).where(eq(orders.id, order.id));
    return { message: 'Update success', data: await designInfoOf(tx, after!) };
  });
}

/** Who hears about each step: the designer of an assignment, the owners of a design to review, the team of a decision. */
async function tellDesignStep(tx: Tx, order: OrderRow, status: DesignStatus, designerId: string | null, reason?: string) {
  const name = displayOrderName(order.orderName);
  if (status === 'assign' && designerId) {
    await notify(tx, [designerId], { agencyId: order.agencyId, title: 'Design assigned', content: `Order ${name} needs a design from you.` });
    return;
  }
  if (status === 'in_review') {
    const team = await teamOf(tx, order.sellerTeamId);
    const people = [...(await agencyOwnerIds(tx, order.agencyId)), ...(team?.managerId ? [team.managerId] : [])];
    await notify(tx, people, { agencyId: order.agencyId, title: 'Design ready for review', content: `The design of order ${name} is ready for review.` });
    return;
  }
  const team = await teamOf(tx, order.sellerTeamId);
  const people = [...(await teamOrderPeople(tx, order.sellerTeamId, team?.managerId ?? null)), ...(designerId ? [designerId] : [])];
  const title = status === 'approved' ? 'Design approved' : 'Design rejected';
  const content = status === 'approved' ? `The design of order ${name} was approved.` : `The design of order ${name} was rejected: ${reason}`;
  await notify(tx, people, { agencyId: order.agencyId, title, content });
}

/** PATCH /orders/sync-default-design-cost/:id: re-quotes the request at the agency's default price (before approval). */
export async function syncDefaultDesignCost(ctx: AppContext, actor: Actor, id: string): Promise<{ message: string; data: DesignInfo }> {
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, actor, id);
    if (!order) throw notFound('Order not found');
    if (!order.hireDesignStatus) throw badRequest(DESIGN_MSG.noRequest);
    if (order.hireDesignStatus === 'approved') throw conflict(DESIGN_MSG.alreadyCharged);
    const price = await agencyDefaultPriceCents(tx, order.agencyId);
    const before = designPriceCents(order);
    await tx.update(orders).set({ metadata: { ...order.metadata, designPriceCents: price }, updatedAt: new Date() }).where(eq(orders.id, order.id));
    await record(tx, actor, order, 'price', order.hireDesignStatus, order.hireDesignStatus, '', { designPriceCentsBefore: before, designPriceCents: price });
    const [after] = await tx.select().from(orders).where(eq(orders.id, order.id));
    return { message: DESIGN_MSG.costSynced, data: await designInfoOf(tx, after!) };
  });
}

/**
 * PUT /orders/update-item-design: the designer puts the artwork on an item while the request is
 * theirs to work on (assign or rejected); then sends it for review.
 */
export async function updateItemDesign(ctx: AppContext, actor: Actor, body: UpdateItemDesignBody): Promise<{ message: string; data: DesignInfo }> {
  if (!DESIGN_STATUS_ROLES.in_review.includes(roleOf(actor))) throw forbidden(DESIGN_MSG.notYourRole);
  return ctx.db.transaction(async (tx) => {
    const [item] = await tx.select().from(orderItems).where(eq(orderItems.id, body.orderItemId));
    const order = item ? await lockOrder(tx, actor, item.orderId) : null;
    if (!item || !order) throw notFound(DESIGN_MSG.itemNotFound);
    const status = order.hireDesignStatus as DesignStatus | null;
    if (status !== 'assign' && status !== 'rejected') throw conflict(DESIGN_MSG.notWorking);
    if (roleOf(actor) === 'agency.designer' && order.designerId !== actor.userId) throw forbidden(DESIGN_MSG.notYourRequest);
    const changes = Object.fromEntries(ARTWORK_SLOTS.filter((slot) => body[slot] !== undefined).map((slot) => [slot, body[slot] || null]));
    const before = Object.fromEntries(Object.keys(changes).map((slot) => [slot, item[slot as keyof typeof item]]));
    await tx.update(orderItems).set({ ...changes, updatedAt: new Date() }).where(eq(orderItems.id, item.id));
    await record(tx, actor, order, 'upload', status, status, `Artwork for ${item.sku || 'an item'}`, { orderItemId: item.id, before, after: changes });
    return { message: DESIGN_MSG.designUploaded, data: await designInfoOf(tx, order) };
  });
}
