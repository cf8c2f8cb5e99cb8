import { useQuery } from '@tanstack/react-query';
import { DatePicker, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import type { ProfitEntryItem } from '@fbo/shared';
import { formatUsd, LEDGER_TYPE_LABEL, type LedgerType } from '@fbo/shared/domain/money';
import { profitListQuery as profitListSchema } from '@fbo/shared/schemas/payouts';
import { DateTime } from '../../../components/DateTime';
import { FilterBar, FilterField } from '../../../components/FilterBar';
import type { FilterDecl } from '../../../components/filters/filter-decl';
import { useFilterList } from '../../../components/filters/useFilterList';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { ProfitDashboard } from '../components/ProfitDashboard';
import { ProfitSummaryCards } from '../components/ProfitSummaryCards';
import { profitListQuery } from '../profits.api';

/** The movements a profit account has. */
const PROFIT_TYPES: LedgerType[] = ['order_profit', 'referral', 'payout', 'adjustment'];
const FILTERS: FilterDecl[] = [
  { kind: 'select', key: 'type', id: 'profit-type', label: 'Type', placeholder: 'All', width: 180, options: PROFIT_TYPES.map((t) => ({ value: t, label: LEDGER_TYPE_LABEL[t] })) },
  // Two plain day pickers: unlike DateRangeFields they let either day be any day.
  {
    kind: 'custom',
    keys: ['from', 'to'],
    render: ({ from, to }, onChange) => (
      <>
        <FilterField id="profit-from" label="From">
          <DatePicker id="profit-from" value={from ? dayjs(from) : null} onChange={(d) => onChange({ from: d ? d.format(DAY) : undefined })} />
        </FilterField>
        <FilterField id="profit-to" label="To">
          <DatePicker id="profit-to" value={to ? dayjs(to) : null} onChange={(d) => onChange({ to: d ? d.format(DAY) : undefined })} />
        </FilterField>
      </>
    ),
  },
];
const DAY = 'YYYY-MM-DD';

const columns: TableColumnsType<ProfitEntryItem> = [
  { title: 'Created', dataIndex: 'createdAt', width: 170, render: (v: string) => <DateTime value={v} /> },
  { title: 'Type', dataIndex: 'type', render: (v: LedgerType) => LEDGER_TYPE_LABEL[v] ?? v },
  { title: 'Description', dataIndex: 'description' },
  {
    title: 'Amount',
    dataIndex: 'amount',
    align: 'right',
    render: (v: number) => <Typography.Text type={v < 0 ? 'danger' : undefined}>{v > 0 ? `+${formatUsd(v)}` : formatUsd(v)}</Typography.Text>,
  },
  { title: 'Balance', dataIndex: 'balanceAfter', align: 'right', render: (v: number) => formatUsd(v) },
  { title: 'Available at', dataIndex: 'availableAt', width: 170, render: (v: string) => <DateTime value={v} /> },
  { title: 'State', dataIndex: 'state', render: (v: string) => <Tag color={v === 'Hold' ? 'warning' : 'success'}>{v}</Tag> },
];

/** /s/profit-detail: the profit figures and every movement of the profit account. */
export default function ProfitDetailPage() {
  const list = useFilterList(profitListSchema, FILTERS);
  const { type, from, to } = list.filters;
  const query = useQuery(profitListQuery({ page: list.page, limit: list.limit, type, from, to }));
  return (
    <>
      <PageHeader title="Profit Detail" />
      <ProfitSummaryCards />
      <ProfitDashboard />
      <FilterBar {...list.bar} />
      <ListTable<ProfitEntryItem> label="Profit entries" columns={columns} {...pagedQueryProps(query, list)} />
    </>
  );
}
