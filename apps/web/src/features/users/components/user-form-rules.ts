/** Rules of the user dialogs, with the spec's wording (part 2 section 5). */
import type { FormRule } from 'antd';
import { LIMITS } from '@fbo/shared/domain/limits';
import { MSG } from '@fbo/shared/domain/messages';
import { USER_ADMIN_MSG as M } from '@fbo/shared/domain/users-admin';

const { fullName, password } = LIMITS;

export const fullNameRules: FormRule[] = [
  { required: true, whitespace: true, message: M.inputFullName },
  { min: fullName.min, max: fullName.max, message: M.fullNameLength },
];

export const emailRules: FormRule[] = [
  { required: true, whitespace: true, message: MSG.inputEmailAddress },
  { type: 'email', message: MSG.correctEmailAddress },
];

export const authorityRules: FormRule[] = [{ required: true, message: M.inputAuthority }];

export const passwordRules: FormRule[] = [
  { required: true, message: M.inputPassword },
  { min: password.min, max: password.max, message: M.passwordLength },
];

export const confirmPasswordRules: FormRule[] = [
  { required: true, message: M.inputConfirmPassword },
  { min: password.min, max: password.max, message: M.confirmPasswordLength },
  ({ getFieldValue }) => ({
    validator(_, value: unknown) {
      return !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(M.confirmPasswordNotSame));
    },
  }),
];
