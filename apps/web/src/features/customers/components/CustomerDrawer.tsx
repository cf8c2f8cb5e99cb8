import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Drawer, Skeleton, Space, Table, Typography, theme, type TableColumnsType } from 'antd';
import { customerEraseMessage, routePath, type CustomerDetail, type CustomerEraseAnswer, type CustomerOrderItem } from '@fbo/shared';
import { MSG } from '@fbo/shared/domain/messages';
import { displayOrderName } from '@fbo/shared/domain/orders';
import { failureMessage } from '../../../api/http';
import { DateTime } from '../../../components/DateTime';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { OrderStatusTag, usd } from '../../../entities/order';
import { customerDetailQuery, customerOrdersQuery } from '../customers.api';
import type { CustomerListVariant } from './customerFilters';
import { customerName } from './customerName';
import { CustomerPrivacyActions } from './CustomerPrivacyActions';
import { SourceTags } from './SourceTags';

type Address = CustomerDetail['addresses'][number];

const ORDERS_PER_PAGE = 10;
const ORDER_DETAIL = { agency: 'ag-order-detail', seller: 's-order-detail' } as const;
const dash = (v: string) => v || '\u2014';
const addressLine = (a: Address) => [a.address1, a.address2, a.city, [a.province, a.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');

const addressColumns: TableColumnsType<Address> = [
  { title: 'Name', dataIndex: 'fullName', render: dash },
  { title: 'Address', key: 'address', render: (_: unknown, a) => dash(addressLine(a)) },
  { title: 'Country', key: 'country', render: (_: unknown, a) => dash(a.country || a.countryCode) },
  { title: 'Orders', dataIndex: 'orders', align: 'right' },
];

/** The customer's orders, newest first, 10 a page; each name opens the order on this side's order page. */
function CustomerOrders({ id, variant }: { id: string; variant: CustomerListVariant }) {
  const [paging, setPaging] = useState({ page: 1, limit: ORDERS_PER_PAGE });
  const query = useQuery(customerOrdersQuery(id, paging.page, paging.limit));
  const columns: TableColumnsType<CustomerOrderItem> = [
    { title: 'Order', dataIndex: 'orderName', render: (name: string, o) => <Link to={routePath(ORDER_DETAIL[variant], { id: o.id })}>{displayOrderName(name)}</Link> },
    { title: 'Status', dataIndex: 'status', render: (status: CustomerOrderItem['status']) => <OrderStatusTag status={status} /> },
    { title: 'Total', dataIndex: 'total', align: 'right', render: (total: number) => usd(total) },
    { title: 'Store', dataIndex: 'storeName', render: (name: string | null) => name ?? 'CSV / manual' },
    { title: 'Created', dataIndex: 'createdAt', render: (v: string) => <DateTime value={v} /> },
  ];
  return <ListTable<CustomerOrderItem> label="Orders of the customer" columns={columns} {...pagedQueryProps(query, { ...paging, update: setPaging })} />;
}

/**
 * One customer (the list's `?customer=<id>`): its figures, the addresses its orders went to and its orders, with its
 * privacy requests (export, erase). An erase that leaves no order closes the drawer (the customer is gone); one that
 * leaves open orders waiting says so above them.
 */
export function CustomerDrawer({ id, variant, onClose }: { id: string; variant: CustomerListVariant; onClose: () => void }) {
  const query = useQuery(customerDetailQuery(id));
  const { token } = theme.useToken();
  const [erasure, setErasure] = useState<CustomerEraseAnswer['data'] | null>(null);
  const c = query.data;
  const onErased = (answer: CustomerEraseAnswer['data']) => (answer.waiting === 0 ? onClose() : setErasure(answer));
  return (
    <Drawer
      open
      size="large"
      title={c ? customerName(c) : 'Customer'}
      extra={c ? <CustomerPrivacyActions id={c.id} name={customerName(c)} onErased={onErased} /> : null}
      onClose={onClose}
      destroyOnHidden
    >
      {erasure ? <Alert type="info" showIcon title={customerEraseMessage(erasure)} style={{ marginBottom: 16 }} /> : null}
      {query.isError ? <Alert type="error" showIcon title={failureMessage(query.error) ?? MSG.serverError} /> : null}
      {query.isLoading ? <Skeleton active /> : null}
      {c ? (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          {/* Labels in the text colour: antd's grey on the bordered label's fill is below AA contrast. */}
          <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered styles={{ label: { color: token.colorText } }}>
            <Descriptions.Item label="E-mail">{dash(c.email)}</Descriptions.Item>
            <Descriptions.Item label="Phone">{dash(c.phone)}</Descriptions.Item>
            <Descriptions.Item label="Country">{dash(c.country || c.countryCode)}</Descriptions.Item>
            {variant === 'agency' ? <Descriptions.Item label="Seller team">{c.sellerTeamName}</Descriptions.Item> : null}
            <Descriptions.Item label="Orders">{c.ordersCount.toLocaleString('en-US')}</Descriptions.Item>
            <Descriptions.Item label="Total spent">{usd(c.totalSpent)}</Descriptions.Item>
            <Descriptions.Item label="First order"><DateTime value={c.firstOrderAt} /></Descriptions.Item>
            <Descriptions.Item label="Last order"><DateTime value={c.lastOrderAt} /></Descriptions.Item>
            <Descriptions.Item label="Sources" span="filled"><SourceTags sources={c.sources} /></Descriptions.Item>
          </Descriptions>
          <section aria-labelledby="customer-addresses">
            <Typography.Title level={2} id="customer-addresses" style={{ fontSize: 16 }}>
              Addresses
            </Typography.Title>
            <Table<Address>
              rowKey={(a) => `${a.fullName}|${addressLine(a)}|${a.countryCode}`}
              size="small"
              columns={addressColumns}
              dataSource={c.addresses}
              pagination={false}
              locale={{ emptyText: 'No address' }}
            />
          </section>
          <section aria-labelledby="customer-orders">
            <Typography.Title level={2} id="customer-orders" style={{ fontSize: 16 }}>
              Orders
            </Typography.Title>
            <CustomerOrders id={c.id} variant={variant} />
          </section>
        </Space>
      ) : null}
    </Drawer>
  );
}
