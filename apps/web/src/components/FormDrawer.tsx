import type { ReactNode } from 'react';
import { Button, Drawer, Space } from 'antd';

/**
 * The drawer every create-or-declare form opens in: a large drawer with Cancel and the form's submit button in its
 * header (the form itself is the child; `onSubmit` is usually `() => form.submit()`).
 */
export function FormDrawer({ title, busy, submitLabel = 'Save', onSubmit, onClose, children }: {
  title: ReactNode;
  busy: boolean;
  submitLabel?: string;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer
      open
      title={title}
      size="large"
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" loading={busy} onClick={onSubmit}>
            {submitLabel}
          </Button>
        </Space>
      }
    >
      {children}
    </Drawer>
  );
}
