import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Skeleton, Switch, type FormRule } from 'antd';
import type { AgencyItem } from '@fbo/shared';
import { AGENCY_LIMITS, AGENCY_MSG } from '@fbo/shared/domain/agencies-admin';
import { MSG } from '@fbo/shared/domain/messages';
import { queryKeys } from '../../../api/query-keys';
import { failureMessage } from '../../../api/http';
import { useWrite } from '../../../hooks/useWrite';
import { agenciesApi, agencyDetailQuery } from '../agencies.api';
import { BasecostSelect } from './BasecostSelect';

const { min, max } = AGENCY_LIMITS.update;
const nameRules: FormRule[] = [{ required: true, whitespace: true, message: AGENCY_MSG.inputName }, { min, max, message: AGENCY_MSG.updateNameLength }];
const codeRules: FormRule[] = [{ required: true, whitespace: true, message: AGENCY_MSG.inputCode }, { min, max, message: AGENCY_MSG.updateCodeLength }];

type Values = { name: string; code: string; active: boolean; basecost?: string | null };

/** 'Update Agency': loads the record when opened, edits name, code, the active switch and the base cost. */
export function UpdateAgencyModal({ agencyId, onClose }: { agencyId: string; onClose: () => void }) {
  const query = useQuery({ ...agencyDetailQuery(agencyId), refetchOnMount: 'always' });
  const [saving, setSaving] = useState(false);
  // The first fresh answer fills the form once: a refresh after a refused save keeps what was typed.
  const [loaded, setLoaded] = useState<AgencyItem>();
  if (!loaded && query.data && !query.isFetching) setLoaded(query.data);

  return (
    <Modal
      open
      title="Update Agency"
      footer={loaded ? undefined : null}
      onCancel={onClose}
      okText="Save"
      cancelText="Cancel"
      confirmLoading={saving}
      okButtonProps={{ form: 'agency-update', htmlType: 'submit' }}
    >
      {query.isError && !loaded ? (
        <Alert type="error" showIcon title={failureMessage(query.error) ?? MSG.serverError} />
      ) : loaded ? (
        <UpdateForm agency={loaded} onClose={onClose} onSaving={setSaving} />
      ) : (
        <Skeleton active />
      )}
    </Modal>
  );
}

function UpdateForm({ agency, onClose, onSaving: setSaving }: { agency: AgencyItem; onClose: () => void; onSaving: (saving: boolean) => void }) {
  const [form] = Form.useForm<Values>();
  const { run } = useWrite({ refresh: [queryKeys.agencies.all] });

  async function onFinish(values: Values) {
    setSaving(true);
    const body = { name: values.name.trim(), code: values.code.trim(), active: values.active, basecost: values.basecost ?? null };
    const done = await run(() => agenciesApi.update(agency.id, body), 'Updated', form);
    setSaving(false);
    if (done) onClose();
  }

  return (
    <Form
      form={form}
      id="agency-update"
      name="agency-update"
      layout="vertical"
      initialValues={{ name: agency.name, code: agency.code, active: agency.active, basecost: agency.basecostId }}
      onFinish={onFinish}
    >
      <Form.Item label="Name" name="name" rules={nameRules}>
        <Input autoFocus maxLength={max} />
      </Form.Item>
      <Form.Item label="Code" name="code" rules={codeRules}>
        <Input maxLength={max} />
      </Form.Item>
      <Form.Item label="Base cost" name="basecost">
        <BasecostSelect />
      </Form.Item>
      <Form.Item label="Active" name="active" valuePropName="checked">
        <Switch />
      </Form.Item>
    </Form>
  );
}
