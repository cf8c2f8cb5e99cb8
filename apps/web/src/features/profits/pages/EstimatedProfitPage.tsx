import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Statistic, Table, Typography } from 'antd';
import { formatUsd } from '@fbo/shared/domain/money';
import { MSG } from '@fbo/shared/domain/messages';
import { PAYOUT_MSG } from '@fbo/shared/domain/payouts-extra';
import { PageHeader } from '../../../components/PageHeader';
import { ScrollRegion } from '../../../components/ScrollRegion';
import { OrdersInProgressProfit } from '../components/OrdersInProgressProfit';
import { estimatedProfitQuery, profitSummaryQuery } from '../profits.api';

type Row = { date: string; amount: number };

/** /s/estimated-profit: when the profit on hold becomes payable, per day. */
export default function EstimatedProfitPage() {
  const query = useQuery(estimatedProfitQuery());
  const summary = useQuery(profitSummaryQuery());
  const days = summary.data?.pendingPayoutDays;
  return (
    <>
      <PageHeader title="Estimated Profit" />
      <Typography.Paragraph type="secondary">
        {days === undefined ? 'Profit is held for a few days after it is earned, then it becomes available for payout.' : PAYOUT_MSG.estimatedExplanation(days)}
      </Typography.Paragraph>
      {query.isError ? <Alert type="error" showIcon title={MSG.serverError} style={{ marginBottom: 16 }} /> : null}
      <Card size="small" style={{ marginBottom: 16, maxWidth: 360 }}>
        <Statistic title="Total on hold" value={query.data?.totalHold ?? 0} precision={2} prefix="$" groupSeparator="," loading={query.isLoading} />
      </Card>
      <ScrollRegion label="Release schedule">
        <Table<Row>
          rowKey="date"
          loading={query.isFetching}
          dataSource={query.data?.data ?? []}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No profit on hold" /> }}
          columns={[
            { title: 'Date', dataIndex: 'date', render: (v: string) => <time dateTime={v}>{v}</time> },
            { title: 'Amount', dataIndex: 'amount', align: 'right', render: (v: number) => formatUsd(v) },
          ]}
        />
      </ScrollRegion>
      <OrdersInProgressProfit />
    </>
  );
}
