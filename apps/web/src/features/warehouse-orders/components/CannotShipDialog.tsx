import { Form, Input, Modal, Typography } from 'antd';
import { WAREHOUSE_ORDER_LIMITS, WAREHOUSE_ORDER_MSG } from '@fbo/shared/schemas/warehouse-orders';
import { useWrite } from '../../../hooks/useWrite';
import { warehouseOrderKeys, warehouseOrdersApi } from '../warehouse-orders.api';

/** "Cannot ship": the reason, told to the owning team and the agency; the stock stays reserved until they decide. */
export function CannotShipDialog({ id, orderName, onClose }: { id: string; orderName: string; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const { run, busy } = useWrite({ refresh: [warehouseOrderKeys.all] });

  async function submit(values: { reason: string }) {
    if (await run(() => warehouseOrdersApi.cannotShip(id, { reason: values.reason.trim() }), undefined, form)) onClose();
  }

  return (
    <Modal open title={`Cannot ship order ${orderName}`} okText="Report" okButtonProps={{ danger: true }} confirmLoading={busy} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph type="secondary">The owning team and the agency are told. The stock stays reserved until the order is cancelled or you resume it.</Typography.Paragraph>
      <Form form={form} name="warehouse-cannot-ship" layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item
          name="reason"
          label="Reason"
          rules={[
            { required: true, whitespace: true, message: WAREHOUSE_ORDER_MSG.reason },
            { min: WAREHOUSE_ORDER_LIMITS.reasonMin, max: WAREHOUSE_ORDER_LIMITS.reasonMax, message: WAREHOUSE_ORDER_MSG.reason },
          ]}
        >
          <Input.TextArea rows={4} maxLength={WAREHOUSE_ORDER_LIMITS.reasonMax} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
