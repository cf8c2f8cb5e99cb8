import { Link } from 'react-router';
import type { TableColumnsType } from 'antd';
import { routePath, type ProductItem } from '@fbo/shared';
import { DateTime } from '../../../components/DateTime';
import { MappingStatusTag, ProductStore } from '../../../entities/product';
import { PersonalizedTag, ProductTypeTag } from './ProductTags';
import { ProductThumb } from './ProductThumb';
import { MapProductLink } from '../../mapping';

/** What the Products list shows of a product. */
export function productColumns(): TableColumnsType<ProductItem> {
  return [
    { title: 'Image', key: 'image', width: 80, render: (_, row) => <ProductThumb src={row.mockup} alt={row.title} /> },
    { title: 'Title', dataIndex: 'title', render: (title: string, row) => <Link to={routePath('s-product-detail', { id: row.id })}>{title}</Link> },
    { title: 'Store', key: 'store', width: 220, render: (_, row) => <ProductStore store={row.store} /> },
    { title: 'Type', dataIndex: 'productType', width: 80, render: (_, row) => <ProductTypeTag type={row.productType} /> },
    { title: 'Variants', dataIndex: 'variantCount', width: 90, align: 'right' },
    { title: 'Mapping', dataIndex: 'mappingStatus', width: 200, render: (status: number) => <MappingStatusTag status={status} /> },
    { title: 'Personalized', dataIndex: 'personalized', width: 120, render: (value: boolean) => <PersonalizedTag personalized={value} /> },
    { title: 'Synced', dataIndex: 'syncedAt', width: 170, render: (value: string | null) => <DateTime value={value} /> },
    { title: 'Created', dataIndex: 'createdAt', width: 170, render: (value: string) => <DateTime value={value} /> },
    // Everyone who reads products may open a mapping (accounting sees it read-only).
    { title: 'Actions', key: 'actions', width: 90, render: (_, row) => <MapProductLink productId={row.id} title={row.title} /> },
  ];
}
