import type { ReactNode } from 'react';
import { Card, Descriptions, Tag } from 'antd';
import type { CatalogDetail } from '@fbo/shared';
import { CATALOG_TYPE_LABELS, SHIPPING_METHOD_LABELS } from '@fbo/shared/domain/catalog';
import { DateTime } from '../../../components/DateTime';
import { CatalogGallery } from './CatalogGallery';
import { PublishStatusTag } from '../../../entities/catalog';
import { VariantTable } from './VariantTable';

const orDash = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '—' : value);

/** The description: HTML the server sanitised when it was saved. */
export function CatalogDescription({ html }: { html: string }) {
  if (!html.trim()) return <p className="catalog-hint">No description</p>;
  return <div className="catalog-description" dangerouslySetInnerHTML={{ __html: html }} />;
}

export function CategoryTags({ categories }: { categories: { id: string; name: string }[] }) {
  if (categories.length === 0) return <>—</>;
  return (
    <>
      {categories.map((c) => (
        <Tag key={c.id}>{c.name}</Tag>
      ))}
    </>
  );
}

/**
 * Everything about a catalog: gallery, information, categories, description, variants, print areas,
 * production, shipping and note. `prices` adds the seller's price columns; `seller` hides what only
 * the back office needs (publish status, note).
 */
export function CatalogDetailView({ catalog, prices = false, seller = false, extra }: { catalog: CatalogDetail; prices?: boolean; seller?: boolean; extra?: ReactNode }) {
  const info = [
    { key: 'code', label: 'Code', children: catalog.productCode },
    { key: 'type', label: 'Type', children: CATALOG_TYPE_LABELS[catalog.type] },
    { key: 'categories', label: 'Categories', children: <CategoryTags categories={catalog.categories} /> },
    { key: 'dropship', label: 'Dropship', children: catalog.dropship ? 'Yes' : 'No' },
    { key: 'trademark', label: 'Trademark', children: catalog.isTrademark ? 'Yes' : 'No' },
    ...(seller
      ? []
      : [
          { key: 'status', label: 'Status', children: <PublishStatusTag value={catalog.publishStatus} /> },
          { key: 'active', label: 'Active', children: <Tag color={catalog.active ? 'success' : 'default'}>{catalog.active ? 'Active' : 'Inactive'}</Tag> },
          { key: 'owner', label: 'Owner', children: catalog.agencyId ? 'Agency' : 'Platform' },
          { key: 'created', label: 'Created', children: <DateTime value={catalog.createdAt} /> },
        ]),
    ...(seller && catalog.fromPrice !== undefined
      ? [{ key: 'from', label: 'From', children: catalog.fromPrice === null ? 'Price on request' : `$${catalog.fromPrice.toFixed(2)}` }]
      : []),
  ];
  return (
    <div className="catalog-detail">
      <div className="catalog-detail-top">
        <CatalogGallery images={catalog.mockupGallery} name={catalog.name} />
        <div className="catalog-detail-info">
          <h2 className="catalog-detail-name">{catalog.name}</h2>
          <Descriptions size="small" column={1} bordered items={info} />
          {extra}
        </div>
      </div>
      <Card title="Description" size="small">
        <CatalogDescription html={catalog.description} />
      </Card>
      <Card title={`Variants (${catalog.variants.length})`} size="small">
        <VariantTable variants={catalog.variants} prices={prices} />
      </Card>
      <div className="catalog-detail-grid">
        <Card title="Print areas" size="small">
          {catalog.designs.length === 0 ? (
            '—'
          ) : (
            <ul className="catalog-plain-list">
              {catalog.designs.map((d) => (
                <li key={d.name}>
                  {d.name}: {d.width} × {d.height} px
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title="Production" size="small">
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'time', label: 'Production time', children: orDash(catalog.production.productionTime) },
              { key: 'material', label: 'Material', children: orDash(catalog.production.material) },
              {
                key: 'weight',
                label: 'Weight',
                children: catalog.production.weight === null ? '—' : `${catalog.production.weight} ${catalog.production.weightUnit}`,
              },
            ]}
          />
        </Card>
        <Card title="Shipping" size="small">
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'methods', label: 'Methods', children: catalog.shipping.methods.map((m) => SHIPPING_METHOD_LABELS[m]).join(', ') || '—' },
              { key: 'time', label: 'Shipping time', children: orDash(catalog.shipping.shippingTime) },
              { key: 'from', label: 'Ships from', children: orDash(catalog.shipping.shipsFrom) },
            ]}
          />
        </Card>
        {seller ? null : (
          <Card title="Note" size="small">
            {orDash(catalog.note)}
          </Card>
        )}
      </div>
    </div>
  );
}
