import { useMemo, useState } from 'react';
import { App, Form, Input, Modal, Select } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ManagedUser, SubAuthority } from '@fbo/shared';
import { SUB_AUTHORITIES, SUB_AUTHORITY_LABELS } from '@fbo/shared/auth/roles';
import { MSG } from '@fbo/shared/domain/messages';
import { DEFAULT_SUB_AUTHORITY, USER_ADMIN_MSG as M } from '@fbo/shared/domain/users-admin';
import { failureMessage } from '../../../api/http';
import { proxyOptionsQuery } from '../../proxies';
import { userKeys, usersApi } from '../users.api';
import { authorityRules, confirmPasswordRules, emailRules, fullNameRules, passwordRules } from './user-form-rules';

/** agency: the owner's Agency Users (with proxies); seller: a team manager's sub-users. */
export type UsersVariant = 'agency' | 'seller';

interface Values {
  fullName: string;
  authority: SubAuthority;
  email: string;
  proxies?: string[];
  password: string;
  confirmPassword: string;
}

const NO_PROXIES: ManagedUser['proxies'] = [];
const authorityOptions = SUB_AUTHORITIES.map((value) => ({ value, label: SUB_AUTHORITY_LABELS[value] }));

/** The proxies to pick from, plus those the user already has (the list may not answer). */
function useProxyOptions(enabled: boolean, current: ManagedUser['proxies']) {
  const query = useQuery({ ...proxyOptionsQuery(), enabled });
  return useMemo(() => {
    const byId = new Map(current.map((p) => [p.id, p.proxyDomain]));
    for (const p of query.data ?? []) byId.set(p.id, p.proxyDomain);
    return [...byId].map(([value, label]) => ({ value, label }));
  }, [query.data, current]);
}

/**
 * 'Create User' when `user` is absent, else 'Update Agency User' (full name, authority and
 * proxies; the e-mail shown read-only). Rendered only while open.
 */
export function UserFormDialog({ variant, user, onClose }: { variant: UsersVariant; user?: ManagedUser; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const withProxies = variant === 'agency';
  const proxyOptions = useProxyOptions(withProxies, user?.proxies ?? NO_PROXIES);
  const title = !user ? 'Create User' : variant === 'agency' ? 'Update Agency User' : 'Update User';

  const initialValues: Partial<Values> = user
    ? { fullName: user.fullName, authority: user.authority as SubAuthority, email: user.email, proxies: user.proxies.map((p) => p.id) }
    : { authority: variant === 'seller' ? DEFAULT_SUB_AUTHORITY : undefined, proxies: [] };

  async function create(values: Values) {
    try {
      const result = await usersApi.create({
        fullName: values.fullName.trim(),
        email: values.email.trim(),
        authority: values.authority,
        ...(withProxies ? { proxies: values.proxies ?? [] } : {}),
        password: values.password,
        confirmPassword: values.confirmPassword,
      });
      // Spec: 201 is created; anything else shows the server's message.
      if (result.status === 201) return M.created;
      void message.error(result.body.message ?? MSG.serverError);
    } catch (error) {
      void message.error(failureMessage(error) ?? MSG.serverError);
    }
    return null;
  }

  async function update(target: ManagedUser, values: Values) {
    try {
      const result = await usersApi.update(target.id, {
        fullName: values.fullName.trim(),
        authority: values.authority,
        ...(withProxies ? { proxies: values.proxies ?? [] } : {}),
      });
      if (result.ok) return M.updated;
    } catch {
      // The spec's generic text below.
    }
    void message.error(M.updateFailed);
    return null;
  }

  async function onFinish(values: Values) {
    setSaving(true);
    try {
      const done = user ? await update(user, values) : await create(values);
      if (!done) return;
      void message.success(done);
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
      onClose();
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      title={title}
      okText="Save"
      cancelText="Cancel"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Form<Values> form={form} name={user ? 'user-update' : 'user-create'} layout="vertical" initialValues={initialValues} onFinish={onFinish}>
        <Form.Item label="Full Name" name="fullName" rules={fullNameRules}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Authority" name="authority" rules={authorityRules}>
          <Select options={authorityOptions} placeholder="Select an authority" />
        </Form.Item>
        {user ? (
          <Form.Item label="Email" name="email">
            <Input readOnly aria-readonly />
          </Form.Item>
        ) : (
          <Form.Item label="Email" name="email" rules={emailRules} validateTrigger={['onChange', 'onBlur']}>
            <Input type="email" autoComplete="off" />
          </Form.Item>
        )}
        {withProxies ? (
          <Form.Item label="Proxies" name="proxies">
            <Select mode="multiple" allowClear options={proxyOptions} optionFilterProp="label" placeholder="Select proxies" />
          </Form.Item>
        ) : null}
        {user ? null : (
          <>
            <Form.Item label="Password" name="password" rules={passwordRules}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Form.Item label="Confirm Password" name="confirmPassword" rules={confirmPasswordRules} dependencies={['password']}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
