import {
  WAREHOUSE_LIMITS, toGrams, warehouseBody, type ShippingMethod, type WarehouseBody, type WarehouseRow, type WeightUnit,
} from '@fbo/shared';

/** One shipping band as the form holds it: the weight as typed with its unit, the price in dollars. */
export interface BandValues {
  method: ShippingMethod;
  /** A 2-letter country code, or '*' for anywhere else. */
  country?: string;
  weight?: number | null;
  unit: WeightUnit;
  price?: number | null;
}

export interface WarehouseFormValues {
  name?: string;
  code?: string;
  warehouseTeamId?: string;
  address: { address1?: string; address2?: string; city?: string; state?: string; zip?: string; country?: string; phone?: string };
  active: boolean;
  priority?: number | null;
  fees: { perOrder?: number | null; perExtraUnit?: number | null; storagePerUnitMonth?: number | null; shipping: BandValues[] };
}

export const blankBand = (): BandValues => ({ method: 'standard', country: undefined, weight: null, unit: 'lb', price: null });

export const BLANK_WAREHOUSE: WarehouseFormValues = {
  address: { country: 'US' },
  active: true,
  priority: 0,
  fees: { perOrder: 0, perExtraUnit: 0, storagePerUnitMonth: 0, shipping: [] },
};

/** A band's weight back in a unit that reads well: whole kilograms as kg, else grams (exact either way). */
function bandWeight(grams: number): Pick<BandValues, 'weight' | 'unit'> {
  return grams % 1000 === 0 ? { weight: grams / 1000, unit: 'kg' } : { weight: grams, unit: 'g' };
}

/** The form's values of a saved warehouse. */
export function formValuesOf(w: WarehouseRow): WarehouseFormValues {
  return {
    name: w.name,
    code: w.code,
    warehouseTeamId: w.team.id,
    address: { ...w.address },
    active: w.active,
    priority: w.priority,
    fees: {
      perOrder: w.fees.perOrder,
      perExtraUnit: w.fees.perExtraUnit,
      storagePerUnitMonth: w.fees.storagePerUnitMonth,
      shipping: w.fees.shipping.map((b) => ({ method: b.method, country: b.country, price: b.price, ...bandWeight(b.upToGrams) })),
    },
  };
}

const trim = (v: string | undefined) => (v ?? '').trim();

/** The body of POST and PUT /api/warehouses (weights converted to grams with toGrams, as the server keeps them). */
export function warehouseBodyOf(v: WarehouseFormValues): WarehouseBody {
  return {
    name: trim(v.name),
    code: trim(v.code).toUpperCase(),
    warehouseTeamId: v.warehouseTeamId ?? '',
    address: {
      address1: trim(v.address.address1), address2: trim(v.address.address2), city: trim(v.address.city), state: trim(v.address.state),
      zip: trim(v.address.zip), country: trim(v.address.country), phone: trim(v.address.phone),
    },
    active: v.active,
    priority: v.priority ?? 0,
    fees: {
      perOrder: v.fees.perOrder ?? 0,
      perExtraUnit: v.fees.perExtraUnit ?? 0,
      storagePerUnitMonth: v.fees.storagePerUnitMonth ?? 0,
      shipping: (v.fees.shipping ?? []).map((b) => ({
        method: b.method,
        country: trim(b.country).toUpperCase(),
        upToGrams: typeof b.weight === 'number' ? toGrams(b.weight, b.unit) : 0,
        price: b.price ?? 0,
      })),
    },
  };
}

/**
 * The server's own schema run on the body the form would send: its issues as the form's field names (a band's
 * `upToGrams` is the typed weight), so the client refuses exactly what the server would.
 */
export function bodyIssues(body: WarehouseBody): { name: (string | number)[]; errors: string[] }[] {
  const parsed = warehouseBody.safeParse(body);
  if (parsed.success) return [];
  const byField = new Map<string, { name: (string | number)[]; errors: string[] }>();
  for (const issue of parsed.error.issues) {
    const name = issue.path.map((p) => (p === 'upToGrams' ? 'weight' : (p as string | number)));
    const key = name.join('.');
    if (!byField.has(key)) byField.set(key, { name, errors: [issue.message] });
  }
  return [...byField.values()];
}

export const FEE_MAX = WAREHOUSE_LIMITS.feeCents / 100;
