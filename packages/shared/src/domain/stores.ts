/**
 * Stores (docs/stores.md): a seller team's shops on Shopify (WooCommerce and Etsy next), and manual
 * (CSV-only) stores. Words, limits and messages the server and the screens share.
 */
export const STORE_PLATFORMS = ['shopify', 'woocommerce', 'etsy', 'manual'] as const;
export type StorePlatform = (typeof STORE_PLATFORMS)[number];
/** The platforms a seller can connect today (the others land with Stores II). */
export const CONNECTABLE_PLATFORMS = ['shopify', 'manual'] as const satisfies readonly StorePlatform[];

export const STORE_STATUSES = ['connected', 'needs_attention', 'disconnected'] as const;
export type StoreStatus = (typeof STORE_STATUSES)[number];

export const STORE_PLATFORM_LABELS: Record<StorePlatform, string> = {
  shopify: 'Shopify',
  woocommerce: 'WooCommerce',
  etsy: 'Etsy',
  manual: 'Manual',
};

export const STORE_STATUS_LABELS: Record<StoreStatus, string> = {
  connected: 'Connected',
  needs_attention: 'Needs attention',
  disconnected: 'Disconnected',
};

/**
 * What becomes of a store order holding a personalized product's line (the buyer entered text or images): it
 * waits for the seller's artwork, or it is sent to the agency's design service (hire a designer) by itself.
 */
export const PERSONALIZED_ORDERS = ['wait', 'design'] as const;
export type PersonalizedOrders = (typeof PERSONALIZED_ORDERS)[number];
export const PERSONALIZED_ORDER_LABELS: Record<PersonalizedOrders, string> = {
  wait: 'Wait for my artwork',
  design: 'Send to the design service',
};

export const STORE_LIMITS = {
  name: { min: 1, max: 100 },
  /** An optional delay before a store order is submitted, so buyers can still edit it (minutes). */
  submitDelayMinutes: { min: 0, max: 1440 },
  shippingMapEntries: 50,
  shippingTitle: 100,
  /** How far back "pull orders since" reaches: Shopify lists only the last 60 days without read_all_orders. */
  pullDays: 60,
} as const;

/** `<shop>.myshopify.com`: the only host a shop's token is ever sent to. */
export const SHOPIFY_SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]{0,59}\.myshopify\.com$/;

/**
 * What a seller types for a Shopify shop: `my-shop`, `my-shop.myshopify.com`, or an admin address
 * (`https://my-shop.myshopify.com/admin`, `admin.shopify.com/store/my-shop`); null when it names none.
 */
export function shopifyShopDomain(input: string): string | null {
  const value = input.trim().toLowerCase().replace(/^https?:\/\//, '').replace(/\/+$/, '');
  const admin = /^admin\.shopify\.com\/store\/([a-z0-9][a-z0-9-]*)/.exec(value);
  const name = admin ? admin[1]! : value.split('/')[0]!;
  const domain = name.includes('.') ? name : `${name}.myshopify.com`;
  return SHOPIFY_SHOP_DOMAIN.test(domain) ? domain : null;
}

export const STORE_MSG = {
  created: 'Store created',
  updated: 'Updated',
  disconnected: 'Store disconnected',
  deleted: 'Store deleted',
  nameRequired: 'Please input store name',
  nameLength: `Store name must be ${STORE_LIMITS.name.min} to ${STORE_LIMITS.name.max} characters`,
  shopDomain: 'Enter your Shopify shop, e.g. my-shop or my-shop.myshopify.com',
  shopTaken: 'This shop is connected to another seller team',
  shopifyNotConfigured: 'Shopify is not set up on this platform yet: ask your agency',
  notFound: 'Store not found',
  deleteHasOrders: 'This store has orders: disconnect it instead',
  alreadyDisconnected: 'This store is disconnected already',
  manualOnly: 'Only a manual store can be created this way',
  delayRange: `Delay must be ${STORE_LIMITS.submitDelayMinutes.min} to ${STORE_LIMITS.submitDelayMinutes.max} minutes`,
} as const;

/**
 * What happens to a store's order (docs/stores.md, "Orders from stores"): the reasons an order is not imported,
 * as the store's import log and the order's timeline show them.
 */
export const STORE_ORDER_MSG = {
  apiOff: 'Orders from stores are off for this seller team (Get order API): the order was not imported',
  notUsd: (currency: string) => `The store sells in ${currency}: only USD stores' orders are imported (prices and base costs are in USD)`,
  notPaid: (status: string) => `Not paid (${status.toLowerCase().replace(/_/g, ' ')}): the store imports paid orders only`,
  allIgnored: 'Every item is marked Ignore: the seller ships this order itself',
  noItems: 'The order has no items',
  cancelledBeforeImport: 'Cancelled in the store before it was imported',
  nameTaken: (name: string) => `The team already has an order ${name} from this store`,
  created: 'Received from the store',
  linked: 'Linked to the store order of the same name (it was first imported from a file)',
  addressChanged: 'Address changed in the store',
  addressLocked: (status: string) => `The store changed the address, but the order is ${status}: not applied; change it here or ask the agency`,
  cancelled: 'Cancelled in the store',
  cancelRefused: (status: string) => `The store cancelled this order, but it is ${status}: not cancelled here; ask the agency`,
  addressMissing: "The store did not send the buyer's address (the app lacks access to protected customer data): enter it before submitting",
  needsMapping: 'Some items are not mapped to a catalog variant yet: map them, then apply the mapping to this order',
  allIgnoredKept: 'Every item is marked Ignore: kept for the record; map an item to have it fulfilled',
  personalized: "A personalized product: the buyer's input is kept with the order; add the artwork made from it (or hire the design service), then submit",
  designRequested: "A personalized product's order: sent to the design service with the buyer's input",
  designNotRequested: (reason: string) => `The order could not be sent to the design service: ${reason}`,
  pullQueued: 'Orders are being pulled from the store',
  teamPullQueued: (n: number) => `Orders are being pulled from ${n} ${n === 1 ? 'store' : 'stores'}`,
  teamPullNoStores: 'The team has no connected store to pull orders from',
  submitted: "Submitted automatically after the store's delay before submit",
  notSubmitted: (reason: string) => `Not submitted automatically: ${reason}`,
  pullNotConnected: 'Connect the store first: its orders cannot be read',
  pullApiOff: 'Turn on Get order API for this seller team first',
  pullManual: 'A manual store has no orders to pull: import them from a file',
  pullDemo: 'A demo store: its orders are not read',
  pullSince: `Choose a day within the last ${STORE_LIMITS.pullDays} days`,
  syncStarted: 'Syncing the store: its products, and the orders since the last pull',
  syncStartedProductsOnly: 'Syncing the store\u2019s products (orders from stores are off for this seller team: Get order API)',
} as const;

/** Shopify's financial statuses that count as paid for the "paid orders only" rule. */
export const PAID_FINANCIAL_STATUSES = ['PAID', 'PARTIALLY_PAID', 'PARTIALLY_REFUNDED'] as const;
