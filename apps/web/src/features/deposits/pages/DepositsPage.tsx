import { useQuery } from '@tanstack/react-query';
import { Select, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import type { DepositAgencyItem } from '@fbo/shared';
import { DEPOSIT_STATUSES, PAY_WITH, type DepositStatus, type PayWith } from '@fbo/shared/domain/money';
import { DateRangeFields, FilterBar, FilterField, SellerTeamField, oneOf, validDay } from '../../../components/FilterBar';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { SearchBox } from '../../../components/SearchBox';
import { useListParams } from '../../../hooks/useListParams';
import { agencyDepositsQuery, depositTeamsQuery } from '../deposits.api';
import { depositColumns } from '../components/depositColumns';
import { DepositActions } from '../components/DepositActions';
import { STATUS_OPTIONS } from '../components/DepositTags';
import { PAY_WITH_OPTIONS } from '../components/TopupModal';
import { useDepositDecision } from '../components/useDepositDecision';

const FILTERS = ['sellerTeam', 'status', 'payWith', 'from', 'to'] as const;

/** /ag/deposits: every deposit of the agency, filters in the address, Approve / Reject on pending rows. */
export default function DepositsPage() {
  const list = useListParams(FILTERS);
  const { filters } = list;
  const status = oneOf<DepositStatus>(DEPOSIT_STATUSES, filters.status);
  const payWith = oneOf<PayWith>(PAY_WITH, filters.payWith);
  const from = validDay(filters.from);
  const to = validDay(filters.to);
  const teams = useQuery(depositTeamsQuery());
  const query = useQuery(
    agencyDepositsQuery({
      page: list.page,
      limit: list.limit,
      sellerTeam: filters.sellerTeam,
      status,
      payWith,
      search: list.search || undefined,
      from: from ? dayjs(from).startOf('day').toISOString() : undefined,
      to: to ? dayjs(to).endOf('day').toISOString() : undefined,
    }),
  );
  const decide = useDepositDecision();

  const base = depositColumns<DepositAgencyItem>({ invoiceBase: '/ag/invoices' });
  const columns: TableColumnsType<DepositAgencyItem> = [
    base[0]!,
    {
      title: 'Seller',
      key: 'sellerTeam',
      width: 200,
      render: (_, row) => (
        <>
          <strong>{row.sellerTeam.name}</strong>
          <div style={{ whiteSpace: 'nowrap' }}>
            <Typography.Text type="secondary">
              {row.sellerTeam.code} · by {row.requestedBy === 'seller' ? 'seller' : 'agency'}
            </Typography.Text>
          </div>
        </>
      ),
    },
    ...base.slice(1),
    {
      title: 'Actions',
      key: 'actions',
      width: 120,
      render: (_, row) =>
        row.status === 'pending' ? (
          <DepositActions name={`${row.sellerTeam.name} ${row.transactionId}`} onAction={(action) => decide(row.sellerTeam.id, row.id, action)} />
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader title="Deposits" />
      <FilterBar>
        <SellerTeamField id="deposits-team" teams={teams.data?.data} loading={teams.isLoading} value={filters.sellerTeam} onChange={(sellerTeam) => list.update({ sellerTeam })} />
        <FilterField id="deposits-status" label="Status">
          <Select id="deposits-status" allowClear placeholder="All" style={{ width: 140 }} options={STATUS_OPTIONS} value={status} onChange={(v) => list.update({ status: v })} />
        </FilterField>
        <FilterField id="deposits-paywith" label="Pay with">
          <Select id="deposits-paywith" allowClear placeholder="All" style={{ width: 160 }} options={PAY_WITH_OPTIONS} value={payWith} onChange={(v) => list.update({ payWith: v })} />
        </FilterField>
        <FilterField id="deposits-search" label="Search">
          <SearchBox id="deposits-search" value={list.search} onSearch={(search) => list.update({ search })} placeholder="Transaction ID or note" />
        </FilterField>
        <DateRangeFields idPrefix="deposits" from={from} to={to} onChange={(range) => list.update(range)} />
      </FilterBar>
      <ListTable<DepositAgencyItem> label="Deposits" columns={columns} {...pagedQueryProps(query, list)} />
    </>
  );
}
