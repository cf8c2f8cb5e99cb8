import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import type { DepositItem } from '@fbo/shared';
import type { DepositStatus } from '@fbo/shared/domain/money';
import { DEPOSIT_PAGE } from '@fbo/shared/domain/deposits-extra';
import { FilterBar } from '../../../components/FilterBar';
import type { FilterDecl, FilterValues } from '../../../components/filters/filter-decl';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { myDepositsQuery } from '../deposits.api';
import { depositColumns } from './depositColumns';
import { STATUS_OPTIONS } from './DepositTags';

const FILTERS: FilterDecl[] = [{ kind: 'select', key: 'status', id: 'my-deposits-status', label: 'Status', placeholder: 'All', width: 140, options: STATUS_OPTIONS }];

/** The seller's own deposits and top-up requests with their status (for /s/balance). */
export function SellerDepositRequests() {
  // Kept in the card, not the address: the balance page's ledger owns the address.
  const [filters, setFilters] = useState<FilterValues>({});
  const status = filters.status as DepositStatus | undefined;
  const [paging, setPaging] = useState<{ page: number; limit: number }>({ page: 1, limit: DEPOSIT_PAGE.mine });
  const query = useQuery(myDepositsQuery({ page: paging.page, limit: paging.limit, status }));
  const list = { ...paging, update: (p: { page: number; limit: number }) => setPaging(p) };
  const columns = depositColumns<DepositItem>({ invoiceBase: '/s/invoices' });

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>Top-up requests</h2>} style={{ marginTop: 16 }}>
      <FilterBar
        filters={FILTERS}
        values={filters}
        onChange={(change) => {
          setFilters((current) => ({ ...current, ...change }));
          setPaging((p) => ({ ...p, page: 1 }));
        }}
      />
      <ListTable<DepositItem> label="Top-up requests" columns={columns} {...pagedQueryProps(query, list)} />
    </Card>
  );
}
