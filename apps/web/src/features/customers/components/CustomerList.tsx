import { useMemo, type KeyboardEvent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, type TableColumnType, type TableColumnsType } from 'antd';
import { customerListQuery as listSchema, type CustomerItem, type CustomerSort } from '@fbo/shared';
import { DateTime } from '../../../components/DateTime';
import { FilterBar } from '../../../components/FilterBar';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { useFilterList } from '../../../components/filters/useFilterList';
import { usd } from '../../../entities/order';
import { countryOptions } from '../../warehouse-products';
import { customerListQuery, customerOptionsQuery } from '../customers.api';
import { BackfillProgress } from './BackfillProgress';
import { CustomerDrawer } from './CustomerDrawer';
import { CUSTOMER_KEY, ORDER_KEY, SORT_KEY, customerFilters, customerListParams, isUnfiltered, type CustomerListVariant } from './customerFilters';
import { customerName } from './customerName';
import { ExportCustomersButton } from './ExportCustomersButton';
import { SourceTags } from './SourceTags';

type Direction = 'ascend' | 'descend';
/** A cell kept on one line (a day and time, a phone number): the table is wide. */
const onOneLine = (node: ReactNode) => <span style={{ whiteSpace: 'nowrap' }}>{node}</span>;
const DEFAULT_SORT: CustomerSort = 'lastOrder';

/**
 * A server-sorted column: the header shows the address's order, and a click (or Enter) on it asks for the next one, as
 * antd's own sorter would (first direction, second, then back to the list's default order, which its tooltip announces).
 * ListTable draws antd's sorter but takes no change handler, so the header cell reports the click itself (antd calls the
 * column's own onClick / onKeyDown after its sorter's). A name sorts A to Z first; figures and dates biggest, newest first.
 */
function sortable(key: CustomerSort, current: { sort: CustomerSort; order: 'asc' | 'desc' }, onSort: (key: CustomerSort, to: Direction | null) => void): TableColumnType<CustomerItem> {
  const directions: Direction[] = key === 'name' ? ['ascend', 'descend'] : ['descend', 'ascend'];
  const sortOrder: Direction | null = current.sort === key ? (current.order === 'asc' ? 'ascend' : 'descend') : null;
  const next = sortOrder ? (directions[directions.indexOf(sortOrder) + 1] ?? null) : directions[0]!;
  return {
    sorter: true,
    sortOrder,
    sortDirections: directions,
    onHeaderCell: () => ({
      onClick: () => onSort(key, next),
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key === 'Enter') onSort(key, next);
      },
    }),
  };
}

/**
 * The customers list of both sides (docs/customers.md): filters, order and the open customer kept in the address; the
 * agency's adds the Seller team filter and column. A name opens the customer's drawer (`?customer=<id>`).
 */
export function CustomerList({ variant }: { variant: CustomerListVariant }) {
  const agency = variant === 'agency';
  const options = useQuery(customerOptionsQuery());
  const countryNames = useMemo(() => new Map(countryOptions().map((c) => [c.value, c.label])), []);
  const list = useFilterList(listSchema, customerFilters(variant, options.data, options.isLoading, (code) => countryNames.get(code) ?? code));
  const params = customerListParams(list);
  const query = useQuery(customerListQuery(params));
  const { page: _page, limit: _limit, ...filters } = params;
  const empty = query.isSuccess && query.data.total === 0 && isUnfiltered(list);
  const openId = list.filters[CUSTOMER_KEY];

  const current = { sort: params.sort ?? DEFAULT_SORT, order: params.order ?? 'desc' };
  // The server's default (last order, newest first) and its default direction stay out of the address.
  const onSort = (key: CustomerSort, to: Direction | null) =>
    list.update({ [SORT_KEY]: to === null || (key === DEFAULT_SORT && to === 'descend') ? undefined : key, [ORDER_KEY]: to === 'ascend' ? 'asc' : undefined });
  const open = (id: string | undefined) => list.update({ [CUSTOMER_KEY]: id, page: list.page });

  const columns: TableColumnsType<CustomerItem> = [
    {
      title: 'Name',
      key: 'name',
      ...sortable('name', current, onSort),
      render: (_: unknown, row) => (
        <Button type="link" style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }} onClick={() => open(row.id)}>
          {customerName(row)}
        </Button>
      ),
    },
    { title: 'E-mail', dataIndex: 'email', render: (v: string) => v || '\u2014' },
    { title: 'Phone', dataIndex: 'phone', render: (v: string) => onOneLine(v || '\u2014') },
    { title: 'Country', key: 'country', render: (_: unknown, row) => row.country || row.countryCode || '\u2014' },
    ...(agency ? [{ title: 'Seller team', dataIndex: 'sellerTeamName' }] : []),
    { title: 'Orders', dataIndex: 'ordersCount', align: 'right', ...sortable('orders', current, onSort), render: (v: number) => v.toLocaleString('en-US') },
    { title: 'Total spent', dataIndex: 'totalSpent', align: 'right', ...sortable('spent', current, onSort), render: (v: number) => usd(v) },
    { title: 'First order', dataIndex: 'firstOrderAt', ...sortable('firstOrder', current, onSort), render: (v: string | null) => onOneLine(<DateTime value={v} />) },
    { title: 'Last order', dataIndex: 'lastOrderAt', ...sortable('lastOrder', current, onSort), render: (v: string | null) => onOneLine(<DateTime value={v} />) },
    { title: 'Sources', key: 'sources', render: (_: unknown, row) => <SourceTags sources={row.sources} /> },
  ];

  return (
    <>
      <PageHeader title="Customers" extra={empty ? null : <ExportCustomersButton filters={filters} />} />
      <BackfillProgress />
      {empty ? (
        <Empty description="No customers yet: customers appear here as orders come in." />
      ) : (
        <>
          <FilterBar {...list.bar} />
          <ListTable<CustomerItem> label="Customers" columns={columns} {...pagedQueryProps(query, list)} />
        </>
      )}
      {openId ? <CustomerDrawer id={openId} variant={variant} onClose={() => open(undefined)} /> : null}
    </>
  );
}
