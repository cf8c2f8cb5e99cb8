import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Input, Modal, Table, Tag, type TableColumnsType } from 'antd';
import { routePath, type WarehouseProductDetail, type WarehouseProductVariant, type WarehouseProductVariantOption } from '@fbo/shared';
import { useDebouncedValue } from '../../../hooks/useDebouncedValue';
import { useWrite } from '../../../hooks/useWrite';
import { LIMITS } from '@fbo/shared/domain/limits';
import { warehouseProductKeys, warehouseProductVariantOptionsQuery, warehouseProductsApi } from '../warehouse-products.api';

const MAPPED_LABEL: Record<WarehouseProductVariantOption['mappedTo'], { text: string; color?: string } | null> = {
  none: null,
  catalog: { text: 'Print on demand', color: 'orange' },
  this: { text: 'This product', color: 'green' },
  other: { text: 'Another warehouse product', color: 'orange' },
};

const variantColumns = (storeLinks: boolean): TableColumnsType<WarehouseProductVariant> => [
  {
    title: 'Store product',
    key: 'product',
    render: (_: unknown, v) => (storeLinks ? <Link to={routePath('s-product-detail', { id: v.productId })}>{v.productTitle}</Link> : v.productTitle),
  },
  { title: 'Store', dataIndex: 'storeName', render: (s: string | null) => s ?? '\u2014' },
  { title: 'Variant', dataIndex: 'title' },
  { title: 'SKU', dataIndex: 'sku', render: (s: string | null) => s ?? '\u2014' },
];

/** The picker: the team's store variants, searched, 20 a page; the ones ticked are what the product fulfils. */
function VariantPicker({ product, onClose }: { product: WarehouseProductDetail; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<Map<string, WarehouseProductVariant>>(() => new Map(product.variants.map((v) => [v.id, v])));
  const debounced = useDebouncedValue(search, LIMITS.searchDebounceMs).trim();
  const options = useQuery(warehouseProductVariantOptionsQuery(product.id, debounced, page, true));
  const { run, busy } = useWrite({ refresh: [warehouseProductKeys.all], keepOnRefusal: true });
  const taking = [...chosen.keys()].filter((id) => {
    const option = options.data?.data.find((o) => o.id === id);
    return option && (option.mappedTo === 'catalog' || option.mappedTo === 'other');
  }).length;

  async function save() {
    if ((await run(() => warehouseProductsApi.setVariants(product.id, [...chosen.keys()]))) !== null) onClose();
  }

  const columns: TableColumnsType<WarehouseProductVariantOption> = [
    ...(variantColumns(false) as TableColumnsType<WarehouseProductVariantOption>),
    { title: 'Mapped to', dataIndex: 'mappedTo', render: (m: WarehouseProductVariantOption['mappedTo']) => (MAPPED_LABEL[m] ? <Tag color={MAPPED_LABEL[m]!.color}>{MAPPED_LABEL[m]!.text}</Tag> : 'Not mapped') },
  ];

  return (
    <Modal open title="Store variants this product fulfils" width={900} okText="Save" onOk={() => void save()} confirmLoading={busy} onCancel={onClose} destroyOnHidden>
      <Input.Search
        aria-label="Search store variants"
        placeholder="Product title, variant or SKU"
        allowClear
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(1);
        }}
        style={{ marginBottom: 12 }}
      />
      {taking > 0 ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title="Ticked variants mapped elsewhere (print on demand or another warehouse product) will be fulfilled from this product's stock instead; their catalog mapping and artwork are cleared."
        />
      ) : null}
      <Table<WarehouseProductVariantOption>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={options.data?.data ?? []}
        loading={options.isFetching}
        locale={{ emptyText: options.isError ? 'The store variants could not be loaded.' : 'No store variants match.' }}
        rowSelection={{
          preserveSelectedRowKeys: true,
          selectedRowKeys: [...chosen.keys()],
          onSelect: (row, selected) =>
            setChosen((m) => {
              const next = new Map(m);
              if (selected) next.set(row.id, row);
              else next.delete(row.id);
              return next;
            }),
          onSelectAll: (selected, _rows, changeRows) =>
            setChosen((m) => {
              const next = new Map(m);
              for (const row of changeRows) {
                if (selected) next.set(row.id, row);
                else next.delete(row.id);
              }
              return next;
            }),
          getCheckboxProps: (row) => ({ 'aria-label': `Fulfil ${row.productTitle} ${row.title}` }),
          getTitleCheckboxProps: () => ({ 'aria-label': 'Tick every variant on this page' }),
        }}
        pagination={{ current: page, pageSize: 20, total: options.data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
      />
      <p>{chosen.size} variant{chosen.size === 1 ? '' : 's'} ticked.</p>
    </Modal>
  );
}

/**
 * The team's store variants this product fulfils (an order line of one is shipped from the warehouse's stock). The
 * owning team changes them through the picker; the agency reads them; a warehouse never sees the owner's stores.
 */
export function VariantsCard({ product, editable, storeLinks }: { product: WarehouseProductDetail; editable: boolean; storeLinks: boolean }) {
  const [picking, setPicking] = useState(false);
  return (
    <Card
      title="Store variants it fulfils"
      size="small"
      style={{ marginBottom: 16 }}
      extra={editable ? <Button size="small" onClick={() => setPicking(true)}>Choose store variants</Button> : null}
    >
      <Table<WarehouseProductVariant>
        rowKey="id"
        size="small"
        pagination={false}
        columns={variantColumns(storeLinks)}
        dataSource={product.variants}
        locale={{ emptyText: 'No store variant is fulfilled from this product yet.' }}
      />
      {picking ? <VariantPicker product={product} onClose={() => setPicking(false)} /> : null}
    </Card>
  );
}
