import { Empty, Table, type TableColumnsType } from 'antd';
import { formatUsd, type ProductVariantItem } from '@fbo/shared';
import { ScrollRegion } from '../../../components/ScrollRegion';
import { MappingStatusTag } from '../../../entities/product';
import { MapVariantLink } from '../../mapping';

const COLUMNS: TableColumnsType<ProductVariantItem> = [
  { title: 'SKU', dataIndex: 'sku', render: (v: string | null) => v || '—' },
  { title: 'Title', dataIndex: 'title' },
  { title: 'Option 1', dataIndex: 'option1', render: (v: string | null) => v ?? '—' },
  { title: 'Option 2', dataIndex: 'option2', render: (v: string | null) => v ?? '—' },
  { title: 'Option 3', dataIndex: 'option3', render: (v: string | null) => v ?? '—' },
  { title: 'Price', dataIndex: 'price', align: 'right', render: (v: number) => formatUsd(v) },
  { title: 'Mapping', dataIndex: 'mappingStatus', render: (v: number) => <MappingStatusTag status={v} /> },
  { title: 'Actions', key: 'actions', render: (_, row) => <MapVariantLink variantId={row.id} name={row.sku || row.title} /> },
];

export function VariantsTable({ variants }: { variants: ProductVariantItem[] }) {
  return (
    <ScrollRegion label="Variants">
      <Table<ProductVariantItem>
        rowKey="id"
        size="small"
        pagination={variants.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        columns={COLUMNS}
        dataSource={variants}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No variants" /> }}
      />
    </ScrollRegion>
  );
}
