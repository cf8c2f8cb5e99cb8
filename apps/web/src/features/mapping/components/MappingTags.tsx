import { Tag, Tooltip } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { MAPPING_MSG } from '@fbo/shared';

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
