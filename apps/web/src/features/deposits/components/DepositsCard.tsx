import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { DepositItem } from '@fbo/shared';
import { can } from '@fbo/shared/auth/access';
import type { DepositStatus, PayWith } from '@fbo/shared/domain/money';
import { DEPOSIT_PAGE } from '@fbo/shared/domain/deposits-extra';
import { FilterBar } from '../../../components/FilterBar';
import type { FilterDecl, FilterValues } from '../../../components/filters/filter-decl';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { useSession } from '../../../entities/session';
import { teamDepositsQuery } from '../deposits.api';
import { depositColumns } from './depositColumns';
import { DepositActions } from './DepositActions';
import { STATUS_OPTIONS } from './DepositTags';
import { TopupModal } from './TopupModal';
import { PAY_WITH_OPTIONS } from './TopupModal';
import { useDepositDecision } from './useDepositDecision';

/**
 * "Deposits History" of the seller detail (/ag/sellers/{id}): filters payWith, status, transactionId
 * and note, 5 a page, Approve / Reject on pending rows, and the Topup dialog. Shown only to users
 * who may handle deposits (owner, accounting); the page's other users see nothing of it.
 */
export function DepositsCard({ sellerTeamId }: { sellerTeamId: string }) {
  const { actor } = useSession();
  const allowed = actor ? can(actor, 'deposits.agency') : false;
  return allowed ? <DepositsHistory sellerTeamId={sellerTeamId} /> : null;
}

function DepositsHistory({ sellerTeamId }: { sellerTeamId: string }) {
  // Kept in the card, not the address: the seller detail page has other lists.
  const [filters, setFilters] = useState<FilterValues>({});
  const [paging, setPaging] = useState<{ page: number; limit: number }>({ page: 1, limit: DEPOSIT_PAGE.card });
  const [topupOpen, setTopupOpen] = useState(false);
  const decide = useDepositDecision();
  const query = useQuery(
    teamDepositsQuery(sellerTeamId, {
      page: paging.page,
      limit: paging.limit,
      payWith: filters.payWith as PayWith | undefined,
      status: filters.status as DepositStatus | undefined,
      transactionId: filters.transactionId || undefined,
      note: filters.note || undefined,
    }),
  );
  const change = (next: FilterValues) => {
    setFilters((f) => ({ ...f, ...next }));
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const decls: FilterDecl[] = [
    { kind: 'select', key: 'payWith', id: `deposit-paywith-${sellerTeamId}`, label: 'Pay with', placeholder: 'All', width: 160, options: PAY_WITH_OPTIONS },
    { kind: 'select', key: 'status', id: `deposit-status-${sellerTeamId}`, label: 'Status', placeholder: 'All', width: 140, options: STATUS_OPTIONS },
    { kind: 'search', key: 'transactionId', id: `deposit-tx-${sellerTeamId}`, label: 'Transaction ID' },
    { kind: 'search', key: 'note', id: `deposit-note-${sellerTeamId}`, label: 'Note' },
  ];
  const list = { ...paging, update: (p: { page: number; limit: number }) => setPaging(p) };

  const columns: TableColumnsType<DepositItem> = [
    ...depositColumns<DepositItem>({ invoiceBase: '/ag/invoices' }),
    {
      title: 'Actions',
      key: 'actions',
      width: 120,
      render: (_, row) =>
        row.status === 'pending' ? <DepositActions name={row.transactionId} onAction={(action) => decide(sellerTeamId, row.id, action)} /> : null,
    },
  ];

  return (
    <Card
      className="deposits-history-card"
      title={<h2 style={{ margin: 0, fontSize: 16 }}>Deposits History</h2>}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setTopupOpen(true)}>
          Topup
        </Button>
      }
    >
      <FilterBar filters={decls} values={filters} onChange={change} />
      <ListTable<DepositItem> label="Deposits History" columns={columns} {...pagedQueryProps(query, list)} />
      {topupOpen ? <TopupModal sellerTeamId={sellerTeamId} onClose={() => setTopupOpen(false)} /> : null}
    </Card>
  );
}
