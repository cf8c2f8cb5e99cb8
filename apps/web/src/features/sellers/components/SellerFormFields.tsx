import { Form, Input, InputNumber, Select, Switch, type FormRule } from 'antd';
import { SELLER_LIMITS as L } from '@fbo/shared/domain/sellers';
import { basecostRules, codeRules, rateRules } from './seller-rules';
import { BasecostSelect, SELLER_TYPE_OPTIONS, StaffSelect } from './SellerSelects';

// The fields 'Create Seller' and 'Edit Seller' share, in the order both show them.

/** Name and Code: create and edit differ only by the name's rules and length. */
export function NameCodeFields({ nameRules, nameMax }: { nameRules: FormRule[]; nameMax: number }) {
  return (
    <>
      <Form.Item label="Name" name="name" rules={nameRules}>
        <Input autoFocus maxLength={nameMax} />
      </Form.Item>
      <Form.Item label="Code" name="code" rules={codeRules}>
        <Input maxLength={L.code.max} />
      </Form.Item>
    </>
  );
}

/** Base cost and Supporter; `supporterLocked`: a sub-user editing may not change the supporter. */
export function BasecostSupporterFields({ supporterLocked }: { supporterLocked?: boolean }) {
  return (
    <>
      <Form.Item label="Base cost" name="basecost" rules={basecostRules}>
        <BasecostSelect />
      </Form.Item>
      <Form.Item label="Supporter" name="supporter" extra={supporterLocked ? 'Only the agency owner changes the supporter.' : undefined}>
        <StaffSelect placeholder="Select a supporter" disabled={supporterLocked} />
      </Form.Item>
    </>
  );
}

export function ReferralRateField() {
  return (
    <Form.Item label="Referral Rate (%)" name="rate" rules={rateRules}>
      <InputNumber step={L.rate.step} precision={2} style={{ width: '100%' }} />
    </Form.Item>
  );
}

function SwitchField({ label, name }: { label: string; name: string }) {
  return (
    <Form.Item label={label} name={name} valuePropName="checked">
      <Switch />
    </Form.Item>
  );
}

/** Seller type and the switches; edit adds 'Get order API'. */
export function TypeAndSwitchFields({ withOrderApi = false }: { withOrderApi?: boolean }) {
  return (
    <>
      <Form.Item label="Seller type" name="sellerType">
        <Select options={SELLER_TYPE_OPTIONS} />
      </Form.Item>
      <SwitchField label="Active" name="active" />
      <SwitchField label="Auto approve order" name="autoApproveOrder" />
      {withOrderApi ? <SwitchField label="Get order API" name="getOrderAPI" /> : null}
    </>
  );
}
