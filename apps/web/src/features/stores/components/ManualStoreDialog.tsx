import { Form, Input, type FormInstance } from 'antd';
import { SaveFormModal } from '../../../components/SaveFormModal';
import { storesApi } from '../stores.api';
import { useStoreWrite } from './useStoreWrite';
import { StoreNameField } from './StoreNameField';

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
      <StoreNameField autoFocus />
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
