import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { authorityLabel, type SellerMember } from '@fbo/shared';
import { MSG } from '@fbo/shared/domain/messages';
import { ScrollRegion } from '../../../components/ScrollRegion';
import { sellerMembersQuery } from '../sellers.api';
import './sellers.css';

const STATUS_COLOR: Record<SellerMember['status'], string> = { active: 'success', pending: 'warning', disabled: 'error' };

const columns: TableColumnsType<SellerMember> = [
  {
    title: 'User',
    dataIndex: 'email',
    render: (email: string, row) => (
      <div className="seller-name">
        <span>{row.fullName}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {email}
        </Typography.Text>
      </div>
    ),
  },
  { title: 'Authority', dataIndex: 'authority', render: (authority: string | null, row) => (row.isSubUser ? authorityLabel(authority) : 'Manager') },
  { title: 'Status', dataIndex: 'status', render: (status: SellerMember['status']) => <Tag color={STATUS_COLOR[status]}>{status}</Tag> },
];

/** Seller detail, Members: the team's users (GET seller-teams/{id}/members), manager first. */
export function SellerMembersCard({ teamId }: { teamId: string }) {
  const query = useQuery(sellerMembersQuery(teamId));
  return (
    <Card title={`Members (${query.data?.length ?? 0})`}>
      {query.isError ? <Alert type="error" showIcon title={MSG.serverError} style={{ marginBottom: 16 }} /> : null}
      <ScrollRegion label="Members">
        <Table<SellerMember>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={query.data ?? []}
          loading={query.isFetching}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No data" /> }}
          pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
        />
      </ScrollRegion>
    </Card>
  );
}
