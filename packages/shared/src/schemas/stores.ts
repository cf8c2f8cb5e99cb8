import { z } from 'zod';
import { SHIPPING_METHODS } from '../domain/catalog';
import { PERSONALIZED_ORDERS, STORE_LIMITS, STORE_MSG, STORE_ORDER_MSG, STORE_PLATFORMS, STORE_STATUSES, shopifyShopDomain } from '../domain/stores';
import { listQuery, listResponse, text } from './common';

const storeName = text()
  .trim()
  .min(STORE_LIMITS.name.min, STORE_MSG.nameRequired)
  .max(STORE_LIMITS.name.max, STORE_MSG.nameLength);

// GET /api/stores: a seller's own stores, or (agency) every store of its sellers.
export const storeListQuery = listQuery.extend({
  platform: z.enum(STORE_PLATFORMS).optional(),
  status: z.enum(STORE_STATUSES).optional(),
  /** Agency only: one seller team's stores (a seller always reads its own). */
  sellerTeamId: z.uuid().optional(),
});
export type StoreListQuery = z.infer<typeof storeListQuery>;

export const importRules = z.object({
  /** Import only orders the store marks paid. */
  paidOnly: z.boolean(),
  /** Skip an order whose every item is ignored (the seller ships those itself). */
  skipIgnoredOnly: z.boolean(),
  /** Minutes an order waits before it is submitted, so buyers can still edit it. */
  submitDelayMinutes: z.number().int().min(STORE_LIMITS.submitDelayMinutes.min, STORE_MSG.delayRange).max(STORE_LIMITS.submitDelayMinutes.max, STORE_MSG.delayRange),
  /** A store shipping line (its title or code, lower-cased) -> the order's shipping method. */
  shippingMap: z.record(text().trim().toLowerCase().min(1).max(STORE_LIMITS.shippingTitle), z.enum(SHIPPING_METHODS))
    .refine((m) => Object.keys(m).length <= STORE_LIMITS.shippingMapEntries, `At most ${STORE_LIMITS.shippingMapEntries} shipping lines`),
  /** A personalized product's order: wait for the seller's artwork, or go to the design service. */
  personalizedOrders: z.enum(PERSONALIZED_ORDERS),
});
export type ImportRules = z.infer<typeof importRules>;
/** The rules as answers carry them (no input checks: responses are serialised by compiled code). */
const importRulesView = z.object({
  paidOnly: z.boolean(),
  skipIgnoredOnly: z.boolean(),
  submitDelayMinutes: z.number().int(),
  shippingMap: z.record(z.string(), z.enum(SHIPPING_METHODS)),
  personalizedOrders: z.enum(PERSONALIZED_ORDERS),
});

export const storeItem = z.object({
  id: z.string(),
  name: z.string(),
  platform: z.enum(STORE_PLATFORMS),
  shopDomain: z.string().nullable(),
  currency: z.string(),
  status: z.enum(STORE_STATUSES),
  statusReason: z.string().nullable(),
  sellerTeam: z.object({ id: z.string(), name: z.string(), code: z.string() }),
  isDemo: z.boolean(),
  /** Orders came from it: it can be disconnected, not deleted. */
  hasOrders: z.boolean(),
  importRules: importRulesView,
  lastProductSyncAt: z.string().nullable(),
  lastOrderAt: z.string().nullable(),
  connectedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StoreItem = z.infer<typeof storeItem>;
export const storeListResponse = listResponse(storeItem);
export const storeAnswer = z.object({ message: z.string(), data: storeItem });
export const storeResponse = z.object({ data: storeItem });

// POST /api/stores: a manual (CSV-only) store of the seller's team.
export const createStoreBody = z.object({
  platform: z.literal('manual', { error: STORE_MSG.manualOnly }),
  name: storeName,
  currency: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, 'Currency must be a 3-letter code').default('USD'),
});
export type CreateStoreBody = z.infer<typeof createStoreBody>;

// PUT /api/stores/{id}: its name and import rules.
export const updateStoreBody = z.object({
  name: storeName.optional(),
  importRules: importRules.partial().optional(),
});
export type UpdateStoreBody = z.infer<typeof updateStoreBody>;

// POST /api/stores/shopify/connect: where to send the seller to approve the app in its shop.
export const connectShopifyBody = z.object({
  shop: z.string().trim().max(255).transform((v, ctx) => {
    const domain = shopifyShopDomain(v);
    if (!domain) ctx.addIssue({ code: 'custom', message: STORE_MSG.shopDomain });
    return domain ?? '';
  }),
});
export type ConnectShopifyBody = z.input<typeof connectShopifyBody>;
export const connectShopifyAnswer = z.object({ url: z.string() });

// POST /api/integrate: the store app hands over a shop it was installed on (signed with the app's secret).
export const integrateBody = z.object({
  platform: z.literal('shopify'),
  shop: connectShopifyBody.shape.shop,
  accessToken: z.string().min(1).max(255),
  scope: z.string().max(2000).default(''),
  /** The agency (its code) whose domain the welcome link opens on. */
  agency: z.string().trim().max(50).optional(),
});
export type IntegrateBody = z.input<typeof integrateBody>;
export const integrateAnswer = z.object({ appToken: z.string(), url: z.string() });

// POST /api/stores/{id}/pull-orders: the store's orders updated since a day (a job).
export const pullOrdersBody = z.object({
  since: z.iso.date({ error: STORE_ORDER_MSG.pullSince }).refine((day) => {
    const ms = Date.parse(`${day}T00:00:00Z`);
    return ms <= Date.now() && ms >= Date.now() - (STORE_LIMITS.pullDays + 1) * 86_400_000;
  }, STORE_ORDER_MSG.pullSince),
});
export type PullOrdersBody = z.input<typeof pullOrdersBody>;
export const pullOrdersAnswer = z.object({ message: z.string(), jobId: z.string() });
// POST /api/seller-teams/{id}/pull-orders: the agency turned Get order API on; one pull per connected store.
export const teamPullOrdersAnswer = z.object({
  message: z.string(),
  pulls: z.array(z.object({ storeId: z.string(), storeName: z.string(), jobId: z.string() })),
});
export type TeamPullOrdersAnswer = z.infer<typeof teamPullOrdersAnswer>;
// GET /api/seller-teams/{id}/pullable-stores: the stores such a pull reads (connected Shopify stores, demo ones left out).
export const pullableStoresResponse = z.object({ data: z.array(z.object({ id: z.string(), name: z.string(), shopDomain: z.string().nullable() })) });
export type PullableStoresAnswer = z.infer<typeof pullableStoresResponse>;

// GET /api/stores/{id}/import-log: what the store's platform sent (webhook deliveries), newest first, and what
// became of each (processed, ignored with the reason, failed). Bodies are never shown (they may hold buyers' data).
export const STORE_LOG_STATUSES = ['received', 'processed', 'ignored', 'failed'] as const;
export const storeImportLogQuery = listQuery.omit({ search: true }).extend({
  status: z.enum(STORE_LOG_STATUSES).optional(),
  topic: z.string().trim().max(100).optional(),
});
export type StoreImportLogQuery = z.infer<typeof storeImportLogQuery>;
export const storeImportLogItem = z.object({
  id: z.string(),
  topic: z.string(),
  /** "Order #1001", "Product Tee": what the delivery is about. */
  subject: z.string().nullable(),
  status: z.enum(STORE_LOG_STATUSES),
  note: z.string().nullable(),
  receivedAt: z.string(),
  processedAt: z.string().nullable(),
});
export type StoreImportLogItem = z.infer<typeof storeImportLogItem>;
export const storeImportLogResponse = listResponse(storeImportLogItem);

// GET /api/stores/{id}/health: what keeps a store's orders arriving, at a glance (docs/stores.md, "Store health").
export const STORE_HEALTH_DAYS = 7;
/** Credentials that stop working within this many days are shown as about to expire. */
export const STORE_TOKEN_WARNING_DAYS = 14;
export const storeHealth = z.object({
  /** The platform's webhook deliveries of the last STORE_HEALTH_DAYS days. */
  deliveries: z.object({
    received: z.number().int(),
    failed: z.number().int(),
    /** Not imported, with the reason in the import log (unpaid, order API off, all items ignored...). */
    ignored: z.number().int(),
    /** Received and not handled yet. */
    waiting: z.number().int(),
    lastReceivedAt: z.string().nullable(),
  }),
  /** The last pull of the store's orders (the daily reconciliation, "pull orders since", Etsy's schedule) and what it found. */
  lastReconciledAt: z.string().nullable(),
  lastReconcile: z.object({ processed: z.number().int(), created: z.number().int(), linked: z.number().int(), updated: z.number().int() }).nullable(),
  /** When the credentials stop working unless renewed; null: they do not expire. */
  tokenExpiresAt: z.string().nullable(),
  tokenExpiresSoon: z.boolean(),
  /** The last check of the platform's webhook subscriptions (WooCommerce). */
  webhooksCheckedAt: z.string().nullable(),
});
export type StoreHealth = z.infer<typeof storeHealth>;
export const storeHealthResponse = z.object({ data: storeHealth });

// POST /api/stores/{id}/sync-now: the store's products read again, and its orders since the last pull (when Get order API is on).
export const syncNowAnswer = z.object({ message: z.string(), productJobId: z.string(), orderJobId: z.string().nullable() });
export type SyncNowAnswer = z.infer<typeof syncNowAnswer>;
