/**
 * Reads of the KPI roll-ups (docs/kpis.md): the folded days plus the deltas not folded yet, from one snapshot, and the
 * late and stuck orders.
 * Every read names the agency; a seller's scope also names its team.
 */
import { sql, type SQL } from 'drizzle-orm';
import { executedRows, type Db, type Tx } from '../../db/client';
import { KPI_MEASURES } from './kpi-fold';

export interface KpiScope {
  agencyId: string;
  sellerTeamId?: string;
  catalogType?: string;
}

export type KpiMeasures = Record<(typeof KPI_MEASURES)[number], number>;
export interface KpiRow extends KpiMeasures {
  /** d: one day and status; p: one status of the previous period; t: one seller team (the current range); c: one catalog. */
  kind: 'd' | 'p' | 't' | 'c';
  key: string;
  status: string;
}

const measures = sql.raw(KPI_MEASURES.join(', '));
const sums = sql.raw(KPI_MEASURES.map((m) => `sum(${m})::bigint as ${m}`).join(', '));
const zeros = sql.raw(KPI_MEASURES.map((m) => `0::bigint as ${m}`).join(', '));

function rollupWhere(scope: KpiScope, from: string, to: string): SQL {
  return sql`agency_id = ${scope.agencyId} and day between ${from}::date and ${to}::date
    ${scope.sellerTeamId ? sql`and seller_team_id = ${scope.sellerTeamId}` : sql``}
    ${scope.catalogType ? sql`and catalog_type = ${scope.catalogType}` : sql``}`;
}

/**
 * One table's sums by kind: d per day and status over [currentFrom, to], p per status before currentFrom (the previous
 * period is compared in total), t per seller team and c per catalog over [currentFrom, to]; and g, the fold generation.
 */
async function grouped(tx: Tx, table: 'kpi_daily' | 'kpi_deltas', where: SQL, currentFrom: string) {
  const rows = executedRows<Record<string, unknown>>(await tx.execute(sql`
    select 'g' as kind, generation::text as key, '' as status, ${zeros} from kpi_fold_state
    union all
    select * from (
      with r as (select day, seller_team_id, catalog_id, status, ${measures} from ${sql.raw(table)} where ${where})
      select 'd' as kind, day::text as key, status, ${sums} from r where day >= ${currentFrom}::date group by day, status
      union all
      select 'p', '', status, ${sums} from r where day < ${currentFrom}::date group by status
      union all
      select 't', seller_team_id::text, '', ${sums} from r where day >= ${currentFrom}::date group by seller_team_id
      union all
      select 'c', catalog_id::text, '', ${sums} from r where day >= ${currentFrom}::date group by catalog_id
    ) x`));
  const generation = String(rows.find((r) => r.kind === 'g')?.key ?? '');
  return { generation, rows: rows.filter((r) => r.kind !== 'g').map(toKpiRow) };
}

function toKpiRow(row: Record<string, unknown>): KpiRow {
  const out = { kind: row.kind, key: row.key, status: row.status ?? '' } as KpiRow;
  for (const m of KPI_MEASURES) out[m] = Number(row[m] ?? 0);
  return out;
}

/**
 * The folded part of a range, remembered per process by its fold generation: kpi_daily changes only when kpi.fold
 * commits, and the fold bumps the generation in the same statement, so a request whose snapshot shows the same
 * generation reads the same folded rows. Bounded: the oldest range goes first.
 */
const foldedParts = new Map<string, { generation: string; rows: KpiRow[] }>();
const MAX_FOLDED_PARTS = 500;

function remember(key: string, part: { generation: string; rows: KpiRow[] }): void {
  foldedParts.delete(key);
  if (foldedParts.size >= MAX_FOLDED_PARTS) foldedParts.delete(foldedParts.keys().next().value as string);
  foldedParts.set(key, part);
}

/** The rows of both parts added up by kind and key (and status). */
function merged(folded: KpiRow[], tail: KpiRow[]): KpiRow[] {
  if (tail.length === 0) return folded;
  const by = new Map<string, KpiRow>();
  for (const row of [...folded, ...tail]) {
    const id = `${row.kind}|${row.key}|${row.status}`;
    const seen = by.get(id);
    if (!seen) by.set(id, { ...row });
    else for (const m of KPI_MEASURES) seen[m] += row[m];
  }
  return [...by.values()];
}

/**
 * The roll-ups of a range and the period before it: the folded days (remembered by fold generation) plus the deltas not
 * folded yet, both read in one read-only repeatable-read transaction, so they come from one snapshot: a fold committing
 * meanwhile never shows a figure twice or not at all. A request costs its tail, not its range.
 */
export async function readRollups(db: Db, scope: KpiScope, from: string, to: string, currentFrom: string): Promise<KpiRow[]> {
  const where = rollupWhere(scope, from, to);
  const key = JSON.stringify([scope.agencyId, scope.sellerTeamId ?? '', scope.catalogType ?? '', from, to, currentFrom]);
  return db.transaction(async (tx) => {
    const tail = await grouped(tx, 'kpi_deltas', where, currentFrom);
    let folded = foldedParts.get(key);
    if (!folded || folded.generation !== tail.generation) {
      folded = await grouped(tx, 'kpi_daily', where, currentFrom);
      remember(key, folded);
    }
    return merged(folded.rows, tail.rows);
  }, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

/** The names of the seller teams and catalogs shown (the top ones), read fresh: a rename shows at once. */
export async function namesOf(db: Db, agencyId: string, teamIds: string[], catalogIds: string[]): Promise<Map<string, string>> {
  if (teamIds.length === 0 && catalogIds.length === 0) return new Map();
  const ids = (list: string[]) => (list.length ? sql.join(list.map((id) => sql`${id}::uuid`), sql`, `) : sql`null::uuid`);
  const rows = executedRows<{ id: string; name: string }>(await db.execute(sql`
    select id::text, name from seller_teams where agency_id = ${agencyId} and id in (${ids(teamIds)})
    union all
    select id::text, name from catalogs where id in (${ids(catalogIds)})`));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export interface AttentionRow {
  id: string;
  order_name: string;
  seller_team_id: string;
  team_name: string | null;
  status: string;
  since: Date | string;
  due_at: Date | string | null;
}

function orderWhere(scope: KpiScope): SQL {
  return sql`o.agency_id = ${scope.agencyId}
    ${scope.sellerTeamId ? sql`and o.seller_team_id = ${scope.sellerTeamId}` : sql``}
    ${scope.catalogType ? sql`and o.order_type = ${scope.catalogType}` : sql``}`;
}

/** Approved orders not shipped past their production time (orders.production_due_at), the longest overdue first. */
export async function lateOrders(db: Db, scope: KpiScope, limit: number): Promise<AttentionRow[]> {
  return executedRows<AttentionRow>(await db.execute(sql`
    select o.id, o.order_name, o.seller_team_id, t.name as team_name, o.status, o.approved_at as since, o.production_due_at as due_at
      from orders o left join seller_teams t on t.id = o.seller_team_id and t.agency_id = o.agency_id
     where ${orderWhere(scope)} and o.status in ('Approved', 'InProduction') and o.production_due_at < now()
     order by o.production_due_at, o.id limit ${limit}`));
}

/** Orders on hold for longer than `days`, oldest hold first. */
export async function stuckOrders(db: Db, scope: KpiScope, days: number, limit: number): Promise<AttentionRow[]> {
  return executedRows<AttentionRow>(await db.execute(sql`
    select o.id, o.order_name, o.seller_team_id, t.name as team_name, o.status, o.status_at as since, null as due_at
      from orders o left join seller_teams t on t.id = o.seller_team_id and t.agency_id = o.agency_id
     where ${orderWhere(scope)} and o.status = 'Hold' and o.status_at < now() - make_interval(days => ${days}::int)
     order by o.status_at, o.id limit ${limit}`));
}
