import { and, eq, gte, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { ATTENTION_OPEN_STATUSES, WAREHOUSE_MSG, type OrderAttentionKey, type OrderFilters, type OrderStatus } from '@fbo/shared';
import { orderItems, orders, proxies, sellerTeams } from '../../db/schema/index';
import { likePattern } from '../../lib/list';
import { orderScopeCondition, type OrderScope } from '../order-core';

/**
 * Whose orders a list, a count or an export reads: the actor's order scope (order-core), for a
 * designer narrowed to design requests. The service decides it from the actor, never from input.
 */
export type ListScope = OrderScope & { designRequestsOnly: boolean };

const DAY_MS = 86_400_000;

/**
 * What search matches: order name, full name, e-mail and both reference ids, joined by tabs into
 * one text so a single ILIKE runs per row (five cost five times as much). The trigram index
 * orders_search_trgm_idx (migration 0009) is built on exactly this expression. The tab keeps a
 * match from spanning two fields (a search is trimmed, so it rarely holds one).
 */
export const searchText = sql`(${orders.orderName} || chr(9) || ${orders.fullName} || chr(9) || ${orders.email} || chr(9) || ${orders.referenceId1} || chr(9) || ${orders.referenceId2})`;
/**
 * The same text in a shape the trigram index does not match: the query then walks the list's own
 * index newest first and stops once the page is full, which beats the trigram index when the
 * text is common (see searchPlan in orders.repo.ts).
 */
const searchTextUnindexed = sql`(${searchText} || '')`;
/** Days are UTC calendar days; dateTo includes its whole day. */
export const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
export const dayEnd = (day: string) => new Date(dayStart(day).getTime() + DAY_MS);

/**
 * Orders named exactly `name`, written so the unique index orders_source_name_uq (agency_id, seller_team_id,
 * order_name, ...) answers it with the scope's agency:
 * for an agency, its teams as an array (an index probe per team) rather than a scan of the agency.
 */
export function exactNameCondition(scope: ListScope, name: string): SQL {
  const teams = scope.sellerTeamId
    ? sql`${orders.sellerTeamId} = ${scope.sellerTeamId}`
    : sql`${orders.sellerTeamId} = any(array(select ${sellerTeams.id} from ${sellerTeams} where ${sellerTeams.agencyId} = ${scope.agencyId}))`;
  // `<> ''` is the unique index's own (partial) predicate: it lets a generic plan use the index too.
  return sql`(${teams} and ${orders.orderName} = ${name} and ${orders.orderName} <> '')`;
}

export function scopeCondition(scope: ListScope): SQL {
  const tenant = orderScopeCondition(scope);
  return scope.designRequestsOnly ? and(tenant, isNotNull(orders.hireDesignStatus))! : tenant;
}

/**
 * The WHERE of every order list: scope first (it leads every index: agency_id or seller_team_id,
 * then status, created_at, id), then the filters. A proxy group means the proxies in it, looked up
 * inside the agency so a foreign group id matches nothing.
 */
/** The filters as the queries take them: `exactName` is set by the service (resolveSearch), never by input. */
export type ResolvedFilters = OrderFilters & {
  status?: OrderStatus;
  exactName?: boolean;
  /** How common a contains-search's text is among the newest orders (set by resolveSearch). */
  searchShape?: SearchShape;
  /** How a contains-search runs: through the trigram index (rare text, the default) or by walking the list index (common text). */
  searchBy?: SearchBy;
};

export type SearchBy = 'trigram' | 'walk';
/** Of the newest `window` orders of the scope and filters (at most SEARCH_PROBE_ROWS), `matches` hold the search text. */
export interface SearchShape {
  window: number;
  matches: number;
}

/** How many of the newest orders the search probe reads (an index walk and as many row reads: a few ms). */
export const SEARCH_PROBE_ROWS = 1_000;
/** Rows a walk may be expected to read before the trigram index is the better way. */
const WALK_BUDGET = 20_000;

/**
 * Which way finds `wanted` matches (a page: offset + limit; a capped count: cap + 1) more cheaply.
 * A walk newest first reads about wanted / selectivity rows and stops; the trigram index reads
 * every match of the scope and sorts them. So a common text walks, a rare one uses trigrams: the
 * planner cannot tell them apart (its trigram estimates are off by orders of magnitude both ways).
 * A scope under SEARCH_PROBE_ROWS orders always walks: it is read whole in a few ms.
 */
export function searchByFor(shape: SearchShape | undefined, wanted: number): SearchBy {
  if (!shape) return 'trigram';
  if (shape.window < SEARCH_PROBE_ROWS) return 'walk';
  if (shape.matches === 0) return 'trigram';
  return (wanted * shape.window) / shape.matches <= WALK_BUDGET ? 'walk' : 'trigram';
}

export function orderConditions(scope: ListScope, f: ResolvedFilters): SQL {
  const conds: (SQL | undefined)[] = [scopeCondition(scope)];
  if (f.status) conds.push(eq(orders.status, f.status));
  if (f.search) conds.push(f.exactName ? exactNameCondition(scope, f.search) : sql`${f.searchBy === 'walk' ? searchTextUnindexed : searchText} ilike ${likePattern(f.search)}`);
  if (f.dateFrom) conds.push(gte(orders.createdAt, dayStart(f.dateFrom)));
  if (f.dateTo) conds.push(lt(orders.createdAt, dayEnd(f.dateTo)));
  if (f.sellerTeam && !scope.sellerTeamId) conds.push(eq(orders.sellerTeamId, f.sellerTeam));
  if (f.catalogType) conds.push(eq(orders.orderType, f.catalogType));
  if (f.designStatus) conds.push(eq(orders.hireDesignStatus, f.designStatus));
  if (f.addressStatus !== undefined) conds.push(eq(orders.addressStatus, f.addressStatus));
  if (f.cannotShip !== undefined) conds.push(eq(orders.cannotShip, f.cannotShip));
  if (f.hireDesign) conds.push(isNotNull(orders.hireDesignStatus));
  if (f.attention) conds.push(attentionCondition(f.attention));
  const proxyConds: SQL[] = [];
  if (f.proxy?.length) proxyConds.push(inArray(orders.proxyId, f.proxy));
  if (f.proxyGroup?.length) {
    proxyConds.push(
      sql`${orders.proxyId} in (select ${proxies.id} from ${proxies} where ${inArray(proxies.groupId, f.proxyGroup)} and ${eq(proxies.agencyId, scope.agencyId)})`,
    );
  }
  // proxy and proxyGroup together: an order through any of the proxies named either way.
  if (proxyConds.length) conds.push(proxyConds.length === 1 ? proxyConds[0] : or(...proxyConds));
  return and(...conds)!;
}

/** Constants inlined (not bound) so a partial index's predicate is provable in a generic plan too. */
const literal = (value: string) => sql.raw(`'${value.replace(/'/g, "''")}'`);
const openStatus = sql`${orders.status} in (${sql.join(ATTENTION_OPEN_STATUSES.map(literal), sql`, `)})`;
/** Held by the agency for stock (order-commands: a warehouse shortage at approval; released as stock arrives). */
/** order_items_unmapped_idx's own predicate: a live line without a catalog variant or a warehouse product. */
const unmappedLine = sql.raw(`i.catalog_variant_id is null and i.warehouse_product_id is null and i.status <> 'Cancel'`);
const heldForStock = sql`${orders.status} = 'Hold' and ${orders.heldBy} = 'agency' and ${orders.statusReason} = ${literal(WAREHOUSE_MSG.awaitingStock)}`;

/**
 * Orders that need someone, by kind (docs/decisions.md "Order notifications"): the order notifications count
 * these and `attention=<key>` lists them, so a count and its list are one condition. On hold leaves out the
 * holds awaiting stock (their own kind); the flags count only before production (ATTENTION_OPEN_STATUSES).
 * Needs mapping is the list's own "Needs mapping" tag (orders.repo.ts listRowColumns), read through the small
 * partial index order_items_unmapped_idx.
 */
export function attentionCondition(key: OrderAttentionKey): SQL {
  switch (key) {
    case 'onHold':
      return sql`(${orders.status} = 'Hold' and not coalesce(${heldForStock}, false))`;
    case 'rejected':
      return sql`${orders.status} = 'Rejected'`;
    case 'awaitingStock':
      return sql`(${heldForStock})`;
    case 'cannotShip':
      return sql`(${openStatus} and ${orders.cannotShip} and not ${orders.ignoreCannotShip})`;
    case 'addressInvalid':
      return sql`(${openStatus} and ${orders.addressStatus} = 0)`;
    case 'designInReview':
      return sql`(${openStatus} and ${orders.hireDesignStatus} = 'in_review')`;
    case 'needsMapping':
      // A line of a store variant, or any line of a store order: the first test is a plain semi-join on the unmapped
      // lines (the planner starts from their small index), the second looks at the few orders it leaves.
      return sql`(${openStatus} and ${orders.id} in (select i.order_id from ${orderItems} i where ${unmappedLine})
        and (${orders.storeId} is not null or exists (select 1 from ${orderItems} i where i.order_id = ${orders.id} and ${unmappedLine} and i.product_variant_id is not null)))`;
  }
}
