/**
 * What a store's order becomes, decided without the database (docs/stores.md, "Orders from stores"): the
 * store's import rules, then each line through the mapping. Pure, so the rules are tested one by one.
 */
import {
  PAID_FINANCIAL_STATUSES, STORE_ORDER_MSG, checkAddress, normaliseAddress, shippingMethodOf, type ShippingMethod,
} from '@fbo/shared';
import type { MappedVariant } from '../products';
import { legacyIdOf, type StoreOrder, type StoreOrderLine } from '../stores';

export interface StoreRules {
  currency: string;
  importPaidOnly: boolean;
  skipIgnoredOnly: boolean;
  /** A shipping line's title or code, lower-cased, -> the order's method. */
  shippingMap: Record<string, ShippingMethod>;
}

/** A line as it will be stored: resolved (a catalog variant), or waiting for its mapping (`mapped.variant` null or no `mapped`). */
export interface PlannedLine {
  line: StoreOrderLine;
  /** The shop's variant id (legacy numeric form, as product_variants.server_id holds it). */
  serverVariantId: string | null;
  mapped: MappedVariant | null;
}

export type StoreOrderPlan =
  | { skip: string }
  | {
      lines: PlannedLine[];
      shippingMethod: ShippingMethod;
      /** Some line has no catalog variant yet: the order waits for its mapping (never submitted). */
      needsMapping: boolean;
      /** Every line was ignored and the store keeps such orders (for the record). */
      allIgnoredKept: boolean;
    };

/** The variant id a line names, as the products sync stores it (numeric), or null for a custom line. */
export const lineVariantId = (line: StoreOrderLine): string | null => (line.variantId ? (legacyIdOf(line.variantId) ?? line.variantId) : null);

/** Which of the store's rules refuse this order before its lines are looked at, or null. */
export function ruleRefusal(order: StoreOrder, rules: StoreRules): string | null {
  if (order.currencyCode.toUpperCase() !== 'USD' || rules.currency.toUpperCase() !== 'USD') return STORE_ORDER_MSG.notUsd(order.currencyCode || rules.currency);
  if (order.lineItems.length === 0) return STORE_ORDER_MSG.noItems;
  const status = order.displayFinancialStatus ?? 'PENDING';
  if (rules.importPaidOnly && !(PAID_FINANCIAL_STATUSES as readonly string[]).includes(status)) return STORE_ORDER_MSG.notPaid(status);
  return null;
}

/** The store's shipping line as a method: the store's own map first, else words in the line ("Express", "Overnight"). */
export function shippingOf(order: StoreOrder, map: Record<string, ShippingMethod>): ShippingMethod {
  const first = order.shippingLines[0];
  if (!first) return 'standard';
  for (const key of [first.title, first.code]) {
    const mapped = key ? map[key.trim().toLowerCase()] : undefined;
    if (mapped) return mapped;
  }
  return shippingMethodOf(`${first.title} ${first.code ?? ''}`);
}

/**
 * The order's lines through the mapping (`mapped` by the shop's variant id): ignored lines are left out
 * (never fulfilled, never charged); an order of ignored lines only is skipped, or kept for the record when the
 * store says so; a line with no mapping is kept without a catalog variant.
 */
export function planStoreOrder(order: StoreOrder, rules: StoreRules, mapped: Map<string, MappedVariant>): StoreOrderPlan {
  const refused = ruleRefusal(order, rules);
  if (refused) return { skip: refused };
  const all: PlannedLine[] = order.lineItems.map((line) => {
    const serverVariantId = lineVariantId(line);
    return { line, serverVariantId, mapped: (serverVariantId && mapped.get(serverVariantId)) || null };
  });
  const kept = all.filter((l) => !l.mapped?.ignored);
  const allIgnoredKept = kept.length === 0;
  if (allIgnoredKept && rules.skipIgnoredOnly) return { skip: STORE_ORDER_MSG.allIgnored };
  // Kept for the record: its ignored lines wait, like unmapped ones, until the seller maps one.
  const lines = allIgnoredKept ? all.map((l) => ({ ...l, mapped: l.mapped && { ...l.mapped, variant: null } })) : kept;
  return {
    lines,
    shippingMethod: shippingOf(order, rules.shippingMap),
    needsMapping: lines.some((l) => !l.mapped?.variant && !l.mapped?.warehouseProductId),
    allIgnoredKept,
  };
}

/** The buyer's address as the order keeps it, with its check; a withheld address is invalid (0), never blank-valid. */
export function addressOf(order: StoreOrder) {
  const a = order.shippingAddress;
  const address = normaliseAddress({
    fullName: a?.name ?? '', address1: a?.address1 ?? '', address2: a?.address2 ?? '', city: a?.city ?? '',
    province: a?.provinceCode ?? '', zipCode: a?.zip ?? '', country: '', countryCode: a?.countryCode ?? '',
    phone: a?.phone ?? '', email: order.email ?? '',
  });
  const status = order.addressMissing || !a ? 0 : checkAddress(address).status;
  return { ...address, address2: address.address2 ?? '', phone: address.phone ?? '', email: address.email ?? '', addressStatus: status };
}
