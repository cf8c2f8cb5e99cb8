import { Tag } from 'antd';
import dayjs from 'dayjs';

/** Agency active: Active or Inactive (spec section 4). */
export function ActiveTag({ active }: { active: boolean }) {
  return <Tag color={active ? 'success' : 'default'}>{active ? 'Active' : 'Inactive'}</Tag>;
}

/** The agency list shows dates month/day/year (spec section 9). */
export const monthDayYear = (value: string) => dayjs(value).format('MM/DD/YYYY');
