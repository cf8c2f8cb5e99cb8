/** What the Shopify adapter hands the stores module: Shopify's answers, normalised. Money in integer cents. */

export interface PageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}

export interface ShopInfo {
  name: string;
  currencyCode: string;
  myshopifyDomain: string;
  plan: { displayName: string | null; partnerDevelopment: boolean; shopifyPlus: boolean };
}

export interface StoreProductVariant {
  /** gid://shopify/ProductVariant/... */
  id: string;
  legacyId: string | null;
  sku: string | null;
  title: string;
  priceCents: number;
  selectedOptions: { name: string; value: string }[];
  image: string | null;
}

export interface StoreProduct {
  /** gid://shopify/Product/... */
  id: string;
  legacyId: string | null;
  handle: string;
  title: string;
  descriptionHtml: string;
  productType: string;
  /** ACTIVE, ARCHIVED, DRAFT (Shopify's ProductStatus). */
  status: string;
  images: string[];
  options: { name: string; values: string[] }[];
  variants: StoreProductVariant[];
  /** More variants than one page (50) holds: the rest needs its own read. */
  variantsTruncated: boolean;
  updatedAt: string;
}

export interface StoreAddress {
  name: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  provinceCode: string | null;
  zip: string | null;
  countryCode: string | null;
  phone: string | null;
}

export interface StoreOrderLine {
  id: string;
  legacyId: string | null;
  variantId: string | null;
  productId: string | null;
  sku: string | null;
  title: string;
  quantity: number;
  unitPriceCents: number;
  /** Line-item properties: what a buyer typed or uploaded (personalisation). */
  customAttributes: { key: string; value: string }[];
}

export interface StoreOrder {
  /** gid://shopify/Order/... */
  externalId: string;
  legacyId: string | null;
  /** '#1001' */
  name: string;
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  displayFinancialStatus: string | null;
  currencyCode: string;
  totals: { totalCents: number; subtotalCents: number; shippingCents: number; taxCents: number; discountsCents: number };
  shippingLines: { title: string; code: string | null }[];
  email: string | null;
  shippingAddress: StoreAddress | null;
  /**
   * True when Shopify withheld the buyer's fields (the app lacks protected customer data access):
   * such an order is flagged "address missing", never imported blank.
   */
  addressMissing: boolean;
  lineItems: StoreOrderLine[];
}

export interface Page<T> {
  items: T[];
  pageInfo: PageInfo;
}

/** Tracking of one parcel. */
export interface TrackingInput {
  number: string;
  company: string;
  url?: string;
}

/**
 * Which lines a parcel holds: 'all' (every open fulfilment order, whole), or lines of the store's
 * order by line item id or by SKU (the first line with that SKU and quantity left), with a quantity.
 */
export type FulfillmentLines = 'all' | { lineItemId?: string; sku?: string; quantity: number }[];

export interface PushFulfillmentInput {
  /** The store's order id: gid or legacy number. */
  orderId: string;
  lines: FulfillmentLines;
  tracking: TrackingInput;
  notifyCustomer?: boolean;
}

export interface PushedShopifyFulfillment {
  /** The new fulfilment's gid; null when nothing was open for these lines (a retry after a lost answer). */
  id: string | null;
  status: string | null;
}

export interface WebhookSubscription {
  id: string;
  /** The GraphQL enum: ORDERS_CREATE, APP_UNINSTALLED, ... */
  topic: string;
  uri: string;
}
