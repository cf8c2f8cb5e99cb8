import { Button, Space, Typography } from 'antd';
import { DeleteOutlined, TagOutlined } from '@ant-design/icons';
import type { ProductItem } from '@fbo/shared';
import { productsApi } from '../products.api';
import { useProductDelete, useProductWrite } from './useProductWrite';
import { MapToCatalogButton } from '../../mapping';

/** The selected rows' actions: map to a catalog, mark or unmark personalized, delete (asked first). */
export function BulkProductActions({ rows, onDone }: { rows: ProductItem[]; onDone: (deleted: number) => void }) {
  const { run, busy } = useProductWrite();
  const confirmDelete = useProductDelete();
  const ids = rows.map((r) => r.id);

  async function personalized(value: boolean) {
    if ((await run(() => productsApi.setPersonalized(ids, value))) !== null) onDone(0);
  }

  return (
    <Space wrap className="products-bulk" role="group" aria-label="Selected products">
      <Typography.Text>{rows.length} selected</Typography.Text>
      <MapToCatalogButton productIds={ids} disabled={busy || rows.length === 0} />
      <Button icon={<TagOutlined />} disabled={busy || rows.length === 0} onClick={() => void personalized(true)}>
        Mark personalized
      </Button>
      <Button disabled={busy || rows.length === 0} onClick={() => void personalized(false)}>
        Unmark personalized
      </Button>
      <Button danger icon={<DeleteOutlined />} disabled={busy || rows.length === 0} onClick={() => confirmDelete(() => productsApi.removeMany(ids), () => onDone(rows.length))}>
        Delete
      </Button>
    </Space>
  );
}
