import type { FormRule } from 'antd';
import { SELLER_LIMITS as L, SELLER_MSG as M, isValidReferralRate } from '@fbo/shared/domain/sellers';
import { LIMITS } from '@fbo/shared/domain/limits';

/** The dialogs' client rules: the same limits and words as the server (spec part 1 section 5). */
export const createNameRules: FormRule[] = [
  { required: true, whitespace: true, message: M.inputName },
  { min: L.createName.min, max: L.createName.max, message: M.createNameLength },
];
export const editNameRules: FormRule[] = [
  { required: true, whitespace: true, message: M.inputName },
  { min: L.editName.min, max: L.editName.max, message: M.editNameLength },
];
export const codeRules: FormRule[] = [
  { required: true, whitespace: true, message: M.inputCode },
  { min: L.code.min, max: L.code.max, message: M.codeLength },
];
export const managerRules: FormRule[] = [
  { required: true, whitespace: true, message: M.inputManager },
  { type: 'email', message: M.managerEmail },
  { max: LIMITS.email.max, message: M.managerEmail },
];
export const basecostRules: FormRule[] = [{ required: true, message: M.inputBasecost }];
export const rateRules: FormRule[] = [
  {
    validator: (_, value: number | null | undefined) =>
      value === null || value === undefined || isValidReferralRate(value) ? Promise.resolve() : Promise.reject(new Error(M.rateRange)),
  },
];
export const referralCodeRules: FormRule[] = [
  { required: true, whitespace: true, message: M.inputReferralCode },
  { min: L.referralCode.min, max: L.referralCode.max, message: M.referralCodeLength },
  { pattern: /^[A-Za-z0-9_-]+$/, message: M.referralCodeLength },
];
export const pendingPayoutDaysRules: FormRule[] = [
  { required: true, message: M.inputPendingPayoutDays },
  { type: 'integer', min: L.pendingPayoutDays.min, max: L.pendingPayoutDays.max, message: M.pendingPayoutDaysRange },
];
export const mappedUserRules: FormRule[] = [{ required: true, message: M.inputMappedUser }];
export const passwordRules: FormRule[] = [
  { required: true, message: M.inputPassword },
  { min: L.resetPassword.min, max: L.resetPassword.max, message: M.passwordLength },
];
export const confirmPasswordRules: FormRule[] = [
  { required: true, message: M.inputConfirmPassword },
  ({ getFieldValue }) => ({
    validator: (_, value: string | undefined) =>
      !value || getFieldValue('password') === value ? Promise.resolve() : Promise.reject(new Error(M.passwordsNotMatch)),
  }),
];
