import { Form, Input } from 'antd';
import { TRACKING_LIMITS, TRACKING_MSG } from '@fbo/shared/schemas/tracking';

/** A parcel's tracking number, carrier and tracking URL, checked as the server checks them (addShipmentBody). */
export function TrackingFields() {
  return (
    <>
      <Form.Item
        name="trackingNumber"
        label="Tracking number"
        rules={[{ required: true, whitespace: true, message: TRACKING_MSG.trackingNumberRequired }, { max: TRACKING_LIMITS.trackingNumberMax }]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="carrier" label="Carrier" rules={[{ required: true, whitespace: true, message: TRACKING_MSG.carrierRequired }, { max: TRACKING_LIMITS.carrierMax }]}>
        <Input placeholder="USPS, UPS, DHL…" autoComplete="off" />
      </Form.Item>
      <Form.Item name="trackingUrl" label="Tracking URL" rules={[{ pattern: /^https?:\/\/\S+$/i, message: TRACKING_MSG.trackingUrl }, { max: TRACKING_LIMITS.urlMax }]}>
        <Input type="url" placeholder="https://" />
      </Form.Item>
    </>
  );
}
