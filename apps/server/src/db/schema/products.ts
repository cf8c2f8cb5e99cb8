import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { artworkSlots, cents, createdAt, id, updatedAt } from './columns';
import { agencies } from './agencies';
import { stores } from './stores';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A seller team's store product (spec part 2 section 3, docs/stores.md "Products"): pulled from a shop
 * (server_id is the shop's id of it), or made by hand in a manual store. The public product page shows it.
 */
export const products = pgTable(
  'products',
  {
    id: id(),
    agencyId: uuid('agency_id').notNull().references(() => agencies.id),
    sellerTeamId: uuid('seller_team_id').notNull(),
    /** The store it belongs to; null only for products older than stores. */
    storeId: uuid('store_id'),
    /** The shop's own id of the product (Shopify: the numeric id); null for one made by hand. */
    serverId: text('server_id'),
    title: text('title').notNull(),
    handle: text('handle').notNull().default(''),
    description: text('description').notNull().default(''),
    productType: text('product_type', { enum: ['pod', 'fake', 'drop'] }).notNull().default('pod'),
    /** The main image; otherMockup holds the rest. */
    mockup: text('mockup'),
    otherMockup: jsonb('other_mockup').$type<string[]>().notNull().default([]),
    options: jsonb('options').$type<{ name: string; values: string[] }[]>().notNull().default([]),
    /** Buyers enter text or images for it: its orders carry that input and wait for artwork. */
    personalized: boolean('personalized').notNull().default(false),
    /** The lowest mapping status of its variants that are not ignored (0 none, 1 no artwork, 2 with artwork). */
    mappingStatus: smallint('mapping_status').notNull().default(0),
    /**
     * The catalog its variants are mapped to (one catalog per product; docs/stores.md "Mapping"). No foreign key,
     * as order_items.catalog_id: a master catalog lives on no agency's shard; the mapping service checks it.
     */
    catalogId: uuid('catalog_id'),
    // Sync tracker (spec: requested, updated): when a sync was asked for, when the shop's copy was read.
    syncRequestedAt: at('sync_requested_at'),
    syncedAt: at('synced_at'),
    /** The shop's own last change: an older webhook or pull never overwrites a newer copy. */
    sourceUpdatedAt: at('source_updated_at'),
    /** When we created it in the shop from a catalog (docs/publishing.md); null for a product the shop or a person made. */
    publishedAt: at('published_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({ name: 'products_store_fk', columns: [t.agencyId, t.storeId], foreignColumns: [stores.agencyId, stores.id] }),
    // A shop's product is one row, whatever the number of syncs and webhooks that bring it.
    uniqueIndex('products_store_server_uq').on(t.agencyId, t.storeId, t.serverId).where(sql`server_id is not null`),
    // The list: a team's products, newest first.
    index('products_team_idx').on(t.agencyId, t.sellerTeamId, t.createdAt, t.id),
    index('products_store_idx').on(t.agencyId, t.storeId, t.createdAt, t.id),
  ],
);

/** A product's variant; a mapping to a catalog variant is keyed by server_id, so a renamed SKU keeps it. */
export const productVariants = pgTable(
  'product_variants',
  {
    id: id(),
    agencyId: uuid('agency_id').notNull().references(() => agencies.id),
    productId: uuid('product_id').notNull().references(() => products.id),
    /** The shop's own id of the variant; null for one made by hand. */
    serverId: text('server_id'),
    position: smallint('position').notNull().default(0),
    sku: text('sku'),
    title: text('title').notNull().default(''),
    option1: text('option1'),
    option2: text('option2'),
    option3: text('option3'),
    priceCents: cents('price_cents').notNull(),
    image: text('image'),
    /** 0 none, 1 mapped without artwork, 2 mapped with artwork (spec part 2 section 4). */
    mappingStatus: smallint('mapping_status').notNull().default(0),
    // The mapping: which catalog variant this store variant is made as, with which artwork.
    catalogVariantId: uuid('catalog_variant_id'),
    /**
     * Or: fulfilled from a warehouse's stock (docs/warehouses.md), exclusive with catalog_variant_id. No foreign key
     * yet: this table gains its (agency_id, id) key with the shard-ready issue; the mapping service checks the team.
     */
    warehouseProductId: uuid('warehouse_product_id'),
    /** The seller ships it itself: its order items are never fulfilled, never charged. */
    ignored: boolean('ignored').notNull().default(false),
    ...artworkSlots(),
    mappedAt: at('mapped_at'),
    /** Whether the shop was last told it can be sold (publishing pushes out-of-stock and discontinued catalog variants). */
    available: boolean('available').notNull().default(true),
  },
  (t) => [
    index('product_variants_product_idx').on(t.productId, t.position),
    uniqueIndex('product_variants_server_uq').on(t.agencyId, t.productId, t.serverId).where(sql`server_id is not null`),
    // Orders resolve their lines by SKU (CSV) within the agency, then keep the team's.
    index('product_variants_sku_idx').on(t.agencyId, t.sku).where(sql`sku is not null and sku <> ''`),
    // Store orders resolve their lines by the shop's variant id.
    index('product_variants_server_idx').on(t.agencyId, t.serverId).where(sql`server_id is not null`),
    // The store variants a warehouse product fulfils (its detail page, the stock push to the shops).
    index('product_variants_warehouse_idx').on(t.agencyId, t.warehouseProductId).where(sql`warehouse_product_id is not null`),
    check('product_variants_one_source_ck', sql`catalog_variant_id is null or warehouse_product_id is null`),
  ],
);
