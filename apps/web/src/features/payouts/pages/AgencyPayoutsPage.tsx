import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PayoutItem } from '@fbo/shared';
import { payoutListQuery as payoutListSchema } from '@fbo/shared/schemas/payouts';
import { FilterBar, sellerTeamFilter } from '../../../components/FilterBar';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import type { FilterDecl } from '../../../components/filters/filter-decl';
import { useFilterList } from '../../../components/filters/useFilterList';
import { AgencyPayoutActions } from '../components/AgencyPayoutActions';
import { DecisionDialog, type Decision } from '../components/DecisionDialog';
import { payoutColumns, STATUS_OPTIONS } from '../components/payoutColumns';
import { payoutListQuery, payoutTeamsQuery } from '../payouts.api';

/** /ag/payouts: every payout of the agency; filters bill name, status, seller team (in the address). */
export default function AgencyPayoutsPage() {
  const teams = useQuery(payoutTeamsQuery());
  const list = useFilterList(payoutListSchema, [
    { kind: 'search', key: 'billName', id: 'payouts-bill-name', label: 'Bill name', placeholder: 'Bill name' },
    { kind: 'select', key: 'status', id: 'payouts-status', label: 'Status', placeholder: 'All', width: 160, options: STATUS_OPTIONS },
    { ...sellerTeamFilter('payouts-team', teams.data?.data, teams.isLoading), key: 'sellerTeamId', placeholder: 'All', width: 240 },
  ] satisfies FilterDecl[]);
  const { billName, status, sellerTeamId } = list.filters;
  const query = useQuery(
    payoutListQuery({ page: list.page, limit: list.limit, billName: billName || undefined, status: status ? Number(status) : undefined, sellerTeamId }),
  );
  const [decision, setDecision] = useState<{ payout: PayoutItem; action: Decision } | null>(null);
  const columns = payoutColumns({
    showTeamName: true,
    actions: (row) => <AgencyPayoutActions row={row} onDecide={(payout, action) => setDecision({ payout, action })} />,
  });

  return (
    <>
      <PageHeader title="Payouts" />
      <FilterBar {...list.bar} />
      <ListTable<PayoutItem> label="Payouts" columns={columns} {...pagedQueryProps(query, list)} />
      {decision ? <DecisionDialog payout={decision.payout} action={decision.action} onClose={() => setDecision(null)} /> : null}
    </>
  );
}
