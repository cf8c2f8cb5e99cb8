import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Breadcrumb, Button, Card, Empty, Select, Skeleton, Space, Table, type TableColumnsType } from 'antd';
import { DeleteOutlined, NodeIndexOutlined } from '@ant-design/icons';
import { MAPPING_LIMITS, MSG, can, routePath, type MappingProductOutcome } from '@fbo/shared';
import { HttpError, failureMessage } from '../../../api/http';
import { PageHeader } from '../../../components/PageHeader';
import { PageResult } from '../../../components/PageResult';
import { ScrollRegion } from '../../../components/ScrollRegion';
import { ArtworkThumb } from '../../../components/upload/ArtworkSlot';
import { useSession } from '../../../entities/session';
import { useDebouncedValue } from '../../../hooks/useDebouncedValue';
import { EMPTY_ARTWORKS, artworksOf, hasArtwork, isUuid, productIdsFromParam, productIdsParam, type Artworks } from '../mapping-draft';
import { mappingApi, mappingCatalogQuery, mappingPreviewQuery, productPickerQuery, type BulkMappingAnswer } from '../mapping.api';
import { ArtworkFields } from '../components/ArtworkFields';
import { MappingStatusTag } from '../../../entities/product';
import { useMappingWrite } from '../components/useMappingWrite';
import '../mapping.css';

const TITLE = 'Mapping Products';
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Adds one of the team's products to the batch: the picker searches GET /api/products/list on the server. */
function ProductPicker({ chosen, onPick, disabled }: { chosen: string[]; onPick: (id: string) => void; disabled?: boolean }) {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), 300);
  const query = useQuery(productPickerQuery(term));
  const options = (query.data ?? []).filter((p) => !chosen.includes(p.id)).map((p) => ({ value: p.id, label: p.store ? `${p.title} (${p.store.name})` : p.title }));
  return (
    <Select
      // A new select after each pick: it stays empty, ready for the next product.
      key={chosen.join(',')}
      id="mapping-add-product"
      aria-label="Add a product"
      style={{ width: '100%', maxWidth: 480 }}
      placeholder="Search your products to add"
      disabled={disabled}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      loading={query.isFetching}
      notFoundContent={query.isFetching ? 'Loading...' : 'No products'}
      options={options}
      onChange={(id: string) => {
        setSearch('');
        onPick(id);
      }}
    />
  );
}

/**
 * /s/mapping-products/{catalogId}?products=a,b: many products mapped to one catalog at once, by option names.
 * The preview says per product how many variants match; artwork given here goes on every mapped variant.
 * After mapping, each product left with unmatched variants links to its own mapping.
 */
export default function BulkMappingPage() {
  const { id: catalogId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const { modal } = App.useApp();
  const { actor } = useSession();
  const readOnly = !can(actor, 'products.manage');
  const productIds = productIdsFromParam(params.get('products'));
  const valid = isUuid(catalogId);
  const preview = useQuery({ ...mappingPreviewQuery(catalogId, productIds), enabled: valid && productIds.length > 0 });
  const catalogQuery = useQuery({ ...mappingCatalogQuery(catalogId), enabled: valid && productIds.length === 0 });
  const [artworks, setArtworks] = useState<Artworks>(EMPTY_ARTWORKS);
  const [results, setResults] = useState<MappingProductOutcome[] | null>(null);
  const write = useMappingWrite<BulkMappingAnswer>();

  const listPath = routePath('s-products');
  const crumbs = <Breadcrumb items={[{ title: <Link to={listPath}>Products</Link> }, { title: TITLE }]} />;
  const catalogError = productIds.length ? preview.error : catalogQuery.error;
  const refused = catalogError instanceof HttpError && (catalogError.status === 400 || catalogError.status === 404);
  if (!valid || (refused && !productIds.length)) {
    return (
      <>
        {crumbs}
        <PageResult status="404" title="Catalog not found" extra={<Link to={routePath('s-catalogs')}>Back to Catalogs</Link>} />
      </>
    );
  }

  const catalogName = (productIds.length ? preview.data?.catalog.name : catalogQuery.data?.name) ?? null;
  const rows = productIds.length ? (preview.data?.products ?? []) : [];
  const setProducts = (ids: string[]) => {
    setResults(null);
    setParams(ids.length ? { products: productIdsParam(ids) } : {}, { replace: true });
  };
  const mappingLink = (productId: string) => `${routePath('s-mapping-product', { id: productId })}?catalogId=${catalogId}`;

  function confirmMap() {
    const n = productIds.length;
    const given = hasArtwork(artworks);
    modal.confirm({
      title: `Map ${plural(n, 'product')}?`,
      content: `Their variants are mapped to ${catalogName ?? 'the catalog'}'s by colour and size${given ? ', with this artwork on every mapped variant' : ''}. Variants without a single match are left for you to map by hand.`,
      okText: 'Map',
      cancelText: 'Cancel',
      onOk: async () => {
        const answer = await write.run(() =>
          mappingApi.mapMany({ catalogId, productIds, ...artworksOf(artworks) }),
        );
        if (answer) setResults(answer.data.products);
      },
    });
  }

  const columns: TableColumnsType<MappingProductOutcome> = [
    { title: 'Image', key: 'image', width: 72, render: (_, row) => <ArtworkThumb size={48} src={row.mockup} label={row.title} /> },
    { title: 'Product', dataIndex: 'title', render: (title: string, row) => <Link to={mappingLink(row.id)}>{title}</Link> },
    { title: 'Variants', dataIndex: 'variantCount', width: 90, align: 'right' },
    { title: 'Matched', dataIndex: 'matched', width: 90, align: 'right' },
    { title: 'Unmatched', dataIndex: 'unmatched', width: 100, align: 'right' },
    { title: 'Ignored', dataIndex: 'ignored', width: 90, align: 'right' },
    { title: 'Status', dataIndex: 'mappingStatus', width: 190, render: (status: number) => <MappingStatusTag status={status} /> },
  ];
  const previewColumns: TableColumnsType<MappingProductOutcome> = [
    ...columns,
    {
      title: 'Remove',
      key: 'remove',
      width: 80,
      render: (_, row) => (
        <Button size="small" icon={<DeleteOutlined />} aria-label={`Remove ${row.title}`} onClick={() => setProducts(productIds.filter((p) => p !== row.id))} />
      ),
    },
  ];
  const resultColumns: TableColumnsType<MappingProductOutcome> = [
    ...columns,
    {
      title: 'Next',
      key: 'next',
      width: 170,
      render: (_, row) => (row.unmatched > 0 ? <Link to={mappingLink(row.id)}>Map the rest by hand</Link> : '—'),
    },
  ];

  const mapButton = readOnly ? null : (
    <Button type="primary" icon={<NodeIndexOutlined />} disabled={!productIds.length || !preview.data} loading={write.busy} onClick={confirmMap}>
      {`Map ${plural(productIds.length, 'product')}`}
    </Button>
  );

  return (
    <>
      {crumbs}
      <PageHeader title={TITLE} extra={mapButton} />
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card size="small" title="Catalog">
          {catalogName ? (
            <h2 className="mapping-catalog-name">
              <Link to={routePath('s-catalogs-detail', { id: catalogId })}>{catalogName}</Link>
            </h2>
          ) : (
            <Skeleton active paragraph={false} />
          )}
        </Card>
        {results ? (
          <Card size="small" title="Results">
            <ScrollRegion label="Results">
              <Table<MappingProductOutcome> rowKey="id" size="small" columns={resultColumns} dataSource={results} pagination={false} />
            </ScrollRegion>
          </Card>
        ) : null}
        <Card size="small" title={`Products (${productIds.length})`}>
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            <ProductPicker
              chosen={productIds}
              disabled={productIds.length >= MAPPING_LIMITS.bulkProducts}
              onPick={(id) => setProducts([...productIds, id])}
            />
            {productIds.length === 0 ? (
              <Empty description="No products chosen yet: add the products to map to this catalog." />
            ) : preview.isError ? (
              <Alert
                type="error"
                showIcon
                title={failureMessage(preview.error) ?? MSG.serverError}
                action={<Button onClick={() => setProducts([])}>Clear the products</Button>}
              />
            ) : (
              <ScrollRegion label="Products to map">
                <Table<MappingProductOutcome>
                  rowKey="id"
                  size="small"
                  loading={preview.isFetching}
                  columns={previewColumns}
                  dataSource={rows}
                  pagination={false}
                />
              </ScrollRegion>
            )}
          </Space>
        </Card>
        {readOnly ? null : (
          <Card size="small" title="Artwork for every mapped variant">
            <ArtworkFields values={artworks} describe="for every mapped variant" onChange={(key, value) => setArtworks((a) => ({ ...a, [key]: value }))} />
          </Card>
        )}
      </Space>
    </>
  );
}
