import type { ReactNode } from 'react';
import { Tag, Tooltip } from 'antd';
import { ShopOutlined, ShoppingOutlined, FileTextOutlined } from '@ant-design/icons';
import type { StoreItem } from '@fbo/shared';
import { STORE_PLATFORM_LABELS, STORE_STATUS_LABELS, type StorePlatform, type StoreStatus } from '@fbo/shared/domain/stores';

const PLATFORM_ICON: Record<StorePlatform, ReactNode> = {
  shopify: <ShoppingOutlined />,
  woocommerce: <ShopOutlined />,
  etsy: <ShopOutlined />,
  manual: <FileTextOutlined />,
};
const STATUS_COLOR: Record<StoreStatus, string> = { connected: 'success', needs_attention: 'warning', disconnected: 'default' };

/**
 * The platform with its icon, in the neutral tag: antd's green, purple and orange presets fall short of the
 * 4.5:1 text contrast axe asks for, and the icon and name tell the platforms apart.
 */
export function PlatformTag({ platform }: { platform: StorePlatform }) {
  return (
    <Tag icon={PLATFORM_ICON[platform]}>
      {STORE_PLATFORM_LABELS[platform]}
    </Tag>
  );
}

/**
 * Connected / Needs attention / Disconnected; the reason (why it needs attention) is written under
 * the tag, not only in a tooltip, so it can be read without a mouse.
 */
export function StoreStatusTag({ store }: { store: Pick<StoreItem, 'status' | 'statusReason'> }) {
  const tag = <Tag color={STATUS_COLOR[store.status]}>{STORE_STATUS_LABELS[store.status]}</Tag>;
  if (!store.statusReason) return tag;
  return (
    <div className="store-status">
      <Tooltip title={store.statusReason}>{tag}</Tooltip>
      <span className="store-status-reason">{store.statusReason}</span>
    </div>
  );
}

/** The store's name with a 'Demo' tag for the demo data's stores (scheduled syncs leave those alone). */
export function StoreName({ store }: { store: Pick<StoreItem, 'name' | 'isDemo'> }) {
  return (
    <span className="store-name">
      <strong>{store.name}</strong>
      {store.isDemo ? <Tag color="blue">Demo</Tag> : null}
    </span>
  );
}
