import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { artworkSlots, buyerColumns, cents, createdAt, id, updatedAt } from './columns';
import { agencies } from './agencies';
import { sellerTeams } from './sellers';
import { stores } from './stores';

/**
 * Orders (spec part 2 section 3; model and state machine in docs/orders.md). Money in cents:
 * the customer's side as the store sold it (subtotal, shipping, discount, total, refunded) and
 * what the seller's wallet was charged (base cost and shipping from the team's base cost,
 * snapshotted on the items at approval, plus any design cost).
 */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    agencyId: uuid('agency_id').notNull().references(() => agencies.id),
    sellerTeamId: uuid('seller_team_id').notNull().references(() => sellerTeams.id),
    /** The user who created or imported the order. */
    sellerId: uuid('seller_id'),
    orderName: text('order_name').notNull().default(''),
    /** pod, fake or drop (catalog types); from the items' catalogs. */
    orderType: text('order_type', { enum: ['pod', 'fake', 'drop'] }).notNull().default('pod'),
    status: text('status').notNull().default('Unfulfilled'),
    /** Where a held order goes back to on unhold, and who held it ('seller' or 'agency'). */
    holdFromStatus: text('hold_from_status'),
    heldBy: text('held_by', { enum: ['seller', 'agency'] }),
    /** The reason of the last reject or hold (the history keeps all of them). */
    statusReason: text('status_reason'),
    referenceId1: text('reference_id1').notNull().default(''),
    referenceId2: text('reference_id2').notNull().default(''),
    ...buyerColumns(),
    /** 0 Invalid, 1 Valid, 2 Verified, 3 Checking (docs/orders.md, "Address check"). */
    addressStatus: smallint('address_status').notNull().default(3),
    /** The agency does not ship to this destination (its shipping exclusions); see cannot-ship.ts. */
    cannotShip: boolean('cannot_ship').notNull().default(false),
    /** The agency let an excluded-destination order proceed (ignore-cannot-ship). */
    ignoreCannotShip: boolean('ignore_cannot_ship').notNull().default(false),
    shippingMethod: text('shipping_method', { enum: ['standard', 'express', 'overnight'] }).notNull().default('standard'),
    subTotalPriceCents: cents('sub_total_price_cents').notNull().default(0),
    shippingFeeCents: cents('shipping_fee_cents').notNull().default(0),
    totalDiscountCents: cents('total_discount_cents').notNull().default(0),
    totalPriceCents: cents('total_price_cents').notNull().default(0),
    totalRefundCents: cents('total_refund_cents').notNull().default(0),
    /**
     * The sale as the store or the agency's store front recorded it when the order was created:
     * the only figure order profit reads (docs/money.md, "Sale price"). Written at creation (and
     * by the store's own later record before approval), never by a seller's edit. Null: no
     * recorded sale (the seller's own CSV orders), so nothing to earn.
     */
    saleTotalCents: cents('sale_total_cents'),
    /** What the wallet was charged at approval (items + shipping), and the design cost charged. */
    baseCostCents: cents('base_cost_cents').notNull().default(0),
    shippingCostCents: cents('shipping_cost_cents').notNull().default(0),
    chargedCents: cents('charged_cents').notNull().default(0),
    designCostCents: cents('design_cost_cents').notNull().default(0),
    itemCount: integer('item_count').notNull().default(0),
    /** Design service (metadata.hire_design_status, requester_id, designer). */
    hireDesignStatus: text('hire_design_status'),
    designRequesterId: uuid('design_requester_id'),
    designerId: uuid('designer_id'),
    /** Free metadata the store sent (notes, e-mail) and anything the import carried. */
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    /** The store-front domain (proxy) the order came through. */
    proxyId: uuid('proxy_id'),
    /** The import that created the order, and the store's own order id for the tracking sync. */
    importId: uuid('import_id'),
    externalId: text('external_id'),
    /** The store the order came from (or was linked to): tracking goes back through it (docs/stores.md). */
    storeId: uuid('store_id'),
    /** When tracking was last synced to the store. */
    syncAt: timestamp('sync_at', { withTimezone: true, mode: 'date' }),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    /**
     * When it should ship: its approval plus its production time (the longest its catalogs state, else the agency's
     * setting), set by the database (trigger of migration 0033) when approved_at is written. KPIs: late, on time.
     */
    productionDueAt: timestamp('production_due_at', { withTimezone: true, mode: 'date' }),
    /** When the status last changed: set by the database (trigger of migration 0031) whoever changes it; null before 0031 (read as updated_at). */
    statusAt: timestamp('status_at', { withTimezone: true, mode: 'date' }).defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // An order name once per team and source (a store, or none: files and hand-made orders), so two shops of one
    // team may both send "#1001" and re-imports of a file do not duplicate. Its prefix (agency, team, name) also
    // answers the file import's question "does the team have this name from any source?" (docs/stores.md).
    uniqueIndex('orders_source_name_uq')
      .on(t.agencyId, t.sellerTeamId, t.orderName, sql`coalesce(${t.storeId}, '00000000-0000-0000-0000-000000000000'::uuid)`)
      .where(sql`order_name <> ''`),
    // A store order exists once, whatever the number and order of webhook deliveries and pulls.
    uniqueIndex('orders_store_external_uq').on(t.agencyId, t.storeId, t.externalId).where(sql`store_id is not null and external_id is not null`),
    foreignKey({ name: 'orders_store_fk', columns: [t.agencyId, t.storeId], foreignColumns: [stores.agencyId, stores.id] }),
    index('orders_agency_created_idx').on(t.agencyId, t.createdAt, t.id),
    index('orders_agency_status_created_idx').on(t.agencyId, t.status, t.createdAt, t.id),
    index('orders_team_created_idx').on(t.sellerTeamId, t.createdAt, t.id),
    index('orders_team_status_created_idx').on(t.sellerTeamId, t.status, t.createdAt, t.id),
    // Proxy screens count orders per proxy and refuse deleting a proxy in use.
    index('orders_proxy_idx').on(t.proxyId).where(sql`proxy_id is not null`),
    index('orders_design_idx').on(t.agencyId, t.hireDesignStatus, t.createdAt).where(sql`hire_design_status is not null`),
    index('orders_import_idx').on(t.importId).where(sql`import_id is not null`),
    // The order notifications' kinds no other index finds (order-filters.ts attentionCondition, the same predicates):
    // a count or its filtered list walks these newest first and stops at the cap; the trailing team lets a seller's
    // walk filter in the index alone. Partial, so the other orders never touch them (docs/orders.md).
    index('orders_cannot_ship_open_idx').on(t.agencyId, t.createdAt, t.id, t.sellerTeamId)
      .where(sql`cannot_ship and not ignore_cannot_ship and status in ('Unfulfilled', 'InReview', 'Approved', 'Hold', 'Rejected')`),
    index('orders_address_invalid_open_idx').on(t.agencyId, t.createdAt, t.id, t.sellerTeamId)
      .where(sql`address_status = 0 and status in ('Unfulfilled', 'InReview', 'Approved', 'Hold', 'Rejected')`),
    index('orders_awaiting_stock_idx').on(t.agencyId, t.createdAt, t.id, t.sellerTeamId)
      .where(sql`status = 'Hold' and held_by = 'agency' and status_reason = 'awaiting stock'`),
    // The production report reads these in pages by (approved_at, id); partial, so imports never touch it.
    // Approved, not shipped, by when they should ship: the KPIs' late orders.
    index('orders_production_due_idx').on(t.agencyId, t.productionDueAt, t.id).where(sql`status in ('Approved', 'InProduction')`),
    // Holds by age: the KPIs' stuck orders.
    index('orders_hold_since_idx').on(t.agencyId, t.statusAt, t.id).where(sql`status = 'Hold'`),
    index('orders_production_idx').on(t.agencyId, t.approvedAt, t.id).where(sql`status in ('Approved', 'InProduction')`),
    // Contains-search (order-filters.ts searchText, the same expression): trigrams answer an ILIKE
    // '%...%' without reading every order of the scope.
    index('orders_search_trgm_idx').using(
      'gin',
      sql`(${t.orderName} || chr(9) || ${t.fullName} || chr(9) || ${t.email} || chr(9) || ${t.referenceId1} || chr(9) || ${t.referenceId2}) gin_trgm_ops`,
    ),
  ],
);

/**
 * An order line: the SKU as it came, the catalog variant it resolved to, the customer's price,
 * the base cost snapshot taken at approval, six artwork slots, its own fulfilment status (the
 * order's InTransit / PartiallyFulfilled / Fulfilled are derived from these) and its shipment.
 */
export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: uuid('order_id').notNull().references(() => orders.id),
    // Copies of the order's tenant (for tenant-scoped item lists), always written from the order:
    // no foreign keys of their own, the order's already hold (docs/decisions.md, "Order import speed").
    agencyId: uuid('agency_id').notNull(),
    sellerTeamId: uuid('seller_team_id').notNull(),
    position: smallint('position').notNull().default(0),
    sku: text('sku').notNull().default(''),
    catalogVariantId: uuid('catalog_variant_id'),
    catalogId: uuid('catalog_id'),
    /** The store product variant it came as, when it resolved through a mapping (docs/stores.md "Mapping"). */
    productVariantId: uuid('product_variant_id'),
    /** Fulfilled from a warehouse's stock instead of printed (docs/warehouses.md): exclusive with catalog_variant_id. */
    warehouseProductId: uuid('warehouse_product_id'),
    title: text('title').notNull().default(''),
    color: text('color').notNull().default(''),
    size: text('size').notNull().default(''),
    quantity: integer('quantity').notNull().default(1),
    priceCents: cents('price_cents').notNull().default(0),
    /** The unit sale price the store or store front recorded at creation (see orders.saleTotalCents). */
    salePriceCents: cents('sale_price_cents'),
    /** Unit base price and this line's shipping share, from the team's base cost at approval. */
    baseCostCents: cents('base_cost_cents'),
    shippingCostCents: cents('shipping_cost_cents'),
    ...artworkSlots(),
    /** Unfulfilled, InProduction, InTransit, Fulfilled or Cancel. */
    status: text('status').notNull().default('Unfulfilled'),
    shipmentId: uuid('shipment_id'),
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
    refundedCents: cents('refunded_cents').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId, t.position),
    // Lines waiting for a mapping (no catalog variant, not cancelled): few, so the order list's "needs mapping" probe
    // per row reads this small index instead of every line of the order (docs/benchmarks.md, "Orders at scale").
    index('order_items_unmapped_idx').on(t.orderId).where(sql`catalog_variant_id is null and warehouse_product_id is null and status <> 'Cancel'`),
    index('order_items_agency_created_idx').on(t.agencyId, t.createdAt, t.id),
    index('order_items_team_created_idx').on(t.sellerTeamId, t.createdAt, t.id),
    index('order_items_shipment_idx').on(t.shipmentId).where(sql`shipment_id is not null`),
  ],
);

/** A parcel: tracking number and carrier for some items of an order (several per order when split). */
export const orderShipments = pgTable(
  'order_shipments',
  {
    id: id(),
    orderId: uuid('order_id').notNull().references(() => orders.id),
    agencyId: uuid('agency_id').notNull().references(() => agencies.id),
    sellerTeamId: uuid('seller_team_id').notNull().references(() => sellerTeams.id),
    trackingNumber: text('tracking_number').notNull(),
    carrier: text('carrier').notNull().default(''),
    trackingUrl: text('tracking_url').notNull().default(''),
    /** InTransit until delivered (Fulfilled), or Cancel (shipment-cancel). */
    status: text('status').notNull().default('InTransit'),
    /** The store sync: pending, synced or failed (with the last error). */
    syncStatus: text('sync_status', { enum: ['pending', 'synced', 'failed'] }).notNull().default('pending'),
    syncError: text('sync_error'),
    syncedAt: timestamp('synced_at', { withTimezone: true, mode: 'date' }),
    /** The store's own id of the fulfilment the sync created (Shopify: fulfillment id), so a cancel can reach it. */
    storeFulfillmentId: text('store_fulfillment_id'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('order_shipments_order_idx').on(t.orderId),
    index('order_shipments_agency_created_idx').on(t.agencyId, t.createdAt, t.id),
    uniqueIndex('order_shipments_tracking_uq').on(t.orderId, t.trackingNumber),
  ],
);

/**
 * The order's timeline: every status change (from, to, action, reason), note, address change,
 * design step, tracking and refund, with who did it. Audit entries hold before/after as well.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: id(),
    orderId: uuid('order_id').notNull().references(() => orders.id),
    /** The order's agency, copied from it (no foreign key of its own, like order_items). */
    agencyId: uuid('agency_id').notNull(),
    kind: text('kind', { enum: ['status', 'note', 'address', 'customer', 'design', 'tracking', 'refund', 'item', 'import'] }).notNull(),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    message: text('message').notNull().default(''),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email').notNull().default(''),
    /** Notes may be internal to the agency (never shown to the seller). */
    internal: boolean('internal').notNull().default(false),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

/** A seller's change request on an approved order item (reupload_design, change_catalog_code, others). */
export const orderChangeRequests = pgTable(
  'order_change_requests',
  {
    id: id(),
    orderId: uuid('order_id').notNull().references(() => orders.id),
    orderItemId: uuid('order_item_id'),
    agencyId: uuid('agency_id').notNull().references(() => agencies.id),
    reason: text('reason', { enum: ['reupload_design', 'change_catalog_code', 'others'] }).notNull(),
    note: text('note').notNull().default(''),
    /** What the seller asks for: new artwork urls or a new SKU. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: ['pending', 'approved', 'canceled'] }).notNull().default('pending'),
    createdBy: uuid('created_by'),
    resolvedBy: uuid('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('order_change_requests_order_idx').on(t.orderId, t.createdAt)],
);

/** A refund: full or per item, into the wallet through the ledger, with its IN invoice. */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: id(),
    orderId: uuid('order_id').notNull().references(() => orders.id),
    agencyId: uuid('agency_id').notNull().references(() => agencies.id),
    sellerTeamId: uuid('seller_team_id').notNull().references(() => sellerTeams.id),
    amountCents: cents('amount_cents').notNull(),
    /** [{ orderItemId, quantity, amountCents }]; empty for a whole-order refund of the rest. */
    items: jsonb('items').$type<{ orderItemId: string; quantity: number; amountCents: number }[]>().notNull().default([]),
    reason: text('reason').notNull().default(''),
    ledgerEntryId: uuid('ledger_entry_id'),
    invoiceId: uuid('invoice_id'),
    actorId: uuid('actor_id'),
    createdAt: createdAt(),
  },
  (t) => [index('order_refunds_order_idx').on(t.orderId)],
);

/**
 * One CSV import (`/s/orders/import/histories`): the file's hash makes a re-import of the same
 * file recognisable; per-row outcomes of failed rows live in `failures` and in the report file.
 */
export const orderImports = pgTable(
  'order_imports',
  {
    id: id(),
    agencyId: uuid('agency_id').notNull().references(() => agencies.id),
    sellerTeamId: uuid('seller_team_id').notNull().references(() => sellerTeams.id),
    userId: uuid('user_id'),
    fileName: text('file_name').notNull(),
    fileSha256: text('file_sha256').notNull(),
    /** 'template' (the agency's own) or 'shopify' (Shopify's order export). */
    format: text('format', { enum: ['template', 'shopify'] }).notNull(),
    createProduct: boolean('create_product').notNull().default(false),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] }).notNull().default('queued'),
    jobId: uuid('job_id'),
    totalRows: integer('total_rows').notNull().default(0),
    ordersCreated: integer('orders_created').notNull().default(0),
    ordersSkipped: integer('orders_skipped').notNull().default(0),
    failedRows: integer('failed_rows').notNull().default(0),
    /** [{ row, orderName, reason }] (capped; the report file has every failed row). */
    failures: jsonb('failures').$type<{ row: number; orderName: string; reason: string }[]>().notNull().default([]),
    reportFileId: uuid('report_file_id'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('order_imports_team_created_idx').on(t.sellerTeamId, t.createdAt), index('order_imports_agency_created_idx').on(t.agencyId, t.createdAt)],
);
