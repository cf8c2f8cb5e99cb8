import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cents, createdAt, id, updatedAt } from './columns';
import { agencies } from './agencies';
import { users } from './users';

/** Print areas of a POD catalog (spec: designs). */
export interface CatalogDesign {
  name: string;
  width: number;
  height: number;
}
/** Production details (spec: production); weight units lb, oz, kg, g. */
export interface CatalogProduction {
  productionTime: string;
  material: string;
  weight: number;
  weightUnit: 'lb' | 'oz' | 'kg' | 'g';
}
/** Shipping details (spec: shipping); methods standard, express, overnight. */
export interface CatalogShipping {
  methods: ('standard' | 'express' | 'overnight')[];
  shippingTime: string;
  shipsFrom: string;
}

/**
 * Catalog categories. `agency_id` null: the administrator's categories, seen by everyone;
 * set: an agency's own categories, seen and edited by that agency only.
 */
export const categories = pgTable(
  'categories',
  {
    id: id(),
    agencyId: uuid('agency_id').references(() => agencies.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('categories_owner_name_uq').on(sql`coalesce(${t.agencyId}, '00000000-0000-0000-0000-000000000000'::uuid)`, sql`lower(${t.name})`),
    index('categories_agency_idx').on(t.agencyId, t.createdAt),
  ],
);

/**
 * The catalog. `agency_id` null: the master catalog the administrator keeps (offered to agencies
 * through agency_catalogs); set: a catalog an agency created for itself (only it sees it).
 */
export const catalogs = pgTable(
  'catalogs',
  {
    id: id(),
    agencyId: uuid('agency_id').references(() => agencies.id),
    name: text('name').notNull(),
    productCode: text('product_code').notNull(),
    description: text('description').notNull().default(''),
    type: text('type', { enum: ['pod', 'fake', 'drop'] }).notNull(),
    dropship: boolean('dropship').notNull().default(false),
    isTrademark: boolean('is_trademark').notNull().default(false),
    publishStatus: smallint('publish_status').notNull().default(0),
    active: boolean('active').notNull().default(true),
    mockupGallery: jsonb('mockup_gallery').$type<string[]>().notNull().default([]),
    sizes: jsonb('sizes').$type<string[]>().notNull().default([]),
    colors: jsonb('colors').$type<string[]>().notNull().default([]),
    designs: jsonb('designs').$type<CatalogDesign[]>().notNull().default([]),
    production: jsonb('production').$type<Partial<CatalogProduction>>().notNull().default({}),
    shipping: jsonb('shipping').$type<Partial<CatalogShipping>>().notNull().default({}),
    note: text('note').notNull().default(''),
    /** Soft delete: orders and price logs keep pointing at a deleted catalog. */
    deletedAt: timestampTz('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('catalogs_code_uq').on(t.productCode),
    index('catalogs_created_idx').on(t.createdAt),
    index('catalogs_agency_idx').on(t.agencyId),
    // The supplier catalog's fixed scope, newest first.
    index('catalogs_supplier_idx').on(t.createdAt).where(sql`dropship and is_trademark and active and deleted_at is null`),
  ],
);

export const catalogCategories = pgTable(
  'catalog_categories',
  {
    catalogId: uuid('catalog_id').notNull().references(() => catalogs.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').notNull().references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.catalogId, t.categoryId] }), index('catalog_categories_category_idx').on(t.categoryId)],
);

export const catalogVariants = pgTable(
  'catalog_variants',
  {
    id: id(),
    catalogId: uuid('catalog_id').notNull().references(() => catalogs.id),
    catalogVariantCode: text('catalog_variant_code').notNull(),
    color: text('color').notNull(),
    size: text('size').notNull(),
    inStock: boolean('in_stock').notNull().default(true),
    /** The supplier's expected price range and quantity (supplier catalog), integer cents. */
    supplierMinPriceCents: cents('supplier_min_price_cents').notNull().default(0),
    supplierMaxPriceCents: cents('supplier_max_price_cents').notNull().default(0),
    supplierQuantity: integer('supplier_quantity').notNull().default(0),
    /** A variant removed from its catalog stays for the orders and costs that name it. */
    archived: boolean('archived').notNull().default(false),
    /**
     * The variant of the same catalog that published products switch to while this one is out of stock or archived
     * (docs/publishing.md "Alternative variants"). A plain uuid the catalogs service checks (same catalog, not itself,
     * not archived) and clears when the target is removed: no foreign key, so removing a variant needs no ordering.
     */
    alternativeVariantId: uuid('alternative_variant_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('catalog_variants_code_uq').on(t.catalogVariantCode), index('catalog_variants_catalog_idx').on(t.catalogId)],
);

/** Which catalogs an agency offers its sellers. */
export const agencyCatalogs = pgTable(
  'agency_catalogs',
  {
    agencyId: uuid('agency_id').notNull().references(() => agencies.id),
    catalogId: uuid('catalog_id').notNull().references(() => catalogs.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.catalogId] }), index('agency_catalogs_catalog_idx').on(t.catalogId)],
);

/**
 * What the platform charges one agency per catalog variant: filled from the agency's
 * administrator base cost when a catalog is assigned, changed by the 'Update cost' dialog.
 */
export const agencyVariantCosts = pgTable(
  'agency_variant_costs',
  {
    agencyId: uuid('agency_id').notNull().references(() => agencies.id),
    catalogId: uuid('catalog_id').notNull().references(() => catalogs.id),
    catalogVariantId: uuid('catalog_variant_id').notNull().references(() => catalogVariants.id),
    costCents: cents('cost_cents').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.catalogVariantId] }), index('agency_variant_costs_catalog_idx').on(t.agencyId, t.catalogId)],
);

/** Supplier price-change log (spec: Price-change log). */
export const priceChangeLogs = pgTable(
  'price_change_logs',
  {
    id: id(),
    catalogId: uuid('catalog_id').notNull().references(() => catalogs.id),
    createdUserId: uuid('created_user_id').references(() => users.id),
    createdUserEmail: text('created_user_email').notNull(),
    status: smallint('status').notNull(),
    note: text('note').notNull().default(''),
    type: text('type', { enum: ['CHANGE_SUPPLIER_PRICE', 'CHANGE_SELLER_PRICE'] }).notNull(),
    /** The variants as they were saved: code, colour, size, stock, prices in cents, quantity. */
    variantChanged: jsonb('variant_changed').$type<PriceLogVariant[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('price_change_logs_catalog_idx').on(t.catalogId, t.createdAt), index('price_change_logs_created_idx').on(t.createdAt)],
);

export interface PriceLogVariant {
  variantId: string;
  catalogVariantCode: string;
  color: string;
  size: string;
  inStock: boolean;
  supplierMinPriceCents: number;
  supplierMaxPriceCents: number;
  supplierQuantity: number;
}

function timestampTz(name: string) {
  return timestamp(name, { withTimezone: true, mode: 'date' });
}
