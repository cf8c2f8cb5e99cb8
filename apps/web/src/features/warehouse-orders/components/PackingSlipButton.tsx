import { useState } from 'react';
import { App, Button, type ButtonProps } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { MSG } from '@fbo/shared/domain/messages';
import { failureMessage } from '../../../api/http';
import { openPackingSlip } from '../warehouse-orders.api';

/** "Packing slip": the PDF opened in a new tab (fetched with the session, shown from memory). */
export function PackingSlipButton({ id, orderName, ...button }: { id: string; orderName: string } & Pick<ButtonProps, 'size' | 'type'>) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  async function open() {
    setBusy(true);
    try {
      await openPackingSlip(id);
    } catch (error) {
      void message.error(failureMessage(error) ?? MSG.serverError);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button icon={<FilePdfOutlined />} loading={busy} onClick={() => void open()} aria-label={`Packing slip of order ${orderName}`} {...button}>
      Packing slip
    </Button>
  );
}
