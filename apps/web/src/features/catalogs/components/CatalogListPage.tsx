import { useQuery } from '@tanstack/react-query';
import { Select, type TableColumnsType } from 'antd';
import type { CatalogListItem, CatalogType } from '@fbo/shared';
import { CATALOG_TYPES, CATALOG_TYPE_LABELS, PUBLISH_FILTER_OPTIONS } from '@fbo/shared/domain/catalog';
import { DateTime } from '../../../components/DateTime';
import { FilterBar, FilterField } from '../../../components/FilterBar';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { SearchBox } from '../../../components/SearchBox';
import { useListParams } from '../../../hooks/useListParams';
import { catalogListQuery, type CatalogListParams } from '../catalogs.api';
import { CatalogImage } from './CatalogImage';
import { PublishStatusTag } from './PublishStatusTag';
import './catalogs.css';

/**
 * `catalog`: the master / agency catalog (type and status filters, sizes and colours).
 * `supplier`: the dropship trademark catalog suppliers price (fixed scope, status filter).
 */
export type CatalogListVariant = 'catalog' | 'supplier';

const FILTERS = ['type', 'publishStatus'] as const;
const SUPPLIER_SCOPE = { dropship: true, isTrademark: true, active: true } as const;

const typeOptions = CATALOG_TYPES.map((type) => ({ value: type, label: CATALOG_TYPE_LABELS[type] }));
const statusOptions = PUBLISH_FILTER_OPTIONS.map((s) => ({ value: String(s.value), label: s.name }));

function columnsFor(variant: CatalogListVariant): TableColumnsType<CatalogListItem> {
  return [
    { title: 'Created', dataIndex: 'createdAt', render: (value: string) => <DateTime value={value} />, width: 170 },
    { title: 'Image', dataIndex: 'image', render: (_, row) => <CatalogImage src={row.image} name={row.name} />, width: 80 },
    {
      title: 'Name',
      dataIndex: 'name',
      render: (_, row) => (
        <>
          <div className="catalog-name">{row.name}</div>
          {variant === 'catalog' ? (
            <div className="catalog-counts">
              {row.sizeCount} sizes · {row.colorCount} colors
            </div>
          ) : null}
        </>
      ),
    },
    { title: 'Code', dataIndex: 'productCode' },
    ...(variant === 'catalog'
      ? [{ title: 'Type', dataIndex: 'type', render: (type: CatalogType) => CATALOG_TYPE_LABELS[type] ?? type }]
      : []),
    { title: 'Status', dataIndex: 'publishStatus', render: (value: number) => <PublishStatusTag value={value} /> },
  ];
}

export function CatalogListPage({ title, variant }: { title: string; variant: CatalogListVariant }) {
  const list = useListParams(FILTERS);
  const { type, publishStatus } = list.filters;
  const params: CatalogListParams = {
    page: list.page,
    limit: list.limit,
    search: list.search || undefined,
    publishStatus: publishStatus === undefined ? undefined : Number(publishStatus),
    ...(variant === 'supplier' ? SUPPLIER_SCOPE : { type: type as CatalogType | undefined }),
  };
  const query = useQuery(catalogListQuery(params));

  return (
    <>
      <PageHeader title={title} />
      <FilterBar>
        <FilterField id="catalog-search" label="Search">
          <SearchBox id="catalog-search" value={list.search} onSearch={(search) => list.update({ search })} placeholder="Name or code" />
        </FilterField>
        {variant === 'catalog' ? (
          <FilterField id="catalog-type" label="Type">
            <Select
              id="catalog-type"
              allowClear
              placeholder="All types"
              style={{ width: 140 }}
              options={typeOptions}
              value={type}
              onChange={(value?: string) => list.update({ type: value })}
            />
          </FilterField>
        ) : null}
        <FilterField id="catalog-status" label="Status">
          <Select
            id="catalog-status"
            allowClear
            placeholder="All statuses"
            style={{ width: 170 }}
            options={statusOptions}
            value={publishStatus}
            onChange={(value?: string) => list.update({ publishStatus: value })}
          />
        </FilterField>
      </FilterBar>
      <ListTable<CatalogListItem>
        label={title}
        columns={columnsFor(variant)}
        {...pagedQueryProps(query, list)}
      />
    </>
  );
}
