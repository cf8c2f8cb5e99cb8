import type { TableColumnsType } from 'antd';
import type { KpiTopCatalog, KpiTopTeam } from '@fbo/shared/schemas/kpis';
import { formatUsd } from '@fbo/shared/domain/money';
import { RankingChart, type RankingMetric } from './RankingChart';

const usd = (v: number) => formatUsd(v);
const count = (v: number) => v.toLocaleString('en-US');
type TeamRow = KpiTopTeam & { key: string };
type CatalogRow = KpiTopCatalog & { key: string };

/** A right-aligned figure column. */
const figure = <T,>(title: string, dataIndex: keyof T & string, render: (v: number) => string) => ({ title, dataIndex, align: 'right' as const, render });

const teamColumns: TableColumnsType<TeamRow> = [
  { title: 'Seller team', dataIndex: 'name' },
  ...(['Revenue', 'Cost', 'Margin'] as const).map((t) => figure<TeamRow>(t, t.toLowerCase() as 'revenue' | 'cost' | 'margin', usd)),
  figure<TeamRow>('Units', 'units', count),
  figure<TeamRow>('Orders', 'orders', count),
];
const catalogColumns: TableColumnsType<CatalogRow> = [
  { title: 'Catalog', dataIndex: 'name' },
  ...(['Charged', 'Cost', 'Margin'] as const).map((t) => figure<CatalogRow>(t, t.toLowerCase() as 'charged' | 'cost' | 'margin', usd)),
  figure<CatalogRow>('Units', 'units', count),
];

/** The agency's top seller teams of the range (the server's ten best by margin). */
export function TopTeamsChart({ teams, loading }: { teams: readonly KpiTopTeam[]; loading?: boolean }) {
  return (
    <RankingChart<TeamRow> title="Top seller teams" items={teams.map((t) => ({ ...t, key: t.id }))} columns={teamColumns} emptyText="No charged orders in this range" loading={loading} />
  );
}

/** Top catalogs (the seller's "Top products"): warehouse stock lines count as one catalog without an id. */
export function TopCatalogsChart({
  catalogs,
  title = 'Top catalogs',
  initialMetric = 'margin',
  loading,
  headingLevel,
}: {
  catalogs: readonly KpiTopCatalog[];
  title?: string;
  initialMetric?: RankingMetric;
  loading?: boolean;
  headingLevel?: 2 | 3;
}) {
  return (
    <RankingChart<CatalogRow>
      title={title}
      items={catalogs.map((c) => ({ ...c, key: c.id ?? 'warehouse-stock' }))}
      columns={catalogColumns}
      initialMetric={initialMetric}
      emptyText="No charged items in this range"
      loading={loading}
      headingLevel={headingLevel}
    />
  );
}
