import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, Select } from 'antd';
import type { DepositItem } from '@fbo/shared';
import type { DepositStatus } from '@fbo/shared/domain/money';
import { DEPOSIT_PAGE } from '@fbo/shared/domain/deposits-extra';
import { FilterBar, FilterField } from '../../../components/FilterBar';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { myDepositsQuery } from '../deposits.api';
import { depositColumns } from './depositColumns';
import { STATUS_OPTIONS } from './DepositTags';

/** The seller's own deposits and top-up requests with their status (for /s/balance). */
export function SellerDepositRequests() {
  const [status, setStatus] = useState<DepositStatus | undefined>();
  const [paging, setPaging] = useState<{ page: number; limit: number }>({ page: 1, limit: DEPOSIT_PAGE.mine });
  const query = useQuery(myDepositsQuery({ page: paging.page, limit: paging.limit, status }));
  const list = { ...paging, update: (p: { page: number; limit: number }) => setPaging(p) };
  const columns = depositColumns<DepositItem>({ invoiceBase: '/s/invoices' });

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>Top-up requests</h2>} style={{ marginTop: 16 }}>
      <FilterBar>
        <FilterField id="my-deposits-status" label="Status">
          <Select
            id="my-deposits-status"
            allowClear
            placeholder="All"
            style={{ width: 140 }}
            options={STATUS_OPTIONS}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
          />
        </FilterField>
      </FilterBar>
      <ListTable<DepositItem> label="Top-up requests" columns={columns} {...pagedQueryProps(query, list)} />
    </Card>
  );
}
