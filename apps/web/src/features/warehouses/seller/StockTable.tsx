import { Space, Tag, type TableColumnsType } from 'antd';
import type { WarehouseStockRow } from '@fbo/shared';
import { sellerWarehouseStockQuery } from '@fbo/shared/schemas/inbound';
import { FilterBar } from '../../../components/FilterBar';
import { ListTable } from '../../../components/ListTable';
import { searchFilter, type FilterDecl } from '../../../components/filters/filter-decl';
import type { useFilterList } from '../../../components/filters/useFilterList';

export const STOCK_FILTERS: FilterDecl[] = [searchFilter('warehouse-stock-search', 'SKU or name')];
export const stockSchema = sellerWarehouseStockQuery;

type Row = WarehouseStockRow & { id: string };
const n = (v: number) => v.toLocaleString('en-US');

const COLUMNS: TableColumnsType<Row> = [
  {
    title: 'Product',
    key: 'product',
    render: (_, r) => (
      <Space>
        {r.image ? <img className="warehouse-stock-thumb" src={r.image} alt="" width={40} height={40} /> : null}
        <span>
          <strong>{r.sku}</strong>
          <br />
          {r.name}
        </span>
      </Space>
    ),
  },
  { title: 'On hand', dataIndex: 'onHand', align: 'right', render: n },
  { title: 'Reserved', dataIndex: 'reserved', align: 'right', render: n },
  { title: 'Available', dataIndex: 'available', align: 'right', render: n },
  { title: 'Low at', dataIndex: 'threshold', align: 'right', render: n },
  {
    title: 'Level',
    key: 'level',
    render: (_, r) => (r.out ? <Tag color="error">Out of stock</Tag> : r.low ? <Tag color="warning">Low</Tag> : <Tag color="success">In stock</Tag>),
  },
];

interface Props {
  list: ReturnType<typeof useFilterList>;
  answer: { data: WarehouseStockRow[]; total: number; totalCapped?: boolean } | undefined;
  loading: boolean;
  error: boolean;
}

/** The stock tab: one row per product stocked here (the team's own, or every one for the warehouse), search in the address. */
export function StockTable({ list, answer, loading, error }: Props) {
  const rows = answer ? { ...answer, data: answer.data.map((r) => ({ ...r, id: r.productId })) } : undefined;
  return (
    <>
      <FilterBar {...list.bar} />
      <ListTable<Row>
        label="Stock"
        columns={COLUMNS}
        answer={rows}
        loading={loading}
        error={error}
        page={list.page}
        limit={list.limit}
        onPageChange={(page, limit) => list.update({ page, limit })}
      />
    </>
  );
}
