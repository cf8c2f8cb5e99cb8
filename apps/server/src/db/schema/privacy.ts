import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from 'uuidv7';
import { agencies } from './agencies';

/**
 * That a buyer's personal data was erased (docs/stores.md, "Privacy"): who asked, when, which orders, done
 * or waiting for open orders to close. Never the erased values. Born shard-ready: keyed on (agency_id, id).
 */
export const privacyErasures = pgTable(
  'privacy_erasures',
  {
    agencyId: uuid('agency_id').notNull().references(() => agencies.id),
    id: uuid('id').notNull().$defaultFn(() => uuidv7()),
    /** What asked: `shopify:customers/redact`, `shopify:shop/redact`, or a feature of ours (`customers`). */
    source: text('source').notNull(),
    /** The user who asked, when a person did; null for a platform's request. */
    requestedBy: uuid('requested_by'),
    /** The scope the request named: a store, a seller team, or the whole agency (both null). */
    storeId: uuid('store_id'),
    sellerTeamId: uuid('seller_team_id'),
    /**
     * The request's identity, made by the caller from ids only (Shopify: store, customer id and order ids),
     * never from the buyer's values: a repeated request finds this row and changes nothing more.
     */
    requestKey: text('request_key').notNull(),
    /** waiting: some of its orders are still open (pending_order_ids); done: all erased. */
    status: text('status', { enum: ['waiting', 'done'] }).notNull().default('waiting'),
    /** Every order the request matched, and those still waiting to close. */
    orderIds: jsonb('order_ids').$type<string[]>().notNull().default([]),
    pendingOrderIds: jsonb('pending_order_ids').$type<string[]>().notNull().default([]),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ name: 'privacy_erasures_pkey', columns: [t.agencyId, t.id] }),
    uniqueIndex('privacy_erasures_request_uq').on(t.agencyId, t.requestKey),
    // The scheduled completion reads the waiting ones only.
    index('privacy_erasures_waiting_idx').on(t.requestedAt).where(sql`status = 'waiting'`),
  ],
);
