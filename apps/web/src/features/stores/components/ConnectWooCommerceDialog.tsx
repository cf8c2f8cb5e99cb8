import { Modal } from 'antd';

/** Connecting a WooCommerce store (its consent screen, or keys typed by hand): filled by the WooCommerce wiring. */
export function ConnectWooCommerceDialog({ onClose }: { onClose: () => void }) {
  return <Modal open title="Connect WooCommerce" onCancel={onClose} footer={null} />;
}
