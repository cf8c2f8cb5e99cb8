import { Button, Descriptions, Popover, Table, type TableColumnsType } from 'antd';
import { DollarOutlined } from '@ant-design/icons';
import { SHIPPING_METHOD_LABELS, type SellerWarehouseFees } from '@fbo/shared';
import { usd } from '../../../entities/order';

type Band = SellerWarehouseFees['shipping'][number];

/** A band's weight limit with its unit: grams under a kilogram, kilograms (and pounds) above. */
export function weightText(grams: number): string {
  if (grams < 1000) return `${grams.toLocaleString('en-US')} g`;
  return `${(grams / 1000).toLocaleString('en-US', { maximumFractionDigits: 2 })} kg (${(grams / 453.59237).toLocaleString('en-US', { maximumFractionDigits: 1 })} lb)`;
}

const BAND_COLUMNS: TableColumnsType<Band & { id: string }> = [
  { title: 'Method', dataIndex: 'method', render: (m: Band['method']) => SHIPPING_METHOD_LABELS[m] },
  { title: 'Destination', dataIndex: 'country', render: (c: string) => (c === '*' ? 'Anywhere else' : c) },
  { title: 'Up to', dataIndex: 'upToGrams', render: (g: number) => weightText(g) },
  { title: 'Price', dataIndex: 'price', align: 'right', render: (p: number) => usd(p) },
];

/** The per-order, per-unit and storage fees in one block. */
export function FeeSummary({ fees }: { fees: SellerWarehouseFees }) {
  return (
    <Descriptions size="small" column={1} bordered>
      <Descriptions.Item label="Per order">{usd(fees.perOrder)}</Descriptions.Item>
      <Descriptions.Item label="Per extra unit">{usd(fees.perExtraUnit)}</Descriptions.Item>
      <Descriptions.Item label="Storage per unit-month">{usd(fees.storagePerUnitMonth)}</Descriptions.Item>
    </Descriptions>
  );
}

/** The fees and every shipping band (method, destination, weight limit, price), sorted as the fee rule reads them. */
export function FeesTable({ fees }: { fees: SellerWarehouseFees }) {
  const bands = [...fees.shipping]
    .sort((a, b) => a.method.localeCompare(b.method) || a.country.localeCompare(b.country) || a.upToGrams - b.upToGrams)
    .map((b) => ({ ...b, id: `${b.method}-${b.country}-${b.upToGrams}` }));
  return (
    <div className="warehouse-fees">
      <FeeSummary fees={fees} />
      <Table<Band & { id: string }>
        rowKey="id"
        size="small"
        columns={BAND_COLUMNS}
        dataSource={bands}
        pagination={false}
        title={() => 'Shipping by weight band'}
        locale={{ emptyText: 'No shipping bands' }}
      />
    </div>
  );
}

/** A "Fees" button whose popover sums the warehouse's fees up (the card's summary). */
export function FeesPopover({ fees, name }: { fees: SellerWarehouseFees; name: string }) {
  return (
    <Popover
      trigger="click"
      title={`Fees at ${name}`}
      content={
        <div style={{ maxWidth: 320 }}>
          <FeeSummary fees={fees} />
          <p style={{ marginTop: 8, marginBottom: 0 }}>
            {fees.shipping.length} shipping band{fees.shipping.length === 1 ? '' : 's'}
            {fees.shipping.length ? `, from ${usd(Math.min(...fees.shipping.map((b) => b.price)))}` : ''}
          </p>
        </div>
      }
    >
      <Button size="small" icon={<DollarOutlined />} aria-label={`Fees at ${name}`} onClick={(e) => e.stopPropagation()}>
        Fees
      </Button>
    </Popover>
  );
}

/** City, state and country of a warehouse's address. */
export function placeOf(address: Record<string, string>): string {
  return [address.city, address.state, address.country].filter(Boolean).join(', ');
}

export function addressOf(address: Record<string, string>): string {
  return [address.address1, address.address2, address.city, [address.state, address.zip].filter(Boolean).join(' '), address.country].filter(Boolean).join(', ');
}
