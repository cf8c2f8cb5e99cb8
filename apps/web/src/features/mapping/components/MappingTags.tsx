import type { ReactNode } from 'react';
import { Tag, Tooltip } from 'antd';
import { CheckCircleOutlined, FileTextOutlined, MinusCircleOutlined, ShopOutlined, ShoppingOutlined, WarningOutlined } from '@ant-design/icons';
import { MAPPING_MSG, MAPPING_STATUS_LABELS, STORE_PLATFORM_LABELS, type MappingStatus, type StorePlatform } from '@fbo/shared';

/*
 * antd's neutral tag with an icon, as on the Products pages (the green and orange presets fall short of the
 * 4.5:1 text contrast axe asks for).
 */
const STATUS_ICON: Record<MappingStatus, ReactNode> = {
  0: <MinusCircleOutlined />,
  1: <WarningOutlined />,
  2: <CheckCircleOutlined />,
};

export function MappingStatusTag({ status }: { status: number }) {
  const known = (status in STATUS_ICON ? status : 0) as MappingStatus;
  return <Tag icon={STATUS_ICON[known]}>{MAPPING_STATUS_LABELS[known]}</Tag>;
}

/** A SKU another variant of the team has too: orders naming it are not resolved by SKU (the tooltip says why). */
export function DuplicatedSkuTag() {
  return (
    <Tooltip title={MAPPING_MSG.duplicatedSku}>
      <Tag icon={<WarningOutlined />} tabIndex={0}>
        Duplicated SKU
      </Tag>
    </Tooltip>
  );
}

export function IgnoredTag() {
  return <Tag>Ignored</Tag>;
}

const PLATFORM_ICON: Record<StorePlatform, ReactNode> = {
  shopify: <ShoppingOutlined />,
  woocommerce: <ShopOutlined />,
  etsy: <ShopOutlined />,
  manual: <FileTextOutlined />,
};

/** The store's name and its platform. */
export function StoreName({ store }: { store: { name: string; platform: StorePlatform } | null }) {
  if (!store) return <>—</>;
  return (
    <span className="mapping-store">
      <span>{store.name}</span>
      <Tag icon={PLATFORM_ICON[store.platform]}>{STORE_PLATFORM_LABELS[store.platform]}</Tag>
    </span>
  );
}
