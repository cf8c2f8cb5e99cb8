import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Skeleton, Space, Tooltip } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { WAREHOUSE_PRODUCT_MSG, can, isWarehouseOperator, routePath, type WarehouseProductDetail } from '@fbo/shared';
import { HttpError } from '../../../api/http';
import { PageHeader } from '../../../components/PageHeader';
import { PageResult } from '../../../components/PageResult';
import { useSession } from '../../../entities/session';
import { useConfirmDelete, useWrite } from '../../../hooks/useWrite';
import { MovementsCard } from '../components/MovementsCard';
import { StockLevelsCard } from '../components/StockLevelsCard';
import { VariantsCard } from '../components/VariantsCard';
import { WarehouseProductForm, bodyOf, valuesOf, type WarehouseProductValues } from '../components/WarehouseProductForm';
import { warehouseProductDetailQuery, warehouseProductKeys, warehouseProductsApi, type WarehouseProductAnswer } from '../warehouse-products.api';

function Editor({ product }: { product: WarehouseProductDetail }) {
  const { actor } = useSession();
  const navigate = useNavigate();
  const [form] = Form.useForm<WarehouseProductValues>();
  // The owning team's manager and staff change it; a warehouse (and the agency) read it.
  const editable = can(actor, 'warehouseProducts.manage') && product.ownerTeam === null;
  const operator = !!actor && isWarehouseOperator(actor);
  const { run, busy } = useWrite<WarehouseProductAnswer>({ refresh: [warehouseProductKeys.all], keepOnRefusal: true });
  const confirmDelete = useConfirmDelete([warehouseProductKeys.all]);
  const listPath = routePath('s-products-warehouse');

  async function save(values: WarehouseProductValues) {
    const answer = await run(() => warehouseProductsApi.update(product.id, bodyOf(values)), WAREHOUSE_PRODUCT_MSG.updated, form);
    if (answer) form.setFieldsValue(valuesOf(answer.data));
  }

  const deleteButton = editable ? (
    <Tooltip title={product.deletable ? undefined : WAREHOUSE_PRODUCT_MSG.hasHistory}>
      <Button danger icon={<DeleteOutlined />} disabled={!product.deletable} onClick={() => confirmDelete(() => warehouseProductsApi.remove(product.id), () => void navigate(listPath))}>
        Delete
      </Button>
    </Tooltip>
  ) : null;

  return (
    <>
      <PageHeader title={editable ? `Update Warehouse Product: ${product.sku}` : `Warehouse Product: ${product.sku}`} extra={<Space>{deleteButton}<Button onClick={() => void navigate(listPath)}>Back to list</Button></Space>} />
      {product.ownerTeam ? <Alert type="info" showIcon style={{ marginBottom: 16 }} title={`Owned by ${product.ownerTeam.name}. Read only.`} /> : null}
      <WarehouseProductForm form={form} initialValues={valuesOf(product)} onSubmit={(v) => void save(v)} readOnly={!editable} busy={busy} />
      <div style={{ marginTop: 24 }}>
        <StockLevelsCard product={product} editable={editable} />
        {operator ? null : <VariantsCard product={product} editable={editable} storeLinks={editable} />}
        <MovementsCard productId={product.id} orderPath={editable ? (id) => routePath('s-order-detail', { id }) : undefined} />
      </div>
    </>
  );
}

/** /s/products-warehouse/update/:id: the product's fields, stock per warehouse, the store variants it fulfils, its movements. */
export default function WarehouseProductUpdatePage() {
  const { id = '' } = useParams();
  const query = useQuery(warehouseProductDetailQuery(id));
  if (query.isPending) return <Skeleton active />;
  if (query.isError) {
    const status = query.error instanceof HttpError ? query.error.status : 0;
    return status === 404 || status === 400
      ? <PageResult status="404" title={WAREHOUSE_PRODUCT_MSG.notFound} />
      : <PageResult status="error" title="The product could not be loaded." />;
  }
  // Keyed on the product and its last change: the form starts again from what was saved.
  return <Editor key={`${query.data.id}-${query.data.updatedAt}`} product={query.data} />;
}
