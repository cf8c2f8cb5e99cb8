import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cents, createdAt, id, updatedAt } from './columns';
import { agencies } from './agencies';
import { sellerTeams } from './sellers';

/** Orders (thin: the orders issue completes the model and the state machine). */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    agencyId: uuid('agency_id').notNull().references(() => agencies.id),
    sellerTeamId: uuid('seller_team_id').notNull().references(() => sellerTeams.id),
    sellerId: uuid('seller_id'),
    orderName: text('order_name').notNull().default(''),
    status: text('status').notNull().default('Unfulfilled'),
    fullName: text('full_name').notNull().default(''),
    country: text('country').notNull().default(''),
    countryCode: text('country_code').notNull().default(''),
    province: text('province').notNull().default(''),
    /** The agency does not ship to this destination (its shipping exclusions); see cannot-ship.ts. */
    cannotShip: boolean('cannot_ship').notNull().default(false),
    totalPriceCents: cents('total_price_cents').notNull().default(0),
    itemCount: integer('item_count').notNull().default(0),
    addressStatus: smallint('address_status').notNull().default(3),
    hireDesignStatus: text('hire_design_status'),
    /** The store-front domain (proxy) the order came through. */
    proxyId: uuid('proxy_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Re-imports of the same order name do not duplicate.
    uniqueIndex('orders_team_name_uq').on(t.sellerTeamId, t.orderName).where(sql`order_name <> ''`),
    index('orders_agency_created_idx').on(t.agencyId, t.createdAt, t.id),
    index('orders_agency_status_created_idx').on(t.agencyId, t.status, t.createdAt, t.id),
    index('orders_team_created_idx').on(t.sellerTeamId, t.createdAt, t.id),
    // Proxy screens count orders per proxy and refuse deleting a proxy in use.
    index('orders_proxy_idx').on(t.proxyId).where(sql`proxy_id is not null`),
  ],
);
