import { Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import type { DepositItem } from '@fbo/shared';
import { formatUsd } from '@fbo/shared/domain/money';
import { DateTime } from '../../../components/DateTime';
import { DepositStatusTag, DepositTypeTag } from './DepositTags';

/** The columns every deposits table shares (seller detail card, /ag/deposits, the seller's own list). */
export function depositColumns<T extends DepositItem>(options: { invoiceBase?: string } = {}): TableColumnsType<T> {
  return [
    {
      title: 'Created',
      dataIndex: 'createdAt',
      width: 170,
      render: (value: string) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <DateTime value={value} />
        </span>
      ),
    },
    { title: 'Pay with', dataIndex: 'payWith', width: 110 },
    { title: 'Transaction ID', dataIndex: 'transactionId', render: (value: string) => <span style={{ wordBreak: 'break-all' }}>{value}</span> },
    { title: 'Amount ($)', dataIndex: 'amount', align: 'right', width: 120, render: (value: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatUsd(value)}</span> },
    { title: 'Status', dataIndex: 'status', width: 110, render: (_: unknown, row) => <DepositStatusTag status={row.status} /> },
    { title: 'Type', dataIndex: 'isCashback', width: 100, render: (_: unknown, row) => <DepositTypeTag isCashback={row.isCashback} /> },
    {
      title: 'Note',
      dataIndex: 'note',
      render: (value: string, row) => (
        <>
          <Typography.Text ellipsis={{ tooltip: value }} style={{ maxWidth: 170 }}>
            {value || '—'}
          </Typography.Text>
          {row.status === 'rejected' && row.rejectReason ? (
            <div>
              <Typography.Text type="secondary">Reason: {row.rejectReason}</Typography.Text>
            </div>
          ) : null}
        </>
      ),
    },
    {
      title: 'Invoice',
      dataIndex: 'invoiceId',
      width: 90,
      render: (value: string | null, row) =>
        value ? (
          options.invoiceBase ? (
            <Link to={`${options.invoiceBase}/${value}`}>
              View<span className="visually-hidden"> invoice of {row.transactionId}</span>
            </Link>
          ) : (
            'Yes'
          )
        ) : (
          '—'
        ),
    },
  ];
}
