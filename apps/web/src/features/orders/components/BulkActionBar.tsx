import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Space, Typography } from 'antd';
import {
  ORDER_ACTIONS,
  ORDER_TRANSITIONS,
  displayOrderName,
  refusal,
  type OrderAction,
  type OrderCommandResponse,
  type OrderListItem,
  type OrderSide,
} from '@fbo/shared';
import { failureMessage } from '../../../api/http';
import { queryKeys } from '../../../api/query-keys';
import { ordersApi } from '../orders.api';

/**
 * The actions the user's side may take (ORDER_TRANSITIONS[a].by) that at least one selected order
 * allows now (refusal()). The server decides per order again: the bar only hides what cannot work.
 */
export function bulkActions(side: OrderSide, rows: readonly OrderListItem[]): OrderAction[] {
  return ORDER_ACTIONS.filter((a) => ORDER_TRANSITIONS[a].by.includes(side) && rows.some((r) => refusal(a, side, r) === null));
}

type Results = OrderCommandResponse['data'];

/** Selected orders' bulk bar: confirmation, a reason where the action needs one, then the per-order summary. */
export function BulkActionBar({ side, rows, onDone }: { side: OrderSide; rows: OrderListItem[]; onDone: () => void }) {
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const [reasonFor, setReasonFor] = useState<OrderAction | null>(null);
  const [busy, setBusy] = useState<OrderAction | null>(null);
  const [form] = Form.useForm<{ reason: string }>();
  const actions = bulkActions(side, rows);
  const names = new Map(rows.map((r) => [r.id, displayOrderName(r.orderName)]));

  async function run(action: OrderAction, reason?: string) {
    setBusy(action);
    try {
      const results = await ordersApi.command(action, { ids: rows.map((r) => r.id), reason });
      showSummary(action, results);
      onDone();
    } catch (error) {
      void message.error(failureMessage(error) ?? 'Error');
    } finally {
      setBusy(null);
      void client.invalidateQueries({ queryKey: queryKeys.orders.all });
    }
  }

  function showSummary(action: OrderAction, results: Results) {
    const failed = results.results.filter((r) => !r.ok);
    modal[failed.length ? 'warning' : 'success']({
      title: `${ORDER_TRANSITIONS[action].label}: ${results.succeeded} succeeded${failed.length ? `, ${results.failed} failed` : ''}`,
      content: failed.length ? (
        <ul className="order-failures" aria-label="Orders that failed">
          {failed.map((r) => (
            <li key={r.id}>
              <strong>{names.get(r.id) ?? r.id}</strong>: {r.message}
            </li>
          ))}
        </ul>
      ) : null,
    });
  }

  function start(action: OrderAction) {
    const t = ORDER_TRANSITIONS[action];
    if (t.reason) {
      form.resetFields();
      setReasonFor(action);
      return;
    }
    modal.confirm({
      title: t.confirm,
      content: `${rows.length} order${rows.length === 1 ? '' : 's'} selected.`,
      okText: t.label,
      cancelText: 'Cancel',
      onOk: () => run(action),
      onCancel: () => void message.info('Cancel action!'),
    });
  }

  return (
    <div className="order-bulk-bar" role="region" aria-label="Bulk actions">
      <Space wrap>
        <Typography.Text>{rows.length} selected</Typography.Text>
        {actions.length === 0 ? <Typography.Text type="secondary">No action fits the selected orders.</Typography.Text> : null}
        {actions.map((a) => (
          <Button key={a} loading={busy === a} disabled={busy !== null} danger={a === 'cancel' || a === 'reject'} onClick={() => start(a)}>
            {ORDER_TRANSITIONS[a].label}
          </Button>
        ))}
        <Button type="link" onClick={onDone}>
          Clear selection
        </Button>
      </Space>
      <Modal
        title={reasonFor ? ORDER_TRANSITIONS[reasonFor].confirm : ''}
        open={reasonFor !== null}
        okText={reasonFor ? ORDER_TRANSITIONS[reasonFor].label : 'OK'}
        cancelText="Cancel"
        confirmLoading={busy !== null}
        onCancel={() => setReasonFor(null)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Form
          form={form}
          name="order-reason"
          layout="vertical"
          onFinish={async ({ reason }) => {
            const action = reasonFor!;
            await run(action, reason.trim());
            setReasonFor(null);
          }}
        >
          <Form.Item name="reason" label="Reason" rules={[{ required: true, whitespace: true, message: 'Please input reason' }, { max: 500 }]}>
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
