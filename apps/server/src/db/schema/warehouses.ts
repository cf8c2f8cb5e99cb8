import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from 'uuidv7';
import { createdAt, updatedAt } from './columns';
import { agencies } from './agencies';
import { sellerTeams } from './sellers';

/**
 * Warehouses and stock (docs/warehouses.md). Born shard-ready: keyed on (agency_id, id), every foreign key and unique
 * index through agency_id. A warehouse is operated by a seller team of type warehouse.
 */
export const warehouses = pgTable(
  'warehouses',
  {
    agencyId: uuid('agency_id').notNull().references(() => agencies.id),
    id: uuid('id').notNull().$defaultFn(() => uuidv7()),
    name: text('name').notNull(),
    code: text('code').notNull(),
    warehouseTeamId: uuid('warehouse_team_id').notNull(),
    address: jsonb('address').$type<Record<string, string>>().notNull().default({}),
    active: boolean('active').notNull().default(true),
    /** Routing order: an order goes to the first active warehouse by priority that holds every warehouse line. */
    priority: integer('priority').notNull().default(0),
    /** Per order, per extra unit, shipping by weight band and destination, storage per unit per month: integer cents. */
    fees: jsonb('fees').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'warehouses_pkey', columns: [t.agencyId, t.id] }),
    foreignKey({ name: 'warehouses_team_fk', columns: [t.agencyId, t.warehouseTeamId], foreignColumns: [sellerTeams.agencyId, sellerTeams.id] }),
    uniqueIndex('warehouses_code_uq').on(t.agencyId, t.code),
  ],
);

/** A product a seller team stocks in warehouses; its store variants map to it as others map to catalog variants. */
export const warehouseProducts = pgTable(
  'warehouse_products',
  {
    agencyId: uuid('agency_id').notNull().references(() => agencies.id),
    id: uuid('id').notNull().$defaultFn(() => uuidv7()),
    ownerTeamId: uuid('owner_team_id').notNull(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** Grams for sums; the unit the seller entered (lb, oz, kg, g) for display. */
    weightGrams: integer('weight_grams').notNull().default(0),
    weightUnit: text('weight_unit', { enum: ['lb', 'oz', 'kg', 'g'] }).notNull().default('g'),
    lengthMm: integer('length_mm'),
    widthMm: integer('width_mm'),
    heightMm: integer('height_mm'),
    dimensionUnit: text('dimension_unit', { enum: ['in', 'cm'] }).notNull().default('cm'),
    declaredValueCents: integer('declared_value_cents').notNull().default(0),
    hsCode: text('hs_code'),
    originCountry: text('origin_country'),
    lowThreshold: integer('low_threshold').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'warehouse_products_pkey', columns: [t.agencyId, t.id] }),
    foreignKey({ name: 'warehouse_products_owner_fk', columns: [t.agencyId, t.ownerTeamId], foreignColumns: [sellerTeams.agencyId, sellerTeams.id] }),
    uniqueIndex('warehouse_products_sku_uq').on(t.agencyId, t.ownerTeamId, t.sku),
  ],
);

/**
 * Stock of one product in one warehouse: written only in the transaction that inserts its movements, under this row's
 * lock (as a wallet's balance is with the money ledger). on_hand = the sum of its movements' on-hand deltas, reserved
 * likewise; the database refuses reserved above on hand or below zero.
 */
export const stockLevels = pgTable(
  'stock_levels',
  {
    agencyId: uuid('agency_id').notNull().references(() => agencies.id),
    id: uuid('id').notNull().$defaultFn(() => uuidv7()),
    warehouseId: uuid('warehouse_id').notNull(),
    warehouseProductId: uuid('warehouse_product_id').notNull(),
    onHand: integer('on_hand').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    /** This warehouse's own low-stock threshold; null: the product's. */
    lowThreshold: integer('low_threshold'),
    /** Set when available stock crossed the product's threshold downwards (one alert per crossing); cleared above it. */
    lowAlerted: boolean('low_alerted').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'stock_levels_pkey', columns: [t.agencyId, t.id] }),
    uniqueIndex('stock_levels_place_uq').on(t.agencyId, t.warehouseId, t.warehouseProductId),
    foreignKey({ name: 'stock_levels_warehouse_fk', columns: [t.agencyId, t.warehouseId], foreignColumns: [warehouses.agencyId, warehouses.id] }),
    foreignKey({ name: 'stock_levels_product_fk', columns: [t.agencyId, t.warehouseProductId], foreignColumns: [warehouseProducts.agencyId, warehouseProducts.id] }),
    check('stock_levels_counts_ck', sql`${t.reserved} >= 0 and ${t.reserved} <= ${t.onHand}`),
  ],
);

export const STOCK_MOVEMENT_KINDS = ['receipt', 'reserve', 'release', 'ship', 'return', 'adjust', 'transfer-out', 'transfer-in'] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

/** The stock ledger (docs/warehouses.md): one immutable row per change of one level, naming what caused it and who. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    agencyId: uuid('agency_id').notNull().references(() => agencies.id),
    id: uuid('id').notNull().$defaultFn(() => uuidv7()),
    warehouseId: uuid('warehouse_id').notNull(),
    warehouseProductId: uuid('warehouse_product_id').notNull(),
    kind: text('kind', { enum: STOCK_MOVEMENT_KINDS }).notNull(),
    onHandDelta: integer('on_hand_delta').notNull(),
    reservedDelta: integer('reserved_delta').notNull(),
    orderId: uuid('order_id'),
    orderItemId: uuid('order_item_id'),
    shipmentId: uuid('shipment_id'),
    inboundShipmentId: uuid('inbound_shipment_id'),
    /** An adjustment's reason, in the words of whoever made it. */
    reason: text('reason'),
    actorId: uuid('actor_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'stock_movements_pkey', columns: [t.agencyId, t.id] }),
    foreignKey({ name: 'stock_movements_warehouse_fk', columns: [t.agencyId, t.warehouseId], foreignColumns: [warehouses.agencyId, warehouses.id] }),
    foreignKey({ name: 'stock_movements_product_fk', columns: [t.agencyId, t.warehouseProductId], foreignColumns: [warehouseProducts.agencyId, warehouseProducts.id] }),
    index('stock_movements_place_idx').on(t.agencyId, t.warehouseId, t.warehouseProductId, t.createdAt),
    index('stock_movements_order_idx').on(t.agencyId, t.orderId).where(sql`order_id is not null`),
  ],
);

export const INBOUND_STATUSES = ['declared', 'in_transit', 'partly_received', 'received', 'closed'] as const;
export type InboundStatus = (typeof INBOUND_STATUSES)[number];

/** Stock a seller team sends to a warehouse: declared by the team, counted by the warehouse on arrival. */
export const inboundShipments = pgTable(
  'inbound_shipments',
  {
    agencyId: uuid('agency_id').notNull().references(() => agencies.id),
    id: uuid('id').notNull().$defaultFn(() => uuidv7()),
    /** A short reference printed on the boxes (IN-000123), unique per agency. */
    reference: text('reference').notNull(),
    ownerTeamId: uuid('owner_team_id').notNull(),
    warehouseId: uuid('warehouse_id').notNull(),
    status: text('status', { enum: INBOUND_STATUSES }).notNull().default('declared'),
    carrier: text('carrier').notNull().default(''),
    trackingNumber: text('tracking_number').notNull().default(''),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by'),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'inbound_shipments_pkey', columns: [t.agencyId, t.id] }),
    uniqueIndex('inbound_shipments_reference_uq').on(t.agencyId, t.reference),
    foreignKey({ name: 'inbound_shipments_owner_fk', columns: [t.agencyId, t.ownerTeamId], foreignColumns: [sellerTeams.agencyId, sellerTeams.id] }),
    foreignKey({ name: 'inbound_shipments_warehouse_fk', columns: [t.agencyId, t.warehouseId], foreignColumns: [warehouses.agencyId, warehouses.id] }),
    index('inbound_shipments_owner_idx').on(t.agencyId, t.ownerTeamId, t.createdAt),
    index('inbound_shipments_warehouse_idx').on(t.agencyId, t.warehouseId, t.status, t.createdAt),
  ],
);

/** One product of an inbound shipment: what the team declared beside what the warehouse counted (discrepancies stay visible). */
export const inboundLines = pgTable(
  'inbound_lines',
  {
    agencyId: uuid('agency_id').notNull().references(() => agencies.id),
    id: uuid('id').notNull().$defaultFn(() => uuidv7()),
    inboundShipmentId: uuid('inbound_shipment_id').notNull(),
    warehouseProductId: uuid('warehouse_product_id').notNull(),
    declaredQuantity: integer('declared_quantity').notNull(),
    /** The sum of the warehouse's counts so far (each count is a receipt movement of what was counted). */
    receivedQuantity: integer('received_quantity').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'inbound_lines_pkey', columns: [t.agencyId, t.id] }),
    foreignKey({ name: 'inbound_lines_shipment_fk', columns: [t.agencyId, t.inboundShipmentId], foreignColumns: [inboundShipments.agencyId, inboundShipments.id] }),
    foreignKey({ name: 'inbound_lines_product_fk', columns: [t.agencyId, t.warehouseProductId], foreignColumns: [warehouseProducts.agencyId, warehouseProducts.id] }),
    uniqueIndex('inbound_lines_product_uq').on(t.agencyId, t.inboundShipmentId, t.warehouseProductId),
    check('inbound_lines_counts_ck', sql`${t.declaredQuantity} > 0 and ${t.receivedQuantity} >= 0`),
  ],
);

export const WAREHOUSE_FULFILMENT_STATUSES = ['to_pick', 'packed', 'shipped', 'cannot_ship', 'cancelled'] as const;
export type WarehouseFulfilmentStatus = (typeof WAREHOUSE_FULFILMENT_STATUSES)[number];

/**
 * An order's warehouse lines routed to one warehouse at approval (docs/warehouses.md "Orders"): the operator's queue
 * reads these, never the order's money. One per order: an order goes to one warehouse.
 */
export const warehouseFulfilments = pgTable(
  'warehouse_fulfilments',
  {
    agencyId: uuid('agency_id').notNull().references(() => agencies.id),
    id: uuid('id').notNull().$defaultFn(() => uuidv7()),
    orderId: uuid('order_id').notNull(),
    warehouseId: uuid('warehouse_id').notNull(),
    /** The team that owns the stock and the order (the operator's team is the warehouse's). */
    ownerTeamId: uuid('owner_team_id').notNull(),
    status: text('status', { enum: WAREHOUSE_FULFILMENT_STATUSES }).notNull().default('to_pick'),
    /** Why the warehouse cannot ship it, in its words. */
    problem: text('problem'),
    shipmentId: uuid('shipment_id'),
    packedAt: timestamp('packed_at', { withTimezone: true, mode: 'date' }),
    shippedAt: timestamp('shipped_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'warehouse_fulfilments_pkey', columns: [t.agencyId, t.id] }),
    uniqueIndex('warehouse_fulfilments_order_uq').on(t.agencyId, t.orderId),
    foreignKey({ name: 'warehouse_fulfilments_warehouse_fk', columns: [t.agencyId, t.warehouseId], foreignColumns: [warehouses.agencyId, warehouses.id] }),
    index('warehouse_fulfilments_queue_idx').on(t.agencyId, t.warehouseId, t.status, t.createdAt, t.id),
  ],
);

/** A month of storage charged to a team for one warehouse: the row is the idempotency of the monthly job. */
export const warehouseStorageCharges = pgTable(
  'warehouse_storage_charges',
  {
    agencyId: uuid('agency_id').notNull().references(() => agencies.id),
    id: uuid('id').notNull().$defaultFn(() => uuidv7()),
    warehouseId: uuid('warehouse_id').notNull(),
    ownerTeamId: uuid('owner_team_id').notNull(),
    /** YYYY-MM (UTC). */
    month: text('month').notNull(),
    /** The month's average units on hand, in hundredths (a unit held half the month counts 50). */
    unitHundredths: integer('unit_hundredths').notNull(),
    amountCents: integer('amount_cents').notNull(),
    ledgerEntryId: uuid('ledger_entry_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'warehouse_storage_charges_pkey', columns: [t.agencyId, t.id] }),
    uniqueIndex('warehouse_storage_charges_month_uq').on(t.agencyId, t.warehouseId, t.ownerTeamId, t.month),
    foreignKey({ name: 'warehouse_storage_charges_warehouse_fk', columns: [t.agencyId, t.warehouseId], foreignColumns: [warehouses.agencyId, warehouses.id] }),
  ],
);
