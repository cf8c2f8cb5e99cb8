import { useState } from 'react';
import { App, Button, Dropdown } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { WarehouseProductExportQuery } from '@fbo/shared';
import { MSG } from '@fbo/shared/domain/messages';
import { failureMessage } from '../../../api/http';
import { downloadUrl } from '../../../api/download';
import { warehouseProductsApi } from '../warehouse-products.api';

/** Export: the list's current filters as CSV or Excel (every page, up to 10,000 products), downloaded at once. */
export function ExportWarehouseProductsButton({ filters }: { filters: Omit<WarehouseProductExportQuery, 'format'> }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  async function start(format: 'csv' | 'xlsx') {
    setBusy(true);
    try {
      const answer = await warehouseProductsApi.exportList({ ...filters, format });
      downloadUrl(answer.url);
      void message.success(answer.message);
    } catch (error) {
      void message.error(failureMessage(error) ?? MSG.serverError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dropdown
      menu={{
        items: [
          { key: 'csv', label: 'CSV' },
          { key: 'xlsx', label: 'Excel (.xlsx)' },
        ],
        onClick: ({ key }) => void start(key as 'csv' | 'xlsx'),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={busy}>
        Export
      </Button>
    </Dropdown>
  );
}
