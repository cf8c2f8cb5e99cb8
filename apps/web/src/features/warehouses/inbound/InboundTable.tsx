import { useQuery } from '@tanstack/react-query';
import { Button, type TableColumnsType } from 'antd';
import { INBOUND_STATUS_LABELS, INBOUND_STATUS_VALUES, type InboundItem } from '@fbo/shared';
import { inboundListQuery as inboundListSchema } from '@fbo/shared/schemas/inbound';
import { DateTime } from '../../../components/DateTime';
import { FilterBar } from '../../../components/FilterBar';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { searchFilter, type FilterDecl } from '../../../components/filters/filter-decl';
import { useFilterList } from '../../../components/filters/useFilterList';
import { inboundListQuery } from './inbound.api';
import { InboundStatusTag } from './InboundStatusTag';

const FILTERS: FilterDecl[] = [
  searchFilter('inbound-search', 'Reference or tracking number'),
  {
    kind: 'select', key: 'status', id: 'inbound-status', label: 'Status', placeholder: 'All statuses', width: 190,
    options: INBOUND_STATUS_VALUES.map((s) => ({ value: s, label: INBOUND_STATUS_LABELS[s] })),
  },
];

function columns(showTeam: boolean, open: (id: string) => void): TableColumnsType<InboundItem> {
  return [
    {
      title: 'Reference',
      dataIndex: 'reference',
      render: (ref: string, r) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => open(r.id)}>
          {ref}
        </Button>
      ),
    },
    ...(showTeam ? [{ title: 'Owner team', key: 'team', render: (_: unknown, r: InboundItem) => r.ownerTeam.name }] : []),
    { title: 'Status', key: 'status', render: (_, r) => <InboundStatusTag status={r.status} cancelled={r.cancelled} /> },
    { title: 'Carrier', dataIndex: 'carrier', render: (v: string) => v || '—' },
    { title: 'Tracking', dataIndex: 'trackingNumber', render: (v: string) => v || '—' },
    {
      title: 'Received / declared',
      key: 'units',
      align: 'right',
      render: (_, r) => (
        <span className={r.receivedUnits !== r.declaredUnits && r.receivedUnits > 0 ? 'inbound-discrepancy' : undefined}>
          {r.receivedUnits.toLocaleString('en-US')} / {r.declaredUnits.toLocaleString('en-US')}
        </span>
      ),
    },
    { title: 'Created', dataIndex: 'createdAt', render: (v: string) => <DateTime value={v} /> },
  ];
}

/** The inbound shipments tab of a warehouse: status and search in the address; a reference opens the shipment. */
export function InboundTable({ warehouseId, showTeam, open }: { warehouseId: string; showTeam: boolean; open: (id: string) => void }) {
  const list = useFilterList(inboundListSchema, FILTERS);
  const query = useQuery(
    inboundListQuery({
      warehouseId, page: list.page, limit: list.limit, search: list.search || undefined,
      status: list.filters.status as InboundItem['status'] | undefined,
    }),
  );
  return (
    <>
      <FilterBar {...list.bar} />
      <ListTable<InboundItem> label="Inbound shipments" columns={columns(showTeam, open)} {...pagedQueryProps(query, list)} />
    </>
  );
}
