import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Card, Empty, Table, Tabs, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { InvoiceItem } from '@fbo/shared';
import { can } from '@fbo/shared/auth/access';
import { BILL_TABS, MONEY_LIMITS, type BillTab } from '@fbo/shared/domain/money';
import { LIMITS } from '@fbo/shared/domain/limits';
import { MSG } from '@fbo/shared/domain/messages';
import { DateTime } from '../../../components/DateTime';
import { ScrollRegion } from '../../../components/ScrollRegion';
import { totalText } from '../../../components/ListTable';
import { useSession } from '../../../entities/session';
import { invoiceListQuery } from '../invoices.api';
import { AdjustBalanceDialog } from './AdjustBalanceDialog';
import { InvoiceTypeTag, Usd } from './InvoiceBits';

const TAB_LABEL: Record<BillTab, string> = { payment: 'Payment', debts: 'Debts' };

const columns: TableColumnsType<InvoiceItem> = [
  { title: 'Name', dataIndex: 'name', render: (name: string, row) => <Link to={`/ag/invoices/${row.id}`}>{name}</Link> },
  { title: 'Created', dataIndex: 'createdDate', render: (v: string) => <DateTime value={v} /> },
  { title: 'Type', dataIndex: 'type', render: (t: 'IN' | 'OUT') => <InvoiceTypeTag type={t} /> },
  { title: 'Seller amount', dataIndex: 'sellerAmount', align: 'right', render: (v: number) => <Usd value={v} /> },
  { title: 'Agency amount', dataIndex: 'agencyAmount', align: 'right', render: (v: number) => <Usd value={v} /> },
  { title: 'Remain amount', dataIndex: 'remainAmount', align: 'right', render: (v: number) => <Usd value={v} /> },
];

/**
 * The seller detail's Bills card (/ag/sellers/{id}): Payment (IN) and Debts (OUT) invoices of the
 * team, 10 a page; changing tab goes back to page 1. The owner also gets 'Adjust balance'.
 * Shown to those who may read invoices (owner, accounting).
 */
export function BillsCard({ sellerTeamId }: { sellerTeamId: string }) {
  const { actor } = useSession();
  const [tab, setTab] = useState<BillTab>('payment');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(MONEY_LIMITS.billsPageSize);
  const [adjusting, setAdjusting] = useState(false);
  const mayRead = can(actor, 'invoices.agency');
  const query = useQuery({ ...invoiceListQuery({ page, limit, activeName: tab, sellerTeam: sellerTeamId }), enabled: mayRead });
  if (!mayRead) return null;
  const answer = query.data;

  return (
    <Card
      className="bills-card"
      title="Bills"
      extra={
        can(actor, 'money.adjust') ? (
          <Button type="primary" onClick={() => setAdjusting(true)}>
            Adjust balance
          </Button>
        ) : null
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key as BillTab);
          setPage(1);
        }}
        items={BILL_TABS.map((key) => ({ key, label: TAB_LABEL[key] }))}
      />
      {query.isError ? <Alert type="error" showIcon title={MSG.serverError} style={{ marginBottom: 16 }} /> : null}
      <ScrollRegion label={`Bills: ${TAB_LABEL[tab]}`}>
        <Table<InvoiceItem>
          rowKey="id"
          columns={columns}
          dataSource={answer?.data ?? []}
          loading={query.isFetching}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No data" /> }}
          pagination={{
            current: page,
            pageSize: limit,
            total: answer?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: LIMITS.pageSizes.map(String),
            showTotal: () => `Total ${answer ? totalText(answer.total, answer.totalCapped) : 0}`,
            onChange: (nextPage, nextLimit) => {
              setPage(nextLimit === limit ? nextPage : 1);
              setLimit(nextLimit);
            },
          }}
        />
      </ScrollRegion>
      <AdjustBalanceDialog sellerTeamId={sellerTeamId} open={adjusting} onClose={() => setAdjusting(false)} />
    </Card>
  );
}
