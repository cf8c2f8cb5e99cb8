import { Card, Empty, Pagination, Spin, Tag, Alert } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { CatalogListItem, CatalogType } from '@fbo/shared';
import { CATALOG_TYPES, CATALOG_TYPE_LABELS } from '@fbo/shared/domain/catalog';
import { LIMITS } from '@fbo/shared/domain/limits';
import { MSG } from '@fbo/shared/domain/messages';
import { formatUsd } from '@fbo/shared/domain/money';
import { routePath } from '@fbo/shared/routes';
import { catalogListQuery as catalogListSchema } from '@fbo/shared/schemas/catalogs';
import { FilterBar } from '../../../components/FilterBar';
import { totalText } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import type { FilterDecl } from '../../../components/filters/filter-decl';
import { useFilterList } from '../../../components/filters/useFilterList';
import { catalogListQuery } from '../../../entities/catalog';
import { categoryOptionsQuery } from '../catalogs.api';
import '../components/catalogs.css';

const typeOptions = CATALOG_TYPES.map((type) => ({ value: type, label: CATALOG_TYPE_LABELS[type] }));

/** "From $9.73", or 'Price on request' when the team's base cost has no price for the catalog. */
export function fromPriceText(price: number | null | undefined): string {
  return price === null || price === undefined ? 'Price on request' : `From ${formatUsd(price)}`;
}

function CatalogCard({ catalog }: { catalog: CatalogListItem }) {
  const to = routePath('s-catalogs-detail', { id: catalog.id });
  return (
    <Card
      size="small"
      className="seller-catalog-card"
      cover={
        catalog.image ? (
          <img src={catalog.image} alt="" className="seller-catalog-image" loading="lazy" />
        ) : (
          <div className="seller-catalog-image seller-catalog-noimage">No image</div>
        )
      }
    >
      <h2 className="seller-catalog-name">
        <Link to={to}>{catalog.name}</Link>
      </h2>
      <div className="seller-catalog-tags">
        <Tag>{CATALOG_TYPE_LABELS[catalog.type]}</Tag>
        {catalog.categories.map((c) => (
          <Tag key={c.id} color="blue">
            {c.name}
          </Tag>
        ))}
      </div>
      <div className="seller-catalog-price">{fromPriceText(catalog.fromPrice)}</div>
    </Card>
  );
}

/** /s/catalogs: what the seller's agency offers, with the price the team's base cost gives. */
export default function SellerCatalogsPage() {
  const categories = useQuery(categoryOptionsQuery());
  const list = useFilterList(catalogListSchema, [
    { kind: 'search', key: 'search', id: 'seller-catalog-search', label: 'Search', placeholder: 'Name or code' },
    { kind: 'select', key: 'type', id: 'seller-catalog-type', label: 'Type', placeholder: 'All types', width: 130, options: typeOptions },
    {
      kind: 'select',
      key: 'category',
      id: 'seller-catalog-category',
      label: 'Category',
      placeholder: 'All categories',
      width: 190,
      searchable: true,
      options: (categories.data ?? []).map((c) => ({ value: c.id, label: c.name })),
    },
  ] satisfies FilterDecl[]);
  const { type, category } = list.filters;
  const query = useQuery(
    catalogListQuery({ page: list.page, limit: list.limit, search: list.search || undefined, type: type as CatalogType | undefined, category }),
  );
  const data = query.data;

  return (
    <>
      <PageHeader title="Catalogs" />
      <FilterBar {...list.bar} />
      {query.isError ? <Alert type="error" showIcon title={MSG.serverError} style={{ marginBottom: 16 }} /> : null}
      <Spin spinning={query.isFetching}>
        {data && data.data.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No data" />
        ) : (
          <div className="seller-catalog-grid" aria-busy={query.isFetching}>
            {(data?.data ?? []).map((c) => (
              <CatalogCard key={c.id} catalog={c} />
            ))}
          </div>
        )}
      </Spin>
      {data && data.total > 0 ? (
        <Pagination
          className="seller-catalog-pagination"
          current={list.page}
          pageSize={list.limit}
          total={data.totalCapped ? Math.max(data.total, LIMITS.countCap) : data.total}
          showSizeChanger
          pageSizeOptions={LIMITS.pageSizes.map(String)}
          showTotal={() => `Total ${totalText(data.total, data.totalCapped)}`}
          onChange={(page, limit) => list.update({ page: limit === list.limit ? page : 1, limit })}
        />
      ) : null}
    </>
  );
}
