import { Tag } from 'antd';
import { publishStatusOf } from '@fbo/shared/domain/catalog';

/** The spec's colour names, as antd's preset tag colours. */
const TAG_COLOR: Record<string, string> = { warning: 'warning', success: 'success', danger: 'error', info: 'processing' };

export function PublishStatusTag({ value }: { value: number }) {
  const status = publishStatusOf(value);
  return <Tag color={TAG_COLOR[status.color]}>{status.name}</Tag>;
}
