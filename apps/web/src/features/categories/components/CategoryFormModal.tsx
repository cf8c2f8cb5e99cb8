import { Form, Input, type FormInstance, type FormRule } from 'antd';
import type { CategoryItem } from '@fbo/shared';
import { CATEGORY_LIMITS, CATEGORY_MSG } from '@fbo/shared/domain/categories';
import { queryKeys } from '../../../api/query-keys';
import { SaveFormModal } from '../../../components/SaveFormModal';
import { categoriesApi } from '../categories.api';
import { useWrite } from '../../../hooks/useWrite';

const { min, max } = CATEGORY_LIMITS.name;
const nameRules: FormRule[] = [
  { required: true, whitespace: true, message: CATEGORY_MSG.inputName },
  { min, max, message: CATEGORY_MSG.nameLength },
];
const descriptionRules: FormRule[] = [{ max: CATEGORY_LIMITS.description.max, message: CATEGORY_MSG.descriptionLength }];

type Values = { name: string; description?: string };

/** Create (no `category`) or edit a category. Mounted while open. */
export function CategoryFormModal({ category, onClose }: { category?: CategoryItem; onClose: () => void }) {
  const { run } = useWrite({ refresh: [queryKeys.categories.all] });

  function save(values: Values, form: FormInstance<Values>) {
    const body = { name: values.name.trim(), description: (values.description ?? '').trim() };
    return category ? run(() => categoriesApi.update(category.id, body), 'Updated', form) : run(() => categoriesApi.create(body), 'Created', form);
  }

  return (
    <SaveFormModal<Values>
      title={category ? 'Update Category' : 'Create Category'}
      name="category"
      initialValues={{ name: category?.name ?? '', description: category?.description ?? '' }}
      onSave={save}
      onClose={onClose}
    >
      <Form.Item label="Name" name="name" rules={nameRules}>
        <Input autoFocus maxLength={max} />
      </Form.Item>
      <Form.Item label="Description" name="description" rules={descriptionRules}>
        <Input.TextArea rows={4} maxLength={CATEGORY_LIMITS.description.max} showCount />
      </Form.Item>
    </SaveFormModal>
  );
}
