import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Breadcrumb, Button, Card, Descriptions, Result, Skeleton, Space, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, NodeIndexOutlined, SyncOutlined } from '@ant-design/icons';
import { MSG, PRODUCT_MSG, can, routePath } from '@fbo/shared';
import { HttpError } from '../../../api/http';
import { DateTime } from '../../../components/DateTime';
import { PageHeader } from '../../../components/PageHeader';
import { PublishedPricesButton } from '../../publishing';
import { PageResult } from '../../../components/PageResult';
import { useSession } from '../../../entities/session';
import { productDetailQuery, productsApi } from '../products.api';
import { EditProductDialog } from '../components/EditProductDialog';
import { ProductGallery } from '../components/ProductGallery';
import { ProductStore } from '../../../entities/product';
import { PersonalizedTag, ProductTypeTag } from '../components/ProductTags';
import { VariantsTable } from '../components/VariantsTable';
import { ExportProductsButton } from '../components/ExportProductsButton';
import { useProductDelete, useSyncToItemWrite } from '../components/useProductWrite';
import '../products.css';

const TITLE = 'Product Detail';

/** /s/products/{id}: a store product, its images, description, options and variants (exported by whoever reads it); edit and delete for products.manage. */
export default function ProductDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { actor } = useSession();
  const mayManage = can(actor, 'products.manage');
  const valid = /^[0-9a-f-]{36}$/i.test(id);
  const query = useQuery({ ...productDetailQuery(id), enabled: valid });
  const [editing, setEditing] = useState(false);
  const confirmDelete = useProductDelete();
  const syncToItem = useSyncToItemWrite();
  const product = query.data;
  const listPath = routePath('s-products');

  const crumbs = <Breadcrumb items={[{ title: <Link to={listPath}>Products</Link> }, { title: product ? product.title : TITLE }]} />;
  if (!valid || (query.error instanceof HttpError && (query.error.status === 404 || query.error.status === 400))) {
    return (
      <>
        {crumbs}
        <PageResult status="404" title={PRODUCT_MSG.notFound} extra={<Link to={listPath}>Back to Products</Link>} />
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        {crumbs}
        <PageHeader title={TITLE} />
        <Result status="error" title={MSG.serverError} extra={<Button onClick={() => void query.refetch()}>Try again</Button>} />
      </>
    );
  }
  if (!product) return <Skeleton active />;

  const exportVariants = <ExportProductsButton label="Export variants" title="Export variants" start={() => productsApi.exportVariants(product.id)} />;
  const mapping = (
    <Button icon={<NodeIndexOutlined />} onClick={() => void navigate(routePath('s-mapping-product', { id: product.id }))}>
      Mapping
    </Button>
  );
  const actions = mayManage ? (
    <Space wrap>
      {mapping}
      {/* Orders that came before the mapping was made keep their lines unresolved until this runs. */}
      <Button icon={<SyncOutlined />} loading={syncToItem.busy} onClick={() => void syncToItem.run(() => productsApi.syncToItem(product.id))}>
        Apply mapping to open orders
      </Button>
      {exportVariants}
      {product.publishedAt ? (
        <PublishedPricesButton productId={product.id} variants={product.variants.map((v) => ({ id: v.id, title: v.title, sku: v.sku, priceCents: Math.round(v.price * 100) }))} />
      ) : null}
      <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
        Edit
      </Button>
      <Button danger icon={<DeleteOutlined />} onClick={() => confirmDelete(() => productsApi.remove(product.id), () => void navigate(listPath))}>
        Delete
      </Button>
    </Space>
  ) : (
    <Space wrap>
      {mapping}
      {exportVariants}
    </Space>
  );

  return (
    <>
      {crumbs}
      <PageHeader title={product.title} extra={actions} />
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card title="Images">
          <ProductGallery title={product.title} mockup={product.mockup} others={product.otherMockup} />
        </Card>
        <Card title="Product">
          <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
            <Descriptions.Item label="Handle">{product.handle || '—'}</Descriptions.Item>
            <Descriptions.Item label="Store">
              <ProductStore store={product.store} />
            </Descriptions.Item>
            <Descriptions.Item label="Type">
              <ProductTypeTag type={product.productType} />
            </Descriptions.Item>
            <Descriptions.Item label="Server id">{product.serverId ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Personalized">
              {product.personalized ? <PersonalizedTag personalized /> : 'No'}
            </Descriptions.Item>
            <Descriptions.Item label="Sync requested">
              <DateTime value={product.syncRequestedAt} />
            </Descriptions.Item>
            <Descriptions.Item label="Synced">
              <DateTime value={product.syncedAt} />
            </Descriptions.Item>
            <Descriptions.Item label="Created">
              <DateTime value={product.createdAt} />
            </Descriptions.Item>
          </Descriptions>
        </Card>
        <Card title="Description">
          {product.description ? (
            // The server sanitised it (GET /api/products/:id): the store's own HTML, safe to draw.
            <div className="product-description" dangerouslySetInnerHTML={{ __html: product.description }} />
          ) : (
            <Typography.Text type="secondary">No description</Typography.Text>
          )}
        </Card>
        <Card title="Options">
          {product.options.length ? (
            <Descriptions column={1} size="small">
              {product.options.map((o) => (
                <Descriptions.Item key={o.name} label={o.name}>
                  {o.values.join(', ') || '—'}
                </Descriptions.Item>
              ))}
            </Descriptions>
          ) : (
            <Typography.Text type="secondary">No options</Typography.Text>
          )}
        </Card>
        <Card title={`Variants (${product.variants.length})`}>
          <VariantsTable variants={product.variants} />
        </Card>
      </Space>
      {editing ? <EditProductDialog product={product} onClose={() => setEditing(false)} /> : null}
    </>
  );
}
