import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Table, Tag, type TableColumnsType } from 'antd';
import { authorityLabel, type AgencyMember } from '@fbo/shared';
import { MSG } from '@fbo/shared/domain/messages';
import { ScrollRegion } from '../../../components/ScrollRegion';
import { agencyMembersQuery } from '../agencies.api';

const TYPE_COLOR: Record<string, string> = { agency: 'blue', seller: 'green', administrator: 'purple', supplier: 'orange' };

const columns: TableColumnsType<AgencyMember> = [
  { title: 'Full name', dataIndex: 'fullName' },
  { title: 'Email', dataIndex: 'email' },
  {
    title: 'User type',
    dataIndex: 'userType',
    render: (type: string) => <Tag color={TYPE_COLOR[type]}>{type}</Tag>,
  },
  { title: 'Authority', dataIndex: 'authority', render: (authority: string | null) => authorityLabel(authority) },
];

/** Agency detail, Members card: every user of the agency (loaded at once, limit 10000), with a count. */
export function MembersCard({ agencyId }: { agencyId: string }) {
  const query = useQuery(agencyMembersQuery(agencyId));
  return (
    <Card title={`Members (${query.data?.total ?? 0})`}>
      {query.isError ? <Alert type="error" showIcon title={MSG.serverError} style={{ marginBottom: 16 }} /> : null}
      <ScrollRegion label="Members">
        <Table<AgencyMember>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={query.data?.data ?? []}
          loading={query.isFetching}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No data" /> }}
          pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
        />
      </ScrollRegion>
    </Card>
  );
}
