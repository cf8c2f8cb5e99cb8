import { useState } from 'react';
import { App, Button, Space, type TableColumnsType } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailHistoryItem } from '@fbo/shared';
import { EMAIL_MSG, EMAIL_STATUSES, type EmailStatus } from '@fbo/shared/domain/emails';
import { emailHistoryQuery as emailHistorySchema } from '@fbo/shared/schemas/emails';
import { findRoute } from '@fbo/shared/routes';
import { DateTime } from '../../../components/DateTime';
import { FilterBar } from '../../../components/FilterBar';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import type { FilterDecl } from '../../../components/filters/filter-decl';
import { useFilterList } from '../../../components/filters/useFilterList';
import { emailHistoryApi, emailHistoryKeys, emailHistoryQuery } from '../email-history.api';
import { EmailStatusTag } from '../components/EmailStatusTag';
import { EmailViewDialog } from '../components/EmailViewDialog';
import '../components/email-history.css';

const statusOptions = EMAIL_STATUSES.map((s) => ({ value: s, label: s }));
const FILTERS: FilterDecl[] = [
  { kind: 'search', key: 'search', id: 'email-search', label: 'Search', placeholder: 'Recipient or subject' },
  { kind: 'select', key: 'status', id: 'email-status', label: 'Status', placeholder: 'All statuses', width: 160, options: statusOptions },
];
const title = findRoute('ag-email-history')?.title ?? 'Email History';

export default function EmailHistoryPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const list = useFilterList(emailHistorySchema, FILTERS);
  const status = list.filters.status as EmailStatus | undefined;
  const query = useQuery(emailHistoryQuery({ page: list.page, limit: list.limit, search: list.search || undefined, status }));
  const [viewing, setViewing] = useState<string | null>(null);
  const [retrying, setRetrying] = useState<string | null>(null);

  async function retry(id: string) {
    setRetrying(id);
    try {
      const result = await emailHistoryApi.retry(id);
      if (!result.ok) void message.error(result.body.message ?? EMAIL_MSG.error);
      else if (result.body.data.status === 'failed') void message.error(result.body.message);
      else void message.success(result.body.message);
      await queryClient.invalidateQueries({ queryKey: emailHistoryKeys.all });
    } catch {
      void message.error(EMAIL_MSG.error);
    } finally {
      setRetrying(null);
    }
  }

  const columns: TableColumnsType<EmailHistoryItem> = [
    { title: 'To', dataIndex: 'toAddress' },
    { title: 'Subject', dataIndex: 'subject' },
    { title: 'Template', dataIndex: 'templateCode' },
    { title: 'Status', dataIndex: 'status', render: (s: EmailStatus, row) => <EmailStatusTag status={s} error={row.error} /> },
    { title: 'Sent at', dataIndex: 'createdAt', render: (value: string) => <DateTime value={value} /> },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, row) => (
        <Space>
          <Button size="small" onClick={() => setViewing(row.id)} aria-label={`View email to ${row.toAddress}: ${row.subject}`}>
            View
          </Button>
          {row.status === 'failed' ? (
            <Button size="small" loading={retrying === row.id} onClick={() => retry(row.id)} aria-label={`Retry email to ${row.toAddress}: ${row.subject}`}>
              Retry
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={title} />
      <FilterBar {...list.bar} />
      <ListTable<EmailHistoryItem> label={title} columns={columns} {...pagedQueryProps(query, list)} />
      <EmailViewDialog id={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
