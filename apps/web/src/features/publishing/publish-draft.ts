/** The Publish dialog's arithmetic, kept out of the component so it reads plainly. */
import type { CatalogDetail } from '@fbo/shared';

export type CatalogVariantRow = CatalogDetail['variants'][number];

/** Dollars typed -> integer cents (null when empty or not a number). */
export function dollarsToCents(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? Math.round(n * 100) : null;
}

/** The team's base cost plus the first item's standard shipping, in cents; null when the team has no price for it. */
export function costFloorCents(v: CatalogVariantRow): number | null {
  if (v.basePrice === null || v.basePrice === undefined) return null;
  return Math.round((v.basePrice + (v.shipping?.standard?.first ?? 0)) * 100);
}

/** A variant the seller may publish: in stock (the catalog detail lists live variants only). */
export const sellable = (v: CatalogVariantRow) => v.inStock;

/** A first retail price: base cost and shipping doubled, rounded up to .99, else $24.99. */
export function suggestedPrice(v: CatalogVariantRow): number {
  const floor = costFloorCents(v);
  if (floor === null) return 24.99;
  return Math.ceil((floor * 2) / 100) - 0.01;
}

export const money = (cents: number | null) => (cents === null ? '—' : `$${(cents / 100).toFixed(2)}`);
