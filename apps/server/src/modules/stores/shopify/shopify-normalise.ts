/** Shopify's GraphQL shapes -> the adapter's (shopify-types.ts). */
import { legacyIdOf, type GraphqlError } from './shopify-client';
import type { ShopInfo, StoreAddress, StoreOrder, StoreProduct } from './shopify-types';

/**
 * A decimal money string ("19.99", "20.0", "-3.5") -> integer cents, without floating point
 * (half up on a third decimal).
 */
export function moneyToCents(amount: string | number | null | undefined): number {
  if (amount === null || amount === undefined || amount === '') return 0;
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(String(amount).trim());
  if (!match) throw new Error(`Not a money amount: ${String(amount)}`);
  const [, sign, whole, fraction = ''] = match;
  const digits = (fraction + '000').slice(0, 3);
  let cents = Number(whole) * 100 + Number(digits.slice(0, 2));
  if (Number(digits[2]) >= 5) cents += 1;
  return sign ? -cents : cents;
}

type Money = { shopMoney?: { amount?: string | null } | null } | null | undefined;
const cents = (set: Money) => moneyToCents(set?.shopMoney?.amount);

export interface RawProduct {
  id: string;
  legacyResourceId?: string | null;
  handle: string;
  title: string;
  descriptionHtml?: string | null;
  productType?: string | null;
  status: string;
  updatedAt: string;
  options?: { name: string; optionValues?: { name: string }[] | null }[] | null;
  media?: { nodes: { image?: { url: string } | null }[] } | null;
  variants?: {
    nodes: {
      id: string;
      legacyResourceId?: string | null;
      sku?: string | null;
      title: string;
      price: string;
      selectedOptions?: { name: string; value: string }[] | null;
      image?: { url: string } | null;
    }[];
    pageInfo?: { hasNextPage: boolean } | null;
  } | null;
}

export function normaliseProduct(raw: RawProduct): StoreProduct {
  return {
    id: raw.id,
    legacyId: raw.legacyResourceId ?? legacyIdOf(raw.id),
    handle: raw.handle,
    title: raw.title,
    descriptionHtml: raw.descriptionHtml ?? '',
    productType: raw.productType ?? '',
    status: raw.status,
    images: (raw.media?.nodes ?? []).map((m) => m.image?.url).filter((url): url is string => Boolean(url)),
    options: (raw.options ?? []).map((o) => ({ name: o.name, values: (o.optionValues ?? []).map((v) => v.name) })),
    variants: (raw.variants?.nodes ?? []).map((v) => ({
      id: v.id,
      legacyId: v.legacyResourceId ?? legacyIdOf(v.id),
      sku: v.sku || null,
      title: v.title,
      priceCents: moneyToCents(v.price),
      selectedOptions: v.selectedOptions ?? [],
      image: v.image?.url ?? null,
    })),
    variantsTruncated: raw.variants?.pageInfo?.hasNextPage ?? false,
    updatedAt: raw.updatedAt,
  };
}

export interface RawOrder {
  id: string;
  legacyResourceId?: string | null;
  name: string;
  createdAt: string;
  updatedAt: string;
  cancelledAt?: string | null;
  displayFinancialStatus?: string | null;
  currencyCode: string;
  email?: string | null;
  totalPriceSet?: Money;
  subtotalPriceSet?: Money;
  totalShippingPriceSet?: Money;
  totalTaxSet?: Money;
  totalDiscountsSet?: Money;
  shippingLines?: { nodes: { title: string; code?: string | null }[] } | null;
  shippingAddress?: {
    name?: string | null;
    address1?: string | null;
    address2?: string | null;
    city?: string | null;
    provinceCode?: string | null;
    zip?: string | null;
    countryCodeV2?: string | null;
    phone?: string | null;
  } | null;
  lineItems?: {
    nodes: {
      id: string;
      sku?: string | null;
      title: string;
      quantity: number;
      variant?: { id: string } | null;
      product?: { id: string } | null;
      originalUnitPriceSet?: Money;
      customAttributes?: { key: string; value: string | null }[] | null;
    }[];
  } | null;
}

/** Fields of an order that protected customer data access governs. */
const PROTECTED = new Set(['shippingAddress', 'email', 'phone', 'customer', 'billingAddress']);

/**
 * Whether Shopify withheld this order's buyer fields: an ACCESS_DENIED error whose path runs through
 * them (`path` = where the order sits in the answer, e.g. ['orders', 'nodes', 3]), or an address
 * object whose every field came back null.
 */
function redacted(raw: RawOrder, errors: GraphqlError[], path: (string | number)[]): boolean {
  const denied = errors.some((e) => {
    if (e.extensions?.code !== 'ACCESS_DENIED' || !e.path) return false;
    const rest = e.path.slice(path.length);
    return path.every((p, i) => e.path![i] === p) && typeof rest[0] === 'string' && PROTECTED.has(rest[0]);
  });
  if (denied) return true;
  const address = raw.shippingAddress;
  return Boolean(address) && !address!.address1 && !address!.city && !address!.zip && !address!.name;
}

export function normaliseOrder(raw: RawOrder, errors: GraphqlError[] = [], path: (string | number)[] = []): StoreOrder {
  const addressMissing = redacted(raw, errors, path);
  const address = raw.shippingAddress;
  const shippingAddress: StoreAddress | null =
    address && !addressMissing
      ? {
          name: address.name ?? null,
          address1: address.address1 ?? null,
          address2: address.address2 ?? null,
          city: address.city ?? null,
          provinceCode: address.provinceCode ?? null,
          zip: address.zip ?? null,
          countryCode: address.countryCodeV2 ?? null,
          phone: address.phone ?? null,
        }
      : null;
  return {
    externalId: raw.id,
    legacyId: raw.legacyResourceId ?? legacyIdOf(raw.id),
    name: raw.name,
    createdAt: raw.createdAt,
    updatedAt: raw.updatedAt,
    cancelledAt: raw.cancelledAt ?? null,
    displayFinancialStatus: raw.displayFinancialStatus ?? null,
    currencyCode: raw.currencyCode,
    totals: {
      totalCents: cents(raw.totalPriceSet),
      subtotalCents: cents(raw.subtotalPriceSet),
      shippingCents: cents(raw.totalShippingPriceSet),
      taxCents: cents(raw.totalTaxSet),
      discountsCents: cents(raw.totalDiscountsSet),
    },
    shippingLines: (raw.shippingLines?.nodes ?? []).map((l) => ({ title: l.title, code: l.code ?? null })),
    email: addressMissing ? null : (raw.email ?? null),
    shippingAddress,
    addressMissing,
    lineItems: (raw.lineItems?.nodes ?? []).map((l) => ({
      id: l.id,
      legacyId: legacyIdOf(l.id),
      variantId: l.variant?.id ?? null,
      productId: l.product?.id ?? null,
      sku: l.sku || null,
      title: l.title,
      quantity: l.quantity,
      unitPriceCents: cents(l.originalUnitPriceSet),
      customAttributes: (l.customAttributes ?? []).map((a) => ({ key: a.key, value: a.value ?? '' })),
    })),
  };
}

export interface RawShop {
  name: string;
  currencyCode: string;
  myshopifyDomain: string;
  plan?: { publicDisplayName?: string | null; partnerDevelopment?: boolean | null; shopifyPlus?: boolean | null } | null;
}

export function normaliseShop(raw: RawShop): ShopInfo {
  return {
    name: raw.name,
    currencyCode: raw.currencyCode,
    myshopifyDomain: raw.myshopifyDomain,
    plan: {
      displayName: raw.plan?.publicDisplayName ?? null,
      partnerDevelopment: Boolean(raw.plan?.partnerDevelopment),
      shopifyPlus: Boolean(raw.plan?.shopifyPlus),
    },
  };
}
