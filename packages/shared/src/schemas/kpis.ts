/**
 * The KPI figures `GET /api/dashboards/profits` answers beside the profit dashboard's (docs/kpis.md;
 * definitions in docs/decisions.md "KPIs"). Every figure comes from the roll-ups, never from a scan of
 * the orders; amounts travel as US dollars, counts as integers, shares and rates as 0..1 (null when
 * there is nothing to divide by).
 */
import { z } from 'zod';

/** The quick ranges (spec part 2 section 9): the last N days, today included. */
export const KPI_QUICK_RANGES = [
  { key: 'week', label: 'Last week', days: 7 },
  { key: 'month', label: 'Last month', days: 30 },
  { key: 'quarter', label: 'Last 3 months', days: 90 },
] as const;
export type KpiQuickRange = (typeof KPI_QUICK_RANGES)[number]['key'];

/** A hold older than this many days is "stuck" (the query may ask for another threshold, 1 to 90). */
export const KPI_STUCK_HOLD_DAYS = 3;
/** Late and stuck orders listed at most. */
export const KPI_ATTENTION_LIMIT = 50;

/** Figures of one day or of a whole range, beyond the profit dashboard's. */
export const kpiFigures = {
  /** Orders created (by their creation's UTC day), and their order totals (customer sales). */
  orders: z.number().int(),
  customerSales: z.number(),
  /** What sellers were charged (order and design charges) less refunds; the platform cost of those charges; the difference. */
  revenue: z.number(),
  cost: z.number(),
  margin: z.number(),
  /** Orders whose first shipment was made that day, and how many of them within their production time after approval. */
  shipped: z.number().int(),
  onTime: z.number().int(),
};

export const kpiRangeTotals = z.object({
  ...kpiFigures,
  ordersFulfilled: z.number().int(),
  sales: z.number(),
  charged: z.number(),
  refunded: z.number(),
  profit: z.number(),
  /** Items charged (units). */
  units: z.number().int(),
  /** Orders created in the range that are cancelled now, over the orders created. */
  cancelRate: z.number().nullable(),
  /** Refunded over charged. */
  refundRate: z.number().nullable(),
  /** On time over shipped. */
  onTimeShare: z.number().nullable(),
  /** Average hours from approval to the first shipment. */
  avgShipHours: z.number().nullable(),
});
export type KpiRangeTotals = z.infer<typeof kpiRangeTotals>;

export const kpiTopTeam = z.object({ id: z.string(), name: z.string(), revenue: z.number(), cost: z.number(), margin: z.number(), units: z.number().int(), orders: z.number().int() });
export type KpiTopTeam = z.infer<typeof kpiTopTeam>;
/** A catalog's charged item lines (shipping share included), their platform cost and units; warehouse lines count under "Warehouse stock". */
export const kpiTopCatalog = z.object({ id: z.string().nullable(), name: z.string(), charged: z.number(), cost: z.number(), margin: z.number(), units: z.number().int() });
export type KpiTopCatalog = z.infer<typeof kpiTopCatalog>;

export const kpiAttentionOrder = z.object({
  id: z.string(),
  orderName: z.string(),
  sellerTeamId: z.string(),
  sellerTeamName: z.string(),
  status: z.string(),
  /** late: approved, not shipped, past its production time; stuck: on hold for longer than the threshold. */
  reason: z.enum(['late', 'stuck']),
  /** Approval (late) or the hold (stuck). */
  since: z.string(),
  /** When it should have shipped (late only). */
  dueAt: z.string().nullable(),
});
export type KpiAttentionOrder = z.infer<typeof kpiAttentionOrder>;
