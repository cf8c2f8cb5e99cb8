import {
  centsToDollars,
  derivedShippingStatus,
  type Actor,
  type ItemStatus,
  type OrderItemListQuery,
  type OrderStatus,
  type UpdateFulfilledResponse,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import { forbidden } from '../../lib/errors';
import { listAnswer } from '../../lib/list';
import { writeAudit } from '../audit';
import { addOrderEvent, emailOf, orderScope } from '../order-core';
import * as repo from './order-items.repo';
import { accrueOrderProfit } from '../profits';

/** Order statuses whose items are shipping: only there may a delivered item be marked fulfilled. */
const SHIPPING: readonly string[] = ['InProduction', 'InTransit', 'PartiallyFulfilled'];
export const ITEM_MSG = {
  notFound: 'Order item not found',
  notInTransit: 'Only items in transit can be marked fulfilled.',
  orderNotShipping: (status: string) => `Cannot mark items fulfilled on an order that is ${status}.`,
} as const;

export async function itemList(ctx: AppContext, actor: Actor, q: OrderItemListQuery) {
  const scope = orderScope(actor);
  if (!scope) throw forbidden();
  const { rows, count } = await repo.listItems(ctx.db, scope, q);
  return listAnswer(
    rows.map(({ i, orderName, orderStatus, teamName }) => ({
      id: i.id,
      order: { id: i.orderId, orderName, status: orderStatus as OrderStatus },
      sellerTeam: { id: i.sellerTeamId, name: teamName },
      sku: i.sku,
      title: i.title,
      color: i.color,
      size: i.size,
      quantity: i.quantity,
      price: centsToDollars(i.priceCents),
      status: i.status as ItemStatus,
      artwork1: i.artwork1,
      createdDate: i.createdAt.toISOString(),
    })),
    count,
    q,
  );
}

type Result = UpdateFulfilledResponse['data']['results'][number];

/**
 * PATCH /order-items/update-fulfilled: delivered items go InTransit -> Fulfilled, one transaction
 * per order (locked, so a tracking import or a command on the same order waits), then the order
 * takes the status its items give (derivedShippingStatus) with an event and an audit entry.
 * Answers per item; an item of another agency reads as not found.
 */
export async function updateFulfilled(ctx: AppContext, actor: Actor, ids: string[]) {
  const unique = [...new Set(ids)];
  const found = await repo.agencyItems(ctx.db, actor.agencyId!, unique);
  const byOrder = new Map<string, string[]>();
  for (const f of found) byOrder.set(f.orderId, [...(byOrder.get(f.orderId) ?? []), f.id]);
  const results = new Map<string, Result>(unique.map((id) => [id, { id, ok: false, message: ITEM_MSG.notFound }]));
  const actorEmail = await emailOf(ctx.db, actor.userId);

  for (const [orderId, itemIds] of byOrder) {
    await ctx.db.transaction(async (tx) => {
      const order = await repo.lockOrder(tx, orderId);
      if (!order) return;
      if (!SHIPPING.includes(order.status)) {
        for (const id of itemIds) results.set(id, { id, ok: false, message: ITEM_MSG.orderNotShipping(order.status) });
        return;
      }
      const moved = new Set(await repo.markFulfilled(tx, itemIds));
      const items = await repo.itemsOfOrder(tx, orderId);
      const next = derivedShippingStatus(items.map((i) => ({ status: i.status as ItemStatus })));
      for (const id of itemIds) {
        const item = items.find((i) => i.id === id);
        results.set(id, moved.has(id)
          ? { id, ok: true, status: 'Fulfilled', orderStatus: next }
          : { id, ok: false, status: item?.status as ItemStatus, orderStatus: next, message: ITEM_MSG.notInTransit });
      }
      if (moved.size === 0) return;
      const skus = items.filter((i) => moved.has(i.id)).map((i) => i.sku || i.id);
      await addOrderEvent(tx, {
        orderId, agencyId: order.agencyId, kind: 'item', action: 'update-fulfilled', actorId: actor.userId, actorEmail,
        message: `Delivered: ${skus.join(', ')}`, data: { itemIds: [...moved] },
      });
      if (next !== order.status) {
        await repo.setOrderStatus(tx, orderId, next);
        if (next === 'Fulfilled') await accrueOrderProfit(tx, orderId, actor.userId);
        await addOrderEvent(tx, {
          orderId, agencyId: order.agencyId, kind: 'status', action: 'update-fulfilled', fromStatus: order.status, toStatus: next,
          actorId: actor.userId, actorEmail, message: '',
        });
      }
      await writeAudit(tx, {
        actorId: actor.userId, agencyId: order.agencyId, entity: 'order', entityId: orderId, action: 'update_fulfilled',
        before: { status: order.status }, after: { status: next, fulfilledItemIds: [...moved] },
      });
    });
  }
  const list = unique.map((id) => results.get(id)!);
  const succeeded = list.filter((r) => r.ok).length;
  return { data: { results: list, succeeded, failed: list.length - succeeded } };
}
