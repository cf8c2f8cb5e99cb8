import { useState } from 'react';
import { Form, Input, Modal, Switch, type FormRule } from 'antd';
import { AGENCY_LIMITS, AGENCY_MSG } from '@fbo/shared/domain/agencies-admin';
import { LIMITS } from '@fbo/shared/domain/limits';
import { MSG } from '@fbo/shared/domain/messages';
import { queryKeys } from '../../../api/query-keys';
import { useWrite } from '../../../hooks/useWrite';
import { agenciesApi } from '../agencies.api';
import { BasecostSelect } from './BasecostSelect';

const { min, max } = AGENCY_LIMITS.create;
const nameRules: FormRule[] = [{ required: true, whitespace: true, message: AGENCY_MSG.inputName }, { min, max, message: AGENCY_MSG.createNameLength }];
const codeRules: FormRule[] = [{ required: true, whitespace: true, message: AGENCY_MSG.inputCode }, { min, max, message: AGENCY_MSG.createCodeLength }];
const emailRules: FormRule[] = [
  { required: true, whitespace: true, message: MSG.inputEmailAddress },
  { type: 'email', message: MSG.correctEmailAddress },
];

type Values = { name: string; code: string; manager: string; basecost?: string | null; active: boolean };

/**
 * 'Agency Form': creates an agency. A new manager e-mail gets an owner account and a mail to set its
 * password; an existing user is linked when bound to no agency or seller team.
 */
export function AgencyFormModal({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const { run } = useWrite({ refresh: [queryKeys.agencies.all] });

  async function onFinish(values: Values) {
    setSaving(true);
    const body = { name: values.name.trim(), code: values.code.trim(), manager: values.manager.trim(), basecost: values.basecost ?? null, active: values.active };
    const done = await run(() => agenciesApi.create(body), 'Created', form);
    setSaving(false);
    if (done) onClose();
  }

  return (
    <Modal open title="Agency Form" okText="Save" cancelText="Cancel" confirmLoading={saving} onOk={() => form.submit()} onCancel={onClose}>
      <Form form={form} name="agency-create" layout="vertical" initialValues={{ active: true }} onFinish={onFinish} validateTrigger={['onBlur', 'onChange']}>
        <Form.Item label="Name" name="name" rules={nameRules}>
          <Input autoFocus maxLength={max} />
        </Form.Item>
        <Form.Item label="Code" name="code" rules={codeRules}>
          <Input maxLength={max} />
        </Form.Item>
        <Form.Item label="Manager email" name="manager" rules={emailRules} extra="A new address gets an owner account and an e-mail to set its password.">
          <Input type="email" maxLength={LIMITS.email.max} autoComplete="off" />
        </Form.Item>
        <Form.Item label="Base cost" name="basecost">
          <BasecostSelect />
        </Form.Item>
        <Form.Item label="Active" name="active" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
