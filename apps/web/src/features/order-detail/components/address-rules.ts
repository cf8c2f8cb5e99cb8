/**
 * The address rules as antd form rules (packages/shared/src/domain/order-address.ts), run on the
 * whole form so zip and state follow the country code. A missing part is an error that blocks
 * saving; a zip, state or phone in an unusual form is only a warning, since a person may save it
 * and confirm it as Verified (docs/orders.md, "Address check").
 */
import type { FormInstance, FormRule } from 'antd';
import { addressProblems, type AddressField, type AddressFields } from '@fbo/shared/domain/order-address';

const EMPTY: AddressFields = { fullName: '', address1: '', city: '', province: '', zipCode: '', countryCode: '', phone: '' };

function problemOf(form: FormInstance, field: AddressField) {
  const values = { ...EMPTY, ...(form.getFieldsValue(true) as Partial<AddressFields>) };
  for (const key of Object.keys(values) as (keyof AddressFields)[]) values[key] = (values[key] ?? '') as never;
  return addressProblems(values).find((p) => p.field === field);
}

/** Form rules of one address field: its required problem as an error, its format problem as a warning. */
export function addressRules(form: FormInstance, field: AddressField): FormRule[] {
  const check = (kind: 'required' | 'format') => () => {
    const p = problemOf(form, field);
    return p && p.kind === kind ? Promise.reject(new Error(p.message)) : Promise.resolve();
  };
  return [{ validator: check('required') }, { warningOnly: true, validator: check('format') }];
}
