import type { ReactNode } from 'react';
import { Button, Empty, Space, Table, Tag, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { BasecostCatalogSummary } from '@fbo/shared';
import { CATALOG_TYPE_LABELS } from '@fbo/shared/domain/catalog';
import { DateTime } from '../../../components/DateTime';
import { ScrollRegion } from '../../../components/ScrollRegion';
import { basecostsApi, type BasecostScope } from '../basecosts.api';
import { usd } from './money';
import { useConfirmDelete } from './useBasecostAction';

interface Props {
  scope: BasecostScope;
  basecostId: string;
  catalogs: BasecostCatalogSummary[] | undefined;
  loading: boolean;
  /** The catalog name as shown (an agency links it to its costs across groups). */
  renderName?: (catalog: BasecostCatalogSummary) => ReactNode;
  onEdit: (catalog: BasecostCatalogSummary) => void;
  /** More actions before Edit (an agency's read view). */
  extraActions?: (catalog: BasecostCatalogSummary) => ReactNode;
}

/** The catalogs a base cost prices: variants priced, base price range, last change; Edit and Delete. */
export function PricedCatalogsTable({ scope, basecostId, catalogs, loading, renderName, onEdit, extraActions }: Props) {
  const confirmDelete = useConfirmDelete();
  const columns: TableColumnsType<BasecostCatalogSummary> = [
    {
      title: 'Catalog',
      dataIndex: 'name',
      render: (name: string, c) => (
        <>
          {renderName ? renderName(c) : <strong>{name}</strong>}
          {c.offered ? null : (
            <>
              {' '}
              <Tag color="warning">No longer offered</Tag>
            </>
          )}
        </>
      ),
    },
    { title: 'Code', dataIndex: 'productCode', width: 130 },
    { title: 'Type', dataIndex: 'type', width: 80, render: (type: BasecostCatalogSummary['type']) => CATALOG_TYPE_LABELS[type] },
    { title: 'Variants priced', key: 'priced', width: 140, align: 'right', render: (_, c) => `${c.pricedCount} / ${c.variantCount}` },
    {
      title: 'Base price',
      key: 'range',
      width: 190,
      align: 'right',
      render: (_, c) => (c.minBasePrice === c.maxBasePrice ? usd(c.minBasePrice) : `${usd(c.minBasePrice)} – ${usd(c.maxBasePrice)}`),
    },
    { title: 'Updated', dataIndex: 'updatedAt', width: 190, render: (value: string) => <DateTime value={value} /> },
    {
      title: 'Actions',
      key: 'actions',
      width: 150,
      render: (_, c) => (
        <Space>
          {extraActions?.(c)}
          {c.offered ? <Button icon={<EditOutlined />} aria-label={`Edit ${c.name}`} title="Edit" onClick={() => onEdit(c)} /> : null}
          <Button
            danger
            icon={<DeleteOutlined />}
            aria-label={`Delete ${c.name}`}
            title="Delete"
            onClick={() => confirmDelete(() => basecostsApi.removeCatalog(scope, basecostId, c.id))}
          />
        </Space>
      ),
    },
  ];
  return (
    <ScrollRegion label="Priced catalogs">
      <Table<BasecostCatalogSummary>
        rowKey="id"
        columns={columns}
        dataSource={catalogs ?? []}
        loading={loading}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No catalog priced yet" /> }}
      />
    </ScrollRegion>
  );
}
