import { boolean, index, integer, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cents, createdAt, id, updatedAt } from './columns';
import { agencies } from './agencies';

/** Base costs: the money model lands with the catalog issue; the header needs the name now. */
export const basecosts = pgTable(
  'basecosts',
  {
    id: id(),
    agencyId: uuid('agency_id').references(() => agencies.id),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('basecosts_agency_idx').on(t.agencyId)],
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('seller_teams_agency_code_uq').on(t.agencyId, t.code),
    uniqueIndex('seller_teams_referral_uq').on(t.referralCode),
    index('seller_teams_agency_created_idx').on(t.agencyId, t.createdAt),
  ],
);

/**
 * A seller team's two accounts: the prepaid wallet and the profit account. The balance
 * column is a cache of the ledger (the money issue adds the entries), changed under row lock.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    agencyId: uuid('agency_id').notNull().references(() => agencies.id),
    sellerTeamId: uuid('seller_team_id').notNull().references(() => sellerTeams.id),
    kind: text('kind', { enum: ['wallet', 'profit'] }).notNull(),
    balanceCents: cents('balance_cents').notNull().default(0),
    /** Profit that has passed pendingPayoutDays and may be paid out. */
    availableCents: cents('available_cents').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('accounts_team_kind_uq').on(t.sellerTeamId, t.kind)],
);
