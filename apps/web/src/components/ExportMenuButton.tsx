import { Button, Dropdown } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { downloadUrl } from '../api/download';
import type { HttpResult } from '../api/http';
import { useWrite } from '../hooks/useWrite';

export type ExportFormat = 'csv' | 'xlsx';

/**
 * Export of a list's current filters as CSV or Excel, made by the server at once and downloaded: the server's
 * message is the toast, its refusal too (more rows than an export holds: narrow the filters).
 */
export function ExportMenuButton({ exportFile }: { exportFile: (format: ExportFormat) => Promise<HttpResult<{ url: string; message: string }>> }) {
  const { run, busy } = useWrite<{ url: string; message: string }>();

  async function start(format: ExportFormat) {
    const answer = await run(() => exportFile(format));
    if (answer) downloadUrl(answer.url);
  }

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'csv', label: 'CSV' },
          { key: 'xlsx', label: 'Excel (.xlsx)' },
        ],
        onClick: ({ key }) => void start(key as ExportFormat),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={busy}>
        Export
      </Button>
    </Dropdown>
  );
}
