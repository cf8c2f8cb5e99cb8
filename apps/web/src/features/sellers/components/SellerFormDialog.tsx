import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, InputNumber, Modal, Skeleton } from 'antd';
import type { SellerType } from '@fbo/shared';
import { LIMITS } from '@fbo/shared/domain/limits';
import { SELLER_LIMITS as L, SELLER_MSG as M } from '@fbo/shared/domain/sellers';
import { fieldPath, useWrite } from '../../../hooks/useWrite';
import { queryKeys } from '../../../api/query-keys';
import { sellerDetailQuery, sellerKeys, sellersApi } from '../sellers.api';
import { TeamPullOrdersDialog } from '../../stores';
import { createNameRules, editNameRules, managerRules, pendingPayoutDaysRules, referralCodeRules } from './seller-rules';
import { BasecostSupporterFields, NameCodeFields, ReferralRateField, TypeAndSwitchFields } from './SellerFormFields';

type CreateValues = {
  name: string;
  code: string;
  manager: string;
  basecost?: string | null;
  supporter?: string | null;
  rate?: number | null;
  sellerType: SellerType;
  active: boolean;
  autoApproveOrder: boolean;
};

/** 'Create Seller': a new manager e-mail gets a seller manager account and a mail to set its password. */
export function CreateSellerDialog({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<CreateValues>();
  const [saving, setSaving] = useState(false);
  const { run } = useWrite({ refresh: [sellerKeys.all] });

  async function onFinish(values: CreateValues) {
    setSaving(true);
    const body = {
      name: values.name.trim(),
      code: values.code.trim(),
      manager: values.manager.trim(),
      basecost: values.basecost ?? '',
      supporter: values.supporter ?? null,
      rate: values.rate ?? 0,
      sellerType: values.sellerType,
      active: values.active,
      autoApproveOrder: values.autoApproveOrder,
    };
    const done = await run(() => sellersApi.create(body), M.created, form);
    setSaving(false);
    if (done) onClose();
  }

  return (
    <Modal open title="Create Seller" okText="Create" cancelText="Cancel" confirmLoading={saving} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form
        form={form}
        name="seller-create"
        layout="vertical"
        initialValues={{ sellerType: 'default', active: true, autoApproveOrder: false, rate: 0 }}
        onFinish={onFinish}
        validateTrigger={['onBlur', 'onChange']}
      >
        <NameCodeFields nameRules={createNameRules} nameMax={L.createName.max} />
        <Form.Item label="Manager" name="manager" rules={managerRules} extra="A new address gets a seller account and an e-mail to set its password.">
          <Input type="email" maxLength={LIMITS.email.max} autoComplete="off" />
        </Form.Item>
        <BasecostSupporterFields />
        <ReferralRateField />
        <TypeAndSwitchFields />
      </Form>
    </Modal>
  );
}

type EditValues = {
  name: string;
  code: string;
  basecost?: string | null;
  active: boolean;
  autoApproveOrder: boolean;
  getOrderAPI: boolean;
  supporter?: string | null;
  referralCode: string;
  sellerType: SellerType;
  rate?: number | null;
  pendingPayoutDays?: number | null;
};

/**
 * 'Edit Seller': loads GET seller-teams/{id}; 'Updated' on success, the spec's 'Opps...' on a load or
 * save failure (with the server's field errors under the fields). The Supporter select is disabled
 * for a sub-user (the server ignores a change from one too).
 */
export function EditSellerDialog({ teamId, isSubUser, onClose }: { teamId: string; isSubUser: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<EditValues>();
  const [saving, setSaving] = useState(false);
  const query = useQuery({ ...sellerDetailQuery(teamId), staleTime: 0 });
  const team = query.data;
  const [offer, setOffer] = useState<{ id: string; name: string } | null>(null);

  useEffect(() => {
    if (query.isError) void message.error(M.unexpected);
  }, [query.isError, message]);

  async function onFinish(values: EditValues) {
    setSaving(true);
    const body = {
      name: values.name.trim(),
      code: values.code.trim(),
      basecost: values.basecost ?? '',
      active: values.active,
      autoApproveOrder: values.autoApproveOrder,
      getOrderAPI: values.getOrderAPI,
      ...(isSubUser ? {} : { supporter: values.supporter ?? null }),
      referralCode: values.referralCode.trim(),
      sellerType: values.sellerType,
      rate: values.rate ?? 0,
      pendingPayoutDays: values.pendingPayoutDays ?? (undefined as unknown as number),
    };
    try {
      const result = await sellersApi.update(teamId, body);
      if (!result.ok) {
        void message.error(M.unexpected);
        const fields = new Set(Object.keys(form.getFieldsValue(true) ?? {}));
        form.setFields(
          Object.entries(result.body.errors ?? {})
            .filter(([name]) => fields.has(String(fieldPath(name)[0])))
            .map(([name, error]) => ({ name: fieldPath(name) as never, errors: [error] })),
        );
        return;
      }
      void message.success(M.updated);
      // Turning Get order API on offers the orders the team's shops took while it was off.
      if (values.getOrderAPI && !team?.getOrderAPI) setOffer({ id: teamId, name: values.name.trim() });
      else onClose();
    } catch {
      void message.error(M.unexpected);
    } finally {
      setSaving(false);
      void queryClient.invalidateQueries({ queryKey: sellerKeys.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.profits.all });
    }
  }

  if (offer) return <TeamPullOrdersDialog team={offer} onClose={onClose} />;
  return (
    <Modal
      open
      title="Edit Seller"
      okText="Save"
      cancelText="Cancel"
      confirmLoading={saving}
      okButtonProps={{ disabled: !team }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {query.isError ? <Alert type="error" showIcon title={M.unexpected} /> : null}
      {!team && !query.isError ? <Skeleton active /> : null}
      {team ? (
        <Form
          form={form}
          name="seller-edit"
          layout="vertical"
          initialValues={{
            name: team.name,
            code: team.code,
            basecost: team.basecost?.id ?? null,
            active: team.active,
            autoApproveOrder: team.autoApproveOrder,
            getOrderAPI: team.getOrderAPI,
            supporter: team.supporter?.id ?? null,
            referralCode: team.referralCode,
            sellerType: team.sellerType,
            rate: team.rate,
            pendingPayoutDays: team.pendingPayoutDays,
          }}
          onFinish={onFinish}
          validateTrigger={['onBlur', 'onChange']}
        >
          <NameCodeFields nameRules={editNameRules} nameMax={L.editName.max} />
          <BasecostSupporterFields supporterLocked={isSubUser} />
          <Form.Item label="Referral Code" name="referralCode" rules={referralCodeRules}>
            <Input maxLength={L.referralCode.max} />
          </Form.Item>
          <ReferralRateField />
          <Form.Item label="Pending Payout Days" name="pendingPayoutDays" rules={pendingPayoutDaysRules}>
            <InputNumber step={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <TypeAndSwitchFields withOrderApi />
        </Form>
      ) : null}
    </Modal>
  );
}
