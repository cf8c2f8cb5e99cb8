/**
 * Reads of the KPI roll-ups (docs/kpis.md): the folded days plus the deltas not folded yet, in one statement (one
 * snapshot: a fold committing meanwhile never shows a figure twice or not at all), and the late and stuck orders.
 * Every read names the agency; a seller's scope also names its team.
 */
import { sql, type SQL } from 'drizzle-orm';
import { executedRows, type Db } from '../../db/client';
import { KPI_MEASURES } from './kpi-fold';

export interface KpiScope {
  agencyId: string;
  sellerTeamId?: string;
  catalogType?: string;
}

export type KpiMeasures = Record<(typeof KPI_MEASURES)[number], number>;
export interface KpiRow extends KpiMeasures {
  /** d: one day and status; p: one status of the previous period; t: one of the top seller teams (the current range); c: one of the top catalogs. */
  kind: 'd' | 'p' | 't' | 'c';
  key: string;
  status: string;
  name: string | null;
}

const measures = sql.raw(KPI_MEASURES.join(', '));
const sums = sql.raw(KPI_MEASURES.map((m) => `sum(${m})::bigint as ${m}`).join(', '));
const outer = sql.raw(KPI_MEASURES.map((m) => `x.${m}`).join(', '));

function rollupWhere(scope: KpiScope, from: string, to: string): SQL {
  return sql`agency_id = ${scope.agencyId} and day between ${from}::date and ${to}::date
    ${scope.sellerTeamId ? sql`and seller_team_id = ${scope.sellerTeamId}` : sql``}
    ${scope.catalogType ? sql`and catalog_type = ${scope.catalogType}` : sql``}`;
}

/**
 * Per day and status over [currentFrom, to], per status over [from, currentFrom); the `top` seller teams and catalogs (by margin, then units) over
 * [currentFrom, to] (the range shown; the days before it are the previous period of the deltas).
 */
export async function readRollups(db: Db, scope: KpiScope, from: string, to: string, currentFrom: string, top: number): Promise<KpiRow[]> {
  const where = rollupWhere(scope, from, to);
  const rows = executedRows<Record<string, unknown>>(await db.execute(sql`
    with r as (
      select day, seller_team_id, catalog_id, status, ${measures} from kpi_daily where ${where}
      union all
      select day, seller_team_id, catalog_id, status, ${measures} from kpi_deltas where ${where}
    )
    select 'd' as kind, day::text as key, status, null::text as name, ${sums} from r where day >= ${currentFrom}::date group by day, status
    union all
    -- The previous period is compared in total: by status (its cancelled orders), not by day.
    select 'p', '', status, null, ${sums} from r where day < ${currentFrom}::date group by status
    union all
    -- The top teams and catalogs are ranked here, so only they are joined for their names.
    select 't', x.key::text, '', t.name, ${outer} from (
      select seller_team_id as key, ${sums} from r where day >= ${currentFrom}::date group by seller_team_id
       order by sum(charged_cents) - sum(refunded_cents) - sum(cost_cents) desc, sum(units) desc limit ${top}
    ) x left join seller_teams t on t.agency_id = ${scope.agencyId} and t.id = x.key
    union all
    select 'c', x.key::text, '', c.name, ${outer} from (
      select catalog_id as key, ${sums} from r where day >= ${currentFrom}::date group by catalog_id
      having sum(units) <> 0 or sum(item_charged_cents) <> 0
       order by sum(item_charged_cents) - sum(cost_cents) desc, sum(units) desc limit ${top}
    ) x left join catalogs c on c.id = x.key`));
  return rows.map((row) => {
    const out = { kind: row.kind, key: row.key, status: row.status ?? '', name: row.name ?? null } as KpiRow;
    for (const m of KPI_MEASURES) out[m] = Number(row[m] ?? 0);
    return out;
  });
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
