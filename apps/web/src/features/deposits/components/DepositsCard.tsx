import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Select, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { DepositItem } from '@fbo/shared';
import { can } from '@fbo/shared/auth/access';
import type { DepositStatus, PayWith } from '@fbo/shared/domain/money';
import { DEPOSIT_PAGE } from '@fbo/shared/domain/deposits-extra';
import { FilterBar, FilterField } from '../../../components/FilterBar';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { SearchBox } from '../../../components/SearchBox';
import { useSession } from '../../../entities/session';
import { teamDepositsQuery } from '../deposits.api';
import { depositColumns } from './depositColumns';
import { DepositActions } from './DepositActions';
import { STATUS_OPTIONS } from './DepositTags';
import { TopupModal } from './TopupModal';
import { PAY_WITH_OPTIONS } from './TopupModal';
import { useDepositDecision } from './useDepositDecision';

type Filters = { payWith?: PayWith; status?: DepositStatus; transactionId: string; note: string };

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
  const [filters, setFilters] = useState<Filters>({ transactionId: '', note: '' });
  const [paging, setPaging] = useState<{ page: number; limit: number }>({ page: 1, limit: DEPOSIT_PAGE.card });
  const [topupOpen, setTopupOpen] = useState(false);
  const decide = useDepositDecision();
  const query = useQuery(
    teamDepositsQuery(sellerTeamId, {
      page: paging.page,
      limit: paging.limit,
      payWith: filters.payWith,
      status: filters.status,
      transactionId: filters.transactionId || undefined,
      note: filters.note || undefined,
    }),
  );
  const change = (next: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPaging((p) => ({ ...p, page: 1 }));
  };
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
      <FilterBar>
        <FilterField id={`deposit-paywith-${sellerTeamId}`} label="Pay with">
          <Select
            id={`deposit-paywith-${sellerTeamId}`}
            allowClear
            placeholder="All"
            style={{ width: 160 }}
            options={PAY_WITH_OPTIONS}
            value={filters.payWith}
            onChange={(payWith) => change({ payWith })}
          />
        </FilterField>
        <FilterField id={`deposit-status-${sellerTeamId}`} label="Status">
          <Select
            id={`deposit-status-${sellerTeamId}`}
            allowClear
            placeholder="All"
            style={{ width: 140 }}
            options={STATUS_OPTIONS}
            value={filters.status}
            onChange={(status) => change({ status })}
          />
        </FilterField>
        <FilterField id={`deposit-tx-${sellerTeamId}`} label="Transaction ID">
          <SearchBox id={`deposit-tx-${sellerTeamId}`} value={filters.transactionId} onSearch={(transactionId) => change({ transactionId })} />
        </FilterField>
        <FilterField id={`deposit-note-${sellerTeamId}`} label="Note">
          <SearchBox id={`deposit-note-${sellerTeamId}`} value={filters.note} onSearch={(note) => change({ note })} />
        </FilterField>
      </FilterBar>
      <ListTable<DepositItem> label="Deposits History" columns={columns} {...pagedQueryProps(query, list)} />
      {topupOpen ? <TopupModal sellerTeamId={sellerTeamId} onClose={() => setTopupOpen(false)} /> : null}
    </Card>
  );
}
