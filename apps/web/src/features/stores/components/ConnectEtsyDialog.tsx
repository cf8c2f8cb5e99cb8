import { Modal } from 'antd';

/** Connecting an Etsy shop (Etsy's OAuth approval): filled by the Etsy wiring. */
export function ConnectEtsyDialog({ onClose }: { onClose: () => void }) {
  return <Modal open title="Connect Etsy" onCancel={onClose} footer={null} />;
}
