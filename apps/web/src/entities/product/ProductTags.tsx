import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { CheckCircleOutlined, FileTextOutlined, MinusCircleOutlined, ShopOutlined, ShoppingOutlined, WarningOutlined } from '@ant-design/icons';
import { MAPPING_STATUS_LABELS, STORE_PLATFORM_LABELS, type MappingStatus, type StorePlatform } from '@fbo/shared';
import './product.css';

/*
 * antd's neutral tag with an icon: the green, cyan and orange presets fall short of the 4.5:1 text contrast
 * axe asks for (see features/stores/components/StoreTags.tsx). Shared by the products and mapping screens.
 */

const MAPPING_ICON: Record<MappingStatus, ReactNode> = {
  0: <MinusCircleOutlined />,
  1: <WarningOutlined />,
  2: <CheckCircleOutlined />,
};

export function mappingLabel(status: number): string {
  return MAPPING_STATUS_LABELS[status as MappingStatus] ?? '—';
}

export function MappingStatusTag({ status }: { status: number }) {
  const known = status in MAPPING_ICON ? (status as MappingStatus) : 0;
  return <Tag icon={MAPPING_ICON[known]}>{mappingLabel(status)}</Tag>;
}

const PLATFORM_ICON: Record<StorePlatform, ReactNode> = {
  shopify: <ShoppingOutlined />,
  woocommerce: <ShopOutlined />,
  etsy: <ShopOutlined />,
  manual: <FileTextOutlined />,
};

/** The store a product belongs to: its name and its platform. */
export function ProductStore({ store }: { store: { name: string; platform: StorePlatform } | null }) {
  if (!store) return <>—</>;
  return (
    <span className="product-store">
      <span>{store.name}</span>
      <Tag icon={PLATFORM_ICON[store.platform]}>{STORE_PLATFORM_LABELS[store.platform]}</Tag>
    </span>
  );
}
