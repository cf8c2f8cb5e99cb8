import { Card, Empty, Pagination, Select, Spin, Tag, Alert } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { CatalogListItem, CatalogType } from '@fbo/shared';
import { CATALOG_TYPES, CATALOG_TYPE_LABELS } from '@fbo/shared/domain/catalog';
import { LIMITS } from '@fbo/shared/domain/limits';
import { MSG } from '@fbo/shared/domain/messages';
import { formatUsd } from '@fbo/shared/domain/money';
import { routePath } from '@fbo/shared/routes';
import { FilterBar, FilterField } from '../../../components/FilterBar';
import { totalText } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { SearchBox } from '../../../components/SearchBox';
import { useListParams } from '../../../hooks/useListParams';
import { catalogListQuery } from '../../../entities/catalog';
import { categoryOptionsQuery } from '../catalogs.api';
import '../components/catalogs.css';

const FILTERS = ['type', 'category'] as const;
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
  const list = useListParams(FILTERS);
  const { type, category } = list.filters;
  const query = useQuery(
    catalogListQuery({ page: list.page, limit: list.limit, search: list.search || undefined, type: type as CatalogType | undefined, category }),
  );
  const categories = useQuery(categoryOptionsQuery());
  const data = query.data;

  return (
    <>
      <PageHeader title="Catalogs" />
      <FilterBar>
        <FilterField id="seller-catalog-search" label="Search">
          <SearchBox id="seller-catalog-search" value={list.search} onSearch={(search) => list.update({ search })} placeholder="Name or code" />
        </FilterField>
        <FilterField id="seller-catalog-type" label="Type">
          <Select id="seller-catalog-type" allowClear placeholder="All types" style={{ width: 130 }} options={typeOptions} value={type} onChange={(value?: string) => list.update({ type: value })} />
        </FilterField>
        <FilterField id="seller-catalog-category" label="Category">
          <Select
            id="seller-catalog-category"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="All categories"
            style={{ width: 190 }}
            options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            value={category}
            onChange={(value?: string) => list.update({ category: value })}
          />
        </FilterField>
      </FilterBar>
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
