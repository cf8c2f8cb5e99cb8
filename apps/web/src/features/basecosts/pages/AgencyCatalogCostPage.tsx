import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Table, type TableColumnsType } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams } from 'react-router';
import type { BasecostVariantCost } from '@fbo/shared';
import { BASECOST_PRICE_FIELDS, PRICE_FIELD_LABELS, marginCents } from '@fbo/shared/domain/basecosts';
import { CATALOG_TYPE_LABELS } from '@fbo/shared/domain/catalog';
import { dollarsToCents, centsToDollars } from '@fbo/shared/domain/money';
import { findRoute, routePath } from '@fbo/shared/routes';
import { PageHeader } from '../../../components/PageHeader';
import { ScrollRegion } from '../../../components/ScrollRegion';
import { basecostCatalogCostsQuery } from '../basecosts.api';
import { BaseCostBreadcrumb } from '../components/BaseCostBreadcrumb';
import { usd } from '../components/money';
import { QueryGate } from '../components/QueryGate';
import '../components/basecosts.css';

/** /ag/base-cost/catalog-cost/:id/basecost/:basecostId: one catalog's costs in one group, read only, with Edit. */
export default function AgencyCatalogCostPage() {
  const { id = '', basecostId = '' } = useParams();
  const navigate = useNavigate();
  const query = useQuery(basecostCatalogCostsQuery('agency', basecostId, id));
  const costs = query.data;
  const group = routePath('ag-base-cost') + `?group=${encodeURIComponent(basecostId)}`;

  const columns: TableColumnsType<BasecostVariantCost> = [
    { title: 'SKU', dataIndex: 'catalogVariantCode' },
    { title: 'Color', dataIndex: 'color' },
    { title: 'Size', dataIndex: 'size' },
    { title: 'Your cost', dataIndex: 'agencyCost', align: 'right', render: (v: number | null) => usd(v) },
    ...BASECOST_PRICE_FIELDS.map((f) => ({ title: PRICE_FIELD_LABELS[f], dataIndex: f, align: 'right' as const, render: (v: number | null) => usd(v) })),
    {
      title: 'Margin',
      key: 'margin',
      align: 'right',
      render: (_, v) => {
        if (v.basePrice === null || v.agencyCost === null) return '—';
        const margin = centsToDollars(marginCents(dollarsToCents(v.basePrice), dollarsToCents(v.agencyCost)));
        return <span className={margin < 0 ? 'basecost-margin-negative' : undefined}>{usd(margin)}</span>;
      },
    },
  ];

  return (
    <>
      <BaseCostBreadcrumb
        area="ag"
        items={[
          { title: costs?.basecost.name ?? 'Group', to: group },
          { title: costs?.catalog.name ?? 'Catalog', to: routePath('ag-base-cost-catalogs', { id }) },
          { title: 'Costs' },
        ]}
      />
      <PageHeader
        title={findRoute('ag-base-cost-catalog-cost')?.title}
        extra={
          <Button type="primary" icon={<EditOutlined />} onClick={() => void navigate(routePath('ag-base-cost-group-update', { groupId: basecostId, id }))}>
            Edit
          </Button>
        }
      />
      <QueryGate query={query}>
        {(data) => (
          <Card
            className="basecost-card"
            title={`${data.catalog.name} (${data.catalog.productCode}, ${CATALOG_TYPE_LABELS[data.catalog.type]}) in ${data.basecost.name}`}
            extra={<Link to={routePath('ag-base-cost-catalogs', { id })}>Compare groups</Link>}
          >
            <ScrollRegion label="Variant costs">
              <Table<BasecostVariantCost>
                rowKey="catalogVariantId"
                size="small"
                columns={columns}
                dataSource={data.variants}
                pagination={false}
                locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No data" /> }}
              />
            </ScrollRegion>
          </Card>
        )}
      </QueryGate>
    </>
  );
}
