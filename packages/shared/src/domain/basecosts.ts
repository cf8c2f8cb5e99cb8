/**
 * Base costs (docs/decisions.md, "Base costs"): limits, messages and the cost rule orders are charged
 * by, free of zod so the web's forms and the orders issue use the very rules the server applies.
 *
 * A base cost prices catalog variants: per variant an item price (base price) and, per shipping
 * method, the shipping of the first item of an order and of each additional item (Printify's and
 * Printful's tiers). Standard shipping is always offered; express and overnight are offered for a
 * variant when both their prices are set (null: not offered).
 */
import { SHIPPING_METHODS, type ShippingMethod } from './catalog';
import { lengthMessage } from './messages';

export const BASECOST_LIMITS = {
  name: { min: 2, max: 128 },
  description: { max: 1000 },
  /** Every price is 0 to $100,000, in whole cents. */
  price: { min: 0, max: 100_000 },
  /** Variants in one catalog save. */
  variantsPerSave: 2000,
  /** Catalog choices answered per search. */
  catalogOptions: 20,
} as const;

/** The price fields of one variant in the API (dollars), in the editor's column order. */
export const BASECOST_PRICE_FIELDS = [
  'basePrice',
  'standardFirst',
  'standardAdditional',
  'expressFirst',
  'expressAdditional',
  'overnightFirst',
  'overnightAdditional',
] as const;
export type BasecostPriceField = (typeof BASECOST_PRICE_FIELDS)[number];
/** Required on every priced variant; the others may be null (method not offered). */
export const REQUIRED_PRICE_FIELDS: readonly BasecostPriceField[] = ['basePrice', 'standardFirst', 'standardAdditional'];
export const PRICE_FIELD_LABELS: Record<BasecostPriceField, string> = {
  basePrice: 'Base price',
  standardFirst: 'Standard first item',
  standardAdditional: 'Standard additional item',
  expressFirst: 'Express first item',
  expressAdditional: 'Express additional item',
  overnightFirst: 'Overnight first item',
  overnightAdditional: 'Overnight additional item',
};

/** A price in dollars the server stores exactly: 0 to 100,000 with at most two decimals. */
export function isWholeCents(dollars: number): boolean {
  const cents = dollars * 100;
  return Number.isFinite(cents) && Math.abs(cents - Math.round(cents)) < 1e-6;
}

const { name } = BASECOST_LIMITS;

export const BASECOST_MSG = {
  inputName: 'Please input name',
  nameLength: lengthMessage('name', name.min, name.max),
  nameTaken: 'A base cost with this name already exists',
  descriptionLength: `description should be at most ${BASECOST_LIMITS.description.max} length`,
  nothingToUpdate: 'Nothing to update',
  inputPrice: (field: string) => `Please input ${field}`,
  priceRange: (field: string) => `${field} should be 0 to 100,000`,
  priceCents: (field: string) => `${field} should have at most 2 decimals`,
  methodPair: (method: string) => `${method} shipping needs both first and additional item prices, or neither`,
  noVariants: 'Please price at least one variant',
  tooManyVariants: `At most ${BASECOST_LIMITS.variantsPerSave} variants at a time`,
  duplicateVariant: 'A variant is listed twice',
  variantNotInCatalog: 'Some variants do not belong to this catalog',
  catalogNotFound: 'Catalog not found',
  catalogNotOffered: 'Your agency does not offer this catalog',
  catalogNotMaster: 'Only catalogs of the master catalog can be priced here',
  catalogNotPriced: 'This catalog has no costs in this base cost',
  usedByAgencies: (n: number) => `This base cost can not be deleted: ${n} agenc${n === 1 ? 'y uses' : 'ies use'} it`,
  usedBySellers: (n: number) => `This group can not be deleted: ${n} seller team${n === 1 ? ' uses' : 's use'} it`,
} as const;

/** One variant's prices in a base cost, integer cents (null: the method is not offered). */
export interface BasecostPriceCents {
  basePriceCents: number;
  standardFirstCents: number;
  standardAdditionalCents: number;
  expressFirstCents: number | null;
  expressAdditionalCents: number | null;
  overnightFirstCents: number | null;
  overnightAdditionalCents: number | null;
}

/** The first-item and additional-item shipping of a method, or null when it is not offered. */
export function shippingRates(price: BasecostPriceCents, method: ShippingMethod): { first: number; additional: number } | null {
  const first = price[`${method}FirstCents`];
  const additional = price[`${method}AdditionalCents`];
  return first === null || additional === null ? null : { first, additional };
}

/** The methods a variant can ship by: standard always, express and overnight when priced. */
export function offeredMethods(price: BasecostPriceCents): ShippingMethod[] {
  return SHIPPING_METHODS.filter((m) => shippingRates(price, m) !== null);
}

export interface LineCost {
  /** base price x quantity */
  itemCents: number;
  shippingCents: number;
  totalCents: number;
}

/**
 * What one order line costs: the item price for every unit; the first-item shipping for one unit
 * when this line carries the order's first item (`carriesFirst`), the additional-item shipping for
 * every other unit. Null when the method is not offered for the variant. Quantity is a whole
 * number >= 1.
 */
export function orderItemCost(
  price: BasecostPriceCents,
  quantity: number,
  method: ShippingMethod,
  carriesFirst: boolean,
): LineCost | null {
  if (!Number.isInteger(quantity) || quantity < 1) throw new RangeError('quantity must be a whole number of at least 1');
  const rates = shippingRates(price, method);
  if (!rates) return null;
  const itemCents = price.basePriceCents * quantity;
  const shippingCents = carriesFirst ? rates.first + rates.additional * (quantity - 1) : rates.additional * quantity;
  return { itemCents, shippingCents, totalCents: itemCents + shippingCents };
}

export interface OrderCost extends LineCost {
  /** Per input line, in input order. */
  lines: LineCost[];
  /** Index of the line whose first-item shipping the order pays. */
  firstLine: number;
}

/**
 * What a whole order costs by one shipping method (Printify's rule): the order pays the first-item
 * shipping once, for the line with the highest first-item rate (the earliest on a tie), and the
 * additional-item shipping for every other unit. Null when the method is not offered for one of
 * the lines, or the order has no line.
 */
export function orderCost(lines: { price: BasecostPriceCents; quantity: number }[], method: ShippingMethod): OrderCost | null {
  if (lines.length === 0) return null;
  const rates = lines.map((l) => shippingRates(l.price, method));
  if (rates.some((r) => r === null)) return null;
  let firstLine = 0;
  rates.forEach((r, i) => {
    if (r!.first > rates[firstLine]!.first) firstLine = i;
  });
  const costs = lines.map((l, i) => orderItemCost(l.price, l.quantity, method, i === firstLine)!);
  const sum = (key: keyof LineCost) => costs.reduce((total, c) => total + c[key], 0);
  return { lines: costs, firstLine, itemCents: sum('itemCents'), shippingCents: sum('shippingCents'), totalCents: sum('totalCents') };
}

/** The agency's margin on a variant: what its seller pays minus what the agency pays (cents). */
export function marginCents(sellerBaseCents: number, agencyCostCents: number): number {
  return sellerBaseCents - agencyCostCents;
}

/** The margin as a share of the seller's price, one decimal (null when the price is 0). */
export function marginPercent(sellerBaseCents: number, agencyCostCents: number): number | null {
  if (sellerBaseCents === 0) return null;
  return Math.round(((sellerBaseCents - agencyCostCents) / sellerBaseCents) * 1000) / 10;
}
