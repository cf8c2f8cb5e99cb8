import { useState } from 'react';
import { App, Button, Form, Input, Modal, Space } from 'antd';
import { ORDER_TRANSITIONS, type OrderAction } from '@fbo/shared/domain/order-machine';
import type { OrderDetail } from '@fbo/shared/schemas/order-detail';
import { failureMessage } from '../../../api/http';
import { orderDetailApi } from '../order-detail.api';
import { useRefreshOrder, orderStatusLabel } from '../../../entities/order';

/**
 * The commands this user may take on the order now (the server's `actions`), labelled and
 * confirmed as the state machine says; reject, hold and shipment-cancel ask for a reason.
 */
export function OrderActions({ order }: { order: OrderDetail }) {
  const { modal, message } = App.useApp();
  const refresh = useRefreshOrder();
  const [asking, setAsking] = useState<OrderAction | null>(null);
  const [busy, setBusy] = useState<OrderAction | null>(null);

  async function run(action: OrderAction, reason?: string): Promise<boolean> {
    setBusy(action);
    try {
      const result = await orderDetailApi.command(action, order.id, reason);
      if (!result.ok) {
        void message.error(result.body.message ?? 'Error!');
        return false;
      }
      const outcome = result.body.data.results[0];
      if (outcome?.ok) void message.success(`Order ${order.orderNameDisplay}: ${orderStatusLabel(outcome.status ?? order.status)}`);
      else void message.error(outcome?.message ?? 'Error!');
      return outcome?.ok ?? false;
    } catch (err) {
      void message.error(failureMessage(err) ?? 'Error!');
      return false;
    } finally {
      setBusy(null);
      refresh();
    }
  }

  function start(action: OrderAction) {
    const t = ORDER_TRANSITIONS[action];
    if (t.reason) {
      setAsking(action);
      return;
    }
    modal.confirm({
      title: t.confirm,
      okText: t.label,
      cancelText: 'Cancel',
      onOk: () => run(action),
      onCancel: () => void message.info('Cancel action!'),
    });
  }

  if (order.actions.length === 0) return null;
  return (
    <>
      <Space wrap>
        {order.actions.map((action) => (
          <Button
            key={action}
            type={action === 'approve' || action === 'submit' ? 'primary' : 'default'}
            danger={action === 'cancel' || action === 'reject' || action === 'shipment-cancel'}
            loading={busy === action}
            onClick={() => start(action)}
          >
            {ORDER_TRANSITIONS[action].label}
          </Button>
        ))}
      </Space>
      {asking ? (
        <ReasonDialog
          action={asking}
          onCancel={() => {
            setAsking(null);
            void message.info('Cancel action!');
          }}
          onSubmit={async (reason) => {
            if (await run(asking, reason)) setAsking(null);
          }}
        />
      ) : null}
    </>
  );
}

function ReasonDialog({ action, onCancel, onSubmit }: { action: OrderAction; onCancel: () => void; onSubmit: (reason: string) => Promise<void> }) {
  const t = ORDER_TRANSITIONS[action];
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, setSaving] = useState(false);
  return (
    <Modal open title={t.confirm} okText={t.label} cancelText="Cancel" confirmLoading={saving} onOk={() => form.submit()} onCancel={onCancel} destroyOnHidden>
      <Form
        form={form}
        name="order-reason"
        layout="vertical"
        onFinish={async ({ reason }) => {
          setSaving(true);
          await onSubmit(reason.trim());
          setSaving(false);
        }}
      >
        <Form.Item label="Reason" name="reason" rules={[{ required: true, whitespace: true, message: 'Please input reason' }, { max: 500, message: 'reason should be 1 to 500 length' }]}>
          <Input.TextArea rows={3} maxLength={500} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
