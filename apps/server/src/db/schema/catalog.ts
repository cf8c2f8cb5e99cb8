import { boolean, index, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cents, createdAt, id, updatedAt } from './columns';
import { agencies } from './agencies';

/** The master catalog (thin: the catalog issue completes it). */
export const catalogs = pgTable(
  'catalogs',
  {
    id: id(),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('catalogs_code_uq').on(t.productCode), index('catalogs_created_idx').on(t.createdAt)],
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
    createdAt: createdAt(),
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
  (t) => [primaryKey({ columns: [t.agencyId, t.catalogId] })],
);

/** A seller's store product, shown on the public product page. */
export const products = pgTable(
  'products',
  {
    id: id(),
    agencyId: uuid('agency_id').notNull().references(() => agencies.id),
    sellerTeamId: uuid('seller_team_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    productType: text('product_type', { enum: ['pod', 'fake', 'drop'] }).notNull().default('pod'),
    otherMockup: jsonb('other_mockup').$type<string[]>().notNull().default([]),
    options: jsonb('options').$type<{ name: string; values: string[] }[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('products_team_idx').on(t.sellerTeamId)],
);

export const productVariants = pgTable(
  'product_variants',
  {
    id: id(),
    productId: uuid('product_id').notNull().references(() => products.id),
    position: smallint('position').notNull().default(0),
    option1: text('option1'),
    option2: text('option2'),
    option3: text('option3'),
    priceCents: cents('price_cents').notNull(),
    shipUsFirstCents: cents('ship_us_first_cents').notNull().default(0),
  },
  (t) => [index('product_variants_product_idx').on(t.productId, t.position)],
);
