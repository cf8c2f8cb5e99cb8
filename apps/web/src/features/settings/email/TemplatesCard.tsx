import { Alert, Button, Card, Table, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { MailTemplateItem } from '@fbo/shared';
import { MSG } from '@fbo/shared/domain/messages';
import { routePath } from '@fbo/shared/routes';
import { AddTemplateDialog } from './AddTemplateDialog';
import { templateListQuery } from './email.api';
import './email.css';

const columns: TableColumnsType<MailTemplateItem> = [
  {
    title: 'Name',
    dataIndex: 'name',
    render: (name: string, row) => <Link to={routePath('ag-settings-email-customize', { id: row.id })}>{name}</Link>,
  },
  { title: 'Subject', dataIndex: 'subject' },
];

/** The agency's own templates; a code it does not keep is sent with the default. */
export function TemplatesCard() {
  const query = useQuery(templateListQuery());
  const [adding, setAdding] = useState(false);
  return (
    <Card
      className="settings-card"
      title={<h2 className="email-card-title">Mail templates</h2>}
      extra={<Button type="primary" onClick={() => setAdding(true)}>Add template</Button>}
    >
      {query.isError ? <Alert type="error" showIcon title={MSG.serverError} /> : null}
      <Table<MailTemplateItem> rowKey="id" columns={columns} dataSource={query.data ?? []} loading={query.isFetching} pagination={false} />
      <AddTemplateDialog open={adding} onClose={() => setAdding(false)} />
    </Card>
  );
}
