import { useState } from 'react';
import { Button, Card, InputNumber, Table, type TableColumnsType } from 'antd';
import { WAREHOUSE_PRODUCT_LIMITS, type WarehouseProductDetail, type WarehouseProductLevel } from '@fbo/shared';
import { useWrite } from '../../../hooks/useWrite';
import { warehouseProductKeys, warehouseProductsApi } from '../warehouse-products.api';
import { StockTag } from './StockTag';

/**
 * Stock per warehouse: on hand, reserved, available (Low / Out tagged) and the threshold; the owning team sets a
 * warehouse's own threshold (empty: the product's). Stock itself changes only by receipts, orders and adjustments.
 */
export function StockLevelsCard({ product, editable }: { product: WarehouseProductDetail; editable: boolean }) {
  const [edits, setEdits] = useState<Record<string, number | null>>({});
  const { run, busy } = useWrite({ refresh: [warehouseProductKeys.all], keepOnRefusal: true });
  const changed = Object.keys(edits).length > 0;

  async function save() {
    const thresholds = Object.entries(edits).map(([warehouseId, threshold]) => ({ warehouseId, threshold }));
    if ((await run(() => warehouseProductsApi.setThresholds(product.id, { thresholds }))) !== null) setEdits({});
  }

  const columns: TableColumnsType<WarehouseProductLevel> = [
    { title: 'Warehouse', key: 'warehouse', render: (_: unknown, l) => <span title={l.name}>{l.code}</span> },
    { title: 'On hand', dataIndex: 'onHand', align: 'right' },
    { title: 'Reserved', dataIndex: 'reserved', align: 'right' },
    { title: 'Available', key: 'available', align: 'right', render: (_: unknown, l) => <StockTag level={l} /> },
    {
      title: 'Low-stock threshold',
      key: 'threshold',
      render: (_: unknown, l) =>
        editable ? (
          <InputNumber
            aria-label={`Low-stock threshold at ${l.code}`}
            min={0}
            max={WAREHOUSE_PRODUCT_LIMITS.maxThreshold}
            precision={0}
            placeholder={`${product.lowThreshold} (product)`}
            style={{ width: 150 }}
            value={l.warehouseId in edits ? edits[l.warehouseId] : l.ownThreshold}
            onChange={(v) => setEdits((e) => ({ ...e, [l.warehouseId]: typeof v === 'number' ? v : null }))}
          />
        ) : (
          <span>{l.threshold}{l.ownThreshold === null ? ' (product)' : ''}</span>
        ),
    },
  ];

  return (
    <Card
      title="Stock per warehouse"
      size="small"
      style={{ marginBottom: 16 }}
      extra={
        editable ? (
          <Button type="primary" size="small" disabled={!changed} loading={busy} onClick={() => void save()}>
            Save thresholds
          </Button>
        ) : null
      }
    >
      <Table<WarehouseProductLevel>
        rowKey="warehouseId"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={product.levels}
        locale={{ emptyText: 'Not stocked in any warehouse yet: declare an inbound shipment to send stock.' }}
        summary={() =>
          product.levels.length > 1 ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>Total</Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">{product.totals.onHand}</Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">{product.totals.reserved}</Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">{product.totals.available}</Table.Summary.Cell>
              <Table.Summary.Cell index={4} />
            </Table.Summary.Row>
          ) : null
        }
      />
    </Card>
  );
}
