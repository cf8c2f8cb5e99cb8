import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, Statistic, Tag, Typography, type TableColumnsType } from 'antd';
import { routePath, type EstimatedOrderItem, type OrderStatus } from '@fbo/shared';
import { formatUsd } from '@fbo/shared/domain/money';
import { DateTime } from '../../../components/DateTime';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { useListParams } from '../../../hooks/useListParams';
import { OrderStatusTag } from '../../../entities/order';
import { estimatedOrdersQuery } from '../profits.api';

const NO_FILTERS = [] as const;

const columns: TableColumnsType<EstimatedOrderItem> = [
  { title: 'Order', dataIndex: 'orderName', render: (v: string, r) => <Link to={routePath('s-order-detail', { id: r.id })}>{v}</Link> },
  { title: 'Status', dataIndex: 'status', render: (v: OrderStatus) => <OrderStatusTag status={v} /> },
  { title: 'Created', dataIndex: 'createdAt', width: 170, render: (v: string) => <DateTime value={v} /> },
  { title: 'Total price', dataIndex: 'totalPrice', align: 'right', render: (v: number) => formatUsd(v) },
  { title: 'Charged', dataIndex: 'charged', align: 'right', render: (v: number) => formatUsd(v) },
  { title: 'Design cost', dataIndex: 'designCost', align: 'right', render: (v: number) => formatUsd(v) },
  { title: 'Refunded', dataIndex: 'refunded', align: 'right', render: (v: number) => formatUsd(v) },
  {
    title: 'Estimated profit',
    dataIndex: 'estimatedProfit',
    align: 'right',
    render: (v: number) => <Typography.Text type={v < 0 ? 'danger' : undefined}>{formatUsd(v)}</Typography.Text>,
  },
  { title: 'Store front', dataIndex: 'viaStoreFront', render: (v: boolean) => (v ? <Tag>Store front</Tag> : null) },
];

/**
 * The estimated profit of the team's orders in progress (charged, not yet Fulfilled): total
 * price less what the wallet paid plus refunds (docs/money.md, "Order profit").
 */
export function OrdersInProgressProfit() {
  const list = useListParams(NO_FILTERS);
  const query = useQuery(estimatedOrdersQuery({ page: list.page, limit: list.limit }));
  return (
    <section aria-labelledby="orders-in-progress" style={{ marginTop: 24 }}>
      <Typography.Title level={2} id="orders-in-progress" style={{ fontSize: 18 }}>
        Orders in progress
      </Typography.Title>
      <Card size="small" style={{ marginBottom: 16, maxWidth: 360 }}>
        <Statistic
          title="Estimated profit of orders in progress"
          value={query.data?.totalEstimatedProfit ?? 0}
          precision={2}
          prefix="$"
          groupSeparator=","
          loading={query.isLoading}
        />
      </Card>
      <ListTable<EstimatedOrderItem> label="Orders in progress" columns={columns} {...pagedQueryProps(query, list)} />
    </section>
  );
}
