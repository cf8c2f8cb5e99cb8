import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Modal } from 'antd';
import { NodeIndexOutlined } from '@ant-design/icons';
import { MAPPING_LIMITS, MAPPING_MSG, can, routePath } from '@fbo/shared';
import { useSession } from '../../../entities/session';
import { productIdsParam } from '../mapping-draft';
import { CatalogSelect } from './CatalogSelect';
import '../mapping.css';

/** A row action to a product's mapping (/s/mapping-product/{id}); `title` names the product for screen readers. */
export function MapProductLink({ productId, title, children = 'Map' }: { productId: string; title?: string; children?: ReactNode }) {
  return (
    <Link to={routePath('s-mapping-product', { id: productId })} aria-label={title ? `Map ${title}` : undefined}>
      {children}
    </Link>
  );
}

/** A link to one store variant's mapping (/s/mapping/{variantId}). */
export function MapVariantLink({ variantId, name, children = 'Map' }: { variantId: string; name?: string; children?: ReactNode }) {
  return (
    <Link to={routePath('s-mapping', { id: variantId })} aria-label={name ? `Map ${name}` : undefined}>
      {children}
    </Link>
  );
}

/**
 * The bulk action "Map to catalog" for the chosen products: a catalog picked in a dialog, then
 * /s/mapping-products/{catalogId}?products=... shows what mapping them by name would do. Shown to whoever
 * may save mappings (products.manage).
 */
export function MapToCatalogButton({ productIds, disabled }: { productIds: string[]; disabled?: boolean }) {
  const { actor } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [catalog, setCatalog] = useState<{ id: string; name: string } | null>(null);
  if (!can(actor, 'products.manage')) return null;
  const tooMany = productIds.length > MAPPING_LIMITS.bulkProducts;
  const go = () => {
    if (!catalog) return;
    setOpen(false);
    void navigate(`${routePath('s-mapping-products', { id: catalog.id })}?products=${productIdsParam(productIds)}`);
  };
  return (
    <>
      <Button icon={<NodeIndexOutlined />} disabled={disabled || productIds.length === 0 || tooMany} title={tooMany ? MAPPING_MSG.productsMax : undefined} onClick={() => setOpen(true)}>
        Map to catalog
      </Button>
      {open ? (
        <Modal open title="Map to catalog" okText="Continue" cancelText="Cancel" okButtonProps={{ disabled: !catalog }} onOk={go} onCancel={() => setOpen(false)} destroyOnHidden>
          <p>
            Choose the catalog to map the {productIds.length === 1 ? 'product' : `${productIds.length} products`} to: the next page shows what matches by colour and size before
            anything is saved.
          </p>
          <label htmlFor="map-to-catalog" className="mapping-field-label">
            Catalog
          </label>
          <CatalogSelect id="map-to-catalog" value={catalog?.id ?? null} current={catalog} onChange={setCatalog} />
        </Modal>
      ) : null}
    </>
  );
}
