/**
 * Applying one change to one item, and undoing it (docs/orders.md, "Change requests and item
 * updates"). The item's before-values go into the timeline event (`data.before`), which is what
 * PATCH /api/orders/:id/order-with-old restores; a new SKU re-prices the order (reprice.ts).
 */
import { ARTWORK_SLOTS, ORDER_CHANGE_MSG as MSG, ORDER_DETAIL_MSG, type ChangeArtworks } from '@fbo/shared';
import type { Actor } from '@fbo/shared';
import type { Tx } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { writeAudit } from '../audit';
import { addOrderEvent, emailOf, variantsByCode, type OrderRow } from '../order-core';
import * as repo from './order-changes.repo';
import { repriceOrder, type RepriceOutcome } from './reprice';

type ItemKey = 'sku' | 'catalogVariantId' | 'catalogId' | 'title' | 'color' | 'size' | (typeof ARTWORK_SLOTS)[number];
type ItemFields = Partial<Record<ItemKey, string | null>>;
export const CHANGE_ACTIONS = ['update-item-code', 'update-item-artwork'] as const;

export interface ItemChange {
  sku?: string;
  artworks?: ChangeArtworks;
}

function pick(item: repo.ItemRow, keys: readonly ItemKey[]): ItemFields {
  return Object.fromEntries(keys.map((k) => [k, item[k] ?? null]));
}

/** The item values a change sets: a SKU resolved among the agency's catalogs, artworks slot by slot. */
async function valuesOf(tx: Tx, order: OrderRow, item: repo.ItemRow, change: ItemChange): Promise<ItemFields> {
  const values: ItemFields = {};
  if (change.sku !== undefined) {
    const [v] = await variantsByCode(tx, order.agencyId, [change.sku]);
    if (!v) throw badRequest(ORDER_DETAIL_MSG.unknownSku(change.sku), { sku: ORDER_DETAIL_MSG.unknownSku(change.sku) });
    if (v.id === item.catalogVariantId) throw badRequest(MSG.sameSku, { sku: MSG.sameSku });
    Object.assign(values, { sku: v.code, catalogVariantId: v.id, catalogId: v.catalogId, title: v.catalogName, color: v.color, size: v.size });
  }
  for (const slot of ARTWORK_SLOTS) {
    const url = change.artworks?.[slot];
    if (url !== undefined) values[slot] = url || null;
  }
  return values;
}

/** Writes the values, re-prices when the SKU moved, and records event + audit with the before-values. */
async function write(tx: Tx, actor: Actor, order: OrderRow, item: repo.ItemRow, values: ItemFields, action: string, message: string, extra: Record<string, unknown> = {}) {
  const keys = Object.keys(values) as ItemKey[];
  const before = pick(item, keys);
  // Only artwork slots may be null here; the SKU fields come from a variant or the item itself.
  await repo.updateItem(tx, item.id, values as Parameters<typeof repo.updateItem>[2]);
  const priced: RepriceOutcome | null = 'catalogVariantId' in values ? await repriceOrder(tx, order, actor.userId) : null;
  const data = { itemId: item.id, before, after: values, ...extra, ...(priced ? { reprice: priced } : {}) };
  await addOrderEvent(tx, {
    orderId: order.id,
    agencyId: order.agencyId,
    kind: 'item',
    action,
    message,
    actorId: actor.userId,
    actorEmail: await emailOf(tx, actor.userId),
    data,
  });
  await writeAudit(tx, { actorId: actor.userId, agencyId: order.agencyId, entity: 'order', entityId: order.id, action: `item_${action}`, before, after: { ...values, ...(priced ? { reprice: priced } : {}) } });
  return priced;
}

/** Applies a new SKU and/or artworks to a locked order's item. */
export async function applyItemChange(tx: Tx, actor: Actor, order: OrderRow, item: repo.ItemRow, change: ItemChange) {
  const values = await valuesOf(tx, order, item, change);
  if (Object.keys(values).length === 0) throw badRequest(MSG.artworksRequired);
  const bySku = change.sku !== undefined;
  const message = bySku ? `Item ${item.sku} changed to ${values.sku}` : `Artwork of item ${item.sku} replaced`;
  return write(tx, actor, order, item, values, bySku ? CHANGE_ACTIONS[0] : CHANGE_ACTIONS[1], message);
}

/**
 * Undoes the newest applied item change not undone yet: the item gets the event's before-values
 * back (and the order is re-priced when the SKU returns). Throws 400 when there is nothing to undo.
 */
export async function restoreLastChange(tx: Tx, actor: Actor, order: OrderRow) {
  const events = await repo.itemChangeEvents(tx, order.id, [...CHANGE_ACTIONS, 'order-with-old']);
  const undone = new Set(events.filter((e) => e.action === 'order-with-old').map((e) => String(e.data?.undoes ?? '')));
  const last = events.find((e) => e.action !== 'order-with-old' && !undone.has(e.id));
  if (!last?.data) throw badRequest(MSG.nothingToRestore);
  const item = await repo.itemOf(tx, order.id, String(last.data.itemId));
  if (!item) throw badRequest(MSG.nothingToRestore);
  const values = last.data.before as ItemFields;
  return write(tx, actor, order, item, values, 'order-with-old', `Item ${item.sku} restored to ${values.sku ?? item.sku}`, { undoes: last.id });
}
