import { boolean, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cents, createdAt, id, updatedAt } from './columns';
import { agencies } from './agencies';
import { catalogs, catalogVariants } from './catalog';

/**
 * Base costs (docs/decisions.md, "Base costs"). `agency_id` null: the administrator's price lists
 * (what the platform charges agencies); set: an agency's groups (what it charges its seller teams).
 */
export const basecosts = pgTable(
  'basecosts',
  {
    id: id(),
    agencyId: uuid('agency_id').references(() => agencies.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('basecosts_agency_idx').on(t.agencyId)],
);

/**
 * One catalog variant's price in a base cost: the item price, and the shipping of the first and
 * of each additional item per shipping method (null: the method is not offered). Integer cents.
 */
export const basecostItems = pgTable(
  'basecost_items',
  {
    id: id(),
    basecostId: uuid('basecost_id').notNull().references(() => basecosts.id),
    catalogId: uuid('catalog_id').notNull().references(() => catalogs.id),
    catalogVariantId: uuid('catalog_variant_id').notNull().references(() => catalogVariants.id),
    basePriceCents: cents('base_price_cents').notNull(),
    standardFirstCents: cents('standard_first_cents').notNull().default(0),
    standardAdditionalCents: cents('standard_additional_cents').notNull().default(0),
    expressFirstCents: cents('express_first_cents'),
    expressAdditionalCents: cents('express_additional_cents'),
    overnightFirstCents: cents('overnight_first_cents'),
    overnightAdditionalCents: cents('overnight_additional_cents'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('basecost_items_variant_uq').on(t.basecostId, t.catalogVariantId),
    index('basecost_items_catalog_idx').on(t.basecostId, t.catalogId),
    index('basecost_items_variant_idx').on(t.catalogVariantId),
  ],
);

export const sellerTeams = pgTable(
  'seller_teams',
  {
    id: id(),
    agencyId: uuid('agency_id').notNull().references(() => agencies.id),
    name: text('name').notNull(),
    code: text('code').notNull(),
    managerId: uuid('manager_id'),
    basecostId: uuid('basecost_id').references(() => basecosts.id),
    supporterId: uuid('supporter_id'),
    referralCode: text('referral_code').notNull(),
    referralFromId: uuid('referral_from_id'),
    rate: numeric('rate', { precision: 5, scale: 2 }).notNull().default('0'),
    pendingPayoutDays: integer('pending_payout_days').notNull().default(2),
    autoApproveOrder: boolean('auto_approve_order').notNull().default(false),
    getOrderApi: boolean('get_order_api').notNull().default(true),
    active: boolean('active').notNull().default(true),
    sellerType: text('seller_type', { enum: ['default', 'warehouse'] }).notNull().default('default'),
    mappedUserId: uuid('mapped_user_id'),
    /** Teams are soft-deleted: their ledger, invoices and orders stay readable. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('seller_teams_agency_code_uq').on(t.agencyId, t.code),
    // The target of shard-ready foreign keys (agency_id, seller_team_id), e.g. stores.
    uniqueIndex('seller_teams_agency_id_uq').on(t.agencyId, t.id),
    uniqueIndex('seller_teams_referral_uq').on(t.referralCode),
    index('seller_teams_agency_created_idx').on(t.agencyId, t.createdAt),
  ],
);

/**
 * A seller team's two accounts: the prepaid wallet and the profit account (docs/money.md).
 */
export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    agencyId: uuid('agency_id').notNull().references(() => agencies.id),
    sellerTeamId: uuid('seller_team_id').notNull().references(() => sellerTeams.id),
    kind: text('kind', { enum: ['wallet', 'profit'] }).notNull(),
    /** Sum of the account's ledger entries (ledger_entries), changed only with them, under row lock. */
    balanceCents: cents('balance_cents').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('accounts_team_kind_uq').on(t.sellerTeamId, t.kind)],
);
