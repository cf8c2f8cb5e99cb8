import { Tag } from 'antd';
import { PRODUCT_TYPE_LABELS, type ProductType } from '@fbo/shared';

// The neutral tag, as the mapping status and store tags of entities/product.

export function ProductTypeTag({ type }: { type: ProductType }) {
  return <Tag>{PRODUCT_TYPE_LABELS[type]}</Tag>;
}

export function PersonalizedTag({ personalized }: { personalized: boolean }) {
  return personalized ? <Tag color="blue">Personalized</Tag> : <span aria-label="Not personalized">—</span>;
}
