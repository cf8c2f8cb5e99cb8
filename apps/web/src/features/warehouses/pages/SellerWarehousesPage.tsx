import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Empty, Row, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import { isWarehouseOperator, routePath, type SellerWarehouseItem } from '@fbo/shared';
import { MSG } from '@fbo/shared/domain/messages';
import { PageHeader } from '../../../components/PageHeader';
import { useSession } from '../../../entities/session';
import { FeesPopover, placeOf } from '../seller/WarehouseFees';
import { sellerWarehousesQuery } from '../seller/sellerWarehouses.api';
import '../seller/warehouses.css';

function WarehouseCard({ warehouse: w }: { warehouse: SellerWarehouseItem }) {
  const navigate = useNavigate();
  const to = routePath('s-warehouse-detail', { id: w.id });
  return (
    <Card
      hoverable
      className="warehouse-card"
      onClick={() => void navigate(to)}
      title={
        <Space>
          <Link to={to} onClick={(e) => e.stopPropagation()}>
            {w.name}
          </Link>
          <Tag>{w.code}</Tag>
          {w.active ? null : <Tag color="default">Inactive</Tag>}
        </Space>
      }
      extra={<FeesPopover fees={w.fees} name={w.name} />}
    >
      <Typography.Paragraph type="secondary">{placeOf(w.address) || 'No address'}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        <Col span={12}>
          <Statistic title="Available units" value={w.stock.available} />
        </Col>
        <Col span={12}>
          <Statistic title="SKUs" value={w.stock.skus} />
        </Col>
        <Col span={12}>
          <Statistic title="Low or out" value={w.stock.low} styles={w.stock.low > 0 ? { content: { color: 'var(--ant-color-error, #cf1322)' } } : undefined} />
        </Col>
        <Col span={12}>
          <Statistic title="Open inbound" value={w.openInbound} />
        </Col>
      </Row>
    </Card>
  );
}

/**
 * /s/warehouses: the warehouses the team sees. An owner team: the agency's active warehouses, its own stock there
 * and what it pays (fees); a warehouse team: the warehouses it runs and every product in them.
 */
export default function SellerWarehousesPage() {
  const { actor } = useSession();
  const operator = actor ? isWarehouseOperator(actor) : false;
  const query = useQuery(sellerWarehousesQuery());
  return (
    <>
      <PageHeader title="Warehouses" />
      {query.isError ? <Alert type="error" showIcon title={MSG.serverError} /> : null}
      {query.isLoading ? <Skeleton active /> : null}
      {query.isSuccess && query.data.length === 0 ? (
        <Empty description={operator ? 'Your team runs no warehouse yet' : 'No warehouse is open to your team yet'} />
      ) : null}
      <Row gutter={[16, 16]}>
        {(query.data ?? []).map((w) => (
          <Col key={w.id} xs={24} md={12} xl={8}>
            <WarehouseCard warehouse={w} />
          </Col>
        ))}
      </Row>
    </>
  );
}
