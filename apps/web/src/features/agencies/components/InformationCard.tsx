import { Button, Card, Descriptions } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import type { AgencyItem } from '@fbo/shared';
import { DateTime } from '../../../components/DateTime';
import { ActiveTag } from './ActiveTag';

/** Agency detail, Information card: name, code, email, created at, status, with an edit icon. */
export function InformationCard({ agency, onEdit }: { agency: AgencyItem; onEdit: () => void }) {
  return (
    <Card
      title="Information"
      extra={<Button type="text" icon={<EditOutlined />} aria-label={`Edit ${agency.name}`} title="Edit" onClick={onEdit} />}
    >
      <Descriptions column={1} size="small">
        <Descriptions.Item label="Name">{agency.name}</Descriptions.Item>
        <Descriptions.Item label="Code">{agency.code}</Descriptions.Item>
        <Descriptions.Item label="Email">{agency.managerEmail ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Base cost">{agency.basecostName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Created at">
          <DateTime value={agency.createdAt} />
        </Descriptions.Item>
        <Descriptions.Item label="Status">
          <ActiveTag active={agency.active} />
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
