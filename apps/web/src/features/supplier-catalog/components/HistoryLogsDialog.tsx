import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Modal, Select, Table, type TableColumnsType } from 'antd';
import type { CatalogListItem, PriceLogItem } from '@fbo/shared';
import { SUPPLIER_PRICE_LIMITS, SUPPLIER_SCOPE } from '@fbo/shared/domain/supplier-prices';
import { MSG } from '@fbo/shared/domain/messages';
import { useDebouncedValue } from '../../../hooks/useDebouncedValue';
import { LIMITS } from '@fbo/shared/domain/limits';
import { DateTime } from '../../../components/DateTime';
import { catalogListQuery, PublishStatusTag } from '../../../entities/catalog';
import { priceLogsQuery } from '../supplier-catalog.api';
import { LogDetailDialog } from './LogDetailDialog';

type CatalogOption = Pick<CatalogListItem, 'id' | 'name' | 'productCode'>;
const PAGE_SIZE = SUPPLIER_PRICE_LIMITS.historiesPageSize;

/** 'History Logs': the price-change logs of the chosen catalog (fetched only once one is chosen). */
export function HistoryLogsDialog({ initialCatalog, onClose }: { initialCatalog?: CatalogOption; onClose: () => void }) {
  const [catalog, setCatalog] = useState<CatalogOption | undefined>(initialCatalog);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [detail, setDetail] = useState<PriceLogItem | null>(null);
  const debounced = useDebouncedValue(search, LIMITS.searchDebounceMs).trim();
  const catalogs = useQuery(catalogListQuery({ page: 1, limit: 20, search: debounced || undefined, ...SUPPLIER_SCOPE }));
  const logs = useQuery(priceLogsQuery({ catalog: catalog?.id, page, limit: PAGE_SIZE }));

  const known = new Map<string, CatalogOption>((catalogs.data?.data ?? []).map((c) => [c.id, c]));
  if (catalog) known.set(catalog.id, catalog);
  const options = [...known.values()].map((c) => ({ value: c.id, label: `${c.name} (${c.productCode})` }));

  const columns: TableColumnsType<PriceLogItem> = [
    { title: 'Catalog', dataIndex: ['catalog', 'name'] },
    { title: 'Updated User', dataIndex: 'createdUser' },
    { title: 'Status', dataIndex: 'status', render: (value: number) => <PublishStatusTag value={value} /> },
    { title: 'Log Date', dataIndex: 'createdDate', width: 170, render: (value: string) => <DateTime value={value} /> },
    { title: 'Note', dataIndex: 'note', ellipsis: true },
    {
      title: 'Actions',
      key: 'actions',
      width: 100,
      render: (_, row) => (
        <Button size="small" onClick={() => setDetail(row)} aria-label={`Details of the log of ${new Date(row.createdDate).toLocaleString('en-US')}`}>
          Details
        </Button>
      ),
    },
  ];

  return (
    <Modal open title="History Logs" width={1000} onCancel={onClose} footer={<Button onClick={onClose}>Close</Button>}>
      <div className="history-catalog">
        <label htmlFor="history-catalog">Catalog</label>
        <Select
          id="history-catalog"
          showSearch={{ filterOption: false, onSearch: setSearch }}
          allowClear
          placeholder="Choose a catalog"
          style={{ width: 420 }}
          options={options}
          value={catalog?.id}
          loading={catalogs.isFetching}
          onChange={(id?: string) => {
            setCatalog(id ? known.get(id) : undefined);
            setPage(1);
          }}
        />
      </div>
      {logs.isError ? <Alert type="error" showIcon title={MSG.serverError} style={{ marginBottom: 12 }} /> : null}
      {catalog ? (
        <Table<PriceLogItem>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={logs.data?.data ?? []}
          loading={logs.isFetching}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No data" /> }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: logs.data?.pagination.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => `Total ${total.toLocaleString('en-US')}`,
            onChange: setPage,
          }}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Choose a catalog to see its logs" />
      )}
      {detail ? <LogDetailDialog log={detail} onClose={() => setDetail(null)} /> : null}
    </Modal>
  );
}
