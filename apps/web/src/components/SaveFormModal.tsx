import { useState, type ReactNode } from 'react';
import { Form, Modal, type FormInstance } from 'antd';

interface Props<V> {
  title: string;
  /** The form's name: antd prefixes the field ids with it (labels and tests find fields by them). */
  name: string;
  initialValues: Partial<V>;
  /**
   * Saves the valid values; a truthy answer closes the modal. Given the form so the server's
   * field errors can be shown under the fields (useWrite's run does that).
   */
  onSave: (values: V, form: FormInstance<V>) => Promise<unknown>;
  onClose: () => void;
  /** The Form.Items. */
  children: ReactNode;
}

/** A create-or-update dialog: a vertical form, Save (busy while saving) and Cancel. Mounted while open. */
export function SaveFormModal<V>({ title, name, initialValues, onSave, onClose, children }: Props<V>) {
  const [form] = Form.useForm<V>();
  const [saving, setSaving] = useState(false);

  async function onFinish(values: V) {
    setSaving(true);
    const done = await onSave(values, form);
    setSaving(false);
    if (done) onClose();
  }

  return (
    <Modal open title={title} okText="Save" cancelText="Cancel" confirmLoading={saving} onOk={() => form.submit()} onCancel={onClose}>
      <Form form={form} name={name} layout="vertical" initialValues={initialValues} onFinish={onFinish}>
        {children}
      </Form>
    </Modal>
  );
}
