import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Form, Input, Modal, Select, Space, Tag } from 'antd';
import { DESIGN_STATUS_LABELS, DESIGN_STATUS_ROLES, DESIGN_TRANSITIONS, DESIGN_REQUEST_ROLES, DESIGN_ASSIGN_ROLES, formatUsd, roleOf, type DesignStatus } from '@fbo/shared';
import type { DesignInfo } from '@fbo/shared/schemas/design-service';
import type { OrderDetailItem } from '@fbo/shared/schemas/order-detail';
import { DesignUploadDialog } from './DesignUploadDialog';
import { failureMessage, type HttpResult } from '../../../api/http';
import { queryKeys } from '../../../api/query-keys';
import { useRequiredSession } from '../../../entities/session';
import { designApi, designersQuery } from '../design-service.api';

const STATUS_COLOUR: Record<DesignStatus, string> = { assign: 'processing', in_review: 'warning', approved: 'success', rejected: 'error' };

/** The hire status as a coloured tag (spec: Assign, In Review, Approved, Rejected). */
export function DesignStatusTag({ status }: { status: DesignStatus | null }) {
  if (!status) return <Tag>Not requested</Tag>;
  return <Tag color={STATUS_COLOUR[status]}>{DESIGN_STATUS_LABELS[status]}</Tag>;
}

type Dialog = null | 'hire' | 'assign' | 'reject' | 'upload';

/**
 * The design request of one order, with the steps this user may take now (domain/design-service.ts):
 * hire a designer (seller), assign and price it (agency), send for review (designer), approve or
 * reject (reviewers; approval charges the design price to the seller's balance).
 */
export function DesignCard({ orderId, design, canRequest, items }: { orderId: string; design: DesignInfo; canRequest: boolean; items: OrderDetailItem[] }) {
  const { actor } = useRequiredSession();
  const role = roleOf(actor);
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);
  const status = design.hireDesignStatus;
  const may = (to: DesignStatus) => DESIGN_STATUS_ROLES[to].includes(role) && DESIGN_TRANSITIONS[to].includes(status);
  const designers = useQuery({ ...designersQuery(), enabled: dialog === 'assign' });

  async function act(call: () => Promise<HttpResult<unknown>>, done: string): Promise<boolean> {
    setBusy(true);
    try {
      const res = await call();
      if (!res.ok) {
        void message.error(res.body.message ?? 'Error!');
        return false;
      }
      void message.success(done);
      setDialog(null);
      return true;
    } catch (err) {
      void message.error(failureMessage(err) ?? 'Error!');
      return false;
    } finally {
      setBusy(false);
      void client.invalidateQueries({ queryKey: queryKeys.orders.all });
      void client.invalidateQueries({ queryKey: queryKeys.balance });
    }
  }

  const confirm = (title: string, okText: string, run: () => Promise<boolean>) =>
    modal.confirm({ title, okText, cancelText: 'Cancel', onOk: run, onCancel: () => void message.info('Cancel action!') });

  const hireAllowed = canRequest && DESIGN_REQUEST_ROLES.includes(role) && (status === null || status === 'rejected');
  const buttons = [
    hireAllowed && <Button key="hire" onClick={() => setDialog('hire')}>Hire designer</Button>,
    may('assign') && status !== null && <Button key="assign" onClick={() => setDialog('assign')}>{design.designer ? 'Reassign designer' : 'Assign designer'}</Button>,
    DESIGN_ASSIGN_ROLES.includes(role) && status !== null && status !== 'approved' && (
      <Button key="price" loading={busy} onClick={() => void act(() => designApi.syncDefaultCost(orderId), 'Design cost updated')}>Use default cost</Button>
    ),
    may('in_review') && (role !== 'agency.designer' || design.designer?.id === actor.userId) && items.length > 0 && (
      <Button key="upload" onClick={() => setDialog('upload')}>Upload design</Button>
    ),
    may('in_review') && (role !== 'agency.designer' || design.designer?.id === actor.userId) && (
      <Button key="review" type="primary" onClick={() => confirm('Send the design for review?', 'Send', () => act(() => designApi.change(orderId, { status: 'in_review' }), 'Update success'))}>
        Send for review
      </Button>
    ),
    may('approved') && (
      <Button
        key="approve"
        type="primary"
        onClick={() => confirm(`Approve the design? ${formatUsd(design.designPrice)} is charged to the seller's balance.`, 'Approve', () => act(() => designApi.change(orderId, { status: 'approved' }), 'Update success'))}
      >
        Approve design
      </Button>
    ),
    may('rejected') && <Button key="reject" danger onClick={() => setDialog('reject')}>Reject design</Button>,
  ].filter(Boolean);

  return (
    <Card title="Design service" extra={<DesignStatusTag status={status} />}>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="Designer">{design.designer ? `${design.designer.fullName} (${design.designer.email})` : '—'}</Descriptions.Item>
        <Descriptions.Item label="Design price">{formatUsd(design.designPrice)}</Descriptions.Item>
        <Descriptions.Item label="Charged">{formatUsd(design.designCost)}</Descriptions.Item>
        {design.note ? <Descriptions.Item label="Request">{design.note}</Descriptions.Item> : null}
      </Descriptions>
      {buttons.length > 0 ? <Space wrap style={{ marginTop: 12 }}>{buttons}</Space> : null}

      <Modal title="Hire designer" open={dialog === 'hire'} onCancel={() => setDialog(null)} footer={null} destroyOnHidden>
        <Form layout="vertical" name="hire-designer" onFinish={(v: { note?: string }) => void act(() => designApi.hire([orderId], v.note), 'Update success')}>
          <Form.Item label="What should the design look like?" name="note" rules={[{ max: 1000, message: 'Note should be at most 1000 characters' }]}>
            <Input.TextArea rows={4} />
          </Form.Item>
          <Space>
            <Button onClick={() => setDialog(null)}>Cancel</Button>
            <Button type="primary" htmlType="submit" loading={busy}>Hire</Button>
          </Space>
        </Form>
      </Modal>

      <Modal title="Assign designer" open={dialog === 'assign'} onCancel={() => setDialog(null)} footer={null} destroyOnHidden>
        <Form layout="vertical" name="assign-designer" onFinish={(v: { designerId: string }) => void act(() => designApi.change(orderId, { status: 'assign', designerId: v.designerId }), 'Update success')}>
          <Form.Item label="Designer" name="designerId" rules={[{ required: true, message: 'Please choose a designer.' }]}>
            <Select
              loading={designers.isLoading}
              options={(designers.data ?? []).map((d) => ({ value: d.id, label: `${d.fullName} (${d.email})` }))}
              placeholder="Choose a designer"
            />
          </Form.Item>
          <Space>
            <Button onClick={() => setDialog(null)}>Cancel</Button>
            <Button type="primary" htmlType="submit" loading={busy}>Assign</Button>
          </Space>
        </Form>
      </Modal>

      <DesignUploadDialog
        open={dialog === 'upload'}
        items={items}
        busy={busy}
        onCancel={() => setDialog(null)}
        onSave={(body) => void act(() => designApi.uploadDesign(body), 'Update success')}
      />

      <Modal title="Reject design" open={dialog === 'reject'} onCancel={() => setDialog(null)} footer={null} destroyOnHidden>
        <Form layout="vertical" name="reject-design" onFinish={(v: { reason: string }) => void act(() => designApi.change(orderId, { status: 'rejected', reason: v.reason }), 'Update success')}>
          <Form.Item label="Reason" name="reason" rules={[{ required: true, whitespace: true, message: 'Please input reason' }, { max: 1000 }]}>
            <Input.TextArea rows={3} />
          </Form.Item>
          <Space>
            <Button onClick={() => setDialog(null)}>Cancel</Button>
            <Button type="primary" danger htmlType="submit" loading={busy}>Reject</Button>
          </Space>
        </Form>
      </Modal>
    </Card>
  );
}
