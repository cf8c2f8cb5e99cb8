/**
 * An order as Shopify's order webhooks carry it (REST-shaped, whatever API version the subscription was made
 * with), read into the adapter's StoreOrder. The store orders apply it without a call back to the shop: a read per
 * order would spend the shop's API budget (cost-based throttling) and cap ingest at a few orders a second.
 * Null when the body is not an order (the caller then reads the order from the API).
 */
import { z } from 'zod';
import { legacyIdOf } from './shopify-client';
import { moneyToCents } from './shopify-normalise';
import type { StoreOrder } from './shopify-types';

const amount = z.union([z.string(), z.number()]).nullish();
const text = z.string().nullish();
const id = z.union([z.number(), z.string()]).nullish();

const webhookOrder = z.object({
  id: z.union([z.number(), z.string()]),
  admin_graphql_api_id: z.string().optional(),
  name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  cancelled_at: text,
  financial_status: text,
  currency: z.string(),
  email: text,
  subtotal_price: amount,
  total_price: amount,
  total_tax: amount,
  total_discounts: amount,
  total_shipping_price_set: z.object({ shop_money: z.object({ amount }).nullish() }).nullish(),
  shipping_lines: z.array(z.object({ title: z.string().nullish(), code: text })).nullish(),
  shipping_address: z.object({
    name: text, first_name: text, last_name: text, address1: text, address2: text, city: text, province_code: text, zip: text, country_code: text, phone: text,
  }).nullish(),
  line_items: z.array(z.object({
    id: z.union([z.number(), z.string()]),
    admin_graphql_api_id: z.string().optional(),
    variant_id: id,
    product_id: id,
    sku: text,
    title: z.string().nullish(),
    name: z.string().nullish(),
    quantity: z.number().int(),
    price: amount,
    properties: z.array(z.object({ name: z.string(), value: z.union([z.string(), z.number(), z.null()]) })).nullish(),
  })),
});

const gid = (kind: string, value: string | number | null | undefined) => (value === null || value === undefined ? null : `gid://shopify/${kind}/${value}`);

export function webhookOrderOf(body: unknown): StoreOrder | null {
  const parsed = webhookOrder.safeParse(body);
  if (!parsed.success) return null;
  const o = parsed.data;
  const a = o.shipping_address;
  const externalId = o.admin_graphql_api_id ?? gid('Order', o.id)!;
  try {
    return {
      externalId,
      legacyId: legacyIdOf(externalId) ?? String(o.id),
      name: o.name,
      createdAt: o.created_at,
      updatedAt: o.updated_at,
      cancelledAt: o.cancelled_at ?? null,
      // REST says "paid", GraphQL's displayFinancialStatus "PAID": the rules read the GraphQL form.
      displayFinancialStatus: o.financial_status ? o.financial_status.toUpperCase() : null,
      currencyCode: o.currency,
      totals: {
        totalCents: moneyToCents(o.total_price),
        subtotalCents: moneyToCents(o.subtotal_price),
        shippingCents: moneyToCents(o.total_shipping_price_set?.shop_money?.amount),
        taxCents: moneyToCents(o.total_tax),
        discountsCents: moneyToCents(o.total_discounts),
      },
      shippingLines: (o.shipping_lines ?? []).map((l) => ({ title: l.title ?? '', code: l.code ?? null })),
      email: o.email ?? null,
      shippingAddress: a
        ? {
            name: a.name ?? ([a.first_name, a.last_name].filter(Boolean).join(' ') || null),
            address1: a.address1 ?? null, address2: a.address2 ?? null, city: a.city ?? null, provinceCode: a.province_code ?? null,
            zip: a.zip ?? null, countryCode: a.country_code ?? null, phone: a.phone ?? null,
          }
        : null,
      // Without protected customer data access Shopify leaves the address out of the payload.
      addressMissing: !a || (!a.address1 && !a.city && !a.zip),
      lineItems: o.line_items.map((l) => {
        const lineGid = l.admin_graphql_api_id ?? gid('LineItem', l.id)!;
        return {
          id: lineGid,
          legacyId: legacyIdOf(lineGid),
          variantId: gid('ProductVariant', l.variant_id),
          productId: gid('Product', l.product_id),
          sku: l.sku || null,
          title: l.title ?? l.name ?? '',
          quantity: l.quantity,
          unitPriceCents: moneyToCents(l.price),
          customAttributes: (l.properties ?? []).map((p) => ({ key: p.name, value: p.value === null ? '' : String(p.value) })),
        };
      }),
    };
  } catch {
    // An amount that is no amount: the order is read from the API instead.
    return null;
  }
}
