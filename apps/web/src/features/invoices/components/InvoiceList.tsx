import { useState } from 'react';
import { Link } from 'react-router';
import { App, Button, DatePicker, Select, Tabs, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import type { InvoiceItem } from '@fbo/shared';
import { BILL_TABS, MONEY_MSG, type BillTab } from '@fbo/shared/domain/money';
import { MSG } from '@fbo/shared/domain/messages';
import { failureMessage } from '../../../api/http';
import { downloadUrl } from '../../../api/download';
import { DateTime } from '../../../components/DateTime';
import { FilterBar, FilterField } from '../../../components/FilterBar';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { SearchBox } from '../../../components/SearchBox';
import { useListParams } from '../../../hooks/useListParams';
import { invoiceListQuery, invoiceTeamsQuery, invoicesApi, type InvoiceFilters } from '../invoices.api';
import { InvoiceTypeTag, Usd, sourceLabel } from './InvoiceBits';

const FILTERS = ['activeName', 'sellerTeam', 'from', 'to'] as const;
const TAB_LABEL: Record<BillTab | 'all', string> = { all: 'All', payment: 'Payment', debts: 'Debts' };
const DAY = 'YYYY-MM-DD';

/**
 * The invoices list: /ag/invoices (the agency's, with a seller team filter) and /s/invoices (the
 * seller's own team). Tab (All / Payment = IN / Debts = OUT), search by name, team, date range and
 * page all live in the address; Export downloads the current filter as csv.
 */
export function InvoiceList({ area, title }: { area: 'ag' | 's'; title: string }) {
  const { message } = App.useApp();
  const list = useListParams(FILTERS);
  const activeName = BILL_TABS.find((t) => t === list.filters.activeName);
  const isDay = (v?: string) => (v && dayjs(v, DAY, true).isValid() ? v : undefined);
  const filters: InvoiceFilters = {
    activeName,
    search: list.search || undefined,
    sellerTeam: area === 'ag' ? list.filters.sellerTeam : undefined,
    from: isDay(list.filters.from),
    to: isDay(list.filters.to),
  };
  const query = useQuery(invoiceListQuery({ page: list.page, limit: list.limit, ...filters }));
  const teams = useQuery({ ...invoiceTeamsQuery(), enabled: area === 'ag' });
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

  const range: [Dayjs | null, Dayjs | null] | null =
    filters.from || filters.to ? [filters.from ? dayjs(filters.from) : null, filters.to ? dayjs(filters.to) : null] : null;

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
      <FilterBar>
        <FilterField id="invoice-search" label="Invoice name">
          <SearchBox id="invoice-search" value={list.search} onSearch={(search) => list.update({ search })} placeholder="IN-000001" />
        </FilterField>
        {area === 'ag' ? (
          <FilterField id="invoice-team" label="Seller team">
            <Select
              id="invoice-team"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="All seller teams"
              style={{ width: 240 }}
              loading={teams.isFetching}
              value={filters.sellerTeam}
              options={(teams.data ?? []).map((t) => ({ value: t.id, label: `${t.name} (${t.code})` }))}
              onChange={(value?: string) => list.update({ sellerTeam: value })}
            />
          </FilterField>
        ) : null}
        <FilterField id="invoice-dates" label="Created between">
          <DatePicker.RangePicker
            id={{ start: 'invoice-dates', end: 'invoice-dates-end' }}
            allowEmpty={[true, true]}
            value={range}
            onChange={(values) =>
              list.update({ from: values?.[0]?.format(DAY), to: values?.[1]?.format(DAY) })
            }
          />
        </FilterField>
      </FilterBar>
      <ListTable<InvoiceItem> label={title} columns={columns} {...pagedQueryProps(query, list)} />
    </>
  );
}
