/**
 * Warehouses and stock (docs/warehouses.md): units, fees and the fee rule a warehouse order is charged by, free of zod
 * so the web's forms show the very figures the server charges.
 *
 * Fees follow Printful's and ShipBob's warehousing: a fee per order (picking the first unit), a fee per extra unit,
 * shipping by weight band and destination per shipping method, and storage per unit per month. All integer cents.
 */
import type { ShippingMethod, WeightUnit } from './catalog';
export const DIMENSION_UNITS = ['in', 'cm'] as const;
export type DimensionUnit = (typeof DIMENSION_UNITS)[number];

/** Grams per unit: sums and bands work in grams, the unit the seller typed is kept for display. */
const GRAMS_PER: Record<WeightUnit, number> = { lb: 453.59237, oz: 28.349523125, kg: 1000, g: 1 };
const MM_PER: Record<DimensionUnit, number> = { in: 25.4, cm: 10 };

/** A weight typed in a unit, in whole grams (rounded half up: a 0.5 g parcel weighs 1 g on the scale). */
export function toGrams(value: number, unit: WeightUnit): number {
  return Math.round(value * GRAMS_PER[unit]);
}
/** Grams shown in a unit, to 2 decimals (the form's round trip: 1 lb -> 454 g -> 1 lb). */
export function fromGrams(grams: number, unit: WeightUnit): number {
  return Math.round((grams / GRAMS_PER[unit]) * 100) / 100;
}
export function toMillimetres(value: number, unit: DimensionUnit): number {
  return Math.round(value * MM_PER[unit]);
}
export function fromMillimetres(mm: number, unit: DimensionUnit): number {
  return Math.round((mm / MM_PER[unit]) * 100) / 100;
}

/** One shipping band: up to this weight, to this destination (a country code, or '*' for every other), by this method. */
export interface ShippingBand {
  method: ShippingMethod;
  /** ISO country code, or '*': anywhere a band of the country does not cover. */
  country: string;
  upToGrams: number;
  cents: number;
}

export interface WarehouseFees {
  perOrderCents: number;
  perExtraUnitCents: number;
  storagePerUnitMonthCents: number;
  shipping: ShippingBand[];
}

export const EMPTY_WAREHOUSE_FEES: WarehouseFees = { perOrderCents: 0, perExtraUnitCents: 0, storagePerUnitMonthCents: 0, shipping: [] };

export const WAREHOUSE_LIMITS = {
  name: { min: 2, max: 128 },
  code: { min: 2, max: 16 },
  bands: 200,
  /** Any fee is 0 to $10,000 in whole cents. */
  feeCents: 1_000_000,
  maxGrams: 1_000_000,
} as const;

export const WAREHOUSE_MSG = {
  codeTaken: 'This warehouse code is already used',
  teamNotWarehouse: 'The team must be a seller team of type Warehouse',
  noBand: (code: string, grams: number, country: string, method: string) =>
    `Warehouse ${code} has no ${method} shipping band for ${grams} g to ${country}`,
  awaitingStock: 'awaiting stock',
  notEnoughStock: (sku: string, wanted: number, available: number) =>
    `Not enough stock of ${sku}: ${wanted} wanted, ${available} available in any single warehouse`,
  noWarehouse: 'No active warehouse holds every warehouse item of this order',
  typeLocked: 'A team that runs a warehouse cannot switch back to Default',
  ownsStock: 'This seller team owns warehouse stock and cannot be deleted',
} as const;

/** A warehouse line of an order, as the fee rule needs it. */
export interface FeeLine {
  quantity: number;
  unitGrams: number;
}

export interface WarehouseCharge {
  /** Per line, in the lines' order: its handling share (the order fee on the first line) and its shipping share. */
  lines: { handlingCents: number; shippingCents: number }[];
  handlingCents: number;
  shippingCents: number;
  totalCents: number;
  grams: number;
}

/** The band a parcel ships in: the country's bands first, else the '*' bands; the lightest band that holds it. */
export function bandFor(bands: readonly ShippingBand[], method: ShippingMethod, country: string, grams: number): ShippingBand | null {
  const forMethod = bands.filter((b) => b.method === method);
  const own = forMethod.filter((b) => b.country.toUpperCase() === country.toUpperCase());
  const pool = own.length > 0 ? own : forMethod.filter((b) => b.country === '*');
  return [...pool].sort((a, b) => a.upToGrams - b.upToGrams).find((b) => b.upToGrams >= grams) ?? null;
}

/**
 * What a warehouse order costs the seller: the order fee, the extra units' fee and the parcel's shipping band, spread
 * on the lines so the invoice shows each (the first line carries the order fee and the shipping). Null when no band
 * ships the parcel (the caller refuses with WAREHOUSE_MSG.noBand).
 */
export function warehouseCharge(fees: WarehouseFees, lines: readonly FeeLine[], method: ShippingMethod, country: string): WarehouseCharge | null {
  const grams = lines.reduce((sum, l) => sum + l.unitGrams * l.quantity, 0);
  const band = bandFor(fees.shipping, method, country, grams);
  if (!band) return null;
  const out = lines.map((l, i) => ({
    handlingCents: (i === 0 ? fees.perOrderCents : 0) + fees.perExtraUnitCents * (i === 0 ? l.quantity - 1 : l.quantity),
    shippingCents: i === 0 ? band.cents : 0,
  }));
  const handlingCents = out.reduce((s, l) => s + l.handlingCents, 0);
  return { lines: out, handlingCents, shippingCents: band.cents, totalCents: handlingCents + band.cents, grams };
}

/** Available units of a level. */
export function availableOf(level: { onHand: number; reserved: number }): number {
  return level.onHand - level.reserved;
}

/** Whether a level is low: available at or under its threshold (a threshold of 0 alerts only when out). */
export function isLow(available: number, threshold: number): boolean {
  return available <= threshold;
}

export const INBOUND_STATUS_LABELS = {
  declared: 'Declared',
  in_transit: 'In transit',
  partly_received: 'Received (partly)',
  received: 'Received',
  closed: 'Closed',
} as const;

export const FULFILMENT_STATUS_LABELS = {
  to_pick: 'To pick',
  packed: 'Packed',
  shipped: 'Shipped',
  cannot_ship: 'Cannot ship',
  cancelled: 'Cancelled',
} as const;

/** The month a storage charge covers, as stored (YYYY-MM, UTC). */
export function storageMonthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}
