/**
 * The agency's warehouses (/ag/warehouses) and stock adjustments (docs/warehouses.md). Fees travel in dollars with at
 * most two decimals, as every price of the API does; the server stores integer cents.
 */
import { z } from 'zod';
import { SHIPPING_METHODS } from '../domain/catalog';
import { WAREHOUSE_LIMITS as L } from '../domain/warehouses';
import { dateTime, hasCents, listQuery, listResponse, text } from './common';

const FEE_MSG = 'A fee is 0 to 10,000 with at most 2 decimals';
/** A fee in dollars: 0 allowed (a warehouse may not charge for something). */
export const feeDollars = z
  .number({ error: FEE_MSG })
  .refine((v) => Number.isFinite(v) && v >= 0 && v <= L.feeCents / 100 && hasCents(v), FEE_MSG);

const countryOrAny = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => v === '*' || /^[A-Z]{2}$/.test(v), 'A destination is a 2-letter country code, or * for anywhere else');

export const shippingBandInput = z.strictObject({
  method: z.enum(SHIPPING_METHODS),
  country: countryOrAny,
  upToGrams: z.number().int('Weight in whole grams').min(1, 'A band holds at least 1 g').max(L.maxGrams, 'A band holds at most 1,000 kg'),
  price: feeDollars,
});

export const warehouseFeesInput = z.strictObject({
  perOrder: feeDollars,
  perExtraUnit: feeDollars,
  storagePerUnitMonth: feeDollars,
  shipping: z
    .array(shippingBandInput)
    .max(L.bands, `At most ${L.bands} shipping bands`)
    .superRefine((bands, ctx) => {
      const seen = new Set<string>();
      bands.forEach((b, i) => {
        const key = `${b.method} ${b.country} ${b.upToGrams}`;
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'upToGrams'], message: 'This band is listed twice' });
        seen.add(key);
      });
    }),
});

const addressText = (max: number) => text().pipe(z.string().trim().max(max));
export const warehouseAddress = z.strictObject({
  address1: addressText(255).pipe(z.string().min(1, 'Address is required')),
  address2: addressText(255).optional().default(''),
  city: addressText(120).pipe(z.string().min(1, 'City is required')),
  state: addressText(120).optional().default(''),
  zip: addressText(20).optional().default(''),
  country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'Country is a 2-letter code'),
  phone: addressText(40).optional().default(''),
});

export const warehouseBody = z.strictObject({
  name: text().pipe(z.string().trim().min(L.name.min, `Name must be ${L.name.min} to ${L.name.max} characters`).max(L.name.max, `Name must be ${L.name.min} to ${L.name.max} characters`)),
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9-]{2,16}$/, 'Code is 2 to 16 letters, digits or dashes'),
  warehouseTeamId: z.uuid('Choose the warehouse team'),
  address: warehouseAddress,
  active: z.boolean().default(true),
  priority: z.number().int().min(0).max(1000).default(0),
  fees: warehouseFeesInput,
});
export type WarehouseBody = z.infer<typeof warehouseBody>;

export const warehouseListQuery = listQuery.extend({
  active: z.enum(['true', 'false']).optional(),
});

const shippingBand = z.object({ method: z.enum(SHIPPING_METHODS), country: z.string(), upToGrams: z.number(), price: z.number() });
export const warehouseFees = z.object({
  perOrder: z.number(),
  perExtraUnit: z.number(),
  storagePerUnitMonth: z.number(),
  shipping: z.array(shippingBand),
});

export const warehouseRow = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  address: z.object({
    address1: z.string(), address2: z.string(), city: z.string(), state: z.string(), zip: z.string(), country: z.string(), phone: z.string(),
  }),
  team: z.object({ id: z.string(), name: z.string(), code: z.string() }),
  active: z.boolean(),
  priority: z.number(),
  fees: warehouseFees,
  /** Units on hand times each product's declared value, dollars. */
  stockValue: z.number(),
  units: z.number(),
  openOrders: z.number(),
  openInbound: z.number(),
  lowStock: z.number(),
  createdAt: dateTime,
});
export type WarehouseRow = z.infer<typeof warehouseRow>;
export const warehouseListResponse = listResponse(warehouseRow);
export const warehouseAnswer = z.object({ message: z.string(), data: warehouseRow });

/** Seller teams of type warehouse, for the Warehouse team select. */
export const warehouseTeamOptions = z.object({ data: z.array(z.object({ id: z.string(), name: z.string(), code: z.string() })) });

/** A count corrected by hand: found (+) or lost, damaged (-), always with a reason. */
export const stockAdjustBody = z.strictObject({
  warehouseProductId: z.uuid(),
  quantity: z.number().int('Whole units').refine((v) => v !== 0 && Math.abs(v) <= 100_000, 'Adjust by 1 to 100,000 units, + or -'),
  reason: text().pipe(z.string().trim().min(3, 'Say why (3 to 255 characters)').max(255, 'Say why (3 to 255 characters)')),
});
export const stockAdjustAnswer = z.object({
  message: z.string(),
  data: z.object({ onHand: z.number(), reserved: z.number(), available: z.number() }),
});
