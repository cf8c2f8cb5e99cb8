import { and, eq, gte, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { OrderFilters, OrderStatus } from '@fbo/shared';
import { orders, proxies, sellerTeams } from '../../db/schema/index';
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
