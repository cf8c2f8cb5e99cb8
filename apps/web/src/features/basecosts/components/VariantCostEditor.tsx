import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Empty, InputNumber, Select, Table, Tag, type TableColumnsType } from 'antd';
import type { BasecostCatalogCosts, BasecostVariantCost, BasecostVariantInput } from '@fbo/shared';
import {
  BASECOST_LIMITS,
  BASECOST_MSG,
  BASECOST_PRICE_FIELDS,
  PRICE_FIELD_LABELS,
  REQUIRED_PRICE_FIELDS,
  type BasecostPriceField,
} from '@fbo/shared/domain/basecosts';
import { CATALOG_TYPE_LABELS } from '@fbo/shared/domain/catalog';
import { FilterField } from '../../../components/FilterBar';
import { ScrollRegion } from '../../../components/ScrollRegion';
import { basecostCatalogCostsQuery, basecostsApi, type BasecostScope } from '../basecosts.api';
import { usd } from './money';
import { QueryGate } from './QueryGate';
import { useBasecostAction } from './useBasecostAction';

type Prices = Record<BasecostPriceField, number | null>;
type Operation = 'set' | 'add' | 'percent' | 'costPercent' | 'clear';

const OPERATIONS: { value: Operation; label: string; agencyOnly?: boolean }[] = [
  { value: 'set', label: 'Set to $' },
  { value: 'add', label: 'Add $' },
  { value: 'percent', label: 'Add %' },
  { value: 'costPercent', label: 'Your cost + %', agencyOnly: true },
  { value: 'clear', label: 'Clear' },
];

interface Props {
  scope: BasecostScope;
  basecostId: string;
  catalogId: string;
  /** After a successful save. */
  onSaved?: () => void;
  onCancel?: () => void;
}

/**
 * THE variant cost editor of a base cost and one catalog, for the administrator's price lists and the
 * agencies' groups alike: every variant with its base price and first/additional shipping per
 * method (standard required; express and overnight optional, both or neither), bulk changes to the
 * selected rows, Save. A row with no price at all is not priced (and leaves the base cost on save).
 */
export function VariantCostEditor(props: Props) {
  const query = useQuery(basecostCatalogCostsQuery(props.scope, props.basecostId, props.catalogId));
  // Keyed so another catalog starts from its own stored prices.
  return <QueryGate query={query}>{(costs) => <EditorTable key={`${props.basecostId}:${props.catalogId}`} {...props} costs={costs} />}</QueryGate>;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const clamp = (n: number) => Math.min(BASECOST_LIMITS.price.max, Math.max(BASECOST_LIMITS.price.min, round2(n)));

function pricesOf(v: BasecostVariantCost): Prices {
  return Object.fromEntries(BASECOST_PRICE_FIELDS.map((f) => [f, v[f]])) as Prices;
}

/** The fields of a row that keep it from being saved (empty when it is fine or not priced). */
function rowErrors(p: Prices): BasecostPriceField[] {
  if (BASECOST_PRICE_FIELDS.every((f) => p[f] === null)) return [];
  const missing: BasecostPriceField[] = REQUIRED_PRICE_FIELDS.filter((f) => p[f] === null);
  for (const [first, additional] of [['expressFirst', 'expressAdditional'], ['overnightFirst', 'overnightAdditional']] as const) {
    if ((p[first] === null) !== (p[additional] === null)) missing.push(p[first] === null ? first : additional);
  }
  return missing;
}

function errorText(code: string, field: BasecostPriceField): string {
  if (REQUIRED_PRICE_FIELDS.includes(field)) return `${code}: ${BASECOST_MSG.inputPrice(PRICE_FIELD_LABELS[field])}`;
  return `${code}: ${BASECOST_MSG.methodPair(field.startsWith('express') ? 'Express' : 'Overnight')}`;
}

function EditorTable({ scope, basecostId, catalogId, onSaved, onCancel, costs }: Props & { costs: BasecostCatalogCosts }) {
  const { message } = App.useApp();
  const run = useBasecostAction();
  const agency = scope === 'agency';
  const [rows, setRows] = useState<Record<string, Prices>>(() => Object.fromEntries(costs.variants.map((v) => [v.catalogVariantId, pricesOf(v)])));
  const [selected, setSelected] = useState<string[]>([]);
  const [invalid, setInvalid] = useState<Record<string, BasecostPriceField[]>>({});
  const [bulkField, setBulkField] = useState<BasecostPriceField>('basePrice');
  const [operation, setOperation] = useState<Operation>('set');
  const [amount, setAmount] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const costOf = useMemo(() => new Map(costs.variants.map((v) => [v.catalogVariantId, v.agencyCost])), [costs]);

  function setCell(id: string, field: BasecostPriceField, value: number | null) {
    setRows((prev) => ({ ...prev, [id]: { ...prev[id]!, [field]: value } }));
    setInvalid((prev) => (prev[id] ? { ...prev, [id]: prev[id].filter((f) => f !== field) } : prev));
  }

  function applyBulk() {
    if (selected.length === 0) return void message.warning('Please select variants first');
    if (operation !== 'clear' && amount === null) return void message.warning('Please input a value');
    const v = amount ?? 0;
    setRows((prev) => {
      const next = { ...prev };
      for (const id of selected) {
        const old = prev[id]![bulkField];
        const cost = costOf.get(id) ?? null;
        let value: number | null = old;
        if (operation === 'set') value = clamp(v);
        else if (operation === 'clear') value = null;
        else if (operation === 'add') value = old === null ? null : clamp(old + v);
        else if (operation === 'percent') value = old === null ? null : clamp(old * (1 + v / 100));
        else if (operation === 'costPercent') value = cost === null ? old : clamp(cost * (1 + v / 100));
        next[id] = { ...prev[id]!, [bulkField]: value };
      }
      return next;
    });
    void message.success(`Applied to ${selected.length} variant${selected.length === 1 ? '' : 's'}`);
  }

  async function save() {
    const errors: Record<string, BasecostPriceField[]> = {};
    const body: BasecostVariantInput[] = [];
    for (const v of costs.variants) {
      const p = rows[v.catalogVariantId]!;
      const bad = rowErrors(p);
      if (bad.length > 0) {
        errors[v.catalogVariantId] = bad;
        continue;
      }
      if (p.basePrice === null) continue;
      body.push({ catalogVariantId: v.catalogVariantId, ...p, basePrice: p.basePrice, standardFirst: p.standardFirst!, standardAdditional: p.standardAdditional! });
    }
    setInvalid(errors);
    const firstBad = costs.variants.find((v) => errors[v.catalogVariantId]);
    if (firstBad) {
      return void message.error(errorText(firstBad.catalogVariantCode, errors[firstBad.catalogVariantId]![0]!));
    }
    if (body.length === 0) return void message.error(BASECOST_MSG.noVariants);
    setSaving(true);
    const done = await run(() => basecostsApi.saveCatalog(scope, basecostId, catalogId, { variants: body }), 'Update success!');
    setSaving(false);
    if (done) onSaved?.();
  }

  const priceColumn = (field: BasecostPriceField) => ({
    title: PRICE_FIELD_LABELS[field],
    key: field,
    width: 130,
    render: (_: unknown, v: BasecostVariantCost) => (
      <InputNumber
        className="basecost-price-input"
        aria-label={`${PRICE_FIELD_LABELS[field]} for ${v.catalogVariantCode}`}
        prefix="$"
        min={BASECOST_LIMITS.price.min}
        max={BASECOST_LIMITS.price.max}
        precision={2}
        value={rows[v.catalogVariantId]![field]}
        status={invalid[v.catalogVariantId]?.includes(field) ? 'error' : undefined}
        onChange={(value) => setCell(v.catalogVariantId, field, value === null || value === undefined ? null : Number(value))}
      />
    ),
  });

  const columns: TableColumnsType<BasecostVariantCost> = [
    {
      title: 'SKU',
      dataIndex: 'catalogVariantCode',
      width: 190,
      render: (code: string, v) => (
        <>
          <span className="basecost-nowrap">{code}</span>
          {v.inStock ? null : (
            <>
              {' '}
              <Tag color="default">Out of stock</Tag>
            </>
          )}
        </>
      ),
    },
    { title: 'Color', dataIndex: 'color', width: 90 },
    { title: 'Size', dataIndex: 'size', width: 70 },
    ...(agency ? [{ title: 'Your cost', key: 'agencyCost', width: 100, render: (_: unknown, v: BasecostVariantCost) => usd(v.agencyCost) }] : []),
    ...BASECOST_PRICE_FIELDS.map(priceColumn),
    ...(agency
      ? [
          {
            title: 'Margin',
            key: 'margin',
            width: 100,
            render: (_: unknown, v: BasecostVariantCost) => {
              const price = rows[v.catalogVariantId]!.basePrice;
              if (price === null || v.agencyCost === null) return '—';
              const margin = round2(price - v.agencyCost);
              return <span className={margin < 0 ? 'basecost-margin-negative' : undefined}>{usd(margin)}</span>;
            },
          },
        ]
      : []),
  ];

  const pricedRows = Object.values(rows).filter((p) => p.basePrice !== null).length;

  return (
    <>
      <p className="basecost-muted">
        {costs.catalog.name} ({costs.catalog.productCode}, {CATALOG_TYPE_LABELS[costs.catalog.type]}): {pricedRows} of {costs.variants.length} variants priced.
        Standard shipping is required for a priced variant; leave express or overnight empty when the method is not offered.
      </p>
      <div className="basecost-bulk" role="group" aria-label="Bulk update">
        <FilterField id="basecost-bulk-field" label="Field">
          <Select
            id="basecost-bulk-field"
            style={{ width: 220 }}
            value={bulkField}
            onChange={setBulkField}
            options={BASECOST_PRICE_FIELDS.map((f) => ({ value: f, label: PRICE_FIELD_LABELS[f] }))}
          />
        </FilterField>
        <FilterField id="basecost-bulk-operation" label="Operation">
          <Select
            id="basecost-bulk-operation"
            style={{ width: 160 }}
            value={operation}
            onChange={setOperation}
            options={OPERATIONS.filter((o) => agency || !o.agencyOnly).map((o) => ({ value: o.value, label: o.label }))}
          />
        </FilterField>
        <FilterField id="basecost-bulk-value" label="Value">
          <InputNumber id="basecost-bulk-value" style={{ width: 140 }} precision={2} disabled={operation === 'clear'} value={amount} onChange={(v) => setAmount(v === null ? null : Number(v))} />
        </FilterField>
        <Button onClick={applyBulk} disabled={selected.length === 0}>
          Update selecteds ({selected.length})
        </Button>
      </div>
      <ScrollRegion label="Variant costs">
        <Table<BasecostVariantCost>
          rowKey="catalogVariantId"
          size="small"
          columns={columns}
          dataSource={costs.variants}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No data" /> }}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(String)),
            getCheckboxProps: (v) => ({ 'aria-label': `Select ${v.catalogVariantCode}` }),
          }}
        />
      </ScrollRegion>
      <div className="basecost-editor-actions">
        {onCancel ? <Button onClick={onCancel}>Cancel</Button> : null}
        <Button type="primary" loading={saving} onClick={() => void save()}>
          Save
        </Button>
      </div>
    </>
  );
}
