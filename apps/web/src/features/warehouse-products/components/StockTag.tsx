import { Space, Tag } from 'antd';
import type { WarehouseProductLevel } from '@fbo/shared';

/** A level's available units, with a red "Out" (nothing available) or "Low" (at or under its threshold) tag. */
export function StockTag({ level }: { level: Pick<WarehouseProductLevel, 'available' | 'low' | 'threshold'> }) {
  const out = level.available <= 0;
  return (
    <Space size={4}>
      <span>{level.available.toLocaleString('en-US')}</span>
      {out ? <Tag color="red">Out</Tag> : level.low ? <Tag color="red" title={`At or under the low-stock threshold of ${level.threshold}`}>Low</Tag> : null}
    </Space>
  );
}
