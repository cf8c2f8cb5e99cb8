import { Tag, Tooltip } from 'antd';
import type { EmailStatus } from '@fbo/shared/domain/emails';

const COLOURS: Record<EmailStatus, string> = { sent: 'success', failed: 'error', recorded: 'default' };

/** A failed message shows the SMTP answer under its tag (readable without hovering) and in a tooltip. */
export function EmailStatusTag({ status, error }: { status: EmailStatus; error: string | null }) {
  const tag = <Tag color={COLOURS[status]}>{status}</Tag>;
  if (status !== 'failed' || !error) return tag;
  return (
    <>
      <Tooltip title={error}>{tag}</Tooltip>
      <div className="email-error">{error}</div>
    </>
  );
}
