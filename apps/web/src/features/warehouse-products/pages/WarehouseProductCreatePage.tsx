import { useNavigate } from 'react-router';
import { Form } from 'antd';
import { WAREHOUSE_PRODUCT_MSG, can, routePath } from '@fbo/shared';
import { PageHeader } from '../../../components/PageHeader';
import { PageResult } from '../../../components/PageResult';
import { useSession } from '../../../entities/session';
import { useWrite } from '../../../hooks/useWrite';
import { BLANK_VALUES, WarehouseProductForm, bodyOf, type WarehouseProductValues } from '../components/WarehouseProductForm';
import { warehouseProductKeys, warehouseProductsApi, type WarehouseProductAnswer } from '../warehouse-products.api';

/** /s/products-warehouse/create: a new warehouse product of the team (manager and staff); saved, it opens its page. */
export default function WarehouseProductCreatePage() {
  const { actor } = useSession();
  const navigate = useNavigate();
  const [form] = Form.useForm<WarehouseProductValues>();
  const { run, busy } = useWrite<WarehouseProductAnswer>({ refresh: [warehouseProductKeys.all], keepOnRefusal: true });
  const listPath = routePath('s-products-warehouse');

  if (!can(actor, 'warehouseProducts.manage')) {
    return <PageResult status="403" title="Only the owning team's manager and staff create warehouse products." />;
  }

  async function save(values: WarehouseProductValues) {
    const answer = await run(() => warehouseProductsApi.create(bodyOf(values)), WAREHOUSE_PRODUCT_MSG.created, form);
    if (answer) void navigate(routePath('s-products-warehouse-update', { id: answer.data.id }));
  }

  return (
    <>
      <PageHeader title="Create Warehouse Product" />
      <WarehouseProductForm
        form={form}
        initialValues={BLANK_VALUES}
        onSubmit={(v) => void save(v)}
        busy={busy}
        submitLabel="Create"
        onCancel={() => void navigate(listPath)}
      />
    </>
  );
}
