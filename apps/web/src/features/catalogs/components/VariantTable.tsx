import { Table, Tag, type TableColumnsType } from 'antd';
import type { CatalogVariant } from '@fbo/shared';
import { SHIPPING_METHODS, SHIPPING_METHOD_LABELS, stockLabel } from '@fbo/shared/domain/catalog';
import { formatUsd } from '@fbo/shared/domain/money';

const money = (value: number | null | undefined) => (value === null || value === undefined ? '—' : formatUsd(value));

/** The variants of a catalog; with `prices`, the seller's base price and shipping per method. */
export function VariantTable({ variants, prices = false }: { variants: CatalogVariant[]; prices?: boolean }) {
  const columns: TableColumnsType<CatalogVariant> = [
    { title: 'Code', dataIndex: 'catalogVariantCode', sorter: (a, b) => a.catalogVariantCode.localeCompare(b.catalogVariantCode) },
    { title: 'Color', dataIndex: 'color', sorter: (a, b) => a.color.localeCompare(b.color) },
    { title: 'Size', dataIndex: 'size' },
    {
      title: 'Stock',
      dataIndex: 'inStock',
      render: (inStock: boolean) => <Tag color={inStock ? 'success' : 'error'}>{stockLabel(inStock)}</Tag>,
    },
  ];
  // What published products are made as while a variant is out of stock (docs/publishing.md "Alternative variants").
  if (variants.some((v) => v.alternativeVariantCode)) {
    columns.push({ title: 'Alternative', dataIndex: 'alternativeVariantCode', render: (code?: string) => (code ? `Alternative: ${code}` : '—') });
  }
  if (prices) {
    columns.push({ title: 'Base price', dataIndex: 'basePrice', render: (value: number | null) => (value === null ? 'Price on request' : money(value)) });
    for (const method of SHIPPING_METHODS) {
      columns.push({
        title: SHIPPING_METHOD_LABELS[method],
        children: [
          { title: 'First item', key: `${method}-first`, render: (_, v) => money(v.shipping?.[method]?.first) },
          { title: 'Additional', key: `${method}-additional`, render: (_, v) => money(v.shipping?.[method]?.additional) },
        ],
      });
    }
  }
  return (
    <Table<CatalogVariant>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={variants}
      pagination={variants.length > 50 ? { pageSize: 50 } : false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: 'No variants' }}
    />
  );
}
