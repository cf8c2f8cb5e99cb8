import { Space, Typography, type TableColumnsType } from 'antd';
import type { PayoutItem } from '@fbo/shared';
import { formatUsd, PAYOUT_STATUS_LABEL, type PayoutMethod } from '@fbo/shared/domain/money';
import { PayoutStatusTag } from './PayoutStatusTag';
import { PAYOUT_METHOD_LABEL } from '@fbo/shared/domain/payouts-extra';
import type { ReactNode } from 'react';
import { DateTime } from '../../../components/DateTime';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

export const STATUS_OPTIONS = [0, 1, 2].map((value) => ({ value: String(value), label: PAYOUT_STATUS_LABEL[value]! }));

export const methodLabel = (method: string) => PAYOUT_METHOD_LABEL[method as PayoutMethod] ?? method;

/**
 * The payout columns of every payout table: Created, Code, Method, Payment value, Bill name,
 * Amount, Status, Approved date, Note (with the decision note beneath), and the row's actions.
 */
export function payoutColumns(opts: {
  showTeamName?: boolean;
  /** One team's card (the seller detail): its code on every row says nothing, and the room goes to the actions. */
  hideCode?: boolean;
  actions?: (row: PayoutItem) => ReactNode;
}): TableColumnsType<PayoutItem> {
  const columns: TableColumnsType<PayoutItem> = [
    { title: 'Created', dataIndex: 'createdDate', width: 110, render: (v: string) => <DateTime value={v} /> },
    {
      title: 'Code',
      key: 'code',
      render: (_, row) =>
        opts.showTeamName ? (
          <Space direction="vertical" size={0}>
            <span>{row.sellerTeam.code}</span>
            <Typography.Text type="secondary">{row.sellerTeam.name}</Typography.Text>
          </Space>
        ) : (
          row.sellerTeam.code
        ),
    },
    { title: 'Method', key: 'method', render: (_, row) => methodLabel(row.payoutMethod.paymentType) },
    { title: 'Payment value', key: 'paymentValue', render: (_, row) => row.payoutMethod.paymentValue },
    { title: 'Bill name', dataIndex: 'billName', render: (v: string) => <div style={{ minWidth: 100 }}>{v}</div> },
    { title: 'Amount', dataIndex: 'amount', align: 'right', render: (v: number) => <span style={NOWRAP}>{formatUsd(v)}</span> },
    { title: 'Status', dataIndex: 'status', render: (v: number) => <PayoutStatusTag status={v} /> },
    { title: 'Approved date', dataIndex: 'approvedDate', width: 110, render: (v: string | null) => <DateTime value={v} /> },
    {
      title: 'Note',
      key: 'note',
      render: (_, row) => (
        <Space direction="vertical" size={0} style={{ minWidth: 160 }}>
          <span>{row.note || '—'}</span>
          {row.decisionNote ? <Typography.Text type="secondary">{`${row.status === 1 ? 'Agency' : 'Reason'}: ${row.decisionNote}`}</Typography.Text> : null}
        </Space>
      ),
    },
  ];
  if (opts.hideCode) columns.splice(1, 1);
  if (opts.actions) columns.push({ title: 'Actions', key: 'actions', render: (_, row) => <div style={NOWRAP}>{opts.actions!(row)}</div> });
  return columns;
}
