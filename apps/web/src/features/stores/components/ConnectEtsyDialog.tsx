import { Modal, Typography } from 'antd';
import { ETSY_MSG } from '@fbo/shared/schemas/stores-etsy';
import { etsyApi } from '../etsy.api';
import { useStoreWrite } from './useStoreWrite';

/**
 * Nothing to type: Etsy's approval page asks which shop. The server answers Etsy's approval address and the browser
 * goes there; Etsy sends it back to /cms/s/integrations?connected=<id> (or ?error=...).
 */
export function ConnectEtsyDialog({ onClose }: { onClose: () => void }) {
  const { run, busy } = useStoreWrite();

  async function connect() {
    // Nothing to toast on success: the page is about to leave for Etsy.
    const answer = await run(() => etsyApi.connect(), () => undefined);
    if (answer) window.location.assign(answer.url);
  }

  return (
    <Modal open title="Connect Etsy" okText="Connect" cancelText="Cancel" confirmLoading={busy} onOk={connect} onCancel={onClose}>
      <Typography.Paragraph>{ETSY_MSG.intro}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{ETSY_MSG.pulled}</Typography.Paragraph>
    </Modal>
  );
}
