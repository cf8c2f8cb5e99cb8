import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Table, type TableColumnsType } from 'antd';
import { Link, useParams } from 'react-router';
import type { CatalogAcrossGroups } from '@fbo/shared';
import { CATALOG_TYPE_LABELS } from '@fbo/shared/domain/catalog';
import { findRoute, routePath } from '@fbo/shared/routes';
import { PageHeader } from '../../../components/PageHeader';
import { ScrollRegion } from '../../../components/ScrollRegion';
import { catalogAcrossGroupsQuery } from '../basecosts.api';
import { BaseCostBreadcrumb } from '../components/BaseCostBreadcrumb';
import { usd } from '../components/money';
import { QueryGate } from '../components/QueryGate';
import '../components/basecosts.css';

type Row = CatalogAcrossGroups['variants'][number];

/**
 * /ag/base-cost/catalogs/:id: one catalog's base price, standard shipping and margin in every group
 * of the agency, beside what the agency itself pays for each variant.
 */
export default function AgencyCatalogCostsPage() {
  const { id = '' } = useParams();
  const query = useQuery(catalogAcrossGroupsQuery(id));

  return (
    <>
      <BaseCostBreadcrumb area="ag" items={[{ title: query.data?.catalog.name ?? 'Catalog' }]} />
      <PageHeader title={findRoute('ag-base-cost-catalogs')?.title} />
      <QueryGate query={query}>
        {(data) => (
          <Card className="basecost-card" title={`${data.catalog.name} (${data.catalog.productCode}, ${CATALOG_TYPE_LABELS[data.catalog.type]})`}>
            <ScrollRegion label="Catalog costs by group">
              <Table<Row>
                rowKey="catalogVariantId"
                size="small"
                bordered
                columns={columnsFor(data)}
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

function columnsFor(data: CatalogAcrossGroups): TableColumnsType<Row> {
  return [
    { title: 'SKU', dataIndex: 'catalogVariantCode' },
    { title: 'Color', dataIndex: 'color' },
    { title: 'Size', dataIndex: 'size' },
    { title: 'Your cost', dataIndex: 'agencyCost', align: 'right', render: (v: number | null) => usd(v) },
    ...data.groups.map((g, i) => ({
      title: (
        <Link to={routePath('ag-base-cost-catalog-cost', { id: data.catalog.id, basecostId: g.id })}>
          {g.name} ({g.sellerTeamCount} seller{g.sellerTeamCount === 1 ? '' : 's'})
        </Link>
      ),
      key: g.id,
      children: [
        { title: 'Base price', key: `${g.id}-base`, align: 'right' as const, render: (_: unknown, r: Row) => usd(r.costs[i]!.basePrice) },
        {
          title: 'Standard ship',
          key: `${g.id}-ship`,
          align: 'right' as const,
          render: (_: unknown, r: Row) =>
            r.costs[i]!.standardFirst === null ? '—' : `${usd(r.costs[i]!.standardFirst)} / ${usd(r.costs[i]!.standardAdditional)}`,
        },
        {
          title: 'Margin',
          key: `${g.id}-margin`,
          align: 'right' as const,
          render: (_: unknown, r: Row) => {
            const c = r.costs[i]!;
            if (c.margin === null) return '—';
            return (
              <span className={c.margin < 0 ? 'basecost-margin-negative' : undefined}>
                {usd(c.margin)}
                {c.marginPercent === null ? '' : ` (${c.marginPercent}%)`}
              </span>
            );
          },
        },
      ],
    })),
  ];
}
