import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { agencies } from './agencies';

/** `catalog_id` of a figure that belongs to no catalog (order-level money, order counts, warehouse lines). */
export const NO_CATALOG = '00000000-0000-0000-0000-000000000000';

/**
 * The dimensions and measures of the KPI roll-ups (docs/kpis.md). A row is one UTC day of one seller team, one
 * catalog type (the order's type), one catalog (or NO_CATALOG) and one order status (or ''); every measure is a
 * sum, so rows add up whatever their grain.
 */
const figures = () => ({
  day: date('day', { mode: 'string' }).notNull(),
  sellerTeamId: uuid('seller_team_id').notNull(),
  catalogType: text('catalog_type').notNull(),
  catalogId: uuid('catalog_id').notNull().default(NO_CATALOG),
  status: text('status').notNull().default(''),
  /** Orders created that day now in `status`, and their order totals. */
  orders: integer('orders').notNull().default(0),
  customerSalesCents: bigint('customer_sales_cents', { mode: 'number' }).notNull().default(0),
  /** The ledger: order and design charges (positive), refunds to the wallet, profit earned. */
  chargedCents: bigint('charged_cents', { mode: 'number' }).notNull().default(0),
  refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
  profitCents: bigint('profit_cents', { mode: 'number' }).notNull().default(0),
  /** Order invoices' item lines (per catalog): what was charged for them, their platform cost, their units. */
  itemChargedCents: bigint('item_charged_cents', { mode: 'number' }).notNull().default(0),
  costCents: bigint('cost_cents', { mode: 'number' }).notNull().default(0),
  units: integer('units').notNull().default(0),
  /** Orders fulfilled that day for the first time, and their order totals. */
  fulfilled: integer('fulfilled').notNull().default(0),
  fulfilledSalesCents: bigint('fulfilled_sales_cents', { mode: 'number' }).notNull().default(0),
  /** Orders whose first shipment was made that day: seconds since approval, and how many within their production time. */
  shipped: integer('shipped').notNull().default(0),
  shipSeconds: bigint('ship_seconds', { mode: 'number' }).notNull().default(0),
  onTime: integer('on_time').notNull().default(0),
});

/**
 * Append-only: written by the database triggers of migration 0031 in the transaction that moves a figure (an order
 * created or changing status, a ledger entry, an order invoice's lines, a first shipment, a first fulfilment), never
 * updated, so no writer ever waits on another's counter row. The `kpi.fold` job moves them into kpi_daily.
 */
export const kpiDeltas = pgTable(
  'kpi_deltas',
  {
    agencyId: uuid('agency_id').notNull().references(() => agencies.id),
    id: uuid('id').notNull().defaultRandom(),
    ...figures(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [primaryKey({ name: 'kpi_deltas_pkey', columns: [t.agencyId, t.id] }), index('kpi_deltas_agency_day_idx').on(t.agencyId, t.day)],
);

/** The folded roll-up: one row per day and dimensions, written only by the fold job. A KPI reads it plus the deltas' tail. */
export const kpiDaily = pgTable(
  'kpi_daily',
  { agencyId: uuid('agency_id').notNull().references(() => agencies.id), ...figures() },
  (t) => [
    primaryKey({ name: 'kpi_daily_pkey', columns: [t.agencyId, t.day, t.sellerTeamId, t.catalogType, t.catalogId, t.status] }),
    index('kpi_daily_team_day_idx').on(t.agencyId, t.sellerTeamId, t.day),
  ],
);

/**
 * One row: the generation of kpi_daily, bumped by every fold that changed it and by any delete from it (kpi_rebuild),
 * in the same transaction. A reader that sees the generation it read the folded days at may reuse them (kpis.repo.ts).
 * Written once a minute by the fold job, never by a request.
 */
export const kpiFoldState = pgTable('kpi_fold_state', {
  id: smallint('id').primaryKey().default(1),
  generation: bigint('generation', { mode: 'number' }).notNull().default(0),
});
