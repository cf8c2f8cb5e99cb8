import { CappedCounts, countKey } from '../../lib/capped-counts';
import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { LIMITS, ORDER_ATTENTION_KEYS, ORDER_STATUSES, type OrderAttentionKey, type OrderListQuery } from '@fbo/shared';
import { executedRows as rowsOf, type Db } from '../../db/client';
import { orders, sellerTeams } from '../../db/schema/index';
import { exactNameCondition, orderConditions, scopeCondition, searchByFor, type ListScope, type ResolvedFilters } from './order-filters';
import { isContainsSearch, searchCount, searchPageIds } from './order-search';

/**
 * The columns a list row shows (never metadata or addresses it does not show), as SQL: the list is
 * the busiest query of the product, and building it through the query builder and mapping its rows
 * column by column cost more of the server's time than the database's answer (docs/benchmarks.md).
 */
const listRowColumns = sql.raw(`o.id, o.order_name as "orderName", o.status, o.order_type as "orderType", o.seller_team_id as "sellerTeamId",
  t.name as "teamName", o.full_name as "fullName", o.email, o.country, o.country_code as "countryCode", o.cannot_ship as "cannotShip",
  o.ignore_cannot_ship as "ignoreCannotShip", o.total_price_cents as "totalPriceCents", o.charged_cents as "chargedCents",
  o.item_count as "itemCount", o.address_status as "addressStatus", o.hire_design_status as "hireDesignStatus", o.held_by as "heldBy",
  o.created_at as "createdAt",
  exists (select 1 from order_items i where i.order_id = o.id and i.catalog_variant_id is null and i.warehouse_product_id is null and i.status <> 'Cancel'
    and (i.product_variant_id is not null or o.store_id is not null)) as "needsMapping"`);

export interface OrderListRow {
  id: string;
  orderName: string;
  status: string;
  orderType: 'pod' | 'fake' | 'drop';
  sellerTeamId: string;
  teamName: string;
  fullName: string;
  email: string;
  country: string;
  countryCode: string;
  cannotShip: boolean;
  ignoreCannotShip: boolean;
  totalPriceCents: number;
  chargedCents: number;
  itemCount: number;
  addressStatus: number;
  hireDesignStatus: string | null;
  heldBy: 'seller' | 'agency' | null;
  createdAt: Date;
  /**
   * A live line of a store variant (or of a store order) without a catalog variant: "needs mapping" (docs/stores.md
   * "Sync to item"; the detail's items say the same). Read for the page's rows only, through order_items_order_idx.
   */
  needsMapping: boolean;
}

/** Both drivers' raw values: int8 as number, string or bigint; timestamptz as string or Date. */
function toListRow(r: Record<string, unknown>): OrderListRow {
  return {
    ...(r as unknown as OrderListRow),
    totalPriceCents: Number(r.totalPriceCents),
    chargedCents: Number(r.chargedCents),
    needsMapping: r.needsMapping === true || r.needsMapping === 't',
    createdAt: r.createdAt instanceof Date ? r.createdAt : new Date(String(r.createdAt)),
  };
}

/** Newest first: the order of every list index (scope, [status,] created_at, id). */
const newestFirst = [desc(orders.createdAt), desc(orders.id)];

/**
 * Counts matching orders up to `cap` (+1 to know it was reached). Ordered like the index so the
 * planner walks it (an index-only scan that stops at the cap) instead of a sequential scan it
 * estimates cheaper on a scope that holds most of the table.
 */
async function cappedOrderCount(db: Db, scope: ListScope, f: ResolvedFilters, cap: number, key: string) {
  if (knownCapped.isCapped(key)) return { total: cap, capped: true };
  const n = isContainsSearch(f) ? await searchCount(db, scope, f, cap) : await walkCount(db, orderConditions(scope, f), cap);
  if (n <= cap) return { total: n, capped: false };
  knownCapped.remember(key);
  return { total: cap, capped: true };
}

async function walkCount(db: Db, where: SQL, cap: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(db.select({ one: sql`1` }).from(orders).where(where).orderBy(...newestFirst).limit(cap + 1).as('capped'));
  return Number(row?.n ?? 0);
}

/** Counts of large scopes that reached their cap lately (list totals and tab badges). */
const knownCapped = new CappedCounts();

/**
 * One page of orders, newest first, with a capped count. The page's ids are picked first from
 * the index alone (scope, [status,] created_at, id: a backward index-only scan that stops after
 * offset + limit entries), then only those rows are read and joined to their team: a deep page
 * (500 x 20) skips index entries, not table rows.
 */
export async function listOrders(db: Db, scope: ListScope, q: OrderListQuery & ResolvedFilters) {
  const offset = (q.page - 1) * q.limit;
  const pageIds: SQL | string[] = isContainsSearch(q)
    ? await searchPageIds(db, scope, q, q.limit, offset)
    : sql`select ${orders.id} from ${orders} where ${orderConditions(scope, q)} order by ${orders.createdAt} desc, ${orders.id} desc limit ${q.limit} offset ${offset}`;
  const ids = Array.isArray(pageIds) ? (pageIds.length ? sql`select unnest(${`{${pageIds.join(',')}}`}::uuid[])` : null) : pageIds;
  const [rows, count] = await Promise.all([
    ids
      ? db
          .execute(sql`select ${listRowColumns} from ${orders} o join ${sellerTeams} t on t.id = o.seller_team_id
            where o.id in (${ids}) order by o.created_at desc, o.id desc`)
          .then((result) => rowsOf<Record<string, unknown>>(result).map(toListRow))
      : [],
    cappedOrderCount(db, scope, q, LIMITS.countCap, countKey('list', scope, { ...q, searchShape: undefined })),
  ]);
  return { rows, count };
}

/**
 * Tab badges stop counting at 1,000 ("1,000+"): twelve counts (All and eleven statuses) run per
 * request, each an index-only scan of at most this many entries (docs/orders.md, "Lists and filters").
 */
export const TAB_COUNT_CAP = 1_000;

/** Orders per status tab and All, each counted up to TAB_COUNT_CAP, all in one round trip. */
export async function countOrdersByStatus(db: Db, scope: ListScope, f: ResolvedFilters) {
  const keyOf = (k: string) => countKey(`tab:${k}`, scope, { ...f, searchShape: undefined });
  const tabs: [string, ResolvedFilters][] = [['all', f], ...ORDER_STATUSES.map((s): [string, ResolvedFilters] => [s, { ...f, status: s }])];
  // Tabs known to be over the cap are not counted again for a while; the others are, exactly.
  const known = tabs.filter(([k]) => knownCapped.isCapped(keyOf(k))).map(([k]) => ({ key: k, count: TAB_COUNT_CAP + 1 }));
  const toCount = tabs.filter(([k]) => !known.some((c) => c.key === k));
  const counted = await countTabs(db, scope, toCount);
  for (const c of counted) if (c.count > TAB_COUNT_CAP) knownCapped.remember(keyOf(c.key));
  const all = [...known, ...counted];
  return tabs.map(([k]) => all.find((c) => c.key === k)!);
}

/** The newest `cap` + 1 orders matching `where`, walked in the list indexes' order so the walk stops at the cap. */
const cappedIds = (where: SQL, cap: number) =>
  sql`select ${orders.id} from ${orders} where ${where} order by ${orders.createdAt} desc, ${orders.id} desc limit ${cap + 1}`;

/** Each tab counted up to TAB_COUNT_CAP + 1: one round trip of capped subqueries, or per tab for a contains-search. */
async function countTabs(db: Db, scope: ListScope, tabs: [string, ResolvedFilters][]): Promise<{ key: string; count: number }[]> {
  if (tabs.length === 0) return [];
  if (isContainsSearch(tabs[0]![1])) {
    return Promise.all(
      tabs.map(async ([key, filters]) => ({
        key,
        count: isContainsSearch(filters) ? await searchCount(db, scope, filters, TAB_COUNT_CAP) : await walkCount(db, orderConditions(scope, filters), TAB_COUNT_CAP),
      })),
    );
  }
  const capped = (key: string, where: SQL) => sql`(select ${key}::text as k, count(*)::int as n from (${cappedIds(where, TAB_COUNT_CAP)}) t)`;
  const result = await db.execute(sql.join(tabs.map(([k, filters]) => capped(k, orderConditions(scope, filters))), sql` union all `));
  return rowsOf<{ k: string; n: number }>(result).map((r) => ({ key: r.k, count: Number(r.n) }));
}

/**
 * The order notifications: orders per attention kind (the list filter `attention`), each counted up to
 * TAB_COUNT_CAP + 1 like the tabs, and the orders of any kind (an order of two kinds once), in one statement: each
 * kind's capped ids once (a CTE), counted, then their union counted. The union of capped sets is exact while no
 * kind reached the cap; when one did, the total is over the cap anyway.
 */
export async function countAttention(db: Db, scope: ListScope): Promise<{ key: OrderAttentionKey | 'total'; count: number }[]> {
  const keyOf = (k: string) => countKey(`attention:${k}`, scope, {});
  const known = ORDER_ATTENTION_KEYS.filter((k) => knownCapped.isCapped(keyOf(k)));
  const arms = ORDER_ATTENTION_KEYS.filter((k) => !known.includes(k)).map((key, i) => ({ key, name: sql.raw(`attention_${i}`) }));
  const totalKnown = known.length > 0 || knownCapped.isCapped(keyOf('total'));
  const counted: { key: OrderAttentionKey | 'total'; count: number }[] = [];
  if (arms.length > 0) {
    const counts = arms.map((a) => sql`select ${a.key}::text as k, count(*)::int as n from ${a.name}`);
    if (!totalKnown) counts.push(sql`select 'total', count(*)::int from (${sql.join(arms.map((a) => sql`select id from ${a.name}`), sql` union `)}) u`);
    const result = await db.execute(sql`with ${sql.join(arms.map((a) => sql`${a.name} as (${cappedIds(orderConditions(scope, { attention: a.key }), TAB_COUNT_CAP)})`), sql`, `)}
      ${sql.join(counts, sql` union all `)}`);
    counted.push(...rowsOf<{ k: OrderAttentionKey | 'total'; n: number }>(result).map((r) => ({ key: r.k, count: Number(r.n) })));
  }
  for (const c of counted) if (c.count > TAB_COUNT_CAP) knownCapped.remember(keyOf(c.key));
  const over = TAB_COUNT_CAP + 1;
  return [
    ...known.map((key) => ({ key, count: over })),
    ...counted,
    ...(totalKnown ? [{ key: 'total' as const, count: over }] : []),
  ];
}

/**
 * Where the next export page starts: the last order's created_at as the database's own text. A JS Date
 * keeps milliseconds only, and the orders of one import batch share a microsecond timestamp: a Date
 * cursor inside such a group skipped the rest of it.
 */
export interface ExportCursor {
  createdAt: string;
  id: string;
}

/** Orders of the export, newest first like the list, in keyset pages (created_at, id): no offset to re-read. */
export async function exportOrderBatch(db: Db, scope: ListScope, f: ResolvedFilters, after: ExportCursor | null, size: number) {
  // Every match is read, batch after batch from where the last stopped: walking costs one pass over
  // the scope in all; the trigram index would gather every match again per batch. Only a text too
  // rare to show in the probe uses trigrams (a handful of matches).
  const searchBy = f.searchShape?.matches === 0 ? searchByFor(f.searchShape, 1) : 'walk';
  const conds = [orderConditions(scope, { ...f, searchBy })];
  if (after) conds.push(sql`(${orders.createdAt}, ${orders.id}) < (${after.createdAt}::timestamptz, ${after.id})`);
  return db
    .select({ o: orders, teamName: sellerTeams.name, cursorAt: sql<string>`${orders.createdAt}::text` })
    .from(orders)
    .innerJoin(sellerTeams, eq(sellerTeams.id, orders.sellerTeamId))
    .where(and(...conds))
    .orderBy(...newestFirst)
    .limit(size);
}

export async function countForExport(db: Db, scope: ListScope, f: ResolvedFilters) {
  const searchBy = searchByFor(f.searchShape, Number.MAX_SAFE_INTEGER);
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(orderConditions(scope, { ...f, searchBy }));
  return Number(row?.n ?? 0);
}

/**
 * Whether some order of the scope is named exactly `name` (one probe of the unique index per
 * team). When one is, a search shows exactly those orders instead of reading every order for a
 * contains-match (docs/orders.md, "Lists and filters").
 */
export async function hasExactName(db: Db, scope: ListScope, name: string): Promise<boolean> {
  const rows = await db.select({ one: sql`1` }).from(orders).where(and(scopeCondition(scope), exactNameCondition(scope, name))).limit(1);
  return rows.length > 0;
}

/** The agency's seller teams for the list filters. */
export function teamOptions(db: Db, agencyId: string) {
  return db
    .select({ id: sellerTeams.id, name: sellerTeams.name })
    .from(sellerTeams)
    .where(eq(sellerTeams.agencyId, agencyId))
    .orderBy(sellerTeams.name);
}

export async function findTeam(db: Db, agencyId: string, teamId: string) {
  const [row] = await db
    .select({ id: sellerTeams.id })
    .from(sellerTeams)
    .where(and(eq(sellerTeams.id, teamId), eq(sellerTeams.agencyId, agencyId)));
  return row;
}

/** Sum of totalPrice of the team's orders that were not cancelled, and how many. */
export async function teamRevenue(db: Db, agencyId: string, teamId: string) {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${orders.totalPriceCents}), 0)::bigint`, n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.agencyId, agencyId), eq(orders.sellerTeamId, teamId), ne(orders.status, 'Cancel')));
  return { cents: Number(row?.cents ?? 0), count: Number(row?.n ?? 0) };
}
