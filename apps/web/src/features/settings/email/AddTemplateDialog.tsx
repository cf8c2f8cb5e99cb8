import { App, Button, Modal, Table, type TableColumnsType } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { DefaultTemplateItem } from '@fbo/shared';
import { EMAIL_MSG } from '@fbo/shared/domain/emails';
import { MSG } from '@fbo/shared/domain/messages';
import { defaultTemplatesQuery, emailTemplateApi, emailTemplateKeys } from './email.api';

/** 'Add template': the defaults, each with Add or the text 'Existed' when the agency keeps it. */
export function AddTemplateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const query = useQuery({ ...defaultTemplatesQuery(), enabled: open });
  const [adding, setAdding] = useState<string | null>(null);

  async function add(code: string) {
    setAdding(code);
    try {
      const result = await emailTemplateApi.add(code);
      if (!result.ok) throw new Error(result.body.message);
      void message.success(result.status === 201 ? EMAIL_MSG.addSuccess : EMAIL_MSG.existed);
      await queryClient.invalidateQueries({ queryKey: emailTemplateKeys.all });
    } catch {
      void message.error(EMAIL_MSG.addFailure);
    } finally {
      setAdding(null);
    }
  }

  const columns: TableColumnsType<DefaultTemplateItem> = [
    { title: 'Name', dataIndex: 'name' },
    { title: 'Subject', dataIndex: 'subject' },
    {
      title: 'Action',
      key: 'action',
      render: (_, row) =>
        row.existed ? (
          EMAIL_MSG.existed
        ) : (
          <Button size="small" type="primary" loading={adding === row.code} onClick={() => add(row.code)} aria-label={`Add ${row.name}`}>
            Add
          </Button>
        ),
    },
  ];

  return (
    <Modal title="Add template" open={open} onCancel={onClose} footer={<Button onClick={onClose}>Close</Button>} width={760}>
      {query.isError ? <p role="alert">{MSG.serverError}</p> : null}
      <Table<DefaultTemplateItem> rowKey="code" size="small" columns={columns} dataSource={query.data ?? []} loading={query.isFetching} pagination={false} />
    </Modal>
  );
}
