import { Form, Input, type FormRule } from 'antd';
import { BASECOST_LIMITS, BASECOST_MSG } from '@fbo/shared/domain/basecosts';

const { min, max } = BASECOST_LIMITS.name;
const nameRules: FormRule[] = [
  { required: true, whitespace: true, message: BASECOST_MSG.inputName },
  { min, max, message: BASECOST_MSG.nameLength },
];

export interface BasecostFieldValues {
  name: string;
  description?: string;
}

/** Name and description of a price list or a group: the one set of fields every base-cost form uses. */
export function BasecostFields({ autoFocus }: { autoFocus?: boolean }) {
  return (
    <>
      <Form.Item label="Name" name="name" rules={nameRules}>
        <Input autoFocus={autoFocus} maxLength={max} />
      </Form.Item>
      <Form.Item label="Description" name="description" rules={[{ max: BASECOST_LIMITS.description.max, message: BASECOST_MSG.descriptionLength }]}>
        <Input.TextArea rows={3} maxLength={BASECOST_LIMITS.description.max} />
      </Form.Item>
    </>
  );
}

/** The body to send: trimmed, the description always present (clearing it is a change too). */
export function fieldBody(values: BasecostFieldValues) {
  return { name: values.name.trim(), description: (values.description ?? '').trim() };
}
