import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { App, Breadcrumb, Button, Card, Descriptions, Result, Skeleton, Table, Tag, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { InvoiceLine } from '@fbo/shared';
import { MONEY_MSG } from '@fbo/shared/domain/money';
import { INVOICE_MSG } from '@fbo/shared/domain/invoices-extra';
import { MSG } from '@fbo/shared/domain/messages';
import { HttpError, failureMessage } from '../../../api/http';
import { downloadUrl } from '../../../api/download';
import { DateTime } from '../../../components/DateTime';
import { PageHeader } from '../../../components/PageHeader';
import { ScrollRegion } from '../../../components/ScrollRegion';
import { invoiceDetailQuery, invoicesApi } from '../invoices.api';
import { InvoiceTypeTag, Usd, sourceLabel } from './InvoiceBits';

const DEPOSIT_STATUS_COLOR: Record<string, string> = { pending: 'warning', approved: 'success', rejected: 'error' };

const lineColumns: TableColumnsType<InvoiceLine> = [
  { title: 'Description', dataIndex: 'description' },
  { title: 'Amount', dataIndex: 'amount', align: 'right', render: (v: number) => <Usd value={v} /> },
  { title: 'Agency amount', dataIndex: 'agencyAmount', align: 'right', render: (v: number) => <Usd value={v} /> },
  { title: 'Reference', key: 'ref', render: (_, l) => (l.refType ? `${l.refType}${l.refId ? ` ${l.refId.slice(0, 8)}` : ''}` : '—') },
  { title: 'Created', dataIndex: 'createdAt', render: (v: string) => <DateTime value={v} /> },
];

/** /ag/invoices/{id} and /s/invoices/{id}: the header fields, the lines and Export (csv). */
export function InvoiceDetailView({ area }: { area: 'ag' | 's' }) {
  const { id = '' } = useParams();
  const { message } = App.useApp();
  const valid = /^[0-9a-f-]{36}$/i.test(id);
  const query = useQuery({ ...invoiceDetailQuery(id), enabled: valid });
  const [exporting, setExporting] = useState(false);
  const listPath = `/${area}/invoices`;

  const crumbs = (
    <Breadcrumb items={[{ title: <Link to={listPath}>Invoices</Link> }, { title: query.data?.name ?? 'Invoice Detail' }]} />
  );
  if (!valid || (query.error instanceof HttpError && query.error.status === 404)) {
    return (
      <>
        {crumbs}
        <Result status="404" title={INVOICE_MSG.notFound} extra={<Link to={listPath}>Back to invoices</Link>} />
      </>
    );
  }
  if (query.isError) return <Result status="error" title={MSG.serverError} />;
  if (!query.data) return <Skeleton active />;
  const invoice = query.data;

  async function exportCsv() {
    setExporting(true);
    try {
      const answer = await invoicesApi.exportOne(invoice.id);
      downloadUrl(answer.url);
      void message.success(MONEY_MSG.exportSuccess);
    } catch (error) {
      void message.error(failureMessage(error) ?? MSG.serverError);
    } finally {
      setExporting(false);
    }
  }

  return (
    <>
      {crumbs}
      <PageHeader
        title={`Invoice ${invoice.name}`}
        extra={
          <Button type="primary" icon={<DownloadOutlined />} loading={exporting} onClick={exportCsv}>
            Export
          </Button>
        }
      />
      <Card title="Invoice" style={{ marginBottom: 16 }}>
        <Descriptions
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            { key: 'name', label: 'Name', children: invoice.name },
            { key: 'created', label: 'Created', children: <DateTime value={invoice.createdDate} /> },
            { key: 'team', label: 'Seller team', children: `${invoice.sellerTeam.name} (${invoice.sellerTeam.code})` },
            { key: 'type', label: 'Type', children: <InvoiceTypeTag type={invoice.type} /> },
            { key: 'source', label: 'Source', children: sourceLabel(invoice.source) },
            { key: 'seller', label: 'Seller amount', children: <Usd value={invoice.sellerAmount} /> },
            { key: 'agency', label: 'Agency amount', children: <Usd value={invoice.agencyAmount} /> },
            { key: 'remain', label: 'Remain amount', children: <Usd value={invoice.remainAmount} /> },
            { key: 'note', label: 'Note', children: invoice.note || '—' },
          ]}
        />
      </Card>
      {invoice.deposit ? (
        <Card title="Deposit" style={{ marginBottom: 16 }}>
          <Descriptions
            column={{ xs: 1, sm: 2, lg: 3 }}
            items={[
              { key: 'kind', label: 'Type', children: invoice.deposit.isCashback ? 'Cashback' : 'Topup' },
              { key: 'amount', label: 'Amount', children: <Usd value={invoice.deposit.amount} /> },
              { key: 'payWith', label: 'Pay with', children: invoice.deposit.payWith },
              { key: 'tx', label: 'Transaction ID', children: invoice.deposit.transactionId },
              {
                key: 'status',
                label: 'Status',
                children: <Tag color={DEPOSIT_STATUS_COLOR[invoice.deposit.status]}>{invoice.deposit.status}</Tag>,
              },
              { key: 'created', label: 'Created', children: <DateTime value={invoice.deposit.createdAt} /> },
              { key: 'note', label: 'Note', children: invoice.deposit.note || '—' },
            ]}
          />
        </Card>
      ) : null}
      <Card title="Lines">
        <ScrollRegion label="Invoice lines">
          <Table<InvoiceLine> rowKey="id" columns={lineColumns} dataSource={invoice.lines} pagination={false} />
        </ScrollRegion>
      </Card>
    </>
  );
}
