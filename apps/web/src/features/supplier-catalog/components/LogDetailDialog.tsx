import { Descriptions, Modal, Table, type TableColumnsType } from 'antd';
import type { PriceLogItem, PriceLogVariantItem } from '@fbo/shared';
import { formatUsd } from '@fbo/shared/domain/money';
import { stockLabel } from '@fbo/shared/domain/supplier-prices';
import { DateTime } from '../../../components/DateTime';
import { PublishStatusTag } from '../../../entities/catalog';

const columns: TableColumnsType<PriceLogVariantItem> = [
  { title: 'SKU', dataIndex: 'catalogVariantCode' },
  { title: 'Color', dataIndex: 'color' },
  { title: 'Size', dataIndex: 'size' },
  { title: 'Stock', dataIndex: 'inStock', render: (inStock: boolean) => stockLabel(inStock) },
  { title: 'Min price', dataIndex: 'supplierMinPrice', align: 'right', render: (v: number) => formatUsd(v) },
  { title: 'Max price', dataIndex: 'supplierMaxPrice', align: 'right', render: (v: number) => formatUsd(v) },
  { title: 'Quantity', dataIndex: 'supplierQuantity', align: 'right', render: (v: number) => v.toLocaleString('en-US') },
];

/** One price-change log: who changed which variants to what. */
export function LogDetailDialog({ log, onClose }: { log: PriceLogItem; onClose: () => void }) {
  return (
    <Modal open title="Log Details" width={900} onCancel={onClose} footer={null}>
      <Descriptions
        size="small"
        column={2}
        items={[
          { key: 'catalog', label: 'Catalog', children: log.catalog.name },
          { key: 'time', label: 'Updated at', children: <DateTime value={log.createdDate} /> },
          { key: 'status', label: 'Status', children: <PublishStatusTag value={log.status} /> },
          { key: 'count', label: 'Total variants changed', children: log.variantCount },
        ]}
      />
      <Table<PriceLogVariantItem>
        rowKey="variantId"
        size="small"
        columns={columns}
        dataSource={log.variantChanged}
        pagination={log.variantChanged.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        scroll={{ y: 480 }}
        style={{ marginTop: 12 }}
      />
    </Modal>
  );
}
