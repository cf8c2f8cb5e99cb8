import { Form, Input, type FormInstance } from 'antd';
import { STORE_LIMITS, STORE_MSG } from '@fbo/shared/domain/stores';
import { SaveFormModal } from '../../../components/SaveFormModal';
import { storesApi } from '../stores.api';
import { useStoreWrite } from './useStoreWrite';

interface Values {
  name: string;
  currency: string;
}

/** A manual (CSV-only) store: orders come in by import, nothing is pulled from a platform. */
export function ManualStoreDialog({ onClose }: { onClose: () => void }) {
  const { run } = useStoreWrite();
  const save = (values: Values, form: FormInstance<Values>) =>
    run(() => storesApi.createManual({ name: values.name.trim(), currency: values.currency.trim().toUpperCase() }), undefined, form);

  return (
    <SaveFormModal<Values> title="Add manual store" name="manual-store" initialValues={{ name: '', currency: 'USD' }} onSave={save} onClose={onClose}>
      <Form.Item
        label="Name"
        name="name"
        rules={[
          { required: true, whitespace: true, message: STORE_MSG.nameRequired },
          { max: STORE_LIMITS.name.max, message: STORE_MSG.nameLength },
        ]}
      >
        <Input autoFocus autoComplete="off" />
      </Form.Item>
      <Form.Item
        label="Currency"
        name="currency"
        rules={[{ required: true, pattern: /^\s*[A-Za-z]{3}\s*$/, message: 'Currency must be a 3-letter code' }]}
        extra="The store's currency, e.g. USD"
      >
        <Input autoComplete="off" maxLength={3} style={{ width: 120, textTransform: 'uppercase' }} />
      </Form.Item>
    </SaveFormModal>
  );
}
