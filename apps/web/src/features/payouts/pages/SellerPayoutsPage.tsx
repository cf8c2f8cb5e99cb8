import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Space, Tooltip } from 'antd';
import { CloseOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { PayoutItem } from '@fbo/shared';
import { MONEY_MSG } from '@fbo/shared/domain/money';
import { PAYOUT_MSG } from '@fbo/shared/domain/payouts-extra';
import { payoutFindQuery } from '@fbo/shared/schemas/payouts';
import { FilterBar } from '../../../components/FilterBar';
import type { FilterDecl } from '../../../components/filters/filter-decl';
import { useFilterList } from '../../../components/filters/useFilterList';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { useWrite } from '../../../hooks/useWrite';
import { useRequiredSession } from '../../../entities/session';
import { PayoutRequestDialog } from '../components/PayoutRequestDialog';
import { payoutColumns, STATUS_OPTIONS } from '../components/payoutColumns';
import { ownPayoutsQuery, PAYOUT_REFRESH, payoutsApi } from '../payouts.api';

const FILTERS: FilterDecl[] = [{ kind: 'select', key: 'status', id: 'my-payouts-status', label: 'Status', placeholder: 'All', width: 160, options: STATUS_OPTIONS }];
type Dialog = { kind: 'closed' } | { kind: 'create' } | { kind: 'update'; payout: PayoutItem };

/** /s/payouts: the team's payout requests; request a payout; edit or cancel a pending one. */
export default function SellerPayoutsPage() {
  const { actor } = useRequiredSession();
  const teamId = actor.sellerTeamId ?? '';
  const { modal, message } = App.useApp();
  const list = useFilterList(payoutFindQuery, FILTERS);
  const status = list.filters.status;
  const query = useQuery({
    ...ownPayoutsQuery(teamId, { page: list.page, limit: list.limit, status: status ? Number(status) : undefined }),
    enabled: Boolean(teamId),
  });
  const [dialog, setDialog] = useState<Dialog>({ kind: 'closed' });
  const { run } = useWrite({ refresh: PAYOUT_REFRESH });

  function confirmCancel(row: PayoutItem) {
    // A cancel is one intent: one key for its confirmation.
    const key = crypto.randomUUID();
    modal.confirm({
      title: MONEY_MSG.confirmAction('cancel'),
      content: `${row.billName}: the request goes and its amount is available again.`,
      okText: 'Cancel request',
      okButtonProps: { danger: true },
      cancelText: 'Keep',
      onOk: () => run(() => payoutsApi.update(teamId, row.id, { cancel: true }, key), PAYOUT_MSG.cancelled),
      onCancel: () => void message.info(MONEY_MSG.cancelAction),
    });
  }

  const columns = payoutColumns({
    hideCode: true,
    actions: (row) =>
      row.status === 0 ? (
        <Space>
          <Tooltip title="Edit">
            <Button size="small" icon={<EditOutlined />} aria-label={`Edit ${row.billName}`} onClick={() => setDialog({ kind: 'update', payout: row })} />
          </Tooltip>
          <Tooltip title="Cancel request">
            <Button size="small" danger icon={<CloseOutlined />} aria-label={`Cancel ${row.billName}`} onClick={() => confirmCancel(row)} />
          </Tooltip>
        </Space>
      ) : null,
  });

  return (
    <>
      <PageHeader
        title="Payouts"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'create' })}>
            Request payout
          </Button>
        }
      />
      <FilterBar {...list.bar} />
      <ListTable<PayoutItem> label="Payout requests" columns={columns} {...pagedQueryProps(query, list)} />
      {dialog.kind !== 'closed' ? (
        <PayoutRequestDialog teamId={teamId} payout={dialog.kind === 'update' ? dialog.payout : undefined} onClose={() => setDialog({ kind: 'closed' })} />
      ) : null}
    </>
  );
}
