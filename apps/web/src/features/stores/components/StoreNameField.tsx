import { Form, Input } from 'antd';
import { STORE_LIMITS, STORE_MSG } from '@fbo/shared/domain/stores';

/** The store's name, with the server's rules (required, at most 100 characters): both store dialogs use it. */
export function StoreNameField({ autoFocus = false }: { autoFocus?: boolean }) {
  return (
    <Form.Item
      label="Name"
      name="name"
      rules={[
        { required: true, whitespace: true, message: STORE_MSG.nameRequired },
        { max: STORE_LIMITS.name.max, message: STORE_MSG.nameLength },
      ]}
    >
      <Input autoFocus={autoFocus} autoComplete="off" />
    </Form.Item>
  );
}
