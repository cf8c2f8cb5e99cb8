import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Input, InputNumber, Modal, Spin, Switch, Table, type TableColumnsType } from 'antd';
import type { SupplierCatalogInfo, SupplierVariant } from '@fbo/shared';
import { dollarsToCents } from '@fbo/shared/domain/money';
import {
  PRICE_STATUS,
  SUPPLIER_MSG,
  SUPPLIER_PRICE_LIMITS,
  STOCK_LABELS,
  variantPriceProblem,
  type PriceDialogStatus,
} from '@fbo/shared/domain/supplier-prices';
import { failureMessage } from '../../../api/http';
import { PublishStatusTag } from '../../../entities/catalog';
import { catalogVariantsQuery, supplierPricesApi } from '../supplier-catalog.api';

/** A row as edited: an emptied number is null until the user types again. */
interface Row extends Omit<SupplierVariant, 'supplierMinPrice' | 'supplierMaxPrice' | 'supplierQuantity'> {
  supplierMinPrice: number | null;
  supplierMaxPrice: number | null;
  supplierQuantity: number | null;
}
interface Bulk {
  inStock: boolean;
  supplierMinPrice: number | null;
  supplierMaxPrice: number | null;
  supplierQuantity: number | null;
}
/** Spec: bulk defaults inStock true, min 0, max 0, quantity 0. */
const BULK_DEFAULTS: Bulk = { inStock: true, supplierMinPrice: 0, supplierMaxPrice: 0, supplierQuantity: 0 };

const cents = (n: number | null) => (n === null ? null : dollarsToCents(n));
const sameRow = (a: Row, b: SupplierVariant) =>
  a.inStock === b.inStock &&
  cents(a.supplierMinPrice) === cents(b.supplierMinPrice) &&
  cents(a.supplierMaxPrice) === cents(b.supplierMaxPrice) &&
  a.supplierQuantity === b.supplierQuantity;
const byText = (k: 'catalogVariantCode' | 'color' | 'size') => (a: Row, b: Row) => a[k].localeCompare(b[k], 'en', { numeric: true });
const byNumber = (k: 'supplierMinPrice' | 'supplierMaxPrice' | 'supplierQuantity') => (a: Row, b: Row) => (a[k] ?? -1) - (b[k] ?? -1);

const { maxPrice, maxQuantity, noteMax } = SUPPLIER_PRICE_LIMITS;

/** 'Expected Price': the catalog's variants with the supplier's prices, edited in place. Mounted while open. */
export function PriceDialog({ catalogId, onClose, onSaved }: { catalogId: string; onClose: () => void; onSaved: () => void }) {
  const query = useQuery(catalogVariantsQuery(catalogId));
  return (
    <Modal
      open
      title="Expected Price"
      width={1040}
      onCancel={onClose}
      footer={query.data ? null : <Button onClick={onClose}>Cancel</Button>}
    >
      {query.isError ? <Alert type="error" showIcon title={failureMessage(query.error) ?? 'Error!'} /> : null}
      {query.isPending ? (
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin aria-label="Loading variants" />
        </div>
      ) : null}
      {query.data ? (
        <PriceEditor catalog={query.data.data.catalog} variants={query.data.data.variants} onClose={onClose} onSaved={onSaved} />
      ) : null}
    </Modal>
  );
}

function PriceEditor({
  catalog,
  variants,
  onClose,
  onSaved,
}: {
  catalog: SupplierCatalogInfo;
  variants: SupplierVariant[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const [rows, setRows] = useState<Row[]>(variants);
  const [selected, setSelected] = useState<string[]>([]);
  const [bulk, setBulk] = useState<Bulk>(BULK_DEFAULTS);
  const [note, setNote] = useState(catalog.note);
  const [saving, setSaving] = useState<PriceDialogStatus | null>(null);
  const original = useMemo(() => new Map(variants.map((v) => [v.id, v])), [variants]);

  const edit = (id: string, change: Partial<Row>) => setRows((list) => list.map((r) => (r.id === id ? { ...r, ...change } : r)));

  function applyBulk() {
    const chosen = new Set(selected);
    setRows((list) => list.map((r) => (chosen.has(r.id) ? { ...r, ...bulk } : r)));
  }

  async function save(status: PriceDialogStatus) {
    for (const row of rows) {
      const problem = variantPriceProblem(row);
      if (problem) {
        void message.error(`${row.catalogVariantCode}: ${problem}`);
        return;
      }
    }
    const changed = rows.some((r) => !sameRow(r, original.get(r.id)!));
    if (status === catalog.publishStatus && !changed && note.trim() === catalog.note) {
      void message.success(SUPPLIER_MSG.noChanged);
      return;
    }
    setSaving(status);
    try {
      const result = await supplierPricesApi.saveVariants(catalog.id, {
        publishStatus: status,
        note: note.trim(),
        variants: rows.map((r) => ({
          id: r.id,
          inStock: r.inStock,
          supplierMinPrice: r.supplierMinPrice!,
          supplierMaxPrice: r.supplierMaxPrice!,
          supplierQuantity: r.supplierQuantity!,
        })),
      });
      if (!result.ok) {
        void message.error(result.body.message ?? 'Error!');
        return;
      }
      void message.success(SUPPLIER_MSG.updateSuccess);
      onSaved();
      onClose();
    } catch (error) {
      void message.error(failureMessage(error) ?? 'Error!');
    } finally {
      setSaving(null);
    }
  }

  const priceInput = (row: Row, key: 'supplierMinPrice' | 'supplierMaxPrice', label: string) => (
    <InputNumber
      aria-label={`${label} of ${row.catalogVariantCode}`}
      min={0}
      max={maxPrice}
      precision={2}
      step={0.5}
      prefix="$"
      value={row[key]}
      onChange={(value) => edit(row.id, { [key]: value ?? null })}
      style={{ width: 120 }}
    />
  );

  const columns: TableColumnsType<Row> = [
    { title: 'SKU', dataIndex: 'catalogVariantCode', sorter: byText('catalogVariantCode'), defaultSortOrder: 'ascend' },
    { title: 'Color', dataIndex: 'color', sorter: byText('color'), width: 110 },
    { title: 'Size', dataIndex: 'size', sorter: byText('size'), width: 90 },
    {
      title: 'Stock',
      dataIndex: 'inStock',
      width: 150,
      sorter: (a, b) => Number(a.inStock) - Number(b.inStock),
      render: (_, row) => (
        <Switch
          aria-label={`Stock of ${row.catalogVariantCode}`}
          checked={row.inStock}
          checkedChildren={STOCK_LABELS.in}
          unCheckedChildren={STOCK_LABELS.out}
          onChange={(inStock) => edit(row.id, { inStock })}
        />
      ),
    },
    { title: 'Min price', dataIndex: 'supplierMinPrice', width: 140, sorter: byNumber('supplierMinPrice'), render: (_, row) => priceInput(row, 'supplierMinPrice', 'Min price') },
    { title: 'Max price', dataIndex: 'supplierMaxPrice', width: 140, sorter: byNumber('supplierMaxPrice'), render: (_, row) => priceInput(row, 'supplierMaxPrice', 'Max price') },
    {
      title: 'Quantity',
      dataIndex: 'supplierQuantity',
      width: 130,
      sorter: byNumber('supplierQuantity'),
      render: (_, row) => (
        <InputNumber
          aria-label={`Quantity of ${row.catalogVariantCode}`}
          min={0}
          max={maxQuantity}
          precision={0}
          value={row.supplierQuantity}
          onChange={(value) => edit(row.id, { supplierQuantity: value ?? null })}
          style={{ width: 110 }}
        />
      ),
    },
  ];

  return (
    <>
      <div className="price-dialog-head">
        <strong>{catalog.name}</strong> <span className="price-dialog-code">{catalog.productCode}</span> <PublishStatusTag value={catalog.publishStatus} />
      </div>
      <fieldset className="price-bulk" aria-describedby="price-bulk-help">
        <legend>Bulk update</legend>
        <div className="price-bulk-field">
          <label htmlFor="price-bulk-stock">Stock</label>
          <Switch
            id="price-bulk-stock"
            checked={bulk.inStock}
            checkedChildren={STOCK_LABELS.in}
            unCheckedChildren={STOCK_LABELS.out}
            onChange={(inStock) => setBulk({ ...bulk, inStock })}
          />
        </div>
        <div className="price-bulk-field">
          <label htmlFor="price-bulk-min">Min price</label>
          <InputNumber id="price-bulk-min" min={0} max={maxPrice} precision={2} prefix="$" value={bulk.supplierMinPrice} onChange={(v) => setBulk({ ...bulk, supplierMinPrice: v ?? null })} />
        </div>
        <div className="price-bulk-field">
          <label htmlFor="price-bulk-max">Max price</label>
          <InputNumber id="price-bulk-max" min={0} max={maxPrice} precision={2} prefix="$" value={bulk.supplierMaxPrice} onChange={(v) => setBulk({ ...bulk, supplierMaxPrice: v ?? null })} />
        </div>
        <div className="price-bulk-field">
          <label htmlFor="price-bulk-quantity">Quantity</label>
          <InputNumber id="price-bulk-quantity" min={0} max={maxQuantity} precision={0} value={bulk.supplierQuantity} onChange={(v) => setBulk({ ...bulk, supplierQuantity: v ?? null })} />
        </div>
        <Button type="primary" ghost disabled={selected.length === 0} onClick={applyBulk}>
          Update selecteds
        </Button>
        <span id="price-bulk-help" className="price-bulk-help">
          {selected.length ? `${selected.length} selected` : 'Select variants to update them together'}
        </span>
      </fieldset>
      <Table<Row>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ y: 550 }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as string[]),
          getCheckboxProps: (row) => ({ 'aria-label': `Select ${row.catalogVariantCode}` }) as object,
        }}
      />
      <div className="price-note">
        <label htmlFor="price-note">Note</label>
        <Input.TextArea id="price-note" rows={2} maxLength={noteMax} showCount value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      <div className="price-footer">
        <Button onClick={onClose}>Cancel</Button>
        <Button loading={saving === PRICE_STATUS.updating} disabled={saving !== null} onClick={() => void save(PRICE_STATUS.updating)}>
          Save
        </Button>
        {catalog.publishStatus === PRICE_STATUS.updated ? null : (
          <Button type="primary" loading={saving === PRICE_STATUS.updated} disabled={saving !== null} onClick={() => void save(PRICE_STATUS.updated)}>
            Save &amp; Finish
          </Button>
        )}
      </div>
    </>
  );
}
