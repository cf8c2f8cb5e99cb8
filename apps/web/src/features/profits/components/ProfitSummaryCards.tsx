import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Row, Statistic } from 'antd';
import { MSG } from '@fbo/shared/domain/messages';
import { profitSummaryQuery } from '../profits.api';

/** Total profit, Hold, Paid, Available (remainProfit) and Pending-day. */
export function ProfitSummaryCards() {
  const query = useQuery(profitSummaryQuery());
  if (query.isError) return <Alert type="error" showIcon title={MSG.serverError} style={{ marginBottom: 16 }} />;
  const s = query.data;
  const money = { precision: 2, prefix: '$', loading: query.isLoading } as const;
  const items = [
    { title: 'Total profit', value: s?.totalProfit ?? 0, ...money },
    { title: 'Hold', value: s?.totalHold ?? 0, ...money },
    { title: 'Paid', value: s?.totalAmountPaid ?? 0, ...money },
    { title: 'Available', value: s?.remainProfit ?? 0, ...money },
    { title: 'Pending-day', value: s?.pendingPayoutDays ?? 0, suffix: 'days', loading: query.isLoading },
  ];
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {items.map((item) => (
        <Col key={item.title} xs={12} md={8} xl={4}>
          <Card size="small">
            <Statistic {...item} groupSeparator="," />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
