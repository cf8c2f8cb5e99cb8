/**
 * The fake's inventory, as the Admin GraphQL API 2025-10 answers it, for pushInventory:
 * - `location` without an id: the shop's primary location (the fake's shop has one)
 *   https://shopify.dev/docs/api/admin-graphql/2025-10/queries/location
 * - `nodes(ids)` on ProductVariant: inventoryPolicy, product { id }, inventoryItem { id tracked }; an unknown id is null
 * - inventorySetQuantities(input: {name, reason, ignoreCompareQuantity, quantities [{inventoryItemId, locationId,
 *   quantity, compareQuantity}]}): validated whole before anything is written, its userErrors with Shopify's codes
 *   (INVALID_INVENTORY_ITEM, INVALID_LOCATION, INVALID_NAME, INVALID_REASON, INVALID_QUANTITY_NEGATIVE,
 *   COMPARE_QUANTITY_REQUIRED, COMPARE_QUANTITY_STALE)
 *   https://shopify.dev/docs/api/admin-graphql/2025-10/mutations/inventorySetQuantities
 * The fake keeps one quantity per variant (its `available` at the one location): `inventoryQuantity`.
 */
import { fixtures } from './fixtures';
import { availableForSale } from './publishing';
import { newId, type FakeProduct, type FakeShop, type FakeVariant } from './state';

type Vars = Record<string, unknown>;
const gid = (kind: string, id: number) => `gid://shopify/${kind}/${id}`;
const numeric = (id: unknown) => Number(/(\d+)$/.exec(String(id))?.[1] ?? NaN);
/** Shopify's reasons for a quantity change (docs: "Inventory states"). */
const REASONS = new Set(['correction', 'cycle_count_available', 'damaged', 'movement_created', 'movement_updated', 'movement_received', 'movement_canceled', 'other', 'promotion', 'quality_control', 'received', 'reservation_created', 'reservation_deleted', 'reservation_updated', 'restock', 'safety_stock', 'shrinkage']);
const MAX_QUANTITY = 1_000_000_000;

/** A variant's inventory item id, made the first time it is asked for (Shopify makes one with every variant). */
export function inventoryItemOf(v: FakeVariant): number {
  v.inventoryItemId ??= newId();
  return v.inventoryItemId;
}

function variantById(shop: FakeShop, id: number): { p: FakeProduct; v: FakeVariant } | null {
  for (const p of shop.products.values()) {
    const v = p.variants.find((x) => x.id === id);
    if (v) return { p, v };
  }
  return null;
}

function variantByItem(shop: FakeShop, itemId: number): FakeVariant | null {
  for (const p of shop.products.values()) {
    const v = p.variants.find((x) => x.inventoryItemId === itemId);
    if (v) return v;
  }
  return null;
}

export function primaryLocation(shop: FakeShop) {
  return { location: { id: gid('Location', shop.locationId) } };
}

export function variantNodes(shop: FakeShop, vars: Vars) {
  const ids = (vars['ids'] ?? []) as string[];
  return {
    nodes: ids.map((id) => {
      if (!String(id).includes('/ProductVariant/')) return id ? {} : null;
      const found = variantById(shop, numeric(id));
      if (!found) return null;
      const { p, v } = found;
      return {
        id: gid('ProductVariant', v.id),
        legacyResourceId: String(v.id),
        inventoryPolicy: v.inventoryPolicy ?? 'DENY',
        product: { id: gid('Product', p.id) },
        inventoryItem: { id: gid('InventoryItem', inventoryItemOf(v)), tracked: v.tracked ?? false },
      };
    }),
  };
}

type QuantityInput = { inventoryItemId?: string; locationId?: string; quantity?: number; compareQuantity?: number | null };
type UserError = { field: string[] | null; message: string; code: string };

export function inventorySetQuantities(shop: FakeShop, vars: Vars) {
  const input = (vars['input'] ?? {}) as { name?: string; reason?: string; ignoreCompareQuantity?: boolean; quantities?: QuantityInput[] };
  const errors: UserError[] = [];
  const error = (name: string, field: string[]) => errors.push({ ...fixtures.userError(name), field } as UserError);
  if (input.name !== 'available' && input.name !== 'on_hand') error('inventoryInvalidName', ['input', 'name']);
  if (!REASONS.has(String(input.reason))) error('inventoryInvalidReason', ['input', 'reason']);
  const writes: { v: FakeVariant; quantity: number }[] = [];
  (input.quantities ?? []).forEach((q, n) => {
    const at = (f: string) => ['input', 'quantities', String(n), f];
    const v = variantByItem(shop, numeric(q.inventoryItemId));
    if (!String(q.inventoryItemId).includes('/InventoryItem/') || !v) return void error('inventoryInvalidItem', at('inventoryItemId'));
    if (numeric(q.locationId) !== shop.locationId) return void error('inventoryInvalidLocation', at('locationId'));
    const quantity = Number(q.quantity);
    if (!Number.isInteger(quantity) || quantity < 0) return void error('inventoryQuantityNegative', at('quantity'));
    if (quantity > MAX_QUANTITY) return void error('inventoryQuantityTooHigh', at('quantity'));
    if (!input.ignoreCompareQuantity) {
      if (q.compareQuantity === undefined || q.compareQuantity === null) return void error('inventoryCompareRequired', at('compareQuantity'));
      if (q.compareQuantity !== (v.inventoryQuantity ?? 0)) return void error('inventoryCompareStale', at('compareQuantity'));
    }
    writes.push({ v, quantity });
  });
  if (errors.length) return { inventoryAdjustmentGroup: null, userErrors: errors };
  for (const { v, quantity } of writes) v.inventoryQuantity = quantity;
  return { inventoryAdjustmentGroup: writes.length ? { id: gid('InventoryAdjustmentGroup', newId()) } : null, userErrors: [] };
}

/** What a test (and the control API) reads back: each variant's stock in the shop. */
export function inventoryOf(shop: FakeShop) {
  return [...shop.products.values()].flatMap((p) =>
    p.variants.map((v) => ({
      productId: p.id,
      variantId: v.id,
      sku: v.sku,
      inventoryItemId: v.inventoryItemId ?? null,
      tracked: v.tracked ?? false,
      inventoryPolicy: v.inventoryPolicy ?? 'DENY',
      available: v.inventoryQuantity ?? 0,
      availableForSale: availableForSale(v),
    })),
  );
}
