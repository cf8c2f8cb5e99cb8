import type { TableColumnsType } from 'antd';
import type { StoreItem } from '@fbo/shared';
import { DateTime } from '../../../components/DateTime';
import { PlatformTag, StoreName, StoreStatusTag } from './StoreTags';

/**
 * What both Stores pages show of a store: the seller's (with its actions added) and the agency's
 * (with the seller team added).
 */
export function storeColumns(): TableColumnsType<StoreItem> {
  return [
    { title: 'Name', key: 'name', width: 200, render: (_, row) => <StoreName store={row} /> },
    { title: 'Platform', dataIndex: 'platform', width: 140, render: (_, row) => <PlatformTag platform={row.platform} /> },
    { title: 'Shop domain', dataIndex: 'shopDomain', render: (domain: string | null) => domain ?? '—' },
    { title: 'Currency', dataIndex: 'currency', width: 90 },
    { title: 'Status', key: 'status', width: 200, render: (_, row) => <StoreStatusTag store={row} /> },
    { title: 'Last product sync', dataIndex: 'lastProductSyncAt', width: 170, render: (value: string | null) => <DateTime value={value} /> },
    { title: 'Last order received', dataIndex: 'lastOrderAt', width: 170, render: (value: string | null) => <DateTime value={value} /> },
    { title: 'Created', dataIndex: 'createdAt', width: 170, render: (value: string) => <DateTime value={value} /> },
  ];
}

/** Marks one row (a store just connected): every cell gets the class, as antd has no per-row hook in ListTable. */
export function highlightRow(columns: TableColumnsType<StoreItem>, id: string | null): TableColumnsType<StoreItem> {
  if (!id) return columns;
  return columns.map((column) => ({ ...column, onCell: (row: StoreItem) => ({ className: row.id === id ? 'store-row-highlight' : undefined }) }));
}
