import { Button, Space } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';

/**
 * Edit and Delete of one table row; `name` tells screen readers which row they act on. `editLabel`
 * names the edit action where it does less than a full edit ('Rename').
 */
export function RowActions({ name, onEdit, onDelete, editLabel = 'Edit' }: { name: string; onEdit: () => void; onDelete: () => void; editLabel?: string }) {
  return (
    <Space>
      <Button icon={<EditOutlined />} aria-label={`${editLabel} ${name}`} title={editLabel} onClick={onEdit} />
      <Button danger icon={<DeleteOutlined />} aria-label={`Delete ${name}`} title="Delete" onClick={onDelete} />
    </Space>
  );
}
