/** Form rules of the account screens, with the spec's exact wording (part 1 section 5). */
import type { FormRule } from 'antd';
import { LIMITS } from '@fbo/shared/domain/limits';
import { MSG, lengthMessage } from '@fbo/shared/domain/messages';

export const emailRules: FormRule[] = [
  { required: true, whitespace: true, message: MSG.inputEmail },
  { type: 'email', message: MSG.correctEmailAddress },
];

export const nameRules: FormRule[] = [
  { required: true, whitespace: true, message: MSG.inputName },
  { min: LIMITS.name.min, max: LIMITS.name.max, message: lengthMessage('name', LIMITS.name.min, LIMITS.name.max) },
];

export function passwordRules(requiredMessage: string = MSG.inputPassword): FormRule[] {
  const { min, max } = LIMITS.password;
  return [
    { required: true, message: requiredMessage },
    { min, max, message: lengthMessage('password', min, max) },
  ];
}

/** The confirmation must equal the field `other` (an empty one does not, hence no separate "required"). */
export function confirmRules(other = 'password', mismatch: string = MSG.confirmNotMatch): FormRule[] {
  return [
    ({ getFieldValue }) => ({
      validator(_, value: unknown) {
        return value && value === getFieldValue(other) ? Promise.resolve() : Promise.reject(new Error(mismatch));
      },
    }),
  ];
}
