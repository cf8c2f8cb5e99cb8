import { useState } from 'react';
import { Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { can } from '@fbo/shared';
import { useSession } from '../../../entities/session';
import { ImportOrdersDialog } from './ImportOrdersDialog';

/** The seller's 'Import' button on /s/orders (the roles with 'orders.import'). */
export function ImportOrdersButton() {
  const { actor } = useSession();
  const [open, setOpen] = useState(false);
  if (!actor || !can(actor, 'orders.import')) return null;
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        Import
      </Button>
      {open ? <ImportOrdersDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}
