import { useQuery } from '@tanstack/react-query';
import { Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import type { DepositAgencyItem } from '@fbo/shared';
import type { DepositStatus, PayWith } from '@fbo/shared/domain/money';
import { depositListQuery } from '@fbo/shared/schemas/deposits';
import { FilterBar, sellerTeamFilter } from '../../../components/FilterBar';
import type { FilterDecl } from '../../../components/filters/filter-decl';
import { useFilterList } from '../../../components/filters/useFilterList';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { agencyDepositsQuery, depositTeamsQuery } from '../deposits.api';
import { depositColumns } from '../components/depositColumns';
import { DepositActions } from '../components/DepositActions';
import { STATUS_OPTIONS } from '../components/DepositTags';
import { PAY_WITH_OPTIONS } from '../components/TopupModal';
import { useDepositDecision } from '../components/useDepositDecision';

/** /ag/deposits: every deposit of the agency, filters in the address, Approve / Reject on pending rows. */
export default function DepositsPage() {
  const teams = useQuery(depositTeamsQuery());
  const list = useFilterList(depositListQuery, [
    sellerTeamFilter('deposits-team', teams.data?.data, teams.isLoading),
    { kind: 'select', key: 'status', id: 'deposits-status', label: 'Status', placeholder: 'All', width: 140, options: STATUS_OPTIONS },
    { kind: 'select', key: 'payWith', id: 'deposits-paywith', label: 'Pay with', placeholder: 'All', width: 160, options: PAY_WITH_OPTIONS },
    { kind: 'search', key: 'search', id: 'deposits-search', label: 'Search', placeholder: 'Transaction ID or note' },
    { kind: 'dateRange', idPrefix: 'deposits', from: 'from', to: 'to' },
  ] satisfies FilterDecl[]);
  const { from, to } = list.filters;
  const query = useQuery(
    agencyDepositsQuery({
      page: list.page,
      limit: list.limit,
      sellerTeam: list.filters.sellerTeam,
      status: list.filters.status as DepositStatus | undefined,
      payWith: list.filters.payWith as PayWith | undefined,
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
      <FilterBar {...list.bar} />
      <ListTable<DepositAgencyItem> label="Deposits" columns={columns} {...pagedQueryProps(query, list)} />
    </>
  );
}
