import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import type { PayoutItem } from '@fbo/shared';
import { MONEY_LIMITS } from '@fbo/shared/domain/money';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { payoutListQuery } from '../payouts.api';
import { AgencyPayoutActions } from './AgencyPayoutActions';
import { DecisionDialog, type Decision } from './DecisionDialog';
import { payoutColumns } from './payoutColumns';

/** The Payouts card of /ag/sellers/{id}: the team's payouts, 10 a page, Approve/Reject on pending rows. */
export function PayoutsCard({ sellerTeamId }: { sellerTeamId: string }) {
  const [paging, setPaging] = useState({ page: 1, limit: MONEY_LIMITS.payoutsPageSize as number });
  const query = useQuery(payoutListQuery({ ...paging, sellerTeamId }));
  const [decision, setDecision] = useState<{ payout: PayoutItem; action: Decision } | null>(null);
  const columns = payoutColumns({ hideCode: true, actions: (row) => <AgencyPayoutActions row={row} onDecide={(payout, action) => setDecision({ payout, action })} /> });
  return (
    <Card title="Payouts" style={{ marginTop: 16 }}>
      <ListTable<PayoutItem>
        label="Payouts"
        columns={columns}
        {...pagedQueryProps(query, { ...paging, update: setPaging })}
      />
      {decision ? <DecisionDialog payout={decision.payout} action={decision.action} onClose={() => setDecision(null)} /> : null}
    </Card>
  );
}
