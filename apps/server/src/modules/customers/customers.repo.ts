/**
 * The reads of customers (docs/customers.md). Every query names the scope's agency (and the seller's team), taken
 * from the actor by customers.service, never from input: another tenant's customer is simply not found.
 */
import { and, asc, desc, eq, gte, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { LIMITS, type CustomerFilters, type CustomerSort } from '@fbo/shared';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { customerOrders, customers, orders, sellerTeams, stores } from '../../db/schema/index';
import { CappedCounts, countKey } from '../../lib/capped-counts';
import { likePattern, pageWithCappedCount, withPage, type ListPage } from '../../lib/list';

/** An agency sees its sellers' customers; a seller team its own. */
export interface CustomerScope {
  agencyId: string;
  teamId: string | null;
}

/** The contains-search text: the same expression as the trigram index customers_search_trgm_idx. */
const searchText = sql`(${customers.fullName} || chr(9) || ${customers.email} || chr(9) || ${customers.phone})`;

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

export function customerConditions(scope: CustomerScope, f: Omit<CustomerFilters, 'sort' | 'order'>): SQL {
  const where: SQL[] = [eq(customers.agencyId, scope.agencyId)];
  const team = scope.teamId ?? f.sellerTeam;
  if (team) where.push(eq(customers.sellerTeamId, team));
  if (f.search) where.push(ilike(searchText, likePattern(f.search)));
  if (f.country) where.push(eq(customers.countryCode, f.country));
  if (f.store) where.push(sql`${customers.storeIds} @> ${`{${f.store}}`}::uuid[]`);
  if (f.lastOrderFrom) where.push(gte(customers.lastOrderAt, new Date(`${f.lastOrderFrom}T00:00:00Z`)));
  if (f.lastOrderTo) where.push(lt(customers.lastOrderAt, nextDay(f.lastOrderTo)));
  return and(...where)!;
}

const SORT_COLUMNS: Record<CustomerSort, SQL | AnyPgColumn> = {
  lastOrder: customers.lastOrderAt,
  firstOrder: customers.firstOrderAt,
  orders: customers.ordersCount,
  spent: customers.totalSpentCents,
  name: sql`lower(${customers.fullName})`,
};

/** The list's order: the sort column, then the id, so no customer is on two pages or on none. */
export function customerOrder(sort: CustomerSort, order: 'asc' | 'desc'): SQL[] {
  const dir = order === 'asc' ? asc : desc;
  return [dir(SORT_COLUMNS[sort]), dir(customers.id)];
}

const listColumns = {
  customer: customers,
  sellerTeamName: sellerTeams.name,
};

export type CustomerRow = typeof customers.$inferSelect & { sellerTeamName: string };

/** A customer's seller team (for its name): the join of every customer read. */
const ofItsTeam = and(eq(sellerTeams.agencyId, customers.agencyId), eq(sellerTeams.id, customers.sellerTeamId));
const toRow = (r: { customer: typeof customers.$inferSelect; sellerTeamName: string }): CustomerRow => ({ ...r.customer, sellerTeamName: r.sellerTeamName });

/** Counts that reached their cap, remembered a few seconds (lib/capped-counts.ts): the count is most of a big list's cost. */
const knownCapped = new CappedCounts();

export async function listPage(db: Db, scope: CustomerScope, f: CustomerFilters, page: ListPage) {
  const where = customerConditions(scope, f);
  const key = countKey('customers', scope, f);
  if (knownCapped.isCapped(key)) {
    const rows = await withPage(db.select(listColumns).from(customers).innerJoin(sellerTeams, ofItsTeam), where, customerOrder(f.sort, f.order), page);
    return { rows: rows.map(toRow), count: { total: LIMITS.countCap, capped: true } };
  }
  const { rows, count } = await pageWithCappedCount(db, sql`${customers}`, where, page, (total) =>
    withPage(
      db
        .select({ ...listColumns, ...total })
        .from(customers)
        .innerJoin(sellerTeams, ofItsTeam),
      where,
      customerOrder(f.sort, f.order),
      page,
    ),
  );
  if (count.capped) knownCapped.remember(key);
  return { rows: rows.map(toRow), count };
}

/** The rows of an export (at most `limit`: the caller asks for one more than it allows, to tell "too many"). */
export async function exportRows(db: Db, scope: CustomerScope, f: CustomerFilters, limit: number): Promise<CustomerRow[]> {
  const rows = await db
    .select(listColumns)
    .from(customers)
    .innerJoin(sellerTeams, ofItsTeam)
    .where(customerConditions(scope, f))
    .orderBy(...customerOrder(f.sort, f.order))
    .limit(limit);
  return rows.map(toRow);
}

export async function findCustomer(db: Db, scope: CustomerScope, id: string): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select(listColumns)
    .from(customers)
    .innerJoin(sellerTeams, ofItsTeam)
    .where(and(eq(customers.agencyId, scope.agencyId), eq(customers.id, id), scope.teamId ? eq(customers.sellerTeamId, scope.teamId) : undefined));
  return row ? toRow(row) : undefined;
}

/** The stores named by these customers' sources (in the scope's agency). */
export async function storesByIds(db: Db, agencyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: stores.id, name: stores.name, platform: stores.platform })
    .from(stores)
    .where(and(eq(stores.agencyId, agencyId), inArray(stores.id, ids)));
}

/** Every distinct address the customer's orders went to, with how many orders each. */
export async function addressesOf(db: Db, agencyId: string, customerId: string) {
  return db
    .select({
      fullName: orders.fullName, address1: orders.address1, address2: orders.address2, city: orders.city, province: orders.province,
      zipCode: orders.zipCode, country: orders.country, countryCode: orders.countryCode, orders: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(customerOrders)
    .innerJoin(orders, eq(orders.id, customerOrders.orderId))
    .where(and(eq(customerOrders.agencyId, agencyId), eq(customerOrders.customerId, customerId)))
    .groupBy(orders.fullName, orders.address1, orders.address2, orders.city, orders.province, orders.zipCode, orders.country, orders.countryCode)
    .orderBy(desc(sql`max(${orders.createdAt})`))
    .limit(50);
}

/** One page of the customer's orders, newest first. */
export async function ordersPage(db: Db, agencyId: string, customerId: string, page: ListPage) {
  const where = and(eq(customerOrders.agencyId, agencyId), eq(customerOrders.customerId, customerId));
  return pageWithCappedCount(db, sql`${customerOrders}`, where, page, (total) =>
    withPage(
      db
        .select({
          id: orders.id, orderName: orders.orderName, status: orders.status, totalPriceCents: orders.totalPriceCents,
          createdAt: orders.createdAt, storeName: stores.name, ...total,
        })
        .from(customerOrders)
        .innerJoin(orders, eq(orders.id, customerOrders.orderId))
        .leftJoin(stores, and(eq(stores.agencyId, orders.agencyId), eq(stores.id, orders.storeId))),
      where,
      [desc(orders.createdAt), desc(orders.id)],
      page,
    ),
  );
}

/** Choices of the filters: the scope's stores, its teams (the agency's), and the countries its customers are in. */
export async function options(db: Db, scope: CustomerScope) {
  const storeWhere = and(eq(stores.agencyId, scope.agencyId), scope.teamId ? eq(stores.sellerTeamId, scope.teamId) : undefined);
  const [storeRows, teamRows, countryRows] = await Promise.all([
    db.select({ id: stores.id, name: stores.name, platform: stores.platform }).from(stores).where(storeWhere).orderBy(asc(stores.name)).limit(500),
    scope.teamId
      ? Promise.resolve([])
      : db
          .select({ id: sellerTeams.id, name: sellerTeams.name })
          .from(sellerTeams)
          .where(and(eq(sellerTeams.agencyId, scope.agencyId), sql`${sellerTeams.deletedAt} is null`, eq(sellerTeams.sellerType, 'default')))
          .orderBy(asc(sellerTeams.name))
          .limit(1000),
    db
      .selectDistinct({ code: customers.countryCode })
      .from(customers)
      .where(and(eq(customers.agencyId, scope.agencyId), scope.teamId ? eq(customers.sellerTeamId, scope.teamId) : undefined, sql`${customers.countryCode} <> ''`))
      .orderBy(asc(customers.countryCode)),
  ]);
  return { stores: storeRows, sellerTeams: teamRows, countries: countryRows.map((r) => r.code) };
}
