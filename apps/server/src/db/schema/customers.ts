import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from 'uuidv7';
import { buyerColumns, cents, createdAt, updatedAt } from './columns';
import { agencies } from './agencies';
import { sellerTeams } from './sellers';

/**
 * The buyers of a seller team's orders (docs/customers.md): one row per person per team, matched by e-mail, else by
 * normalised name and address (`match_key`). Its figures and its contact details (the latest order's) are written by
 * modules/customers `linkCustomers` in the transaction that writes the orders: never counted per request.
 * Born shard-ready: keyed on (agency_id, id), every unique index and foreign key through agency_id.
 */
export const customers = pgTable(
  'customers',
  {
    agencyId: uuid('agency_id').notNull().references(() => agencies.id),
    id: uuid('id').notNull().$defaultFn(() => uuidv7()),
    sellerTeamId: uuid('seller_team_id').notNull(),
    /** `e:<e-mail>` or `n:<name>|<address line 1>|<zip>|<country code>`, normalised (customer-key.ts). */
    matchKey: text('match_key').notNull(),
    ...buyerColumns(),
    ordersCount: integer('orders_count').notNull().default(0),
    /** The totals of the customer's orders, cancelled orders left out. */
    totalSpentCents: cents('total_spent_cents').notNull().default(0),
    firstOrderAt: timestamp('first_order_at', { withTimezone: true, mode: 'date' }),
    lastOrderAt: timestamp('last_order_at', { withTimezone: true, mode: 'date' }),
    /** Sources: the stores its orders came from, and whether some came from files or were made by hand. */
    storeIds: uuid('store_ids').array().notNull().default(sql`'{}'::uuid[]`),
    fromFiles: boolean('from_files').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'customers_pkey', columns: [t.agencyId, t.id] }),
    foreignKey({ name: 'customers_team_fk', columns: [t.agencyId, t.sellerTeamId], foreignColumns: [sellerTeams.agencyId, sellerTeams.id] }),
    uniqueIndex('customers_match_uq').on(t.agencyId, t.sellerTeamId, t.matchKey),
    // The lists' default order (last order, newest first), for the agency and for one team.
    index('customers_agency_last_idx').on(t.agencyId, t.lastOrderAt, t.id),
    index('customers_team_last_idx').on(t.agencyId, t.sellerTeamId, t.lastOrderAt, t.id),
    // Contains-search on name, e-mail and phone (the same expression as customers.repo's searchText).
    index('customers_search_trgm_idx').using('gin', sql`(${t.fullName} || chr(9) || ${t.email} || chr(9) || ${t.phone}) gin_trgm_ops`),
  ],
);

/**
 * Which customer an order's buyer is (docs/customers.md "The model"): a narrow link table rather than a column of
 * orders, so linking writes a small row instead of a new version of a wide order row and every index on it (an
 * import's orders would otherwise be written twice). One row per linked order; an order without a buyer has none.
 */
export const customerOrders = pgTable(
  'customer_orders',
  {
    agencyId: uuid('agency_id').notNull().references(() => agencies.id),
    orderId: uuid('order_id').notNull(),
    customerId: uuid('customer_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'customer_orders_pkey', columns: [t.agencyId, t.orderId] }),
    foreignKey({ name: 'customer_orders_customer_fk', columns: [t.agencyId, t.customerId], foreignColumns: [customers.agencyId, customers.id] }),
    // A customer's orders: its detail, and the recount of its figures.
    index('customer_orders_customer_idx').on(t.agencyId, t.customerId),
  ],
);

/**
 * The backfill of an agency's orders made before customers existed (docs/customers.md "Backfill"): the migration
 * adds a row per existing agency; the `customers.backfill` job walks the orders by id from `cursor`, so a stopped
 * job resumes where it was, and sets `done_at` at the end.
 */
export const customerBackfills = pgTable('customer_backfills', {
  agencyId: uuid('agency_id').primaryKey().references(() => agencies.id),
  cursor: uuid('cursor'),
  processed: integer('processed').notNull().default(0),
  total: integer('total').notNull().default(0),
  doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
});
