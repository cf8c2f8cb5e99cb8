/** What the fake holds for each shop: products, orders, fulfilment orders, fulfilments, subscriptions. */

export interface FakeVariant {
  id: number;
  sku: string;
  title: string;
  /** Decimal string, as Shopify's Money scalar. */
  price: string;
  selectedOptions: { name: string; value: string }[];
  image: string | null;
  /** Inventory (publishing): untracked variants are always sellable; tracked ones with DENY and no stock are sold out. */
  tracked?: boolean;
  inventoryPolicy?: 'DENY' | 'CONTINUE';
  inventoryQuantity?: number;
  /** Its InventoryItem's id, given the first time the item is read (inventory.ts). */
  inventoryItemId?: number;
  /** The variant productCreate makes before the variants are added (REMOVE_STANDALONE_VARIANT drops it). */
  standalone?: boolean;
}

export interface FakeProduct {
  id: number;
  handle: string;
  title: string;
  descriptionHtml: string;
  productType: string;
  status: 'ACTIVE' | 'DRAFT' | 'ARCHIVED';
  images: string[];
  options: { name: string; values: string[] }[];
  variants: FakeVariant[];
  createdAt: string;
  updatedAt: string;
}

export interface FakeAddress {
  firstName: string;
  lastName: string;
  address1: string;
  address2: string | null;
  city: string;
  provinceCode: string | null;
  zip: string;
  countryCode: string;
  phone: string | null;
}

export interface FakeLineItem {
  id: number;
  variantId: number | null;
  productId: number | null;
  sku: string;
  title: string;
  quantity: number;
  price: string;
  properties: { name: string; value: string }[];
}

export interface FakeFulfillmentOrder {
  id: number;
  status: 'OPEN' | 'IN_PROGRESS' | 'CLOSED' | 'CANCELLED';
  lines: { id: number; lineItemId: number; totalQuantity: number; remainingQuantity: number }[];
}

export interface FakeOrder {
  id: number;
  name: string;
  email: string | null;
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  financialStatus: string;
  currency: string;
  shippingAddress: FakeAddress | null;
  shippingLines: { title: string; code: string | null; price: string }[];
  lineItems: FakeLineItem[];
  fulfillmentOrders: FakeFulfillmentOrder[];
}

export interface FakeFulfillment {
  id: number;
  orderId: number;
  status: 'SUCCESS' | 'CANCELLED';
  trackingInfo: { number: string | null; company: string | null; url: string | null };
  /** The fulfillmentCreate input as the app sent it. */
  input: { lineItemsByFulfillmentOrder: { fulfillmentOrderId: string; fulfillmentOrderLineItems?: { id: string; quantity: number }[] }[]; [key: string]: unknown };
  /** Which fulfilment order lines it took, and how many of each (given back on cancel). */
  taken: { fulfillmentOrderId: number; lineId: number; quantity: number }[];
  createdAt: string;
}

export interface FakeSubscription {
  id: number;
  /** WebhookSubscriptionTopic enum, e.g. ORDERS_CREATE. */
  topic: string;
  uri: string;
  createdAt: string;
}

export interface FakeShop {
  id: number;
  domain: string;
  name: string;
  currency: string;
  plan: string;
  /** The shop's one (primary) location, where every inventory item is stocked. */
  locationId: number;
  /** Access tokens that work now; a revoked token is removed. */
  tokens: Set<string>;
  products: Map<number, FakeProduct>;
  orders: Map<number, FakeOrder>;
  fulfillments: Map<number, FakeFulfillment>;
  subscriptions: FakeSubscription[];
  nextOrderNumber: number;
  /** Answer orders without the buyer's fields (no protected customer data access). */
  redactCustomerData: boolean;
  /** The next this many API calls answer 503 / 429. */
  fail5xx: number;
  fail429: number;
  bucket: { maximumAvailable: number; restoreRate: number; available: number; at: number };
}

let nextId = 7_000_000_001;
/** A new numeric id, or the one asked for (so a test can mirror ids it expects). */
export const newId = (wanted?: number) => {
  if (wanted !== undefined) return wanted;
  return nextId++;
};

export const now = () => new Date().toISOString();
