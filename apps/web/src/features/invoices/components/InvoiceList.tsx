import { useState } from 'react';
import { Link } from 'react-router';
import { App, Button, Tabs, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { InvoiceItem } from '@fbo/shared';
import { BILL_TABS, MONEY_MSG, type BillTab } from '@fbo/shared/domain/money';
import { MSG } from '@fbo/shared/domain/messages';
import { invoiceListQuery as invoiceListSchema } from '@fbo/shared/schemas/invoices';
import { failureMessage } from '../../../api/http';
import { downloadUrl } from '../../../api/download';
import { DateTime } from '../../../components/DateTime';
import { FilterBar } from '../../../components/FilterBar';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { searchFilter, type FilterDecl } from '../../../components/filters/filter-decl';
import { useFilterList } from '../../../components/filters/useFilterList';
import { invoiceListQuery, invoiceTeamsQuery, invoicesApi, type InvoiceFilters } from '../invoices.api';
import { InvoiceTypeTag, Usd, sourceLabel } from './InvoiceBits';

const TAB_LABEL: Record<BillTab | 'all', string> = { all: 'All', payment: 'Payment', debts: 'Debts' };

/**
 * The invoices list: /ag/invoices (the agency's, with a seller team filter) and /s/invoices (the
 * seller's own team). Tab (All / Payment = IN / Debts = OUT), search by name, team, date range and
 * page all live in the address; Export downloads the current filter as csv.
 */
export function InvoiceList({ area, title }: { area: 'ag' | 's'; title: string }) {
  const { message } = App.useApp();
  const teams = useQuery({ ...invoiceTeamsQuery(), enabled: area === 'ag' });
  const list = useFilterList(invoiceListSchema, [
    searchFilter('invoice-search', 'IN-000001', 'Invoice name'),
    // Only the agency picks a team; the seller's list is its own team's.
    ...(area === 'ag'
      ? [
          {
            kind: 'select', key: 'sellerTeam', id: 'invoice-team', label: 'Seller team', placeholder: 'All seller teams', width: 240,
            searchable: true, loading: teams.isFetching, options: (teams.data ?? []).map((t) => ({ value: t.id, label: `${t.name} (${t.code})` })),
          } satisfies FilterDecl,
        ]
      : []),
    { kind: 'dayRange', id: 'invoice-dates', label: 'Created between', from: 'from', to: 'to' },
    // The tabs above the bar.
    { kind: 'custom', keys: ['activeName'] },
  ] satisfies FilterDecl[]);
  const activeName = BILL_TABS.find((t) => t === list.filters.activeName);
  const filters: InvoiceFilters = {
    activeName,
    search: list.search || undefined,
    sellerTeam: list.filters.sellerTeam,
    from: list.filters.from,
    to: list.filters.to,
  };
  const query = useQuery(invoiceListQuery({ page: list.page, limit: list.limit, ...filters }));
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      const answer = await invoicesApi.exportList(filters, 'csv');
      downloadUrl(answer.url);
      void message.success(MONEY_MSG.exportSuccess);
    } catch (error) {
      void message.error(failureMessage(error) ?? MSG.serverError);
    } finally {
      setExporting(false);
    }
  }

  const detailPath = (id: string) => `/${area}/invoices/${id}`;
  const columns: TableColumnsType<InvoiceItem> = [
    { title: 'Name', dataIndex: 'name', render: (name: string, row) => <Link to={detailPath(row.id)}>{name}</Link> },
    { title: 'Created', dataIndex: 'createdDate', render: (v: string) => <DateTime value={v} /> },
    ...(area === 'ag'
      ? [{ title: 'Seller team', key: 'sellerTeam', render: (_: unknown, row: InvoiceItem) => `${row.sellerTeam.name} (${row.sellerTeam.code})` }]
      : []),
    { title: 'Type', dataIndex: 'type', render: (t: 'IN' | 'OUT') => <InvoiceTypeTag type={t} /> },
    { title: 'Source', dataIndex: 'source', render: sourceLabel },
    { title: 'Seller amount', dataIndex: 'sellerAmount', align: 'right', render: (v: number) => <Usd value={v} /> },
    { title: 'Agency amount', dataIndex: 'agencyAmount', align: 'right', render: (v: number) => <Usd value={v} /> },
    { title: 'Remain amount', dataIndex: 'remainAmount', align: 'right', render: (v: number) => <Usd value={v} /> },
  ];

  return (
    <>
      <PageHeader
        title={title}
        extra={
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportCsv}>
            Export
          </Button>
        }
      />
      <Tabs
        activeKey={activeName ?? 'all'}
        onChange={(key) => list.update({ activeName: key === 'all' ? undefined : key })}
        items={(['all', ...BILL_TABS] as const).map((key) => ({ key, label: TAB_LABEL[key] }))}
      />
      <FilterBar {...list.bar} />
      <ListTable<InvoiceItem> label={title} columns={columns} {...pagedQueryProps(query, list)} />
    </>
  );
}
