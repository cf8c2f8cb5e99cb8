import { useState } from 'react';
import { Link } from 'react-router';
import { App, Button, Card, Col, Radio, Row, Select, Space, Statistic, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { LedgerEntryItem } from '@fbo/shared';
import { findRoute } from '@fbo/shared/routes';
import { LEDGER_TYPES, LEDGER_TYPE_LABEL, MONEY_MSG, formatUsd, type LedgerType } from '@fbo/shared/domain/money';
import { INVOICE_LIMITS } from '@fbo/shared/domain/invoices-extra';
import { MSG } from '@fbo/shared/domain/messages';
import { LIMITS } from '@fbo/shared/domain/limits';
import { ledgerEntriesQuery } from '@fbo/shared/schemas/invoices';
import { failureMessage } from '../../../api/http';
import { downloadUrl } from '../../../api/download';
import { DateTime } from '../../../components/DateTime';
import { FILTER_DAY, FilterBar, FilterField } from '../../../components/FilterBar';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import type { FilterDecl } from '../../../components/filters/filter-decl';
import { useFilterList } from '../../../components/filters/useFilterList';
import { SellerDepositRequests, SellerTopupButton } from '../../deposits';
import { balanceQuery, profitQuery } from '../../../entities/seller-team';
import { ledgerApi, ledgerListQuery, type LedgerFilters } from '../balance.api';

const title = findRoute('s-balance')?.title ?? 'Balance';
const typeOptions = LEDGER_TYPES.map((t) => ({ value: t, label: LEDGER_TYPE_LABEL[t] }));
const accountOptions = [
  { value: 'wallet', label: 'Wallet' },
  { value: 'profit', label: 'Profit' },
];
const periodOptions = [
  { value: 'all', label: 'All' },
  ...INVOICE_LIMITS.quickRanges.map((d) => ({ value: String(d), label: `${d} days` })),
  { value: 'custom', label: 'Custom' },
];
/** The custom days' picker, drawn only while the period is 'Custom'. */
const customDays: FilterDecl = { kind: 'dayRange', id: 'ledger-dates', label: 'From – to', from: 'from', to: 'to', also: { range: 'custom' } };

/** Signed amount: + green, - red. */
function SignedUsd({ value }: { value: number }) {
  const color = value > 0 ? 'var(--ant-color-success-text, #389e0d)' : 'var(--ant-color-error-text, #cf1322)';
  return (
    <span style={{ color, fontVariantNumeric: 'tabular-nums', fontWeight: 500 }}>
      {value > 0 ? '+' : '-'}
      {formatUsd(Math.abs(value))}
    </span>
  );
}

const columns: TableColumnsType<LedgerEntryItem> = [
  { title: 'Date', dataIndex: 'createdAt', render: (v: string) => <DateTime value={v} /> },
  { title: 'Type', dataIndex: 'type', render: (t: LedgerType) => LEDGER_TYPE_LABEL[t] ?? t },
  {
    title: 'Description',
    dataIndex: 'description',
    render: (d: string) => d || '—',
  },
  {
    title: 'Invoice',
    dataIndex: 'invoiceId',
    render: (invoiceId: string | null, row) =>
      invoiceId ? (
        <Link to={`/s/invoices/${invoiceId}`} aria-label={`View invoice: ${LEDGER_TYPE_LABEL[row.type]} ${row.description}`}>
          View invoice
        </Link>
      ) : (
        '—'
      ),
  },
  { title: 'Amount', dataIndex: 'amount', align: 'right', render: (v: number) => <SignedUsd value={v} /> },
  {
    title: 'Balance after',
    dataIndex: 'balanceAfter',
    align: 'right',
    render: (v: number) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatUsd(v)}</span>,
  },
];

/**
 * /s/balance: the wallet balance (same query as the header) and the profit payable now, the
 * top-up request, and the ledger with its running balance; filters (type, account, quick or custom
 * date range) and the page live in the address; Export as csv or xlsx.
 */
export default function BalancePage() {
  const { message } = App.useApp();
  const list = useFilterList(ledgerEntriesQuery, [
    {
      // Always one account (no 'All'): Wallet, the default, stays out of the address.
      kind: 'custom',
      keys: ['account'],
      render: (values, change) => (
        <FilterField key="ledger-account" id="ledger-account" label="Account">
          <Select
            id="ledger-account"
            style={{ width: 140 }}
            value={values.account ?? 'wallet'}
            options={accountOptions}
            onChange={(value: string) => change({ account: value === 'wallet' ? undefined : value })}
          />
        </FilterField>
      ),
    },
    { kind: 'select', key: 'type', id: 'ledger-type', label: 'Type', placeholder: 'All types', width: 180, options: typeOptions },
    {
      // A quick period writes its days; 'Custom' shows the range picker.
      kind: 'custom',
      keys: ['range'],
      render: () => (
        <FilterField key="ledger-range" id="ledger-range" label="Period">
          <Radio.Group id="ledger-range" optionType="button" value={quick} onChange={(e) => setQuick(String(e.target.value))} options={periodOptions} />
        </FilterField>
      ),
    },
    customDays,
    // The page size: the ledger's default (20) differs from the other lists' (10).
    { kind: 'custom', keys: ['size'] },
  ] satisfies FilterDecl[]);
  const size = Number(list.filters.size);
  const limit = (LIMITS.pageSizes as readonly number[]).includes(size) ? size : INVOICE_LIMITS.ledgerPageSize;
  const account = list.filters.account === 'profit' ? 'profit' : 'wallet';
  const filters: LedgerFilters = {
    account,
    type: LEDGER_TYPES.find((t) => t === list.filters.type),
    from: list.filters.from,
    to: list.filters.to,
  };
  const query = useQuery(ledgerListQuery({ page: list.page, limit, ...filters }));
  const balance = useQuery(balanceQuery());
  const profit = useQuery(profitQuery());
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const quick = list.filters.range ?? (filters.from || filters.to ? 'custom' : 'all');

  function setQuick(value: string) {
    if (value === 'all') list.update({ range: undefined, from: undefined, to: undefined });
    else if (value === 'custom') list.update({ range: 'custom' });
    else {
      const days = Number(value);
      list.update({ range: value, from: dayjs().subtract(days - 1, 'day').format(FILTER_DAY), to: dayjs().format(FILTER_DAY) });
    }
  }

  async function exportAs(format: 'csv' | 'xlsx') {
    setExporting(format);
    try {
      const answer = await ledgerApi.export(filters, format);
      downloadUrl(answer.url);
      void message.success(MONEY_MSG.exportSuccess);
    } catch (error) {
      void message.error(failureMessage(error) ?? MSG.serverError);
    } finally {
      setExporting(null);
    }
  }

  const shownFilters = quick === 'custom' ? list.bar.filters : list.bar.filters.filter((decl) => decl !== customDays);

  return (
    <>
      <PageHeader
        title={title}
        extra={
          <Space wrap>
            <SellerTopupButton />
          </Space>
        }
      />
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} sm={12} lg={8}>
          <Card>
            <Statistic title="Wallet balance" value={balance.data ? formatUsd(balance.data.amount) : '—'} loading={balance.isPending} />
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={8}>
          <Card>
            <Statistic title="Remain profit" value={profit.data ? formatUsd(profit.data.remainProfit) : '—'} loading={profit.isPending && !profit.isError} />
          </Card>
        </Col>
      </Row>
      <Card
        title={<h2 style={{ margin: 0, fontSize: 16 }}>Ledger</h2>}
        extra={
          <Space wrap>
            <Button icon={<DownloadOutlined />} loading={exporting === 'csv'} onClick={() => exportAs('csv')}>
              Export CSV
            </Button>
            <Button icon={<DownloadOutlined />} loading={exporting === 'xlsx'} onClick={() => exportAs('xlsx')}>
              Export XLSX
            </Button>
          </Space>
        }
      >
        <FilterBar {...list.bar} filters={shownFilters} />
        <ListTable<LedgerEntryItem>
          label="Ledger"
          columns={columns}
          {...pagedQueryProps(query, {
            page: list.page,
            limit,
            update: ({ page, limit: next }) => list.update({ page, size: next === INVOICE_LIMITS.ledgerPageSize ? undefined : next }),
          })}
        />
      </Card>
      {/* The deposits module's card (its own screen checks). */}
      <div className="balance-deposit-requests">
        <SellerDepositRequests />
      </div>
    </>
  );
}
