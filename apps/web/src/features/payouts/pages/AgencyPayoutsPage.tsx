import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import type { PayoutItem } from '@fbo/shared';
import { FilterBar, FilterField } from '../../../components/FilterBar';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { SearchBox } from '../../../components/SearchBox';
import { useListParams } from '../../../hooks/useListParams';
import { AgencyPayoutActions } from '../components/AgencyPayoutActions';
import { DecisionDialog, type Decision } from '../components/DecisionDialog';
import { payoutColumns, STATUS_OPTIONS } from '../components/payoutColumns';
import { payoutListQuery, payoutTeamsQuery } from '../payouts.api';

const FILTERS = ['billName', 'status', 'sellerTeamId'] as const;

/** /ag/payouts: every payout of the agency; filters bill name, status, seller team (in the address). */
export default function AgencyPayoutsPage() {
  const list = useListParams(FILTERS);
  const { billName, status, sellerTeamId } = list.filters;
  const query = useQuery(
    payoutListQuery({ page: list.page, limit: list.limit, billName: billName || undefined, status: status ? Number(status) : undefined, sellerTeamId }),
  );
  const teams = useQuery(payoutTeamsQuery());
  const [decision, setDecision] = useState<{ payout: PayoutItem; action: Decision } | null>(null);
  const columns = payoutColumns({
    showTeamName: true,
    actions: (row) => <AgencyPayoutActions row={row} onDecide={(payout, action) => setDecision({ payout, action })} />,
  });

  return (
    <>
      <PageHeader title="Payouts" />
      <FilterBar>
        <FilterField id="payouts-bill-name" label="Bill name">
          <SearchBox id="payouts-bill-name" value={billName ?? ''} onSearch={(value) => list.update({ billName: value })} placeholder="Bill name" />
        </FilterField>
        <FilterField id="payouts-status" label="Status">
          <Select
            id="payouts-status"
            allowClear
            placeholder="All"
            style={{ width: 160 }}
            value={status}
            options={STATUS_OPTIONS}
            onChange={(value?: string) => list.update({ status: value })}
          />
        </FilterField>
        <FilterField id="payouts-team" label="Seller team">
          <Select
            id="payouts-team"
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder="All"
            style={{ width: 240 }}
            loading={teams.isLoading}
            value={sellerTeamId}
            options={(teams.data?.data ?? []).map((t) => ({ value: t.id, label: `${t.name} (${t.code})` }))}
            onChange={(value?: string) => list.update({ sellerTeamId: value })}
          />
        </FilterField>
      </FilterBar>
      <ListTable<PayoutItem> label="Payouts" columns={columns} {...pagedQueryProps(query, list)} />
      {decision ? <DecisionDialog payout={decision.payout} action={decision.action} onClose={() => setDecision(null)} /> : null}
    </>
  );
}
