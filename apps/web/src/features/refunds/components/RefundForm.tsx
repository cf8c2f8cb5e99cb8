import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Space, Switch, Table, Typography, type TableColumnsType } from 'antd';
import { dollarsToCents, formatUsd } from '@fbo/shared/domain/money';
import { routePath } from '@fbo/shared/routes';
import { itemRefundCents, REFUND_LIMITS, REFUND_MSG, type RefundBody, type RefundItem, type RefundOverview } from '@fbo/shared/schemas/refunds';
import { failureMessage } from '../../../api/http';
import { queryKeys } from '../../../api/query-keys';
import { useIdempotencyKey } from '../../../hooks/useIdempotencyKey';
import { usd } from '../../../entities/order';
import { refundsApi } from '../refunds.api';

/** The shared per-item rule on the overview's dollars: what `units` more of the item give back, in cents. */
const unitsCents = (item: RefundItem, units: number) =>
  itemRefundCents(
    {
      quantity: item.quantity,
      baseCostCents: dollarsToCents(item.baseCost),
      shippingCostCents: dollarsToCents(item.shippingCost),
      refundedQuantity: item.refundedQuantity,
      refundedCents: dollarsToCents(item.refunded),
    },
    units,
  );

/**
 * What to refund: some units per item, or everything left ('Refund everything'), and why. The
 * confirmation shows the total only: the agency does not see the seller's balance.
 */
export function RefundForm({ overview }: { overview: RefundOverview['data'] }) {
  const { order, items } = overview;
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const idempotency = useIdempotencyKey();
  const [form] = Form.useForm<{ reason: string }>();
  const [everything, setEverything] = useState(false);
  const [units, setUnits] = useState<Record<string, number>>({});
  const [busy, setBusy] = useState(false);

  const chosen = items.filter((i) => (units[i.id] ?? 0) > 0);
  const totalCents = everything ? dollarsToCents(order.refundable) : chosen.reduce((s, i) => s + unitsCents(i, units[i.id]!), 0);

  const columns: TableColumnsType<RefundItem> = [
    { key: 'sku', title: 'SKU', dataIndex: 'sku' },
    { key: 'title', title: 'Item', render: (_, i) => [i.title, i.color, i.size].filter(Boolean).join(' / ') || '—' },
    { key: 'qty', title: 'Quantity', dataIndex: 'quantity', align: 'right' },
    { key: 'refunded', title: 'Refunded', align: 'right', render: (_, i) => `${i.refundedQuantity} (${usd(i.refunded)})` },
    { key: 'refundable', title: 'Refundable', align: 'right', render: (_, i) => `${i.refundableQuantity} (${usd(i.refundable)})` },
    {
      key: 'units',
      title: 'To refund',
      render: (_, i) => (
        <InputNumber
          aria-label={`Quantity to refund of ${i.sku}`}
          min={0}
          max={i.refundableQuantity}
          precision={0}
          disabled={everything || i.refundableQuantity === 0}
          value={everything ? i.refundableQuantity : (units[i.id] ?? 0)}
          onChange={(v) => setUnits((u) => ({ ...u, [i.id]: Math.min(i.refundableQuantity, Math.max(0, Number(v ?? 0))) }))}
        />
      ),
    },
    {
      key: 'amount',
      title: 'Amount',
      align: 'right',
      render: (_, i) => usd((everything ? unitsCents(i, i.refundableQuantity) : unitsCents(i, units[i.id] ?? 0)) / 100),
    },
  ];

  async function send(reason: string) {
    const body: RefundBody = everything ? { reason } : { reason, items: chosen.map((i) => ({ orderItemId: i.id, quantity: units[i.id]! })) };
    setBusy(true);
    try {
      const result = await refundsApi.refund(order.id, body, idempotency.key);
      if (!result.ok) {
        void message.error(result.body.message ?? 'Error!');
        return;
      }
      idempotency.renew();
      void message.success(REFUND_MSG.success);
      void client.invalidateQueries({ queryKey: queryKeys.orders.all });
      void client.invalidateQueries({ queryKey: queryKeys.invoices.all });
      void navigate(routePath('ag-order-detail', { id: order.id }));
    } catch (error) {
      void message.error(failureMessage(error) ?? 'Error!');
    } finally {
      setBusy(false);
    }
  }

  async function submit() {
    const { reason } = await form.validateFields();
    if (totalCents <= 0) {
      void message.error('Choose at least one unit to refund');
      return;
    }
    modal.confirm({
      title: 'Refund this order?',
      content: `Total to refund: ${formatUsd(totalCents / 100)}. It goes back to the seller's wallet.`,
      okText: 'Refund',
      onOk: () => send(reason.trim()),
    });
  }

  return (
    <Card title="Refund">
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item label="Refund everything" htmlFor="refund-everything">
          <Switch id="refund-everything" checked={everything} onChange={setEverything} />
        </Form.Item>
        <Table
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={items}
          pagination={false}
          scroll={{ x: true }}
          style={{ marginBottom: 16 }}
          locale={{ emptyText: 'No charged item.' }}
        />
        <Form.Item
          name="reason"
          label="Reason"
          rules={[
            { required: true, whitespace: true, message: REFUND_MSG.reasonLength },
            { min: REFUND_LIMITS.reason.min, max: REFUND_LIMITS.reason.max, message: REFUND_MSG.reasonLength },
          ]}
        >
          <Input.TextArea rows={3} maxLength={REFUND_LIMITS.reason.max} showCount />
        </Form.Item>
        <Space wrap>
          <Typography.Text strong data-testid="refund-total">
            Total to refund: {formatUsd(totalCents / 100)}
          </Typography.Text>
          <Button type="primary" loading={busy} disabled={totalCents <= 0} onClick={() => void submit().catch(() => undefined)}>
            Refund
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
