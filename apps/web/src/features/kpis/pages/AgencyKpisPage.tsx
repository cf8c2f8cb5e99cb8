import { useQuery } from '@tanstack/react-query';
import { Button, Col, Empty, Result, Row, Skeleton } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { CATALOG_TYPE_LABELS } from '@fbo/shared/domain/catalog';
import { MSG } from '@fbo/shared/domain/messages';
import { failureMessage } from '../../../api/http';
import { FilterBar } from '../../../components/FilterBar';
import { PageHeader } from '../../../components/PageHeader';
import { orderTeamsQuery } from '../../orders';
import { AttentionTables } from '../components/AttentionTables';
import { KpiStatCards } from '../components/KpiStatCard';
import { MoneyPerDayChart } from '../components/MoneyPerDayChart';
import { OrdersByStatusChart } from '../components/OrdersByStatusChart';
import { TopCatalogsChart, TopTeamsChart } from '../components/TopCharts';
import { useKpiFilters } from '../components/useKpiFilters';
import { AGENCY_CARDS } from '../kpi-format';
import { downloadKpiCsv } from '../kpi-export';
import { kpiDashboardQuery } from '../kpis.api';
import { periodLabel } from '../kpi-period';

/**
 * /ag/kpis (agency owner): the agency's figures of a period against the period before, from the roll-ups of
 * GET /dashboards/profits: cards, orders per day by status, money per day, top teams and catalogs, late and stuck orders.
 */
export default function AgencyKpisPage() {
  const teams = useQuery(orderTeamsQuery());
  const teamOptions = (teams.data ?? []).map((t) => ({ value: t.id, label: t.name }));
  const { bar, params, setStuckDays } = useKpiFilters(teamOptions, teams.isFetching);
  const query = useQuery(kpiDashboardQuery(params));
  const d = query.data;
  const loading = query.isLoading;
  const fetching = query.isFetching && !loading;
  const teamName = teamOptions.find((t) => t.value === params.sellerTeam)?.label;

  return (
    <>
      <PageHeader
        title="KPIs"
        extra={
          <Button icon={<DownloadOutlined />} disabled={!d} onClick={() => d && downloadKpiCsv(d, { sellerTeam: teamName, catalogType: params.catalogType && CATALOG_TYPE_LABELS[params.catalogType] })}>
            Export CSV
          </Button>
        }
      />
      <FilterBar {...bar} />
      {query.isError ? (
        <Result status="error" title={failureMessage(query.error) ?? MSG.serverError} extra={<Button onClick={() => void query.refetch()}>Try again</Button>} />
      ) : loading || !d ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <div aria-busy={fetching}>
          <p style={{ marginTop: 0 }}>
            {periodLabel(d)}, compared with {periodLabel(d.previous)} (UTC days).
          </p>
          <KpiStatCards figures={AGENCY_CARDS} totals={d.totals} previous={d.previous.totals} />
          {d.totals.orders === 0 && d.totals.revenue === 0 ? <Empty description="No orders in this range" style={{ marginBottom: 16 }} /> : null}
          <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
            <Col xs={24} xl={12}>
              <OrdersByStatusChart days={d.days} />
            </Col>
            <Col xs={24} xl={12}>
              <MoneyPerDayChart days={d.days} />
            </Col>
            <Col xs={24} xl={12}>
              <TopTeamsChart teams={d.topTeams} />
            </Col>
            <Col xs={24} xl={12}>
              <TopCatalogsChart catalogs={d.topCatalogs} />
            </Col>
          </Row>
          <AttentionTables late={d.attention.late} stuck={d.attention.stuck} stuckDays={d.attention.stuckDays} onStuckDays={setStuckDays} />
        </div>
      )}
    </>
  );
}
