import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, Space, Typography } from 'antd';
import { routePath, type StorePlatform } from '@fbo/shared';
import { ArtworkThumb } from '../../../components/upload/ArtworkSlot';
import { MappingStatusTag, ProductStore } from '../../../entities/product';

export interface SummaryProduct {
  id: string;
  title: string;
  mockup: string | null;
  mappingStatus: number;
  store: { name: string; platform: StorePlatform } | null;
}

/** The product a mapping screen works on: mockup, title (to its detail page), store and saved status. */
export function ProductSummary({ product, extra }: { product: SummaryProduct; extra?: ReactNode }) {
  return (
    <Card size="small" className="mapping-product">
      <div className="mapping-product-row">
        <ArtworkThumb size={72} src={product.mockup} label={product.title} />
        <div className="mapping-product-text">
          <h2 className="mapping-product-title">
            <Link to={routePath('s-product-detail', { id: product.id })}>{product.title}</Link>
          </h2>
          <Space wrap size={8}>
            <ProductStore store={product.store} />
            <span>
              <Typography.Text type="secondary">Status: </Typography.Text>
              <MappingStatusTag status={product.mappingStatus} />
            </span>
          </Space>
        </div>
        {extra ? <div className="mapping-product-extra">{extra}</div> : null}
      </div>
    </Card>
  );
}
