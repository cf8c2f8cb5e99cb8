import { z } from 'zod';
import { CATALOG_TYPES } from '../domain/catalog';
import { DESIGN_STATUSES, ORDER_STATUSES } from '../domain/orders';
import { ORDER_ATTENTION_KEYS } from '../domain/order-attention';
import { jobAnswer } from './jobs';
import { isoDay, listQuery, listResponse } from './common';

/** A calendar day as the date filters send it (created between two days, both included, UTC). */
export const dayParam = isoDay('Use the format YYYY-MM-DD');

/** `a,b,c` -> ['a','b','c'] of uuids (the spec joins proxy and proxyGroup ids with commas). */
export const commaIds = z
  .string()
  .trim()
  .max(4000)
  .transform((raw) => raw.split(',').map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.uuid()).max(100));

/** Query strings carry booleans as 'true' / 'false'. */
const queryBool = z.enum(['true', 'false']).transform((v) => v === 'true');

/**
 * The filters of the order lists (/s/orders, /ag/orders, /ds/orders), shared by the list, the tab
 * counts and the export. Scope (team, agency) comes from the signed-in user, never from here.
 */
export const orderFilters = z.object({
  search: z.string().trim().max(200).optional(),
  dateFrom: dayParam.optional(),
  dateTo: dayParam.optional(),
  /** Agency side: one seller team of the agency. */
  sellerTeam: z.uuid().optional(),
  /** Catalog type of the order: pod, fake (FK) or drop (DROP). */
  catalogType: z.enum(CATALOG_TYPES).optional(),
  proxy: commaIds.optional(),
  proxyGroup: commaIds.optional(),
  designStatus: z.enum(DESIGN_STATUSES).optional(),
  addressStatus: z.coerce.number().int().min(0).max(3).optional(),
  cannotShip: queryBool.optional(),
  /** /ds/orders: only orders with a design request. */
  hireDesign: queryBool.optional(),
  /** Orders that need someone, of one kind (domain/order-attention.ts): where the order notifications link. */
  attention: z.enum(ORDER_ATTENTION_KEYS).optional(),
});
export type OrderFilters = z.infer<typeof orderFilters>;

export const orderListQuery = listQuery.extend(orderFilters.shape).extend({
  status: z.enum(ORDER_STATUSES).optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;
/** What the web sends (before the server parses comma lists and booleans). */
export type OrderListParams = {
  page?: number;
  limit?: number;
  status?: string;
  search?: string;
  dateFrom?: string;
  dateTo?: string;
  sellerTeam?: string;
  catalogType?: string;
  proxy?: string;
  proxyGroup?: string;
  designStatus?: string;
  addressStatus?: number;
  cannotShip?: boolean;
  hireDesign?: boolean;
  attention?: string;
};

export const orderListItem = z.object({
  id: z.string(),
  orderName: z.string(),
  status: z.enum(ORDER_STATUSES),
  orderType: z.enum(CATALOG_TYPES),
  sellerTeam: z.object({ id: z.string(), name: z.string() }),
  fullName: z.string(),
  email: z.string(),
  country: z.string(),
  countryCode: z.string(),
  /** The agency does not ship to this destination (Settings > Shipping). */
  cannotShip: z.boolean(),
  ignoreCannotShip: z.boolean(),
  /** Dollars: what the customer paid, and what the seller's wallet was charged. */
  totalPrice: z.number(),
  charged: z.number(),
  itemCount: z.number().int(),
  addressStatus: z.number().int(),
  designStatus: z.enum(DESIGN_STATUSES).nullable(),
  /** For the bulk bar's refusal(): who held a held order. */
  heldBy: z.enum(['seller', 'agency']).nullable(),
  /** A live line of a store variant (or a store order) has no catalog variant yet: it cannot be submitted until mapped. */
  needsMapping: z.boolean(),
  createdDate: z.string(),
});
export type OrderListItem = z.infer<typeof orderListItem>;
export const orderListResponse = listResponse(orderListItem);

/** GET /api/orders/counts: orders per status tab and All for the same filters (capped like lists). */
export const orderCountsQuery = orderFilters;
export const orderCountsResponse = z.object({
  data: z.object({
    all: z.number().int(),
    statuses: z.record(z.enum(ORDER_STATUSES), z.number().int()),
    /** Which counts stopped at the cap (shown as "1,000+"); 'all' for the All tab. */
    capped: z.array(z.string()),
    cap: z.number().int(),
  }),
});
export type OrderCounts = z.infer<typeof orderCountsResponse>['data'];

/**
 * GET /api/orders/notification/all: how many of the caller's orders need someone, per kind (every kind, in
 * ORDER_ATTENTION_KEYS order) and in all (an order of two kinds counts once), each capped like the tab counts.
 * `GET /api/orders?attention=<key>` lists exactly the orders counted for that key.
 */
export const orderNotificationsResponse = z.object({
  data: z.object({
    total: z.number().int(),
    totalCapped: z.boolean(),
    items: z.array(z.object({ key: z.enum(ORDER_ATTENTION_KEYS), count: z.number().int(), capped: z.boolean() })),
    cap: z.number().int(),
  }),
});
export type OrderNotifications = z.infer<typeof orderNotificationsResponse>['data'];

export const ORDER_EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type OrderExportFormat = (typeof ORDER_EXPORT_FORMATS)[number];
/** POST /api/orders/export: the list's filters (and tab) plus the file format. JSON body, so real types. */
export const orderExportBody = z.object({
  format: z.enum(ORDER_EXPORT_FORMATS),
  status: z.enum(ORDER_STATUSES).optional(),
  search: z.string().trim().max(200).optional(),
  dateFrom: dayParam.optional(),
  dateTo: dayParam.optional(),
  sellerTeam: z.uuid().optional(),
  catalogType: z.enum(CATALOG_TYPES).optional(),
  proxy: commaIds.optional(),
  proxyGroup: commaIds.optional(),
  designStatus: z.enum(DESIGN_STATUSES).optional(),
  addressStatus: z.number().int().min(0).max(3).optional(),
  cannotShip: z.boolean().optional(),
  hireDesign: z.boolean().optional(),
  attention: z.enum(ORDER_ATTENTION_KEYS).optional(),
});
export type OrderExportBody = z.infer<typeof orderExportBody>;
/** What the web sends (proxy ids still comma-joined). */
export type OrderExportInput = z.input<typeof orderExportBody>;
export const orderExportResponse = z.object({ data: z.object({ jobId: z.string(), message: z.string() }) });

/** GET /api/export-history: the signed-in user's exports, newest first, with their download links. */
export const exportHistoryQuery = listQuery.omit({ search: true });
export const exportHistoryResponse = listResponse(jobAnswer);

/** Seller teams of the agency for the order filters (id and name only). */
export const orderTeamOptionsResponse = z.object({ data: z.array(z.object({ id: z.string(), name: z.string() })) });

/** GET /api/orders/seller-team/:id/total-revenue. */
export const totalRevenueResponse = z.object({
  data: z.object({ sellerTeamId: z.string(), totalRevenue: z.number(), orderCount: z.number().int() }),
});
