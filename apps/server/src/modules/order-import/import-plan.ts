/**
 * What an order file would do, shared by the dry run and the job: read, group, check each row,
 * resolve every SKU in one query (a variant of a catalog the agency offers), and leave out every
 * order that has a failed row (all of its rows go to the report, so fixing the row and importing
 * the report or the fixed file again creates exactly that order).
 */
import { uuidv7 } from 'uuidv7';
import { ORDER_IMPORT_LIMITS, ORDER_IMPORT_MSG, checkAddress, isExcludedDestination, normaliseAddress, type AgencySettings, type OrderImportFormat } from '@fbo/shared';
import type { Db, Tx } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { manualStoresOf, sameStoreName } from '../products';
import { ordersFromSheet, readColumns, type ImportOrder, type RowFailure } from './orders-from-sheet';
import * as repo from './order-import.repo';
import { detectFormat, readSheet, type Sheet } from './sheet';

export interface ImportPlan {
  format: OrderImportFormat;
  sheet: Sheet;
  orders: ImportOrder[];
  /** Orders with every row good, in file order. */
  ready: ImportOrder[];
  failures: RowFailure[];
  variants: Map<string, repo.ResolvedVariant>;
  /**
   * createProduct: SKUs imported as lines waiting for a mapping ("needs mapping"), with their store variant: a variant
   * of the team's products not mapped yet, or (null until the job makes it) a product made from an unknown SKU.
   */
  waiting: Map<string, { productVariantId: string | null }>;
  /** SKUs fulfilled from a warehouse's stock: the team's warehouse SKUs, or store variants mapped to a warehouse product. */
  stocked: Map<string, StockedLine>;
  /** createProduct: the SKUs that are neither a catalog variant nor a variant of the team's products, with the first line naming each. */
  unknown: Map<string, { title: string; priceCents: number; store: string }>;
}

export interface PlanOptions {
  /** Unknown and unmapped SKUs are imported as lines waiting for a mapping; unknown ones become products. */
  createProduct?: boolean;
}

export async function planImport(db: Db | Tx, scope: { agencyId: string; sellerTeamId: string }, file: { name: string; data: Buffer }, options: PlanOptions = {}): Promise<ImportPlan> {
  const sheet = await readSheet(file.name, file.data, readColumns);
  const format = detectFormat(sheet.headers);
  if (sheet.rows.length === 0) throw badRequest(ORDER_IMPORT_MSG.emptyFile, { file: ORDER_IMPORT_MSG.emptyFile });
  if (sheet.rows.length > ORDER_IMPORT_LIMITS.maxRows) throw badRequest(ORDER_IMPORT_MSG.tooManyRows, { file: ORDER_IMPORT_MSG.tooManyRows });

  const { orders, failures } = ordersFromSheet(sheet, format);
  const skus = new Set<string>();
  for (const o of orders) for (const item of o.items) skus.add(item.sku);
  const variants = await repo.variantsBySku(db, scope.agencyId, [...skus]);
  const waiting = new Map<string, { productVariantId: string | null }>();
  const stocked = new Map<string, StockedLine>();
  const refusals = await resolveThroughMapping(db, scope, [...skus].filter((sku) => !variants.has(sku)), variants, options.createProduct ? waiting : null, stocked);
  const manual = options.createProduct && skus.size > variants.size + waiting.size ? await manualStoresOf(db, scope) : [];

  const ready: ImportOrder[] = [];
  const failedOrders: ImportOrder[] = [];
  const unknown = new Map<string, { title: string; priceCents: number; store: string }>();
  for (const order of orders) {
    for (const item of order.items) {
      if (variants.has(item.sku) || waiting.has(item.sku) || stocked.has(item.sku)) continue;
      let reason = refusals.get(item.sku) ?? ORDER_IMPORT_MSG.unknownSku(item.sku);
      if (options.createProduct && !refusals.has(item.sku)) {
        // A product is made of it (in the store the line names, which must be a manual store of the team) and the line waits for its mapping.
        if (!item.store || manual.some((m) => sameStoreName(m.name, item.store))) {
          if (!unknown.has(item.sku)) unknown.set(item.sku, { title: item.title, priceCents: item.priceCents, store: item.store });
          continue;
        }
        reason = ORDER_IMPORT_MSG.storeNotManual(item.store);
      }
      failures.push({ index: item.index, line: item.line, orderName: order.orderName, reason });
      if (order.failedLine === null || item.line < order.failedLine) order.failedLine = item.line;
    }
    if (order.failedLine === null) ready.push(order);
    else failedOrders.push(order);
  }
  // A failed order's other rows are reported too: the report is the file to fix and import again.
  const failedLines = new Set(failures.map((f) => f.line));
  for (const order of failedOrders) {
    for (const item of order.items) {
      if (!failedLines.has(item.line)) failures.push({ index: item.index, line: item.line, orderName: order.orderName, reason: ORDER_IMPORT_MSG.orderFailed(order.failedLine!) });
    }
  }
  failures.sort((a, b) => a.line - b.line);
  return { format, sheet, orders, ready, failures, variants, waiting, stocked, unknown };
}

/**
 * A SKU that is no catalog variant code may be a store variant of the team: it resolves to the catalog variant it
 * is mapped to (added to `variants`, with its artwork). One that names several variants is refused, never guessed;
 * one ignored (the seller ships it) is refused with the reason; one not mapped yet waits for its mapping when
 * `waiting` is given (createProduct), else is refused. Answers the refusals by SKU.
 */
async function resolveThroughMapping(
  db: Db | Tx,
  scope: { agencyId: string; sellerTeamId: string },
  skus: string[],
  variants: Map<string, repo.ResolvedVariant>,
  waiting: Map<string, { productVariantId: string | null }> | null,
  stocked: Map<string, StockedLine>,
) {
  const refusals = new Map<string, string>();
  // The team's warehouse products by their own SKU come first: the seller names what it stocks.
  for (const [sku, p] of await repo.warehouseProductsBySku(db, scope, skus)) stocked.set(sku, { warehouseProductId: p.id, productVariantId: null, name: p.name });
  for (const [sku, mapped] of await repo.mappedBySku(db, scope, skus.filter((sku) => !stocked.has(sku)))) {
    const [only] = mapped;
    if (mapped.length > 1) refusals.set(sku, ORDER_IMPORT_MSG.skuAmbiguous(sku));
    else if (only!.ignored) refusals.set(sku, ORDER_IMPORT_MSG.skuIgnored(sku));
    else if (only!.warehouseProductId) stocked.set(sku, { warehouseProductId: only!.warehouseProductId, productVariantId: only!.productVariantId, name: '' });
    else if (!only!.variant && waiting) waiting.set(sku, { productVariantId: only!.productVariantId });
    else if (!only!.variant) refusals.set(sku, ORDER_IMPORT_MSG.skuNotMapped(sku));
    else variants.set(sku, { ...only!.variant, productVariantId: only!.productVariantId, artworks: only!.artworks });
  }
  return refusals;
}

/** A line fulfilled from a warehouse's stock (docs/warehouses.md): by the team's warehouse SKU, or a store variant mapped to one. */
export interface StockedLine {
  warehouseProductId: string;
  productVariantId: string | null;
  name: string;
}

/** The database rows of a batch of ready orders (cents, address check, cannot-ship, order type). */
export function toRecords(
  batch: ImportOrder[],
  variants: Map<string, repo.ResolvedVariant>,
  waiting: ImportPlan['waiting'],
  stocked: ImportPlan['stocked'],
  settings: Pick<AgencySettings, 'agencyShippingStatus' | 'shippingExcludeCode'>,
  format: OrderImportFormat,
): { orders: repo.OrderRecord[]; items: repo.ItemRecord[] } {
  const orders: repo.OrderRecord[] = [];
  const items: repo.ItemRecord[] = [];
  for (const o of batch) {
    const f = o.fields;
    const id = uuidv7();
    let itemsCents = 0;
    o.items.forEach((item, position) => {
      itemsCents += item.priceCents * item.quantity;
      const v = variants.get(item.sku);
      const stock = v ? undefined : stocked.get(item.sku);
      if (stock) {
        items.push({
          id: uuidv7(), order_id: id, position, sku: item.sku, catalog_variant_id: null, catalog_id: null, product_variant_id: stock.productVariantId,
          warehouse_product_id: stock.warehouseProductId, title: item.title || stock.name, color: '', size: '', quantity: item.quantity, price_cents: item.priceCents,
          artwork1: null, artwork2: null, artwork3: null, artwork4: null, artwork5: null, artwork6: null,
        });
        return;
      }
      if (!v) {
        // A line waiting for its mapping: its store variant only, resolved later by sync-to-item.
        items.push({
          id: uuidv7(), order_id: id, position, sku: item.sku, catalog_variant_id: null, catalog_id: null, product_variant_id: waiting.get(item.sku)?.productVariantId ?? null,
          warehouse_product_id: null, title: item.title, color: '', size: '', quantity: item.quantity, price_cents: item.priceCents,
          artwork1: item.artworks[0] ?? null, artwork2: item.artworks[1] ?? null, artwork3: item.artworks[2] ?? null,
          artwork4: item.artworks[3] ?? null, artwork5: item.artworks[4] ?? null, artwork6: item.artworks[5] ?? null,
        });
        return;
      }
      // The file's artwork wins; an empty slot takes the mapping's (a SKU resolved through the mapping).
      const [a1, a2, a3, a4, a5, a6] = [0, 1, 2, 3, 4, 5].map((i) => item.artworks[i] || v.artworks?.[i] || null);
      items.push({
        id: uuidv7(), order_id: id, position, sku: item.sku, catalog_variant_id: v.id, catalog_id: v.catalogId, product_variant_id: v.productVariantId ?? null,
        warehouse_product_id: null, title: item.title || v.catalogName, color: v.color, size: v.size, quantity: item.quantity, price_cents: item.priceCents,
        artwork1: a1 ?? null, artwork2: a2 ?? null, artwork3: a3 ?? null, artwork4: a4 ?? null, artwork5: a5 ?? null, artwork6: a6 ?? null,
      });
    });
    const a = normaliseAddress({
      fullName: f.fullName, address1: f.address1, address2: f.address2, city: f.city, province: f.province, zipCode: f.zipCode,
      country: f.country, countryCode: f.countryCode, phone: f.phone, email: f.email,
    });
    const address = checkAddress(a);
    const subTotal = f.subTotalCents ?? itemsCents;
    const metadata: Record<string, unknown> = { source: format };
    if (f.notes) metadata.notes = f.notes;
    if (f.financialStatus) metadata.financialStatus = f.financialStatus;
    orders.push({
      id, event_id: uuidv7(), order_name: o.orderName,
      // The first resolved item's catalog decides (an order mixes catalog types rarely; docs/decisions.md); POD until one is.
      order_type: o.items.map((i) => variants.get(i.sku)).find(Boolean)?.catalogType ?? 'pod',
      reference_id1: f.referenceId1, reference_id2: f.referenceId2, full_name: a.fullName, email: a.email ?? '', phone: a.phone ?? '',
      address1: a.address1, address2: a.address2 ?? '', city: a.city, province: a.province, zip_code: a.zipCode, country: a.country ?? '',
      country_code: a.countryCode, address_status: address.status,
      cannot_ship: isExcludedDestination(settings, a.countryCode, a.province), shipping_method: f.shippingMethod,
      sub_total_price_cents: subTotal, shipping_fee_cents: f.shippingFeeCents, total_discount_cents: f.discountCents,
      total_price_cents: f.totalCents ?? Math.max(0, subTotal + f.shippingFeeCents - f.discountCents),
      item_count: o.items.reduce((n, i) => n + i.quantity, 0), metadata, external_id: f.externalId,
    });
  }
  return { orders, items };
}
