/**
 * Customers (docs/customers.md): the buyers of a seller team's orders, one record per person per team, kept as the
 * orders are written (never counted per request). Request and answer schemas of /api/customers, shared by the
 * server (validation, serialisation) and the web (types, the list's filters in the address).
 */
import { z } from 'zod';
import { isCountryCode } from '../domain/agency-settings';
import { ORDER_STATUSES } from '../domain/orders';
import { dayParam } from './orders';
import { buyerAddress, listQuery, listResponse } from './common';

export const CUSTOMER_LIMITS = {
  /** Rows one synchronous export may hold; more asks the user to narrow the filters. */
  exportMaxRows: 10_000,
  /** Orders linked per backfill step (one transaction each). */
  backfillBatch: 1000,
} as const;

export const CUSTOMER_SORTS = ['lastOrder', 'firstOrder', 'orders', 'spent', 'name'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
export const CUSTOMER_SORT_LABELS: Record<CustomerSort, string> = {
  lastOrder: 'Last order',
  firstOrder: 'First order',
  orders: 'Orders',
  spent: 'Total spent',
  name: 'Name',
};

export const CUSTOMER_MSG = {
  notFound: 'Customer not found',
  country: 'Choose a country (ISO code such as US)',
  tooManyExportRows: `More than ${CUSTOMER_LIMITS.exportMaxRows.toLocaleString('en-US')} customers: narrow the filters to export`,
  exported: 'Export success!',
  backfilling: 'Customers are being built from the existing orders',
} as const;

/** Filters of the list, shared by the list and its export. The scope (agency, team) comes from the signed-in user. */
export const customerFilters = z.object({
  search: z.string().trim().max(200).optional(),
  /** ISO 3166-1 alpha-2 of the customer's latest address. */
  country: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => isCountryCode(v), CUSTOMER_MSG.country)
    .optional(),
  /** A store the customer bought through (any of its sources). */
  store: z.uuid().optional(),
  /** The agency's filter: one seller team (ignored for a seller, whose scope is its own team). */
  sellerTeam: z.uuid().optional(),
  /** The last order between two UTC days, both included. */
  lastOrderFrom: dayParam.optional(),
  lastOrderTo: dayParam.optional(),
  sort: z.enum(CUSTOMER_SORTS).default('lastOrder'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type CustomerFilters = z.infer<typeof customerFilters>;

export const customerListQuery = listQuery.extend(customerFilters.shape);
export type CustomerListQuery = z.infer<typeof customerListQuery>;
export const customerExportQuery = customerFilters.extend({ format: z.enum(['csv', 'xlsx']).default('csv') });
export type CustomerExportQuery = z.infer<typeof customerExportQuery>;

/** Where a customer's orders came from: its stores, and whether some came from files or were made by hand. */
export const customerSources = z.object({
  stores: z.array(z.object({ id: z.string(), name: z.string(), platform: z.string() })),
  files: z.boolean(),
});

export const customerItem = z.object({
  id: z.string(),
  sellerTeamId: z.string(),
  sellerTeamName: z.string(),
  ...buyerAddress.shape,
  email: z.string(),
  phone: z.string(),
  ordersCount: z.number().int(),
  /** Dollars: the sum of the customer's orders' totals, cancelled orders left out. */
  totalSpent: z.number(),
  firstOrderAt: z.string().nullable(),
  lastOrderAt: z.string().nullable(),
  sources: customerSources,
});
export type CustomerItem = z.infer<typeof customerItem>;

export const customerListResponse = listResponse(customerItem);
export type CustomerListAnswer = z.infer<typeof customerListResponse>;

/** The detail adds every distinct address the customer's orders were sent to. */
export const customerDetail = customerItem.extend({
  addresses: z.array(
    buyerAddress.extend({ orders: z.number().int() }),
  ),
});
export type CustomerDetail = z.infer<typeof customerDetail>;
export const customerResponse = z.object({ data: customerDetail });

export const customerOrdersQuery = listQuery.pick({ page: true, limit: true });
export const customerOrderItem = z.object({
  id: z.string(),
  orderName: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** Dollars, as the store sold it. */
  total: z.number(),
  storeName: z.string().nullable(),
  createdAt: z.string(),
});
export type CustomerOrderItem = z.infer<typeof customerOrderItem>;
export const customerOrdersResponse = listResponse(customerOrderItem);

/** Choices of the list's filters, within the caller's scope. */
export const customerOptionsResponse = z.object({
  stores: z.array(z.object({ id: z.string(), name: z.string(), platform: z.string() })),
  /** Seller teams (the agency's filter; empty for a seller). */
  sellerTeams: z.array(z.object({ id: z.string(), name: z.string() })),
  countries: z.array(z.string()),
});
export type CustomerOptions = z.infer<typeof customerOptionsResponse>;

/** The backfill that links orders made before customers existed (a progress bar while it runs). */
export const customerBackfillResponse = z.object({
  data: z.object({
    status: z.enum(['done', 'running']),
    processed: z.number().int(),
    total: z.number().int(),
  }),
});
export type CustomerBackfillAnswer = z.infer<typeof customerBackfillResponse>['data'];

export const customerExportAnswer = z.object({ url: z.string(), message: z.string() });

/**
 * POST /api/customers/:id/erase (docs/customers.md "Privacy"): the customer's orders erased now (the closed ones) and
 * those waiting until they close. `repeated`: every order of the customer was already waiting on an earlier request,
 * which is answered again (nothing more done).
 */
export const customerEraseAnswer = z.object({
  data: z.object({
    erasureId: z.string(),
    status: z.enum(['waiting', 'done']),
    repeated: z.boolean(),
    orders: z.number().int(),
    erased: z.number().int(),
    waiting: z.number().int(),
  }),
  message: z.string(),
});
export type CustomerEraseAnswer = z.infer<typeof customerEraseAnswer>;

const ordersWord = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'order' : 'orders'}`;
const waitsWord = (n: number) => `${n.toLocaleString('en-US')} open ${n === 1 ? 'order waits until it closes' : 'orders wait until they close'}`;

/** The erase's outcome in words: "Erased 3 orders; 1 open order waits until it closes". */
export function customerEraseMessage(o: { repeated: boolean; erased: number; waiting: number }): string {
  if (o.repeated) return `Erasure already requested: ${waitsWord(o.waiting)}`;
  if (o.erased === 0 && o.waiting === 0) return 'Nothing to erase';
  if (o.erased === 0) return `Nothing erased yet: ${waitsWord(o.waiting)}`;
  return o.waiting === 0 ? `Erased ${ordersWord(o.erased)}` : `Erased ${ordersWord(o.erased)}; ${waitsWord(o.waiting)}`;
}
