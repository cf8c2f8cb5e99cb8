import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Breadcrumb, Button, Card, Descriptions, Result, Skeleton, Space, Switch, Tag } from 'antd';
import { CheckOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { MAPPING_MSG, MSG, formatUsd, routePath } from '@fbo/shared';
import { HttpError, failureMessage } from '../../../api/http';
import { PageHeader } from '../../../components/PageHeader';
import { PageResult } from '../../../components/PageResult';
import { ArtworkThumb } from '../../../components/upload/ArtworkSlot';
import {
  artworksOf,
  changedDrafts,
  draftStatus,
  draftsFor,
  variantName,
  variantOptionsText,
  type VariantDraft,
} from '../mapping-draft';
import { mappingApi, mappingKeys, variantMappingQuery, type VariantMappingAnswer, type VariantMappingData } from '../mapping.api';
import { ArtworkFields } from '../components/ArtworkFields';
import { CatalogSelect } from '../components/CatalogSelect';
import { CatalogVariantSelect } from '../components/CatalogVariantSelect';
import { MappingStatusTag } from '../../../entities/product';
import { DuplicatedSkuTag, IgnoredTag } from '../components/MappingTags';
import { ProductSummary } from '../components/ProductSummary';
import { useLeaveGuard } from '../components/useLeaveGuard';
import { useMappingAddress } from '../components/useMappingAddress';
import { useMappingWrite } from '../components/useMappingWrite';
import '../mapping.css';

const TITLE = 'Mapping';
const NOT_FOUND = 'Variant not found';

/**
 * /s/mapping/{variantId}?catalogId=: one store variant's mapping as a compact form (its product takes the
 * catalog), with a link to the whole product's mapping. Saved by the manager and staff, read-only for others.
 */
export default function VariantMappingPage() {
  const { id, valid, setParams, message, readOnly, catalogId, confirmCatalogChange } = useMappingAddress();
  const query = useQuery({ ...variantMappingQuery(id, catalogId), enabled: valid, refetchOnWindowFocus: false });
  const write = useMappingWrite<VariantMappingAnswer>((answer) => ({ queryKey: mappingKeys.variant(id, catalogId), data: answer.data }));

  const [base, setBase] = useState<VariantMappingData | null>(null);
  const [draft, setDraft] = useState<VariantDraft | null>(null);
  const data = query.data;
  if (data && data !== base && !query.isPlaceholderData) {
    const switched = !!base && base.variant.id === data.variant.id && base.catalog?.id !== data.catalog?.id;
    setBase(data);
    setDraft(draftsFor([data.variant], data.catalog, data.product.catalogId, switched && draft ? [draft] : null)[0]!);
  }

  const changed = base && draft ? changedDrafts([draft], [base.variant]).length > 0 : false;
  const catalogMoved = !!base?.catalog && base.catalog.id !== base.product.catalogId;
  const dirty = !readOnly && (changed || catalogMoved);
  useLeaveGuard(dirty);

  const listPath = routePath('s-products');
  const crumbs = <Breadcrumb items={[{ title: <Link to={listPath}>Products</Link> }, { title: TITLE }]} />;
  if (!valid || (query.error instanceof HttpError && query.error.status === 404)) {
    return (
      <>
        {crumbs}
        <PageResult status="404" title={NOT_FOUND} extra={<Link to={listPath}>Back to Products</Link>} />
      </>
    );
  }
  if (query.isError && !base) {
    const refused = query.error instanceof HttpError && query.error.status === 400;
    return (
      <>
        {crumbs}
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
  if (!base || !draft) return <Skeleton active />;

  const { product, catalog, variant } = base;
  const name = variantName(variant);
  const edit = (change: Partial<VariantDraft>) => setDraft((d) => (d ? { ...d, ...change } : d));
  const productMapping = `${routePath('s-mapping-product', { id: product.id })}${catalog ? `?catalogId=${catalog.id}` : ''}`;

  function pickCatalog(next: { id: string; name: string }) {
    if (next.id === catalog?.id) return;
    const go = () => setParams({ catalogId: next.id }, { replace: true });
    // The product takes the catalog: leaving its saved one clears the mappings of its other variants too, once saved.
    if (catalog && catalog.id === product.catalogId) confirmCatalogChange(catalog.name, go);
    else go();
  }

  async function save() {
    if (!catalog || !draft) {
      void message.error(MAPPING_MSG.catalogRequired);
      return;
    }
    const body = { catalogId: catalog.id, catalogVariantId: draft.catalogVariantId, ignored: draft.ignored, ...artworksOf(draft) };
    await write.run(() => mappingApi.saveVariant(variant.id, body));
  }

  const suggestion = !draft.catalogVariantId && !draft.ignored ? variant.suggestedCatalogVariantId : null;
  const actions = readOnly ? null : (
    <Button type="primary" icon={<CheckOutlined />} loading={write.busy} disabled={!dirty} onClick={() => void save()}>
      Save
    </Button>
  );

  return (
    <>
      {crumbs}
      <PageHeader title={TITLE} extra={actions} />
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <ProductSummary product={product} extra={<Link to={productMapping}>Map every variant of this product</Link>} />
        {readOnly ? <Alert type="info" showIcon title="Read only: the team's manager and staff change mappings." /> : null}
        <Card title={`Variant ${name}`} size="small">
          <Descriptions column={{ xs: 1, md: 2 }} size="small">
            <Descriptions.Item label="SKU">
              <Space wrap size={4}>
                {variant.sku || 'No SKU'}
                {variant.duplicateSku ? <DuplicatedSkuTag /> : null}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label="Options">{variantOptionsText(variant)}</Descriptions.Item>
            <Descriptions.Item label="Price">{formatUsd(variant.price)}</Descriptions.Item>
            <Descriptions.Item label="Image">
              <ArtworkThumb size={56} src={variant.image} label={`${name} image`} />
            </Descriptions.Item>
            <Descriptions.Item label="Status">
              {draft.ignored ? <IgnoredTag /> : <MappingStatusTag status={draftStatus(draft)} />}
              {dirty ? <Tag>Unsaved changes</Tag> : null}
            </Descriptions.Item>
          </Descriptions>
          <div className="mapping-form">
            <label htmlFor="mapping-catalog" className="mapping-field-label">
              Catalog
            </label>
            <CatalogSelect id="mapping-catalog" value={catalog?.id ?? null} current={catalog} disabled={readOnly} onChange={pickCatalog} />
            <label htmlFor="mapping-catalog-variant" className="mapping-field-label">
              Catalog variant
            </label>
            <Space wrap>
              <CatalogVariantSelect
                id="mapping-catalog-variant"
                label="Catalog variant"
                catalog={catalog}
                mapped={variant.catalogVariant}
                value={draft.catalogVariantId}
                disabled={readOnly || draft.ignored}
                onChange={(catalogVariantId) => edit({ catalogVariantId })}
              />
              {suggestion && !readOnly ? (
                <Button icon={<ThunderboltOutlined />} onClick={() => edit({ catalogVariantId: suggestion })}>
                  Use name match
                </Button>
              ) : null}
            </Space>
            <span className="mapping-field-label" id="mapping-ignore-label">
              Ignore
            </span>
            <Space>
              <Switch aria-labelledby="mapping-ignore-label" checked={draft.ignored} disabled={readOnly} onChange={(ignored) => edit({ ignored })} />
              <span className="mapping-muted">I ship it myself: never fulfilled, never charged.</span>
            </Space>
          </div>
        </Card>
        <Card title="Artwork" size="small">
          <ArtworkFields values={draft} disabled={readOnly} onChange={(key, value) => edit({ [key]: value })} />
        </Card>
      </Space>
    </>
  );
}
