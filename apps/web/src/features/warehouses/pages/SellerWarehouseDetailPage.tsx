import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Breadcrumb, Button, Collapse, Descriptions, Skeleton, Space, Tabs, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { can, isWarehouseOperator, routePath } from '@fbo/shared';
import { MSG } from '@fbo/shared/domain/messages';
import { PageHeader } from '../../../components/PageHeader';
import { useFilterList } from '../../../components/filters/useFilterList';
import { useSession } from '../../../entities/session';
import { DeclareInboundDrawer } from '../inbound/DeclareInboundDrawer';
import { InboundDetailDrawer } from '../inbound/InboundDetailDrawer';
import { InboundTable } from '../inbound/InboundTable';
import { FeesTable, addressOf } from '../seller/WarehouseFees';
import { STOCK_FILTERS, StockTable, stockSchema } from '../seller/StockTable';
import { sellerWarehouseQuery } from '../seller/sellerWarehouses.api';
import '../seller/warehouses.css';

type Tab = 'stock' | 'inbound';
const TABS: Tab[] = ['stock', 'inbound'];

/**
 * /s/warehouses/:id: the warehouse's address and fees, the team's stock there (a warehouse team: every product) and the
 * inbound shipments. The tab, the list's page, search and status and the open shipment are kept in the address.
 */
export default function SellerWarehouseDetailPage() {
  const { id = '' } = useParams();
  const { actor } = useSession();
  const operator = actor ? isWarehouseOperator(actor) : false;
  const mayDeclare = can(actor, 'warehouseProducts.manage') && !operator;
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.includes(params.get('tab') as Tab) ? (params.get('tab') as Tab) : 'stock';
  const shipmentId = params.get('shipment');
  const [declaring, setDeclaring] = useState(false);
  const stockList = useFilterList(stockSchema, STOCK_FILTERS);
  // Off the stock tab the page and search belong to the other list: the header asks for the first page of stock.
  const stockQuery = tab === 'stock' ? { page: stockList.page, limit: stockList.limit, search: stockList.search || undefined } : { page: 1, limit: 10 };
  const query = useQuery(sellerWarehouseQuery(id, stockQuery));
  const w = query.data?.warehouse;

  const setParam = (changes: Record<string, string | undefined>) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined) next.delete(key);
        else next.set(key, value);
      }
      return next;
    });
  const openShipment = (shipment: string) => setParam({ shipment });
  const switchTab = (key: string) => setParam({ tab: key === 'stock' ? undefined : key, page: undefined, search: undefined, status: undefined, shipment: undefined });

  if (query.isError && !query.data) {
    return (
      <>
        <PageHeader title="Warehouse" />
        <Alert type="error" showIcon title={MSG.serverError} />
      </>
    );
  }
  if (!w) return <Skeleton active />;

  const inbound = query.data!.inbound;
  return (
    <>
      <Breadcrumb items={[{ title: <Link to={routePath('s-warehouses')}>Warehouses</Link> }, { title: w.name }]} />
      <PageHeader
        title={
          <Space>
            {w.name}
            <Tag>{w.code}</Tag>
            {w.active ? null : <Tag>Inactive</Tag>}
          </Space>
        }
        extra={
          mayDeclare && w.active ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDeclaring(true)}>
              Declare inbound shipment
            </Button>
          ) : null
        }
      />
      <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="Address">{addressOf(w.address) || '—'}</Descriptions.Item>
        {w.address.phone ? <Descriptions.Item label="Phone">{w.address.phone}</Descriptions.Item> : null}
        <Descriptions.Item label={operator ? 'Units available' : 'Your units available'}>{w.stock.available.toLocaleString('en-US')}</Descriptions.Item>
        <Descriptions.Item label="SKUs">{w.stock.skus}</Descriptions.Item>
        <Descriptions.Item label="Low or out">
          <span className={w.stock.low > 0 ? 'inbound-discrepancy' : undefined}>{w.stock.low}</span>
        </Descriptions.Item>
        <Descriptions.Item label="Open inbound">{inbound.open}</Descriptions.Item>
      </Descriptions>
      <Collapse
        style={{ marginBottom: 16 }}
        defaultActiveKey={operator ? [] : ['fees']}
        items={[{ key: 'fees', label: operator ? 'Fees the owning teams pay' : 'Fees you pay here', children: <FeesTable fees={w.fees} /> }]}
      />
      <Tabs
        activeKey={tab}
        onChange={switchTab}
        destroyOnHidden
        items={[
          {
            key: 'stock',
            label: 'Stock',
            children: tab === 'stock' ? <StockTable list={stockList} answer={query.data?.stock} loading={query.isFetching} error={query.isError} /> : null,
          },
          {
            key: 'inbound',
            label: `Inbound shipments${inbound.open ? ` (${inbound.open} open)` : ''}`,
            children: tab === 'inbound' ? <InboundTable warehouseId={w.id} showTeam={operator} open={openShipment} /> : null,
          },
        ]}
      />
      {declaring ? (
        <DeclareInboundDrawer
          warehouse={w}
          onClose={() => setDeclaring(false)}
          onDeclared={(shipment) => {
            setDeclaring(false);
            setParam({ tab: 'inbound', page: undefined, search: undefined, status: undefined, shipment });
          }}
        />
      ) : null}
      {shipmentId ? <InboundDetailDrawer id={shipmentId} onClose={() => setParam({ shipment: undefined })} /> : null}
    </>
  );
}
