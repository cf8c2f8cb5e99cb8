import { describe, expect, it } from 'vitest';
import {
  type BasecostPriceCents, isWholeCents, marginCents, marginPercent, offeredMethods, orderCost, orderItemCost, shippingRates,
} from '../src/domain/basecosts';
import { basecostCatalogCostsBody } from '../src/index';

/** A tee: $8.95, standard $4.75 + $2.40, express $12.75 + $4.40, no overnight. */
const tee: BasecostPriceCents = {
  basePriceCents: 895,
  standardFirstCents: 475,
  standardAdditionalCents: 240,
  expressFirstCents: 1275,
  expressAdditionalCents: 440,
  overnightFirstCents: null,
  overnightAdditionalCents: null,
};
/** A hoodie: $19.95, standard $7.99 + $4.00, no express, overnight $25 + $10. */
const hoodie: BasecostPriceCents = {
  basePriceCents: 1995,
  standardFirstCents: 799,
  standardAdditionalCents: 400,
  expressFirstCents: null,
  expressAdditionalCents: null,
  overnightFirstCents: 2500,
  overnightAdditionalCents: 1000,
};

describe('shipping methods of a variant', () => {
  it('offers standard always, express and overnight when both their prices are set', () => {
    expect(offeredMethods(tee)).toEqual(['standard', 'express']);
    expect(offeredMethods(hoodie)).toEqual(['standard', 'overnight']);
    expect(shippingRates(tee, 'overnight')).toBeNull();
    expect(shippingRates(tee, 'express')).toEqual({ first: 1275, additional: 440 });
    expect(shippingRates({ ...tee, expressAdditionalCents: null }, 'express')).toBeNull();
  });
});

describe('orderItemCost: one order line', () => {
  it('charges the item price per unit, first-item shipping once when the line carries the first item', () => {
    expect(orderItemCost(tee, 1, 'standard', true)).toEqual({ itemCents: 895, shippingCents: 475, totalCents: 1370 });
    expect(orderItemCost(tee, 3, 'standard', true)).toEqual({ itemCents: 2685, shippingCents: 475 + 2 * 240, totalCents: 2685 + 955 });
  });
  it('charges only additional-item shipping on a line that does not carry the first item', () => {
    expect(orderItemCost(tee, 2, 'express', false)).toEqual({ itemCents: 1790, shippingCents: 880, totalCents: 2670 });
  });
  it('is null when the method is not offered, and refuses a quantity below 1 or fractional', () => {
    expect(orderItemCost(tee, 1, 'overnight', true)).toBeNull();
    expect(() => orderItemCost(tee, 0, 'standard', true)).toThrow(RangeError);
    expect(() => orderItemCost(tee, 1.5, 'standard', true)).toThrow(RangeError);
  });
});

describe('orderCost: a whole order', () => {
  it('pays the highest first-item rate once and additional-item shipping for every other unit', () => {
    const cost = orderCost([{ price: tee, quantity: 2 }, { price: hoodie, quantity: 1 }], 'standard')!;
    expect(cost.firstLine).toBe(1);
    expect(cost.lines).toEqual([
      { itemCents: 1790, shippingCents: 480, totalCents: 2270 },
      { itemCents: 1995, shippingCents: 799, totalCents: 2794 },
    ]);
    expect(cost).toMatchObject({ itemCents: 3785, shippingCents: 1279, totalCents: 5064 });
  });
  it('gives the first item to the earliest line on a tie', () => {
    expect(orderCost([{ price: tee, quantity: 1 }, { price: tee, quantity: 1 }], 'standard')!.firstLine).toBe(0);
  });
  it('is null when one line cannot ship by the method, or there is no line', () => {
    expect(orderCost([{ price: tee, quantity: 1 }, { price: hoodie, quantity: 1 }], 'express')).toBeNull();
    expect(orderCost([], 'standard')).toBeNull();
  });
  it('stays exact in integer cents over many units', () => {
    expect(orderCost([{ price: { ...tee, basePriceCents: 1999 }, quantity: 1000 }], 'standard')!.totalCents).toBe(1_999_000 + 475 + 999 * 240);
  });
});

describe('margin and cents', () => {
  it('computes the agency margin in cents and as a percentage of the seller price', () => {
    expect(marginCents(2000, 1234)).toBe(766);
    expect(marginPercent(2000, 1234)).toBe(38.3);
    expect(marginPercent(0, 100)).toBeNull();
    expect(marginCents(1000, 1200)).toBe(-200);
  });
  it('accepts at most two decimals (12.345 is refused, not rounded)', () => {
    expect(isWholeCents(19.99)).toBe(true);
    expect(isWholeCents(0.1 + 0.2)).toBe(true);
    expect(isWholeCents(100000)).toBe(true);
    expect(isWholeCents(12.345)).toBe(false);
    expect(isWholeCents(Number.NaN)).toBe(false);
  });
  it('validates a catalog save body with the same rule', () => {
    const id = '01a204e1-27fc-720e-b2e6-f4102a059167';
    const ok = basecostCatalogCostsBody.safeParse({ variants: [{ catalogVariantId: id, basePrice: 8.95, standardFirst: 4.75, standardAdditional: 2.4 }] });
    expect(ok.success).toBe(true);
    const bad = basecostCatalogCostsBody.safeParse({ variants: [{ catalogVariantId: id, basePrice: 12.345, standardFirst: 4.75, standardAdditional: 2.4 }] });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.message).toBe('basePrice should have at most 2 decimals');
  });
});
