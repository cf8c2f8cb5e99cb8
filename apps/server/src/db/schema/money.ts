import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cents, createdAt, id, updatedAt } from './columns';
import { agencies } from './agencies';
import { accounts, sellerTeams } from './sellers';

/**
 * The ledger (docs/money.md). One row per movement of one account; never updated or deleted.
 * `amount_cents` is signed (credit > 0); `balance_after_cents` is the account's balance once the
 * entry is applied, written under the account's row lock so the running balance is exact.
 * `idempotency_key` is unique: a movement happens at most once whatever retries or races occur.
 * `available_at` matters on the profit account only: the entry counts toward remainProfit from
 * then on (accruals are held for the team's pendingPayoutDays; debits count at once).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    agencyId: uuid('agency_id').notNull().references(() => agencies.id),
    sellerTeamId: uuid('seller_team_id').notNull().references(() => sellerTeams.id),
    accountId: uuid('account_id').notNull().references(() => accounts.id),
    accountKind: text('account_kind', { enum: ['wallet', 'profit'] }).notNull(),
    type: text('type', {
      enum: ['topup', 'cashback', 'order_charge', 'order_refund', 'payout', 'adjustment', 'referral', 'order_profit', 'design_charge'],
    }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    balanceAfterCents: cents('balance_after_cents').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** What caused it: a deposit, payout, order, invoice... (type + id). */
    refType: text('ref_type'),
    refId: uuid('ref_id'),
    description: text('description').notNull().default(''),
    reason: text('reason'),
    actorId: uuid('actor_id'),
    availableAt: timestamp('available_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_entries_key_uq').on(t.idempotencyKey),
    index('ledger_entries_account_created_idx').on(t.accountId, t.createdAt),
    index('ledger_entries_team_created_idx').on(t.sellerTeamId, t.createdAt),
    index('ledger_entries_ref_idx').on(t.refType, t.refId),
  ],
);

/** A top-up or cashback: requested by the seller (pending) or entered by the agency. */
export const deposits = pgTable(
  'deposits',
  {
    id: id(),
    agencyId: uuid('agency_id').notNull().references(() => agencies.id),
    sellerTeamId: uuid('seller_team_id').notNull().references(() => sellerTeams.id),
    amountCents: cents('amount_cents').notNull(),
    payWith: text('pay_with', { enum: ['Pingpong', 'Payoneer', 'Bank transfer'] }).notNull(),
    transactionId: text('transaction_id').notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull(),
    isCashback: boolean('is_cashback').notNull().default(false),
    /** The agency's USD to VND rate and top-up content when the deposit was made (frozen). */
    exchangeRate: numeric('exchange_rate', { precision: 14, scale: 4 }).notNull().default('1'),
    topupContent: text('topup_content').notNull().default(''),
    requestedBy: text('requested_by', { enum: ['agency', 'seller'] }).notNull(),
    createdById: uuid('created_by_id'),
    decidedById: uuid('decided_by_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    rejectReason: text('reject_reason'),
    invoiceId: uuid('invoice_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('deposits_team_created_idx').on(t.sellerTeamId, t.createdAt),
    index('deposits_agency_created_idx').on(t.agencyId, t.createdAt),
    index('deposits_agency_pending_idx').on(t.agencyId, t.sellerTeamId).where(sql`status = 'pending'`),
  ],
);

/**
 * Invoices: what moved money between the seller team and the agency. IN: into the wallet
 * (top-up, cashback, refund, credit adjustment); OUT: out of it (order charges, debit adjustments).
 * sellerAmount: what the seller paid or received; agencyAmount: the agency's side (what the agency
 * received for a top-up, its platform cost for an order); remainAmount: still owed (0 when settled).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    agencyId: uuid('agency_id').notNull().references(() => agencies.id),
    sellerTeamId: uuid('seller_team_id').notNull().references(() => sellerTeams.id),
    /** Readable, unique per agency: IN-000123 / OUT-000123. */
    name: text('name').notNull(),
    number: integer('number').notNull(),
    type: text('type', { enum: ['IN', 'OUT'] }).notNull(),
    source: text('source', { enum: ['deposit', 'adjustment', 'order', 'refund', 'design'] }).notNull(),
    sellerAmountCents: cents('seller_amount_cents').notNull(),
    agencyAmountCents: cents('agency_amount_cents').notNull().default(0),
    remainAmountCents: cents('remain_amount_cents').notNull().default(0),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_agency_number_uq').on(t.agencyId, t.number),
    index('invoices_agency_type_created_idx').on(t.agencyId, t.type, t.createdAt),
    index('invoices_team_type_created_idx').on(t.sellerTeamId, t.type, t.createdAt),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: id(),
    invoiceId: uuid('invoice_id').notNull().references(() => invoices.id),
    description: text('description').notNull(),
    amountCents: cents('amount_cents').notNull(),
    agencyAmountCents: cents('agency_amount_cents').notNull().default(0),
    refType: text('ref_type'),
    refId: uuid('ref_id'),
    ledgerEntryId: uuid('ledger_entry_id').references(() => ledgerEntries.id),
    createdAt: createdAt(),
  },
  (t) => [index('invoice_lines_invoice_idx').on(t.invoiceId)],
);

/** A seller team's payout request; approval moves the money out of the profit account. */
export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    agencyId: uuid('agency_id').notNull().references(() => agencies.id),
    sellerTeamId: uuid('seller_team_id').notNull().references(() => sellerTeams.id),
    amountCents: cents('amount_cents').notNull(),
    /** 0 pending, 1 approved, 2 rejected. */
    status: integer('status').notNull().default(0),
    paymentType: text('payment_type', { enum: ['paypal', 'pingpong', 'creditcard', 'payoneer'] }).notNull(),
    paymentValue: text('payment_value').notNull(),
    billName: text('bill_name').notNull(),
    note: text('note').notNull().default(''),
    decisionNote: text('decision_note'),
    requestedById: uuid('requested_by_id'),
    decidedById: uuid('decided_by_id'),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payouts_agency_created_idx').on(t.agencyId, t.createdAt),
    index('payouts_team_created_idx').on(t.sellerTeamId, t.createdAt),
  ],
);

/**
 * Idempotency-Key replays: the first answer to a money-moving request, stored in the same
 * transaction as the change, so a retry returns it and moves nothing (docs/money.md).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
