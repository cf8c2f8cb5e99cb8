import { Link } from 'react-router';
import { Tag, type TableColumnsType } from 'antd';
import { routePath, type OrderImportRow } from '@fbo/shared';
import { DateTime } from '../../../components/DateTime';

const STATUS_COLOR: Record<OrderImportRow['status'], string> = { queued: 'default', running: 'processing', done: 'success', failed: 'error' };
const STATUS_LABEL: Record<OrderImportRow['status'], string> = { queued: 'Queued', running: 'Running', done: 'Done', failed: 'Failed' };

export const importStatusTag = (status: OrderImportRow['status']) => <Tag color={STATUS_COLOR[status]}>{STATUS_LABEL[status]}</Tag>;
export const formatLabel = (format: OrderImportRow['format']) => (format === 'shopify' ? 'Shopify export' : 'Template');

export const importColumns: TableColumnsType<OrderImportRow> = [
  { title: 'Created', dataIndex: 'createdAt', width: 170, render: (v: string) => <DateTime value={v} /> },
  { title: 'File', dataIndex: 'fileName' },
  { title: 'Format', dataIndex: 'format', render: formatLabel },
  { title: 'Rows', dataIndex: 'totalRows', align: 'right' },
  { title: 'Orders created', dataIndex: 'ordersCreated', align: 'right' },
  { title: 'Skipped', dataIndex: 'ordersSkipped', align: 'right' },
  { title: 'Failed rows', dataIndex: 'failedRows', align: 'right' },
  { title: 'Status', dataIndex: 'status', render: importStatusTag },
  { title: 'Detail', key: 'detail', render: (_, row) => <Link to={routePath('s-order-import-history', { id: row.id })} aria-label={`View import ${row.fileName}`}>View</Link> },
];
