/**
 * Folding the KPI deltas (docs/kpis.md "Roll-ups"). The database triggers of migration 0031 append a delta row per
 * group of every statement that moves a figure; this job moves the deltas into `kpi_daily` in one statement: the
 * DELETE ... RETURNING takes the rows its snapshot sees, so a delta committed meanwhile waits for the next run, and
 * two runs at once (two replicas) never fold a row twice (the second skips the rows the first deleted). Readers add
 * the tail that is not folded yet, in the same statement, so a figure never jumps while it is folded.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { executedRows, type Db, type Tx } from '../../db/client';

export const KPI_FOLD_JOB = 'kpi.fold';
/** Every minute: the tail a KPI adds to the folded days stays a minute of writes long. */
export const KPI_FOLD_CRON = '* * * * *';

/** The summed measures, in the order of the tables' columns. */
export const KPI_MEASURES = [
  'orders', 'customer_sales_cents', 'charged_cents', 'refunded_cents', 'profit_cents', 'item_charged_cents', 'cost_cents',
  'units', 'fulfilled', 'fulfilled_sales_cents', 'shipped', 'ship_seconds', 'on_time',
] as const;
const DIMENSIONS = ['agency_id', 'day', 'seller_team_id', 'catalog_type', 'catalog_id', 'status'] as const;

const list = (names: readonly string[], each: (n: string) => string = (n) => n) => sql.raw(names.map(each).join(', '));

/** Moves every visible delta into kpi_daily; answers how many delta rows were folded. */
export async function foldKpiDeltas(db: Db | Tx): Promise<number> {
  const rows = executedRows<{ n: number }>(await db.execute(sql`
    with moved as (delete from kpi_deltas returning ${list([...DIMENSIONS, ...KPI_MEASURES])}),
    summed as (
      select ${list(DIMENSIONS)}, ${list(KPI_MEASURES, (m) => `sum(${m}) as ${m}`)}, count(*) as n
        from moved group by ${list(DIMENSIONS)}
    ),
    folded as (
      insert into kpi_daily (${list([...DIMENSIONS, ...KPI_MEASURES])})
      select ${list([...DIMENSIONS, ...KPI_MEASURES])} from summed
      on conflict (${list(DIMENSIONS)}) do update set ${list(KPI_MEASURES, (m) => `${m} = kpi_daily.${m} + excluded.${m}`)}
    ),
    -- A new generation with every fold that changed kpi_daily: readers remember folded days by it (kpis.repo.ts).
    bumped as (update kpi_fold_state set generation = generation + 1 where exists (select 1 from summed))
    select coalesce(sum(n), 0)::int as n from summed`));
  return Number(rows[0]?.n ?? 0);
}

export function registerKpiFold(ctx: AppContext): void {
  ctx.jobs.register(KPI_FOLD_JOB, async () => ({ ok: true, folded: await foldKpiDeltas(ctx.db) }));
}

export async function scheduleKpiFold(ctx: AppContext): Promise<void> {
  await ctx.jobs.schedule({ name: KPI_FOLD_JOB, kind: KPI_FOLD_JOB, cron: KPI_FOLD_CRON });
}

/** Every roll-up counted again from the base tables (the database function kpi_rebuild of migration 0031). */
export async function rebuildKpis(db: Db | Tx): Promise<void> {
  await db.execute(sql`select kpi_rebuild()`);
}
