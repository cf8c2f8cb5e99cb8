import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { CheckCircleOutlined, FileTextOutlined, MinusCircleOutlined, ShopOutlined, ShoppingOutlined, WarningOutlined } from '@ant-design/icons';
import { MAPPING_STATUS_LABELS, PRODUCT_TYPE_LABELS, STORE_PLATFORM_LABELS, type MappingStatus, type ProductType, type StorePlatform } from '@fbo/shared';

/*
 * Every tag here is antd's neutral one with an icon: the green, cyan and orange presets fall short of
 * the 4.5:1 text contrast axe asks for (see features/stores/components/StoreTags.tsx).
 */

export function ProductTypeTag({ type }: { type: ProductType }) {
  return <Tag>{PRODUCT_TYPE_LABELS[type]}</Tag>;
}

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

export function PersonalizedTag({ personalized }: { personalized: boolean }) {
  return personalized ? <Tag color="blue">Personalized</Tag> : <span aria-label="Not personalized">—</span>;
}

const PLATFORM_ICON: Record<StorePlatform, ReactNode> = {
  shopify: <ShoppingOutlined />,
  woocommerce: <ShopOutlined />,
  etsy: <ShopOutlined />,
  manual: <FileTextOutlined />,
};

/** The store's name and its platform (the neutral tag, as on the Stores page). */
export function ProductStore({ store }: { store: { name: string; platform: StorePlatform } | null }) {
  if (!store) return <>—</>;
  return (
    <span className="product-store">
      <span>{store.name}</span>
      <Tag icon={PLATFORM_ICON[store.platform]}>{STORE_PLATFORM_LABELS[store.platform]}</Tag>
    </span>
  );
}
