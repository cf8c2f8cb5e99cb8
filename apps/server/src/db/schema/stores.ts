import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from 'uuidv7';
import { STORE_PLATFORMS, STORE_STATUSES, type PersonalizedOrders, type ShippingMethod } from '@fbo/shared';
import { createdAt, updatedAt } from './columns';
import { agencies } from './agencies';
import { sellerTeams } from './sellers';

/** How a store's shipping lines become the order's shipping method (its title or code, lower-cased). */
export type ShippingMap = Record<string, ShippingMethod>;

/**
 * A seller team's shop on a platform, or a manual (CSV-only) store (docs/stores.md). Born shard-ready:
 * keyed on (agency_id, id), its team reached through (agency_id, seller_team_id).
 */
export const stores = pgTable(
  'stores',
  {
    agencyId: uuid('agency_id').notNull().references(() => agencies.id),
    id: uuid('id').notNull().$defaultFn(() => uuidv7()),
    sellerTeamId: uuid('seller_team_id').notNull(),
    platform: text('platform', { enum: STORE_PLATFORMS }).notNull(),
    name: text('name').notNull(),
    /** The shop's address on its platform (`<shop>.myshopify.com`); null for a manual store. */
    shopDomain: text('shop_domain'),
    /** The shop's currency (ISO 4217). */
    currency: text('currency').notNull().default('USD'),
    status: text('status', { enum: STORE_STATUSES }).notNull().default('connected'),
    /** Why a store needs attention or was disconnected, in words a seller can act on. */
    statusReason: text('status_reason'),
    /** The platform credentials sealed by lib/secret-box.ts (bound to `store:<id>`); null for a manual store. */
    credentials: text('credentials'),
    /** The key that sealed them: the re-encryption job finds the rows of a retired key by it. */
    credentialsKeyId: text('credentials_key_id'),
    /** The access the shop granted (Shopify: the scopes of the token). */
    scopes: text('scopes'),
    /** Demo stores of the seeded data: scheduled syncs leave them alone. */
    isDemo: boolean('is_demo').notNull().default(false),
    // Import rules (docs/stores.md, "Orders from stores").
    importPaidOnly: boolean('import_paid_only').notNull().default(true),
    skipIgnoredOnly: boolean('skip_ignored_only').notNull().default(true),
    submitDelayMinutes: integer('submit_delay_minutes').notNull().default(0),
    shippingMap: jsonb('shipping_map').$type<ShippingMap>().notNull().default({}),
    /** An order of a personalized product: 'wait' for the seller's artwork, or 'design': sent to the design service. */
    personalizedOrders: text('personalized_orders').$type<PersonalizedOrders>().notNull().default('wait'),
    lastProductSyncAt: timestamp('last_product_sync_at', { withTimezone: true, mode: 'date' }),
    lastOrderAt: timestamp('last_order_at', { withTimezone: true, mode: 'date' }),
    /** The scheduled pull's high-water mark (Etsy, which sends no order webhooks): orders updated after it are read next. */
    ordersPulledUntil: timestamp('orders_pulled_until', { withTimezone: true, mode: 'date' }),
    /** The last reconciliation (a pull of the recent days that catches what a lost webhook missed) and what it found. */
    lastReconciledAt: timestamp('last_reconciled_at', { withTimezone: true, mode: 'date' }),
    lastReconcile: jsonb('last_reconcile').$type<{ processed: number; created: number; linked: number; updated: number }>(),
    /** When the credentials stop working unless renewed (Etsy: the refresh token, 90 days after its last use); null: they do not expire. */
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true, mode: 'date' }),
    /** The last check of the platform's webhook subscriptions (WooCommerce switches failing ones off: they are made active again). */
    webhooksCheckedAt: timestamp('webhooks_checked_at', { withTimezone: true, mode: 'date' }),
    connectedAt: timestamp('connected_at', { withTimezone: true, mode: 'date' }),
    disconnectedAt: timestamp('disconnected_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'stores_pkey', columns: [t.agencyId, t.id] }),
    foreignKey({ name: 'stores_seller_team_fk', columns: [t.agencyId, t.sellerTeamId], foreignColumns: [sellerTeams.agencyId, sellerTeams.id] }),
    // One row per shop in an agency: reconnecting finds it again, with its products and mappings.
    uniqueIndex('stores_shop_uq').on(t.agencyId, t.platform, t.shopDomain).where(sql`shop_domain is not null`),
    index('stores_team_idx').on(t.agencyId, t.sellerTeamId, t.createdAt),
    // Platform calls (webhooks, the app's privacy requests) name the shop, not the agency.
    index('stores_shop_domain_idx').on(t.shopDomain).where(sql`shop_domain is not null`),
    index('stores_key_idx').on(t.credentialsKeyId).where(sql`credentials_key_id is not null`),
  ],
);

/**
 * A webhook delivery from a store's platform, recorded once (the platform's delivery id, unique per store)
 * and processed by a job (docs/stores.md, "Webhooks"): a duplicated delivery is answered and ignored.
 */
export const storeWebhooks = pgTable(
  'store_webhooks',
  {
    agencyId: uuid('agency_id').notNull().references(() => agencies.id),
    id: uuid('id').notNull().$defaultFn(() => uuidv7()),
    storeId: uuid('store_id').notNull(),
    topic: text('topic').notNull(),
    /** The platform's id of this delivery (Shopify: X-Shopify-Webhook-Id). */
    deliveryId: text('delivery_id').notNull(),
    /** What the delivery is about, as the import log shows it ("Order #1001", "Product Tee"): no buyer's data. */
    subject: text('subject'),
    /** received, processed, ignored (a topic with nothing to do yet) or failed. */
    status: text('status', { enum: ['received', 'processed', 'ignored', 'failed'] }).notNull().default('received'),
    note: text('note'),
    /** The body, kept until processed: it may hold buyers' data, which the privacy erase covers. */
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ name: 'store_webhooks_pkey', columns: [t.agencyId, t.id] }),
    foreignKey({ name: 'store_webhooks_store_fk', columns: [t.agencyId, t.storeId], foreignColumns: [stores.agencyId, stores.id] }),
    uniqueIndex('store_webhooks_delivery_uq').on(t.agencyId, t.storeId, t.deliveryId),
    index('store_webhooks_store_idx').on(t.agencyId, t.storeId, t.receivedAt),
  ],
);
