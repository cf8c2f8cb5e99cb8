import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Input, Space, Tag, Typography, type TableColumnsType } from 'antd';
import type { WarehouseProductItem, WarehouseRow } from '@fbo/shared';
import { ListTable } from '../../../components/ListTable';
import { useDebouncedValue } from '../../../hooks/useDebouncedValue';
import { warehouseProductListQuery } from '../../warehouse-products';
import { AdjustStockModal } from './AdjustStockModal';

const n = (v: number) => v.toLocaleString('en-US');

/**
 * The products stocked in one warehouse (on hand, reserved, available, Low or Out), searched by SKU or name; "Adjust"
 * for those who may correct a count (the owner and staff).
 */
export function StockDrawer({ warehouse, mayAdjust, onClose }: { warehouse: WarehouseRow; mayAdjust: boolean; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const [search, setSearch] = useState('');
  const typed = useDebouncedValue(search, 300).trim();
  const query = useQuery(warehouseProductListQuery({ warehouse: warehouse.id, page, limit, search: typed || undefined }));
  const [adjusting, setAdjusting] = useState<WarehouseProductItem | null>(null);
  const levelOf = (p: WarehouseProductItem) => p.levels.find((l) => l.warehouseId === warehouse.id) ?? null;

  const columns: TableColumnsType<WarehouseProductItem> = [
    {
      title: 'Product',
      key: 'product',
      render: (_, p) => (
        <span>
          <strong>{p.sku}</strong>
          <br />
          {p.name}
        </span>
      ),
    },
    { title: 'Owner team', key: 'owner', render: (_, p) => p.ownerTeam?.name ?? '\u2014' },
    { title: 'On hand', key: 'onHand', align: 'right', render: (_, p) => n(levelOf(p)?.onHand ?? 0) },
    { title: 'Reserved', key: 'reserved', align: 'right', render: (_, p) => n(levelOf(p)?.reserved ?? 0) },
    { title: 'Available', key: 'available', align: 'right', render: (_, p) => n(levelOf(p)?.available ?? 0) },
    {
      title: 'Level',
      key: 'level',
      render: (_, p) => {
        const level = levelOf(p);
        if (!level || level.available <= 0) return <Tag color="red">Out</Tag>;
        return level.low ? <Tag color="orange" title={`At or under the low-stock threshold of ${level.threshold}`}>Low</Tag> : <Tag color="green">In stock</Tag>;
      },
    },
    ...(mayAdjust
      ? [{
          title: <span className="visually-hidden">Actions</span>,
          key: 'actions',
          render: (_: unknown, p: WarehouseProductItem) => (
            <Button size="small" aria-label={`Adjust ${p.sku}`} onClick={() => setAdjusting(p)}>
              Adjust
            </Button>
          ),
        }]
      : []),
  ];

  return (
    <Drawer open title={`Stock in ${warehouse.name} (${warehouse.code})`} size="large" onClose={onClose} destroyOnHidden>
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Typography.Text type="secondary">
          {n(warehouse.units)} units on hand; a Low product is at or under its threshold, an Out product has nothing available.
        </Typography.Text>
        <Input.Search
          aria-label="Search stock by SKU or name"
          placeholder="SKU or name"
          allowClear
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
          style={{ maxWidth: 320 }}
        />
        <ListTable<WarehouseProductItem>
          label={`Stock in ${warehouse.code}`}
          columns={columns}
          answer={query.data}
          loading={query.isFetching}
          error={query.isError}
          page={page}
          limit={limit}
          onPageChange={(nextPage, nextLimit) => {
            setPage(nextPage);
            setLimit(nextLimit);
          }}
        />
      </Space>
      {adjusting ? (
        <AdjustStockModal warehouse={warehouse} product={adjusting} level={levelOf(adjusting)} onClose={() => setAdjusting(null)} />
      ) : null}
    </Drawer>
  );
}
