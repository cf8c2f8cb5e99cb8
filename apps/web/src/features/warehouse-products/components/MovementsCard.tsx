import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, Table, type TableColumnsType } from 'antd';
import { LIMITS } from '@fbo/shared/domain/limits';
import type { WarehouseProductMovement } from '@fbo/shared';
import { DateTime } from '../../../components/DateTime';
import { warehouseProductMovementsQuery } from '../warehouse-products.api';

const KIND_LABELS: Record<string, string> = {
  receipt: 'Receipt', reserve: 'Reserved', release: 'Released', ship: 'Shipped', return: 'Returned', adjust: 'Adjusted',
  'transfer-out': 'Transfer out', 'transfer-in': 'Transfer in',
};
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** The product's stock movements, newest first: what changed where, why (order, inbound shipment, reason), who and when. */
export function MovementsCard({ productId, orderPath }: { productId: string; orderPath?: (id: string) => string }) {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(LIMITS.pageSizes[0]);
  const query = useQuery(warehouseProductMovementsQuery(productId, page, limit));

  const columns: TableColumnsType<WarehouseProductMovement> = [
    { title: 'When', dataIndex: 'createdAt', render: (v: string) => <DateTime value={v} /> },
    { title: 'Kind', dataIndex: 'kind', render: (k: string) => KIND_LABELS[k] ?? k },
    { title: 'Warehouse', dataIndex: 'warehouseCode' },
    { title: 'On hand', dataIndex: 'onHandDelta', align: 'right', render: signed },
    { title: 'Reserved', dataIndex: 'reservedDelta', align: 'right', render: signed },
    {
      title: 'For',
      key: 'for',
      render: (_: unknown, m) => {
        if (m.order) return orderPath ? <Link to={orderPath(m.order.id)}>Order {m.order.name}</Link> : `Order ${m.order.name}`;
        if (m.inbound) return `Inbound ${m.inbound.reference}`;
        return m.reason ?? '\u2014';
      },
    },
    { title: 'By', dataIndex: 'actorName', render: (v: string | null) => v ?? 'System' },
  ];

  return (
    <Card title="Stock movements" size="small" style={{ marginBottom: 16 }}>
      <Table<WarehouseProductMovement>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={query.data?.data ?? []}
        loading={query.isFetching}
        locale={{ emptyText: query.isError ? 'The movements could not be loaded.' : 'No stock movements yet.' }}
        pagination={{
          current: page,
          pageSize: limit,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: LIMITS.pageSizes.map(String),
          onChange: (p, size) => {
            setPage(size !== limit ? 1 : p);
            setLimit(size);
          },
        }}
      />
    </Card>
  );
}
