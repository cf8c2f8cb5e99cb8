import { Alert, Descriptions, Modal, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { MSG } from '@fbo/shared/domain/messages';
import { DateTime } from '../../../components/DateTime';
import { emailMessageQuery } from '../email-history.api';

/**
 * The message as it was sent. The body is rendered in a sandboxed iframe (no scripts, no
 * same-origin access), so whatever an old message holds cannot act on the back office.
 */
export function EmailViewDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const query = useQuery({ ...emailMessageQuery(id ?? ''), enabled: Boolean(id) });
  const mail = query.data;
  return (
    <Modal title="Email" open={Boolean(id)} onCancel={onClose} footer={null} width={760} destroyOnHidden>
      {query.isError ? <Alert type="error" showIcon title={MSG.serverError} /> : null}
      {mail ? (
        <>
          <Descriptions size="small" column={1} items={[
            { key: 'to', label: 'To', children: mail.toAddress },
            { key: 'subject', label: 'Subject', children: mail.subject },
            { key: 'sent', label: 'Sent at', children: <DateTime value={mail.createdAt} /> },
          ]} />
          <iframe title={`Body of ${mail.subject}`} sandbox="" srcDoc={mail.html} style={{ width: '100%', height: 400, border: '1px solid #d9d9d9', borderRadius: 6, marginTop: 12 }} />
        </>
      ) : query.isFetching ? <Skeleton active /> : null}
    </Modal>
  );
}
