import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Breadcrumb, Button, Card, Result, Skeleton, Space, Tag } from 'antd';
import { CheckOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { MSG, PRODUCT_MSG, routePath } from '@fbo/shared';
import { HttpError, failureMessage } from '../../../api/http';
import { PageHeader } from '../../../components/PageHeader';
import { PageResult } from '../../../components/PageResult';
import {
  EMPTY_ARTWORKS,
  applyArtworkToMapped,
  applyNameMatches,
  catalogChangeClears,
  changedDrafts,
  draftsFor,
  draftsProductStatus,
  hasArtwork,
  saveBody,
  type Artworks,
  type VariantDraft,
} from '../mapping-draft';
import { mappingApi, mappingKeys, productMappingQuery, type ProductMappingAnswer, type ProductMappingData } from '../mapping.api';
import { ArtworkFields } from '../components/ArtworkFields';
import { CatalogSelect } from '../components/CatalogSelect';
import { MappingStatusTag } from '../../../entities/product';
import { ProductSummary } from '../components/ProductSummary';
import { VariantMappingTable } from '../components/VariantMappingTable';
import { useLeaveGuard } from '../components/useLeaveGuard';
import { useMappingAddress } from '../components/useMappingAddress';
import { useMappingWrite } from '../components/useMappingWrite';
import '../mapping.css';

const TITLE = 'Mapping Product';

/**
 * /s/mapping-product/{productId}?catalogId=: a product's variants mapped to one catalog's variants, with
 * artwork per slot, or ignored. The catalog shown is the address's, else the product's own. Read by whoever
 * opens the products pages; saved by the manager and staff (products.manage), read-only for the others.
 */
export default function ProductMappingPage() {
  const { id, valid, setParams, message, readOnly, catalogId, confirmCatalogChange } = useMappingAddress();
  const query = useQuery({ ...productMappingQuery(id, catalogId), enabled: valid, refetchOnWindowFocus: false });
  const write = useMappingWrite<ProductMappingAnswer>((answer) => ({ queryKey: mappingKeys.product(id, catalogId), data: answer.data }));

  // The drafts are rebuilt whenever the server's answer changes (another catalog shown, a save); a switch of
  // catalog keeps the edits to artwork and Ignore.
  const [base, setBase] = useState<ProductMappingData | null>(null);
  const [drafts, setDrafts] = useState<VariantDraft[]>([]);
  const [batch, setBatch] = useState<Artworks>(EMPTY_ARTWORKS);
  const data = query.data;
  if (data && data !== base && !query.isPlaceholderData) {
    const switched = !!base && base.product.id === data.product.id && base.catalog?.id !== data.catalog?.id;
    setBase(data);
    setDrafts(draftsFor(data.variants, data.catalog, data.product.catalogId, switched ? drafts : null));
  }

  const changed = base ? changedDrafts(drafts, base.variants) : [];
  const catalogMoved = !!base?.catalog && base.catalog.id !== base.product.catalogId;
  const dirty = !readOnly && (changed.length > 0 || catalogMoved);
  useLeaveGuard(dirty);

  const listPath = routePath('s-products');
  const crumbs = (title?: string) => (
    <Breadcrumb items={[{ title: <Link to={listPath}>Products</Link> }, ...(title && base ? [{ title: <Link to={routePath('s-product-detail', { id })}>{title}</Link> }] : []), { title: TITLE }]} />
  );
  const notFound = !valid || (query.error instanceof HttpError && query.error.status === 404);
  if (notFound) {
    return (
      <>
        {crumbs()}
        <PageResult status="404" title={PRODUCT_MSG.notFound} extra={<Link to={listPath}>Back to Products</Link>} />
      </>
    );
  }
  if (query.isError && !base) {
    // A catalog the agency does not offer is refused (400) with the server's words: show the product's own instead.
    const refused = query.error instanceof HttpError && query.error.status === 400;
    return (
      <>
        {crumbs()}
        <PageHeader title={TITLE} />
        <Result
          status={refused ? 'warning' : 'error'}
          title={failureMessage(query.error) ?? MSG.serverError}
          extra={
            refused ? (
              <Button onClick={() => setParams({}, { replace: true })}>Show the product&rsquo;s catalog</Button>
            ) : (
              <Button onClick={() => void query.refetch()}>Try again</Button>
            )
          }
        />
      </>
    );
  }
  if (!base) return <Skeleton active />;

  const { product, catalog, variants } = base;
  const edit = (variantId: string, change: Partial<VariantDraft>) => setDrafts((all) => all.map((d) => (d.id === variantId ? { ...d, ...change } : d)));

  function pickCatalog(next: { id: string; name: string }) {
    if (next.id === catalog?.id) return;
    const go = () => setParams({ catalogId: next.id }, { replace: true });
    // Leaving the product's saved catalog clears the mappings made in it, once saved: asked first.
    if (catalog && catalog.id === product.catalogId && catalogChangeClears(product.catalogId, next.id, variants)) confirmCatalogChange(catalog.name, go);
    else go();
  }

  function fillNameMatches() {
    const { drafts: next, filled } = applyNameMatches(drafts, variants);
    setDrafts(next);
    void message.info(filled ? `${filled} variant${filled === 1 ? '' : 's'} matched by name` : 'No name match left to fill');
  }

  function applyToMapped() {
    const { drafts: next, changed: count } = applyArtworkToMapped(drafts, batch);
    setDrafts(next);
    void message.info(count ? `Artwork applied to ${count} mapped variant${count === 1 ? '' : 's'}` : 'No mapped variant to apply it to');
  }

  async function save() {
    if (!catalog) {
      void message.error('Please select a catalog');
      return;
    }
    await write.run(() => mappingApi.saveProduct(product.id, saveBody(catalog.id, changed)));
  }

  const liveStatus = draftsProductStatus(drafts);
  const actions = readOnly ? null : (
    <Space wrap>
      <Button icon={<ThunderboltOutlined />} disabled={!catalog} onClick={fillNameMatches}>
        Use name matches
      </Button>
      <Button type="primary" icon={<CheckOutlined />} loading={write.busy} disabled={!dirty} onClick={() => void save()}>
        Save
      </Button>
    </Space>
  );

  return (
    <>
      {crumbs(product.title)}
      <PageHeader title={TITLE} extra={actions} />
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <ProductSummary
          product={product}
          extra={
            dirty ? (
              <span>
                <Tag>Unsaved changes</Tag> once saved: <MappingStatusTag status={liveStatus} />
              </span>
            ) : null
          }
        />
        {readOnly ? <Alert type="info" showIcon title="Read only: the team's manager and staff change mappings." /> : null}
        <Card title="Catalog" size="small">
          <div className="mapping-catalog">
            <label htmlFor="mapping-catalog" className="mapping-field-label">
              Catalog
            </label>
            <CatalogSelect id="mapping-catalog" value={catalog?.id ?? null} current={catalog} disabled={readOnly} onChange={pickCatalog} />
            {query.isFetching ? <span className="mapping-muted">Loading…</span> : null}
          </div>
          {!catalog ? <p className="mapping-muted">Choose the catalog this product is made as: its variants are then matched by colour and size.</p> : null}
        </Card>
        {readOnly ? null : (
          <Card
            title="Artwork for every variant"
            size="small"
            extra={
              <Button disabled={!hasArtwork(batch)} onClick={applyToMapped}>
                Apply to all mapped
              </Button>
            }
          >
            <ArtworkFields values={batch} describe="for every variant" onChange={(key, value) => setBatch((b) => ({ ...b, [key]: value }))} />
          </Card>
        )}
        <Card title={`Variants (${variants.length})`} size="small">
          <VariantMappingTable variants={variants} drafts={drafts} catalog={catalog} readOnly={readOnly} onChange={edit} />
        </Card>
      </Space>
    </>
  );
}
