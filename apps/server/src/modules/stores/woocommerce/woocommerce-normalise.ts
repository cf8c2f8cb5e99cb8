/** WooCommerce's REST shapes -> the adapter's (shopify/shopify-types.ts); docs/stores-woocommerce.md has the table. */
import { moneyToCents } from '../shopify/shopify-normalise';
import type { StoreAddress, StoreOrder, StoreOrderLine, StoreProduct, StoreProductVariant } from '../shopify/shopify-types';
import type { WooAddress, WooMeta, WooOrder, WooOrderLine, WooProduct, WooVariation } from './woocommerce-raw';

/** WooCommerce's `*_gmt` dates carry no zone ("2017-03-22T16:28:02"): UTC made explicit. */
export function gmtIso(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Shopify's ProductStatus words, which the stores module reads. */
const PRODUCT_STATUS: Record<string, string> = { publish: 'ACTIVE', private: 'ARCHIVED', draft: 'DRAFT', pending: 'DRAFT', future: 'DRAFT' };

const money = (value: string | number | null | undefined) => moneyToCents(value === null || value === undefined ? value : String(value).trim());

function variantOf(v: WooVariation, productName: string): StoreProductVariant {
  const selectedOptions = (v.attributes ?? []).map((a) => ({ name: a.name, value: a.option }));
  return {
    id: String(v.id),
    legacyId: String(v.id),
    sku: v.sku || null,
    title: selectedOptions.map((o) => o.value).join(' / ') || productName,
    priceCents: money(v.price || v.regular_price),
    selectedOptions,
    image: v.image?.src ?? null,
  };
}

/**
 * A product; a variable product's variations come from their own endpoint (`variations`). A simple
 * product is its own single variant (same id): its order lines carry variation_id 0 and the product's id.
 */
export function normaliseProduct(raw: WooProduct, variations: WooVariation[] = [], variantsTruncated = false): StoreProduct {
  const variable = raw.type === 'variable';
  const variants = variable
    ? variations.map((v) => variantOf(v, raw.name))
    : [variantOf({ id: raw.id, sku: raw.sku, price: raw.price, regular_price: raw.regular_price, image: raw.images?.[0] ?? null, attributes: [] }, raw.name)];
  return {
    id: String(raw.id),
    legacyId: String(raw.id),
    handle: raw.slug,
    title: raw.name,
    descriptionHtml: raw.description ?? '',
    productType: raw.categories?.[0]?.name ?? '',
    status: PRODUCT_STATUS[raw.status] ?? raw.status.toUpperCase(),
    images: (raw.images ?? []).map((i) => i.src).filter(Boolean),
    options: variable ? (raw.attributes ?? []).filter((a) => a.variation).map((a) => ({ name: a.name, values: a.options ?? [] })) : [],
    variants,
    variantsTruncated,
    updatedAt: gmtIso(raw.date_modified_gmt) ?? new Date(0).toISOString(),
  };
}

/** Order statuses after which the money is in (PAID_FINANCIAL_STATUSES in @fbo/shared reads Shopify's words). */
const PAID_STATUSES = new Set(['processing', 'completed']);

export function financialStatus(raw: Pick<WooOrder, 'status' | 'date_paid_gmt'>): string {
  if (raw.status === 'refunded') return 'REFUNDED';
  if (raw.date_paid_gmt || PAID_STATUSES.has(raw.status)) return 'PAID';
  return 'PENDING';
}

function addressOf(a: WooAddress | null | undefined, fallbackPhone: string | null): StoreAddress | null {
  if (!a || (!a.address_1 && !a.city && !a.postcode)) return null;
  const name = [a.first_name, a.last_name].filter(Boolean).join(' ');
  return {
    name: name || a.company || null,
    address1: a.address_1 || null,
    address2: a.address_2 || null,
    city: a.city || null,
    provinceCode: a.state || null,
    zip: a.postcode || null,
    countryCode: a.country || null,
    phone: a.phone || fallbackPhone,
  };
}

/** What a buyer typed on a line (add-ons, personalisation); keys starting with '_' are WooCommerce's and plugins' own. */
function customAttributes(meta: WooMeta[] | null | undefined): { key: string; value: string }[] {
  return (meta ?? [])
    .filter((m) => typeof m.key === 'string' && !m.key.startsWith('_'))
    .map((m) => ({ key: m.key, value: typeof m.value === 'string' ? m.value : m.value === null || m.value === undefined ? '' : JSON.stringify(m.value) }));
}

function lineOf(l: WooOrderLine): StoreOrderLine {
  const product = l.product_id ? String(l.product_id) : null;
  const unitFromSubtotal = l.quantity > 0 && l.subtotal ? Math.round(money(l.subtotal) / l.quantity) : null;
  return {
    id: String(l.id),
    legacyId: String(l.id),
    // A simple product's line has variation_id 0: its variant is the product (normaliseProduct).
    variantId: l.variation_id ? String(l.variation_id) : product,
    productId: product,
    sku: l.sku || null,
    title: l.name,
    quantity: l.quantity,
    unitPriceCents: unitFromSubtotal ?? money(l.price),
    customAttributes: customAttributes(l.meta_data),
  };
}

export function normaliseOrder(raw: WooOrder): StoreOrder {
  const lines = (raw.line_items ?? []).map(lineOf);
  const created = gmtIso(raw.date_created_gmt) ?? new Date(0).toISOString();
  const updated = gmtIso(raw.date_modified_gmt) ?? created;
  const shippingAddress = addressOf(raw.shipping, raw.billing?.phone || null);
  return {
    externalId: String(raw.id),
    legacyId: String(raw.id),
    name: `#${raw.number ?? raw.id}`,
    createdAt: created,
    updatedAt: updated,
    // WooCommerce keeps no cancel date: the last change is when it was cancelled (or later).
    cancelledAt: raw.status === 'cancelled' ? updated : null,
    displayFinancialStatus: financialStatus(raw),
    currencyCode: raw.currency,
    totals: {
      totalCents: money(raw.total),
      subtotalCents: (raw.line_items ?? []).reduce((sum, l) => sum + money(l.subtotal), 0),
      shippingCents: money(raw.shipping_total),
      taxCents: money(raw.total_tax),
      discountsCents: money(raw.discount_total),
    },
    shippingLines: (raw.shipping_lines ?? []).map((s) => ({ title: s.method_title ?? '', code: s.method_id || null })),
    email: raw.billing?.email || null,
    shippingAddress,
    // No shipping address (a virtual order, or one taken by hand without it): flagged, never shipped blank.
    addressMissing: shippingAddress === null,
    lineItems: lines,
  };
}
