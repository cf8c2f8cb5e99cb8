import { Descriptions, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { displayOrderName, formatUsd, type ImportFailure, type ImportPreviewOrder, type OrderImportPreview } from '@fbo/shared';
import { ScrollRegion } from '../../../components/ScrollRegion';
import '../order-import.css';

type PreviewLine = ImportPreviewOrder['items'][number] & { id: string; orderName: string; customer: string; exists: boolean; failed: boolean };

const lineColumns: TableColumnsType<PreviewLine> = [
  { title: 'Row', dataIndex: 'row', width: 64 },
  { title: 'Order', dataIndex: 'orderName', render: (v: string, r) => <>{displayOrderName(v)}{r.exists ? <Tag style={{ marginLeft: 8 }}>Exists: skipped</Tag> : null}</> },
  { title: 'Customer', dataIndex: 'customer' },
  { title: 'SKU', dataIndex: 'sku' },
  // No variant and no failure: a line that waits for its mapping (createProduct).
  { title: 'Variant', key: 'variant', render: (_, r) => (r.variant ? `${r.variant.catalogName} · ${r.variant.color} / ${r.variant.size}` : r.reason ? '—' : 'Needs mapping') },
  { title: 'Qty', dataIndex: 'quantity', align: 'right', width: 64 },
  { title: 'Price', dataIndex: 'price', align: 'right', render: (v: number) => formatUsd(v) },
  { title: 'Reason', dataIndex: 'reason', render: (v: string | null) => (v ? <Typography.Text type="danger">{v}</Typography.Text> : null) },
];

export const failureColumns: TableColumnsType<ImportFailure & { id: string }> = [
  { title: 'Row', dataIndex: 'row', width: 64 },
  { title: 'Order', dataIndex: 'orderName', render: (v: string) => displayOrderName(v) },
  { title: 'Reason', dataIndex: 'reason', render: (v: string) => <Typography.Text type="danger">{v}</Typography.Text> },
];

/** What a dry run found: the counts, the first orders with their resolved variants, and every failed row in red. */
export function ImportPreviewView({ preview }: { preview: OrderImportPreview }) {
  const lines: PreviewLine[] = preview.preview.flatMap((o) =>
    o.items.map((item) => ({ ...item, id: `${o.orderName}:${item.row}`, orderName: o.orderName, customer: o.customer, exists: o.exists, failed: o.failed })),
  );
  return (
    <>
      <Descriptions className="import-summary" size="small" column={3} bordered style={{ marginBottom: 16 }} items={[
        { key: 'format', label: 'Format', children: preview.format === 'shopify' ? 'Shopify export' : 'Template' },
        { key: 'rows', label: 'Rows', children: preview.rows },
        { key: 'orders', label: 'Orders', children: preview.orders },
        { key: 'ready', label: 'To create', children: preview.ordersReady },
        { key: 'existing', label: 'Already imported', children: preview.existing.length },
        { key: 'failed', label: 'Failed rows', children: <Typography.Text type={preview.failedRows ? 'danger' : undefined}>{preview.failedRows}</Typography.Text> },
      ]} />
      {preview.failures.length ? (
        <>
          <h2 className="import-subtitle">Failed rows</h2>
          <ScrollRegion label="Failed rows" maxHeight={280}>
            <Table size="small" rowKey="id" pagination={false} rowClassName={() => 'import-failed-row'} columns={failureColumns}
              dataSource={preview.failures.map((f) => ({ ...f, id: `${f.row}` }))} />
          </ScrollRegion>
        </>
      ) : null}
      <h2 className="import-subtitle">First {preview.preview.length} orders</h2>
      <ScrollRegion label="Parsed orders" maxHeight={360}>
        <Table<PreviewLine> size="small" rowKey="id" pagination={false} columns={lineColumns} dataSource={lines}
          rowClassName={(r) => (r.failed ? 'import-failed-row' : '')} />
      </ScrollRegion>
    </>
  );
}
