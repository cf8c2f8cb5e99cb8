import { Tag } from 'antd';
import { formatUsd } from '@fbo/shared/domain/money';
import { INVOICE_SOURCE_LABEL } from '@fbo/shared/domain/invoices-extra';

/** IN (money into the wallet) green, OUT (money out of it) red. */
export function InvoiceTypeTag({ type }: { type: 'IN' | 'OUT' }) {
  return <Tag color={type === 'IN' ? 'success' : 'error'}>{type}</Tag>;
}

export const sourceLabel = (source: string) => INVOICE_SOURCE_LABEL[source] ?? source;

/** Dollars with thousands separators, right-aligned in tables. */
export function Usd({ value }: { value: number }) {
  return <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatUsd(value)}</span>;
}
