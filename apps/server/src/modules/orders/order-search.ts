/**
 * Contains-search over a large scope (docs/orders.md, "Search"). Two ways find matches:
 * - **walk**: the scope's own list index, newest first, reading rows until the page (or the capped
 *   count) is full. Cheap when the text is common, ruinous when it is rare (it reads the scope).
 * - **trigram**: the GIN index orders_search_trgm_idx gathers every match, then they are sorted.
 *   Cheap when the text is rare, ruinous when it is common (it reads and rechecks every match).
 * PostgreSQL's planner cannot tell which case it is in (its estimate for ILIKE '%text%' is off by
 * orders of magnitude both ways), so the service probes first (probeSearch: how many of the newest
 * orders match) and the queries here choose, fencing each way so the planner cannot mix them up:
 * a walk reads at most WALK_ROWS rows and gives way to trigrams when that did not suffice.
 */
import { sql, type SQL } from 'drizzle-orm';
import { executedRows as rowsOf, type Db } from '../../db/client';
import { orders } from '../../db/schema/index';
import { likePattern } from '../../lib/list';
import { SEARCH_PROBE_ROWS, orderConditions, searchByFor, searchText, type ListScope, type ResolvedFilters, type SearchShape } from './order-filters';

/** The most rows one walk reads before the trigram index takes over. */
export const WALK_ROWS = 40_000;

type SearchFilters = ResolvedFilters & { search: string };

/** Whether these filters hold a contains-search (not an exact order name). */
export function isContainsSearch(f: ResolvedFilters): f is SearchFilters {
  return Boolean(f.search) && !f.exactName;
}

/** The newest `rows` orders of the scope and the other filters, with their search text (an index walk). */
function walkWindow(scope: ListScope, f: SearchFilters, rows = WALK_ROWS): SQL {
  const where = orderConditions(scope, { ...f, search: undefined });
  return sql`(select ${orders.id} as id, ${orders.createdAt} as created_at, ${searchText} as t from ${orders}
    where ${where} order by ${orders.createdAt} desc, ${orders.id} desc limit ${rows})`;
}

/** The matches through the trigram index, fenced (offset 0) so the planner keeps the bitmap scan under an outer sort or limit. */
function trigramMatches(scope: ListScope, f: SearchFilters): SQL {
  return sql`(select ${orders.id} as id, ${orders.createdAt} as created_at from ${orders} where ${orderConditions(scope, f)} offset 0)`;
}

/** How common the text is among the newest SEARCH_PROBE_ROWS orders of the scope and other filters. */
export async function probeSearch(db: Db, scope: ListScope, f: SearchFilters): Promise<SearchShape> {
  const result = await db.execute(sql`
    select count(*)::int as n, (count(*) filter (where r.t ilike ${likePattern(f.search)}))::int as m
    from ${walkWindow(scope, f, SEARCH_PROBE_ROWS)} r`);
  const [row] = rowsOf<{ n: number; m: number }>(result);
  return { window: Number(row?.n ?? 0), matches: Number(row?.m ?? 0) };
}

/** The probe read the whole scope (under SEARCH_PROBE_ROWS orders), so a walk's window holds all of it too. */
function walkSeesAll(f: SearchFilters): boolean {
  return f.searchShape !== undefined && f.searchShape.window < SEARCH_PROBE_ROWS;
}

/** The ids of one page of matches, newest first. */
export async function searchPageIds(db: Db, scope: ListScope, f: SearchFilters, limit: number, offset: number): Promise<string[]> {
  const pattern = likePattern(f.search);
  if (searchByFor(f.searchShape, offset + limit) === 'walk') {
    const walked = rowsOf<{ id: string }>(
      await db.execute(sql`select w.id from ${walkWindow(scope, f)} w where w.t ilike ${pattern}
        order by w.created_at desc, w.id desc limit ${limit} offset ${offset}`),
    );
    // A full page from the window is the answer (the window holds the newest orders). A short one
    // may be the end of the matches or the end of the window: the trigram index tells.
    if (walked.length === limit || walkSeesAll(f)) return walked.map((r) => r.id);
  }
  const found = rowsOf<{ id: string }>(
    await db.execute(sql`select m.id from ${trigramMatches(scope, f)} m order by m.created_at desc, m.id desc limit ${limit} offset ${offset}`),
  );
  return found.map((r) => r.id);
}

/** The number of matches, counted up to cap + 1 (more than cap means "cap+"). */
export async function searchCount(db: Db, scope: ListScope, f: SearchFilters, cap: number): Promise<number> {
  const pattern = likePattern(f.search);
  if (searchByFor(f.searchShape, cap + 1) === 'walk') {
    const [walked] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from (select 1 from ${walkWindow(scope, f)} w where w.t ilike ${pattern} limit ${cap + 1}) c`),
    );
    const n = Number(walked?.n ?? 0);
    if (n > cap || walkSeesAll(f)) return n;
  }
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from (select 1 from ${trigramMatches(scope, f)} m limit ${cap + 1}) c`),
  );
  return Number(row?.n ?? 0);
}
