import { Badge, Tag, Typography } from 'antd';
import type { SellerProfitRow } from '@fbo/shared';
import { formatUsd } from '@fbo/shared/domain/money';

/** Profit ($): Paid, Hold, Total and the Pending-day window, as the Sellers list shows them. */
export function ProfitFigures({ profit, pendingPayoutDays }: { profit: SellerProfitRow | undefined; pendingPayoutDays: number }) {
  const money = (value: number | undefined) => (value === undefined ? '…' : formatUsd(value));
  return (
    <div className="seller-profit">
      <div>Paid: {money(profit?.totalAmountPaid)}</div>
      <div>Hold: {money(profit?.totalHold)}</div>
      <div>Total: {money(profit?.totalProfit)}</div>
      <div>
        Pending-day: {pendingPayoutDays} {pendingPayoutDays === 1 ? 'day' : 'days'}
      </div>
    </div>
  );
}

export function AutoApproveTag({ auto }: { auto: boolean }) {
  return auto ? <Tag color="success">AUTO</Tag> : <Tag>MANUAL</Tag>;
}

/** The name with the pending top-up count (antd Badge; hidden at 0). */
export function PendingTopUpBadge({ count, children }: { count: number; children: React.ReactNode }) {
  return (
    <Badge count={count} size="small" offset={[8, -2]} title={`${count} pending top-up${count === 1 ? '' : 's'}`}>
      {children}
    </Badge>
  );
}

export function ManagerEmail({ email }: { email: string | undefined }) {
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {email ?? '—'}
    </Typography.Text>
  );
}
