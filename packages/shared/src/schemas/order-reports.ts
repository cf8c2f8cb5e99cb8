/**
 * Order profit, profit records, the profit dashboard and the order reports/exports
 * (docs/orders.md "Profit", docs/money.md "Order profit"). Amounts travel as US dollars.
 */
import { z } from 'zod';
import { CATALOG_TYPES } from '../domain/catalog';
import { BILL_TABS } from '../domain/money';
import { isoDate, isoDay, listResponse } from './common';
import { KPI_ATTENTION_LIMIT, KPI_STUCK_HOLD_DAYS, kpiAttentionOrder, kpiFigures, kpiRangeTotals, kpiTopCatalog, kpiTopTeam } from './kpis';

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const limit = z.coerce.number().int().min(1).max(200).default(20);
/** A day (YYYY-MM-DD, the whole UTC day) or an ISO date-time. */
const dayOrTime = isoDate().optional();
const day = isoDay('Date must be YYYY-MM-DD');

export const PROFIT_LOG_TYPES = ['order_profit', 'referral', 'payout'] as const;
export const PROFIT_MSG = {
  orderNotFound: 'Order not found',
  teamNotFound: 'Seller team not found',
  rangeOrder: 'The start date must not be after the end date',
  rangeTooLong: 'Pick at most 366 days',
} as const;

export const calcOrderProfitBody = z.object({ orderId: z.uuid() });
export type CalcOrderProfitBody = z.infer<typeof calcOrderProfitBody>;
export const calcOrderProfitResponse = z.object({
  data: z.object({
    orderId: z.string(),
    /** What the order should have earned, what it has earned now, what this call moved. */
    due: z.number(),
    posted: z.number(),
    moved: z.number(),
  }),
});
export type CalcOrderProfitResponse = z.infer<typeof calcOrderProfitResponse>;

export const profitLogsQuery = z.object({
  page,
  limit,
  sellerTeam: z.uuid().optional(),
  type: z.enum(PROFIT_LOG_TYPES).optional(),
  from: dayOrTime,
  to: dayOrTime,
});
export type ProfitLogsQuery = z.infer<typeof profitLogsQuery>;
export const profitLogItem = z.object({
  id: z.string(),
  createdAt: z.string(),
  sellerTeamId: z.string(),
  sellerTeamName: z.string(),
  type: z.enum(PROFIT_LOG_TYPES),
  description: z.string(),
  amount: z.number(),
  balanceAfter: z.number(),
  availableAt: z.string(),
  state: z.enum(['Hold', 'Available']),
  refType: z.string().nullable(),
  refId: z.string().nullable(),
});
export type ProfitLogItem = z.infer<typeof profitLogItem>;
export const profitLogsResponse = listResponse(profitLogItem);

export const profitRecordResponse = z.object({
  data: z.object({
    sellerTeamId: z.string(),
    name: z.string(),
    pendingPayoutDays: z.number().int(),
    remainProfit: z.number(),
    totalAmountPaid: z.number(),
    totalHold: z.number(),
    totalProfit: z.number(),
    orders: z.object({
      total: z.number().int(),
      fulfilled: z.number().int(),
      /** Fulfilled orders sold through the agency's store fronts: the ones that earn profit. */
      fulfilledViaProxy: z.number().int(),
    }),
  }),
});
export type ProfitRecord = z.infer<typeof profitRecordResponse>['data'];

export const profitPayoutItem = z.object({
  id: z.string(),
  createdAt: z.string(),
  amount: z.number(),
  status: z.number().int(),
  paymentType: z.string(),
  note: z.string(),
  decisionNote: z.string().nullable(),
  approvedAt: z.string().nullable(),
});
export const profitPayoutsResponse = z.object({ data: z.array(profitPayoutItem) });

export const profitDashboardQuery = z
  .object({
    dateFrom: day.optional(),
    dateTo: day.optional(),
    sellerTeam: z.uuid().optional(),
    /** Catalog type, as the orders list's filter: the order's type (pod, fake, drop). */
    catalogType: z.enum(CATALOG_TYPES).optional(),
    /** A hold older than this many days is listed as stuck. */
    stuckDays: z.coerce.number().int().min(1).max(90).default(KPI_STUCK_HOLD_DAYS),
  })
  .refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, { message: PROFIT_MSG.rangeOrder, path: ['dateFrom'] });
export type ProfitDashboardQuery = z.infer<typeof profitDashboardQuery>;
const dashboardFigures = {
  ordersFulfilled: z.number().int(),
  sales: z.number(),
  charged: z.number(),
  refunded: z.number(),
  profit: z.number(),
};
export const profitDashboardDay = z.object({
  date: z.string(),
  ...dashboardFigures,
  ...kpiFigures,
  /** Orders created that day by their status now. */
  byStatus: z.record(z.string(), z.number().int()),
});
export type ProfitDashboardDay = z.infer<typeof profitDashboardDay>;
export const profitDashboardResponse = z.object({
  data: z.object({
    dateFrom: z.string(),
    dateTo: z.string(),
    days: z.array(profitDashboardDay),
    totals: kpiRangeTotals,
    /** The same number of days just before, for the deltas. */
    previous: z.object({ dateFrom: z.string(), dateTo: z.string(), totals: kpiRangeTotals }),
    /** By margin (an agency's view; a seller sees only its own team). */
    topTeams: z.array(kpiTopTeam),
    /** By margin; sort by units on the client. */
    topCatalogs: z.array(kpiTopCatalog),
    /** Late and stuck orders now (not limited to the range), oldest first, at most KPI_ATTENTION_LIMIT of each. */
    attention: z.object({ late: z.array(kpiAttentionOrder).max(KPI_ATTENTION_LIMIT), stuck: z.array(kpiAttentionOrder).max(KPI_ATTENTION_LIMIT), stuckDays: z.number().int() }),
  }),
});
export type ProfitDashboard = z.infer<typeof profitDashboardResponse>['data'];

/* ---- Reports and exports (always a job: the answer is its id; GET /api/jobs/:id gives progress and the file) ---- */

export const REPORT_KINDS = ['export-orders', 'report-orders', 'export-fulfillment', 'export-pod', 'export-dropship', 'export-fk', 'export-fk-v2'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_LABELS: Record<ReportKind, string> = {
  'export-orders': 'Export orders',
  'report-orders': 'Report orders',
  'export-fulfillment': 'Export fulfillment',
  'export-pod': 'Export POD',
  'export-dropship': 'Export Dropship',
  'export-fk': 'Export FK',
  'export-fk-v2': 'Export FK v2',
};
export const REPORT_MSG = { queued: 'Export started', done: 'Export success!', invoiceNotFound: 'Invoice not found' } as const;

export const exportOrdersQuery = z.object({
  activeName: z.enum(BILL_TABS).optional(),
  type: z.enum(['IN', 'OUT']).optional(),
  sellerTeam: z.uuid().optional(),
  from: dayOrTime,
  to: dayOrTime,
  /** The orders of one OUT invoice (what the seller was charged). */
  invoiceId: z.uuid().optional(),
  /** The orders of one IN invoice that gave money back (a rejected or cancelled order's refund). */
  rejectedInvoiceId: z.uuid().optional(),
});
export type ExportOrdersQuery = z.infer<typeof exportOrdersQuery>;

export const reportOrdersQuery = z.object({ sellerTeam: z.uuid().optional(), from: dayOrTime, to: dayOrTime });
export type ReportOrdersQuery = z.infer<typeof reportOrdersQuery>;

/** The production sheets: Approved and InProduction orders (optionally one team, approved in a range). */
export const productionExportQuery = z.object({ sellerTeam: z.uuid().optional(), from: dayOrTime, to: dayOrTime });
export type ProductionExportQuery = z.infer<typeof productionExportQuery>;

export const reportJobResponse = z.object({ data: z.object({ jobId: z.string(), message: z.string() }) });
export type ReportJobResponse = z.infer<typeof reportJobResponse>;

/* ---- Estimated profit of orders in progress (/s/estimated-profit) ---- */

/** Charged and not yet Fulfilled: the orders whose margin is still an estimate. */
export const IN_PROGRESS_STATUSES = ['Approved', 'InProduction', 'InTransit', 'PartiallyFulfilled'] as const;

/** The seller's margin on an order (docs/money.md, "Order profit"): sale less what the wallet paid, plus refunds to it. */
export function estimatedOrderProfitCents(o: { totalPriceCents: number; chargedCents: number; designCostCents: number; totalRefundCents: number }): number {
  return o.totalPriceCents - o.chargedCents - o.designCostCents + o.totalRefundCents;
}

export const estimatedOrdersQuery = z.object({ page, limit, sellerTeam: z.uuid().optional() });
export type EstimatedOrdersQuery = z.infer<typeof estimatedOrdersQuery>;
export const estimatedOrderItem = z.object({
  id: z.string(),
  orderName: z.string(),
  status: z.string(),
  createdAt: z.string(),
  totalPrice: z.number(),
  charged: z.number(),
  designCost: z.number(),
  refunded: z.number(),
  estimatedProfit: z.number(),
  /** Sold through the agency's store front: the sale is paid out on the profit account once Fulfilled. */
  viaStoreFront: z.boolean(),
});
export type EstimatedOrderItem = z.infer<typeof estimatedOrderItem>;
export const estimatedOrdersResponse = listResponse(estimatedOrderItem).extend({ totalEstimatedProfit: z.number() });
export type EstimatedOrdersAnswer = z.infer<typeof estimatedOrdersResponse>;
