/**
 * What each report writes (docs/orders.md, "Reports"). The order sheets reuse the columns of the
 * orders export (modules/orders/order-export.ts EXPORT_COLUMNS: order, address, item, SKU,
 * quantity, artwork 1-6), so every order file of the back office reads the same.
 */
import { centsToDollars } from '@fbo/shared';
import type { SheetColumn } from '../../lib/spreadsheet';
import { EXPORT_COLUMNS } from '../orders';
import type { orderItems, orders } from '../../db/schema/index';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;
export interface OrderLine {
  o: OrderRow;
  teamName: string;
  item: ItemRow | null;
  /** FK v2: which unit of the item this row is (1..quantity). */
  unit?: number;
}

/** One row per item (an order without items gets one row). */
export function linesPerItem(list: { o: OrderRow; teamName: string }[], items: Map<string, ItemRow[]>): OrderLine[] {
  const out: OrderLine[] = [];
  for (const { o, teamName } of list) {
    const its = items.get(o.id) ?? [];
    if (its.length === 0) out.push({ o, teamName, item: null });
    for (const item of its) out.push({ o, teamName, item });
  }
  return out;
}

/** FK v2: one row per unit, each with quantity 1, so the factory can label every piece. */
export function linesPerUnit(lines: OrderLine[]): OrderLine[] {
  return lines.flatMap((l) =>
    !l.item ? [l] : Array.from({ length: Math.max(1, l.item.quantity) }, (_, i) => ({ ...l, item: { ...l.item!, quantity: 1 }, unit: i + 1 })),
  );
}

export const ORDER_SHEET_COLUMNS: SheetColumn<OrderLine>[] = EXPORT_COLUMNS as SheetColumn<OrderLine>[];
export const PRODUCTION_COLUMNS: SheetColumn<OrderLine>[] = [
  ...ORDER_SHEET_COLUMNS,
  { header: 'Approved at', value: (l) => l.o.approvedAt?.toISOString() ?? '' },
];
export const PER_UNIT_COLUMNS: SheetColumn<OrderLine>[] = [...PRODUCTION_COLUMNS, { header: 'Unit', value: (l) => l.unit ?? '' }];

export interface TeamReportRow {
  team: string;
  code: string;
  orders: number;
  items: number;
  chargedCents: number;
  refundedCents: number;
}
export const TEAM_REPORT_COLUMNS: SheetColumn<TeamReportRow>[] = [
  { header: 'Seller team', value: (r) => r.team },
  { header: 'Code', value: (r) => r.code },
  { header: 'Orders', value: (r) => r.orders },
  { header: 'Items', value: (r) => r.items },
  { header: 'Charged', value: (r) => centsToDollars(r.chargedCents) },
  { header: 'Refunded', value: (r) => centsToDollars(r.refundedCents) },
];
