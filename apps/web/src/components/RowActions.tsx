import { Button, Space } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';

/** Edit and Delete of one table row; `name` tells screen readers which row they act on. */
export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <Space>
      <Button icon={<EditOutlined />} aria-label={`Edit ${name}`} title="Edit" onClick={onEdit} />
      <Button danger icon={<DeleteOutlined />} aria-label={`Delete ${name}`} title="Delete" onClick={onDelete} />
    </Space>
  );
}
