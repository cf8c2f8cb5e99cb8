import { Tag } from 'antd';
import { ADDRESS_STATUS_NAMES, type AddressStatusValue } from '@fbo/shared/domain/order-address';

const COLOR: Record<AddressStatusValue, string> = { 0: 'error', 1: 'success', 2: 'blue', 3: 'warning' };

/** 0 Invalid (red), 1 Valid (green), 2 Verified (blue: a person confirmed it), 3 Checking (amber). */
export function AddressStatusTag({ status }: { status: number }) {
  const value = (status in ADDRESS_STATUS_NAMES ? status : 3) as AddressStatusValue;
  return <Tag color={COLOR[value]}>{ADDRESS_STATUS_NAMES[value]}</Tag>;
}
