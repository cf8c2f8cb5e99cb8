import { useState } from 'react';
import { Form, Input, Modal, type FormRule } from 'antd';
import type { CategoryItem } from '@fbo/shared';
import { CATEGORY_LIMITS, CATEGORY_MSG } from '@fbo/shared/domain/categories';
import { queryKeys } from '../../../api/query-keys';
import { categoriesApi } from '../categories.api';
import { useChangeAction } from '../../../hooks/useChangeAction';

const { min, max } = CATEGORY_LIMITS.name;
const nameRules: FormRule[] = [
  { required: true, whitespace: true, message: CATEGORY_MSG.inputName },
  { min, max, message: CATEGORY_MSG.nameLength },
];
const descriptionRules: FormRule[] = [{ max: CATEGORY_LIMITS.description.max, message: CATEGORY_MSG.descriptionLength }];

type Values = { name: string; description?: string };

/** Create (no `category`) or edit a category. Mounted while open. */
export function CategoryFormModal({ category, onClose }: { category?: CategoryItem; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const run = useChangeAction([queryKeys.categories.all]);

  async function onFinish(values: Values) {
    setSaving(true);
    const body = { name: values.name.trim(), description: (values.description ?? '').trim() };
    const done = category
      ? await run(() => categoriesApi.update(category.id, body), 'Updated', form)
      : await run(() => categoriesApi.create(body), 'Created', form);
    setSaving(false);
    if (done) onClose();
  }

  return (
    <Modal
      open
      title={category ? 'Update Category' : 'Create Category'}
      okText="Save"
      cancelText="Cancel"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form
        form={form}
        name="category"
        layout="vertical"
        initialValues={{ name: category?.name ?? '', description: category?.description ?? '' }}
        onFinish={onFinish}
      >
        <Form.Item label="Name" name="name" rules={nameRules}>
          <Input autoFocus maxLength={max} />
        </Form.Item>
        <Form.Item label="Description" name="description" rules={descriptionRules}>
          <Input.TextArea rows={4} maxLength={CATEGORY_LIMITS.description.max} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
