/**
 * Reads behind the order reports (docs/orders.md, "Reports"): every query is limited to one
 * agency, frozen into the job when it was queued.
 */
import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoiceLines, invoices, ledgerEntries, orderItems, orders, sellerTeams } from '../../db/schema/index';

export interface Range {
  from?: string;
  /** Exclusive. */
  to?: string;
}

function inRange(column: typeof orders.createdAt | typeof orders.approvedAt | typeof invoices.createdAt | typeof ledgerEntries.createdAt, r: Range): SQL[] {
  const out: SQL[] = [];
  if (r.from) out.push(gte(column, new Date(r.from)));
  if (r.to) out.push(lt(column, new Date(r.to)));
  return out;
}

export async function agencyInvoice(db: Db, agencyId: string, id: string, type: 'IN' | 'OUT') {
  const [row] = await db.select({ id: invoices.id }).from(invoices).where(and(eq(invoices.id, id), eq(invoices.agencyId, agencyId), eq(invoices.type, type)));
  return row;
}

export interface InvoiceOrderFilter extends Range {
  agencyId: string;
  type?: 'IN' | 'OUT';
  sellerTeamId?: string;
  invoiceId?: string;
}

/**
 * Orders of the matching invoices (each order once). An invoice line names its order directly
 * (refunds, design charges: refType 'order'), through an item (order charges: 'order_item'), or
 * through its ledger entry's cause.
 */
export async function ordersOfInvoices(db: Db, f: InvoiceOrderFilter) {
  const orderId = sql<string | null>`coalesce(
    case when ${invoiceLines.refType} = 'order' then ${invoiceLines.refId} end,
    ${orderItems.orderId},
    case when ${ledgerEntries.refType} = 'order' then ${ledgerEntries.refId} end)`;
  const ids = await db
    .selectDistinct({ id: orderId })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .leftJoin(orderItems, and(eq(invoiceLines.refType, 'order_item'), eq(orderItems.id, invoiceLines.refId)))
    .leftJoin(ledgerEntries, eq(ledgerEntries.id, invoiceLines.ledgerEntryId))
    .where(and(
      eq(invoices.agencyId, f.agencyId),
      f.type ? eq(invoices.type, f.type) : undefined,
      f.sellerTeamId ? eq(invoices.sellerTeamId, f.sellerTeamId) : undefined,
      f.invoiceId ? eq(invoices.id, f.invoiceId) : undefined,
      ...inRange(invoices.createdAt, f),
    ));
  const orderIds = ids.map((r) => r.id).filter((id): id is string => Boolean(id));
  return ordersWithTeams(db, f.agencyId, orderIds);
}

export async function ordersWithTeams(db: Db, agencyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const out = [];
  // Chunks keep the parameter list small for any number of orders.
  for (let i = 0; i < ids.length; i += 1000) {
    out.push(...(await db
      .select({ o: orders, teamName: sellerTeams.name })
      .from(orders)
      .innerJoin(sellerTeams, eq(sellerTeams.id, orders.sellerTeamId))
      .where(and(eq(orders.agencyId, agencyId), inArray(orders.id, ids.slice(i, i + 1000))))
      .orderBy(asc(orders.createdAt), asc(orders.id))));
  }
  return out;
}

export interface ProductionFilter extends Range {
  agencyId: string;
  sellerTeamId?: string;
  orderType?: 'pod' | 'fake' | 'drop';
}

/**
 * Orders a production sheet walks per page: on PGlite a statement holds the one connection every
 * request waits for; a page of 1,000 orders holds it about 55 ms there.
 */
export const PRODUCTION_PAGE = 1000;

/** The walk's conditions: what orders_production_idx holds (its predicate written as it is). */
function productionWalk(f: ProductionFilter): SQL[] {
  return [eq(orders.agencyId, f.agencyId), sql`${orders.status} in ('Approved', 'InProduction')`, ...inRange(orders.approvedAt, f)];
}

/**
 * How many index entries the sheet's walk will read (its progress total): without the type and
 * team filters, which PGlite answered with a scan of every order (~190 ms on 73,000, ~20 ms without).
 */
export async function countProductionWalk(db: Db, f: ProductionFilter): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(and(...productionWalk(f)));
  return Number(row?.n ?? 0);
}

/**
 * One step of the walk: the next `size` entries of orders_production_idx after `after`. The type
 * and team filters are checked here, on what the walk found, not in SQL: PGlite runs no autovacuum,
 * and a filter the planner has no statistics for made it scan (and sort, or hash) every order of
 * the agency for each page instead of walking the index.
 */
async function productionStep(db: Db, f: ProductionFilter, after: (SQL | undefined)[], size: number) {
  const walked = await db
    .select({ id: orders.id, approvedKey: sql<string | null>`${orders.approvedAt}::text`, orderType: orders.orderType, sellerTeamId: orders.sellerTeamId })
    .from(orders)
    .where(and(...productionWalk(f), ...after))
    .orderBy(asc(orders.approvedAt), asc(orders.id))
    .limit(size);
  const ids = walked.filter((w) => (!f.orderType || w.orderType === f.orderType) && (!f.sellerTeamId || w.sellerTeamId === f.sellerTeamId)).map((w) => w.id);
  const page = ids.length === 0 ? [] : await db
    .select({ o: orders, teamName: sellerTeams.name })
    .from(orders)
    .innerJoin(sellerTeams, eq(sellerTeams.id, orders.sellerTeamId))
    .where(inArray(orders.id, ids))
    .orderBy(asc(orders.approvedAt), asc(orders.id));
  return { page, walked: walked.length, last: walked.length === size ? walked[size - 1] : undefined };
}

/**
 * The production sheet's orders: Approved and InProduction, oldest approval first (orders with no
 * approval time last, where `order by approved_at` puts them), in keyset pages on
 * orders_production_idx: each page starts after the last one's (approved_at, id), so no page
 * re-reads the ones before it. The cursor is the approval time as text: a JS Date would drop its
 * microseconds and skip or repeat orders at a page boundary. A page may hold fewer orders than it
 * walked (or none) when the sheet is limited to a type or a team; `walked` counts what it read.
 */
export async function* productionOrderPages(db: Db, f: ProductionFilter, pageSize = PRODUCTION_PAGE) {
  let after: { approvedKey: string | null; id: string } | undefined;
  do {
    const cursor = after ? sql`(${orders.approvedAt}, ${orders.id}) > (${after.approvedKey}::timestamptz, ${after.id})` : undefined;
    const step = await productionStep(db, f, [isNotNull(orders.approvedAt), cursor], pageSize);
    yield { orders: step.page, walked: step.walked };
    after = step.last;
  } while (after);
  // No approval time (never within a date range): by id.
  if (f.from || f.to) return;
  let afterId: string | undefined;
  do {
    const step = await productionStep(db, f, [isNull(orders.approvedAt), afterId ? gt(orders.id, afterId) : undefined], pageSize);
    yield { orders: step.page, walked: step.walked };
    afterId = step.last?.id;
  } while (afterId);
}

/** Live (not cancelled) items of these orders, in their order. */
export async function liveItemsOf(db: Db, orderIds: string[]) {
  const byOrder = new Map<string, (typeof orderItems.$inferSelect)[]>();
  for (let i = 0; i < orderIds.length; i += 1000) {
    const rows = await db
      .select()
      .from(orderItems)
      .where(and(inArray(orderItems.orderId, orderIds.slice(i, i + 1000)), ne(orderItems.status, 'Cancel')))
      .orderBy(orderItems.orderId, orderItems.position);
    for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
  }
  return byOrder;
}

/** All items of these orders (the invoice export shows every line, cancelled ones too). */
export async function allItemsOf(db: Db, orderIds: string[]) {
  const byOrder = new Map<string, (typeof orderItems.$inferSelect)[]>();
  for (let i = 0; i < orderIds.length; i += 1000) {
    const rows = await db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds.slice(i, i + 1000))).orderBy(orderItems.orderId, orderItems.position);
    for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
  }
  return byOrder;
}

export interface TeamReportFilter extends Range {
  agencyId: string;
  sellerTeamId?: string;
}

/**
 * Per team: orders created in the range and their items; money charged (order and design
 * charges) and refunded to the wallet in the range, from the ledger.
 */
export async function teamReport(db: Db, f: TeamReportFilter) {
  const teams = await db
    .select({ id: sellerTeams.id, name: sellerTeams.name, code: sellerTeams.code })
    .from(sellerTeams)
    .where(and(eq(sellerTeams.agencyId, f.agencyId), isNull(sellerTeams.deletedAt), f.sellerTeamId ? eq(sellerTeams.id, f.sellerTeamId) : undefined))
    .orderBy(asc(sellerTeams.name));
  const counts = await db
    .select({ teamId: orders.sellerTeamId, orders: sql<number>`count(*)::int`, items: sql<number>`coalesce(sum(${orders.itemCount}), 0)::int` })
    .from(orders)
    .where(and(eq(orders.agencyId, f.agencyId), f.sellerTeamId ? eq(orders.sellerTeamId, f.sellerTeamId) : undefined, ...inRange(orders.createdAt, f)))
    .groupBy(orders.sellerTeamId);
  const money = await db
    .select({
      teamId: ledgerEntries.sellerTeamId,
      charged: sql<number>`coalesce(-sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.type} in ('order_charge', 'design_charge')), 0)::bigint`,
      refunded: sql<number>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.type} = 'order_refund'), 0)::bigint`,
    })
    .from(ledgerEntries)
    .where(and(
      eq(ledgerEntries.agencyId, f.agencyId),
      eq(ledgerEntries.accountKind, 'wallet'),
      f.sellerTeamId ? eq(ledgerEntries.sellerTeamId, f.sellerTeamId) : undefined,
      ...inRange(ledgerEntries.createdAt, f),
    ))
    .groupBy(ledgerEntries.sellerTeamId);
  const countBy = new Map(counts.map((c) => [c.teamId, c]));
  const moneyBy = new Map(money.map((m) => [m.teamId, m]));
  return teams.map((t) => ({
    team: t.name,
    code: t.code,
    orders: Number(countBy.get(t.id)?.orders ?? 0),
    items: Number(countBy.get(t.id)?.items ?? 0),
    chargedCents: Number(moneyBy.get(t.id)?.charged ?? 0),
    refundedCents: Number(moneyBy.get(t.id)?.refunded ?? 0),
  }));
}
