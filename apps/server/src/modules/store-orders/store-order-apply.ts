/**
 * Applies the shop's copy of one order (docs/stores.md, "Orders from stores"). Every delivery and every pull
 * ends here with a copy the job read from the shop, so duplicated, reordered and missed webhooks converge:
 * the first copy creates the order (or links the file-imported order of the same name), later copies update
 * its address or cancel it through the order machine, and a copy older than the one applied changes nothing.
 */
import { uuidv7 } from 'uuidv7';
import {
  PRE_PRODUCTION_STATUSES, STORE_ORDER_MSG, isExcludedDestination, refusal, type AgencySettings, type OrderStatus,
} from '@fbo/shared';
import type { Tx } from '../../db/client';
import { writeAudit } from '../audit';
import { mappedVariants, type MappedVariant } from '../products';
import { addOrderEvent, refundCancelledOrder, type OrderEventInsert, type OrderRow } from '../order-core';
import { legacyIdOf, type StoreOrder } from '../stores';
import { addressOf, lineVariantId, planStoreOrder, type PlannedLine } from './store-order-plan';
import * as repo from './store-orders.repo';

export type ApplyOutcome =
  /** `tie`: the copy is exactly as old as the one applied (same-second changes): the caller reads the shop's copy. */
  | { outcome: 'tie'; orderId: string; note: string }
  /**
   * `readyToSubmit`: every line is mapped, so the store's delay before submit applies; `personalized`: a line is a
   * personalized product's, so the order waits for its artwork or goes to the design service (store-order-submit.ts).
   */
  | { outcome: 'created'; orderId: string; note: string; readyToSubmit: boolean; personalized: boolean }
  | { outcome: 'linked' | 'updated' | 'unchanged'; orderId: string; note: string }
  | { outcome: 'skipped'; orderId?: string; note: string };

/** The shop's id of an order as orders.external_id keeps it (Shopify's numeric id, as the tracking sync and the legacy links use). */
export const externalIdOf = (order: Pick<StoreOrder, 'externalId' | 'legacyId'>): string => order.legacyId ?? legacyIdOf(order.externalId) ?? order.externalId;

const ADDRESS_KEYS = ['fullName', 'address1', 'address2', 'city', 'province', 'zipCode', 'countryCode', 'phone', 'email'] as const;

export interface ApplyOptions {
  fromWebhook?: boolean;
  /** The mapping of the variants the order names (`mappingOf`), when the caller read it for several orders at once. */
  mapping?: Map<string, MappedVariant>;
}

/** The store's variants the orders' lines name, by the shop's variant id, as they are mapped now: one statement. */
export async function mappingOf(tx: Tx, store: repo.StoreForOrders, orders: StoreOrder[]): Promise<Map<string, MappedVariant>> {
  const serverIds = [...new Set(orders.flatMap((o) => o.lineItems.map(lineVariantId)).filter((id): id is string => !!id))];
  const mapped = new Map<string, MappedVariant>();
  if (serverIds.length === 0) return mapped;
  for (const v of await mappedVariants(tx, store, { storeId: store.id, serverIds })) if (v.serverId) mapped.set(v.serverId, v);
  return mapped;
}

/** What identifies the order's items in a file order: the lines' SKUs and the catalog variants they are mapped to. */
function itemsOf(order: StoreOrder, mapping: Map<string, MappedVariant>) {
  const skus = new Set<string>();
  const catalogVariantIds = new Set<string>();
  for (const line of order.lineItems) {
    if (line.sku) skus.add(line.sku);
    const mapped = mapping.get(lineVariantId(line) ?? '');
    if (mapped?.variant) catalogVariantIds.add(mapped.variant.id);
  }
  return { skus: [...skus], catalogVariantIds: [...catalogVariantIds] };
}

/** A new order of the store, or a file's order now the store's: the store's "last order received" moves. */
export const touchesStore = (result: ApplyOutcome): boolean => result.outcome === 'created' || result.outcome === 'linked';

/** When the store's copy was made, kept on the order so an older copy read later changes nothing. */
const STORE_UPDATED_AT = 'storeUpdatedAt';

/**
 * `fromWebhook`: the copy is a delivery's body, whose timestamp may tie with the copy applied (then 'tie': the shop
 * is asked); a copy read from the shop is its latest and is applied on a tie. The store's "last order received" is
 * the caller's to touch (`touchesStore`), once per transaction.
 */
export async function applyStoreOrder(tx: Tx, store: repo.StoreForOrders, order: StoreOrder, options: ApplyOptions = {}): Promise<ApplyOutcome> {
  const externalId = externalIdOf(order);
  await repo.lockStoreOrderKey(tx, store.id, externalId);
  const next = await applyFound(tx, store, order, await repo.lockKnownOrTwin(tx, store, externalId, order.name), options);
  return 'pending' in next ? (await insertCreated(tx, [next.pending]))[0]! : next;
}

/** A new order planned, not yet inserted: `insertCreated` inserts any number of them in three statements. */
export interface PendingCreate {
  row: repo.NewOrder;
  items: repo.NewItem[];
  event: OrderEventInsert;
  created: Extract<ApplyOutcome, { outcome: 'created' }>;
}

/**
 * applyStoreOrder once the key is locked and its order (`known`) or file twin found: an update or a link is written
 * now; a new order is only planned (`pending`), so a batch inserts its new orders together (`insertCreated`).
 */
export async function applyFound(
  tx: Tx, store: repo.StoreForOrders, order: StoreOrder, found: { known?: OrderRow; twin?: OrderRow }, options: ApplyOptions = {},
): Promise<ApplyOutcome | { pending: PendingCreate }> {
  const { settings } = store;
  const externalId = externalIdOf(order);
  const { known, twin } = found;
  if (known) {
    if (options.fromWebhook && known.metadata[STORE_UPDATED_AT] === order.updatedAt) return { outcome: 'tie', orderId: known.id, note: 'A copy as old as the one applied' };
    return updateFromStore(tx, store, known, order, settings);
  }
  if (!store.getOrderApi) return { outcome: 'skipped', note: STORE_ORDER_MSG.apiOff };
  const mapping = options.mapping ?? (await mappingOf(tx, store, [order]));
  // A file order of the same name is the store's order imported earlier only when it holds one of its items (a SKU of
  // the store's lines, or the catalog variant a line is mapped to): stores each count from #1001, and a team with
  // several stores has unrelated orders of one name.
  if (twin && (await repo.sharesItem(tx, twin, itemsOf(order, mapping)))) return linkTwin(tx, store, twin, order, externalId, settings);
  if (order.cancelledAt) return { outcome: 'skipped', note: STORE_ORDER_MSG.cancelledBeforeImport };
  return planCreate(store, order, externalId, settings, mapping);
}

function planCreate(
  store: repo.StoreForOrders, order: StoreOrder, externalId: string, settings: AgencySettings, mapped: Map<string, MappedVariant>,
): ApplyOutcome | { pending: PendingCreate } {
  const plan = planStoreOrder(order, store, mapped);
  if ('skip' in plan) return { outcome: 'skipped', note: plan.skip };

  const id = uuidv7();
  const address = addressOf(order);
  const items = plan.lines.map((l, position) => itemOf(store, id, l, position));
  const firstResolved = plan.lines.find((l) => l.mapped?.variant)?.mapped?.variant;
  const properties = plan.lines.map((l, position) => ({ position, properties: l.line.customAttributes })).filter((p) => p.properties.length > 0);
  const row: repo.NewOrder = {
    id, agencyId: store.agencyId, sellerTeamId: store.sellerTeamId, sellerId: null, orderName: order.name,
    orderType: firstResolved?.catalogType ?? 'pod', status: 'Unfulfilled',
    ...address, cannotShip: isExcludedDestination(settings, address.countryCode, address.province),
    shippingMethod: plan.shippingMethod,
    subTotalPriceCents: order.totals.subtotalCents, shippingFeeCents: order.totals.shippingCents,
    totalDiscountCents: order.totals.discountsCents, totalPriceCents: order.totals.totalCents,
    // The store's own record of the sale: the only figure order profit reads (docs/money.md, "Sale price").
    saleTotalCents: order.totals.totalCents,
    itemCount: items.reduce((n, i) => n + (i.quantity ?? 0), 0),
    metadata: {
      source: store.platform, financialStatus: order.displayFinancialStatus, [STORE_UPDATED_AT]: order.updatedAt,
      ...(order.addressMissing && { addressMissing: true }),
      ...(properties.length > 0 && { properties }),
    },
    externalId, storeId: store.id,
  };
  const notes: string[] = [];
  if (order.addressMissing) notes.push(STORE_ORDER_MSG.addressMissing);
  if (plan.allIgnoredKept) notes.push(STORE_ORDER_MSG.allIgnoredKept);
  else if (plan.needsMapping) notes.push(STORE_ORDER_MSG.needsMapping);
  // A personalized product's order waits for the artwork made from the buyer's input (kept in metadata.properties).
  const personalized = plan.lines.some((l) => l.mapped?.personalized);
  if (personalized) notes.push(STORE_ORDER_MSG.personalized);
  const event: OrderEventInsert = {
    orderId: id, agencyId: store.agencyId, kind: 'import', action: 'store', toStatus: 'Unfulfilled',
    message: [STORE_ORDER_MSG.created, ...notes].join('. '), data: { storeId: store.id, externalId },
  };
  const created = { outcome: 'created' as const, orderId: id, note: notes.join(' ') || STORE_ORDER_MSG.created, readyToSubmit: !plan.needsMapping && !plan.allIgnoredKept && !personalized, personalized };
  return { pending: { row, items, event, created } };
}

/** Inserts planned orders with their items and timeline events; one whose name the store already used is skipped. */
export async function insertCreated(tx: Tx, pending: PendingCreate[]): Promise<ApplyOutcome[]> {
  const inserted = await repo.insertOrders(tx, pending.map((p) => ({ order: p.row, items: p.items })));
  await repo.insertEvents(tx, pending.filter((p) => inserted.has(p.created.orderId)).map((p) => p.event));
  return pending.map((p) => (inserted.has(p.created.orderId) ? p.created : { outcome: 'skipped', note: STORE_ORDER_MSG.nameTaken(p.row.orderName ?? '') }));
}

function itemOf(store: repo.StoreForOrders, orderId: string, l: PlannedLine, position: number): repo.NewItem {
  const v = l.mapped?.variant ?? null;
  const art = l.mapped?.artworks ?? [];
  return {
    id: uuidv7(), orderId, agencyId: store.agencyId, sellerTeamId: store.sellerTeamId, position,
    sku: l.line.sku ?? '', title: l.line.title, quantity: l.line.quantity,
    priceCents: l.line.unitPriceCents, salePriceCents: l.line.unitPriceCents,
    catalogVariantId: v?.id ?? null, catalogId: v?.catalogId ?? null, color: v?.color ?? '', size: v?.size ?? '',
    productVariantId: l.mapped?.productVariantId ?? null,
    warehouseProductId: v ? null : (l.mapped?.warehouseProductId ?? null),
    artwork1: art[0] ?? null, artwork2: art[1] ?? null, artwork3: art[2] ?? null, artwork4: art[3] ?? null, artwork5: art[4] ?? null, artwork6: art[5] ?? null,
  };
}

/** A file-imported order of the store's order name becomes the store's: tracking goes back through it from now on. */
async function linkTwin(tx: Tx, store: repo.StoreForOrders, twin: OrderRow, order: StoreOrder, externalId: string, settings: AgencySettings): Promise<ApplyOutcome> {
  const beforeApproval = twin.status === 'Unfulfilled' || twin.status === 'Rejected' || twin.status === 'InReview';
  await repo.updateOrder(tx, twin.id, {
    storeId: store.id, externalId,
    // The store's record of the sale replaces none the seller typed: a file carries no sale (docs/money.md).
    ...(beforeApproval && twin.saleTotalCents === null && { saleTotalCents: order.totals.totalCents }),
  });
  await addOrderEvent(tx, { orderId: twin.id, agencyId: store.agencyId, kind: 'import', action: 'store-link', message: STORE_ORDER_MSG.linked, data: { storeId: store.id, externalId } });
  await writeAudit(tx, { actorId: null, agencyId: store.agencyId, entity: 'order', entityId: twin.id, action: 'store-link', before: { storeId: null }, after: { storeId: store.id, externalId } });
  const linked = { ...twin, storeId: store.id, externalId };
  const update = await updateFromStore(tx, store, linked, order, settings);
  return { outcome: 'linked', orderId: twin.id, note: [STORE_ORDER_MSG.linked, update.outcome === 'updated' ? update.note : ''].filter(Boolean).join(' ') };
}

/**
 * A later copy of an order we have: its cancellation goes through the order machine (refunding any charge), its
 * address replaces ours while the order is before production; after that both are refused with a timeline note.
 */
async function updateFromStore(tx: Tx, store: repo.StoreForOrders, current: OrderRow, order: StoreOrder, settings: AgencySettings): Promise<ApplyOutcome> {
  const seen = typeof current.metadata[STORE_UPDATED_AT] === 'string' ? Date.parse(current.metadata[STORE_UPDATED_AT] as string) : 0;
  if (Date.parse(order.updatedAt) < seen) return { outcome: 'unchanged', orderId: current.id, note: 'An older copy of the order: nothing to change' };
  const metadata: Record<string, unknown> = { ...current.metadata, [STORE_UPDATED_AT]: order.updatedAt, financialStatus: order.displayFinancialStatus };
  const status = current.status as OrderStatus;
  const notes: string[] = [];

  if (order.cancelledAt && status !== 'Cancel') {
    notes.push(await cancelFromStore(tx, store, current, metadata));
  } else if (status !== 'Cancel' && !order.addressMissing) {
    const address = addressOf(order);
    const changed = ADDRESS_KEYS.filter((k) => (address[k] ?? '') !== (current[k] ?? ''));
    if (changed.length && (PRE_PRODUCTION_STATUSES as readonly OrderStatus[]).includes(status)) {
      await repo.updateOrder(tx, current.id, { ...address, cannotShip: isExcludedDestination(settings, address.countryCode, address.province) });
      delete metadata['addressMissing'];
      await addOrderEvent(tx, {
        orderId: current.id, agencyId: store.agencyId, kind: 'address', action: 'store-update', message: STORE_ORDER_MSG.addressChanged,
        data: { before: Object.fromEntries(changed.map((k) => [k, current[k]])), after: Object.fromEntries(changed.map((k) => [k, address[k]])) },
      });
      notes.push(STORE_ORDER_MSG.addressChanged);
    } else if (changed.length && metadata['storeAddressRefusedAt'] !== order.updatedAt) {
      // Said once per copy of the store's address, not on every later delivery.
      await addOrderEvent(tx, { orderId: current.id, agencyId: store.agencyId, kind: 'note', action: 'store-update', message: STORE_ORDER_MSG.addressLocked(status) });
      metadata['storeAddressRefusedAt'] = order.updatedAt;
      notes.push(STORE_ORDER_MSG.addressLocked(status));
    }
  }
  await repo.updateOrder(tx, current.id, { metadata });
  return notes.length ? { outcome: 'updated', orderId: current.id, note: notes.join(' ') } : { outcome: 'unchanged', orderId: current.id, note: 'No change' };
}

/** The shop cancelled the order: cancelled here too while the order machine allows it (any charge refunded), else a note. */
async function cancelFromStore(tx: Tx, store: repo.StoreForOrders, order: OrderRow, metadata: Record<string, unknown>): Promise<string> {
  const status = order.status as OrderStatus;
  if (refusal('cancel', 'seller', { status }) !== null) {
    if (metadata['storeCancelRefused']) return STORE_ORDER_MSG.cancelRefused(status);
    metadata['storeCancelRefused'] = true;
    await addOrderEvent(tx, { orderId: order.id, agencyId: store.agencyId, kind: 'note', action: 'store-cancel', message: STORE_ORDER_MSG.cancelRefused(status) });
    return STORE_ORDER_MSG.cancelRefused(status);
  }
  const { refundedCents } = await refundCancelledOrder(tx, order, null);
  await repo.updateOrder(tx, order.id, { status: 'Cancel' });
  await repo.cancelItems(tx, order.id);
  await addOrderEvent(tx, {
    orderId: order.id, agencyId: store.agencyId, kind: 'status', action: 'cancel', fromStatus: status, toStatus: 'Cancel',
    message: STORE_ORDER_MSG.cancelled, data: refundedCents ? { refundedCents } : undefined,
  });
  await writeAudit(tx, { actorId: null, agencyId: store.agencyId, entity: 'order', entityId: order.id, action: 'store-cancel', before: { status }, after: { status: 'Cancel', refundedCents } });
  return STORE_ORDER_MSG.cancelled;
}
