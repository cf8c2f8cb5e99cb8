import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Breadcrumb, Result, Skeleton, Space } from 'antd';
import { routePath } from '@fbo/shared/routes';
import { MSG } from '@fbo/shared/domain/messages';
import { HttpError } from '../../../api/http';
import { PageHeader } from '../../../components/PageHeader';
import { refundOverviewQuery } from '../refunds.api';
import { RefundForm } from '../components/RefundForm';
import { RefundHistory } from '../components/RefundHistory';
import { RefundSummary } from '../components/RefundSummary';

/** /ag/orders/:id/refund (docs/orders.md, "Refunds"): give a charged order's money back to the seller's wallet. */
export default function OrderRefundPage() {
  const { id = '' } = useParams();
  const valid = /^[0-9a-f-]{36}$/i.test(id);
  const query = useQuery({ ...refundOverviewQuery(id), enabled: valid });
  const overview = query.data;
  const crumbs = (
    <Breadcrumb
      items={[
        { title: <Link to={routePath('ag-orders')}>Orders</Link> },
        { title: <Link to={routePath('ag-order-detail', { id })}>{overview ? overview.order.orderName : 'Order Detail'}</Link> },
        { title: 'Refund' },
      ]}
    />
  );
  const header = (
    <>
      {crumbs}
      <PageHeader title="Refund Order" />
    </>
  );

  if (!valid || (query.error instanceof HttpError && query.error.status === 404)) {
    return (
      <>
        {header}
        <Result status="404" title="Order not found" extra={<Link to={routePath('ag-orders')}>Back to Orders</Link>} />
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        {header}
        <Result status="error" title={MSG.serverError} />
      </>
    );
  }
  if (!overview) return <Skeleton active />;

  return (
    <>
      {header}
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <RefundSummary overview={overview} />
        {overview.order.refusal ? <Alert type="info" showIcon title={overview.order.refusal} /> : <RefundForm overview={overview} />}
        <RefundHistory overview={overview} />
      </Space>
    </>
  );
}
