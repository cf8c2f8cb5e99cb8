import { z } from 'zod';
import { LIMITS } from '../domain/limits';
import { MSG } from '../domain/messages';
import { AUTHORITIES, USER_TYPES } from '../auth/roles';
import { emailField } from './common';

const password = z.string().min(LIMITS.password.min).max(LIMITS.password.max);

export const loginBody = z.object({ email: emailField, password: z.string().min(1).max(LIMITS.password.max) });
export const loginResponse = z.object({ access_token: z.string(), message: z.string() });

export const signupBody = z
  .object({
    name: z.string().trim().min(LIMITS.name.min).max(LIMITS.name.max),
    email: emailField,
    password,
    confirmPassword: z.string(),
    referralCode: z.string().trim().max(64).optional(),
    appToken: z.string().max(512).optional(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: MSG.confirmNotMatch, path: ['confirmPassword'] });

export const resendConfirmationBody = z.object({ email: emailField });
export const forgotPasswordBody = z.object({ email: emailField });
export const resetPasswordBody = z
  .object({ token: z.string().min(10).max(200), password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: MSG.confirmNotMatch, path: ['confirmPassword'] });
export const confirmEmailBody = z.object({ token: z.string().min(10).max(200) });
export const linkStoreBody = z.object({ appToken: z.string().min(1).max(512) });

export const userInfo = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  userType: z.enum(USER_TYPES),
  authority: z.enum(AUTHORITIES).nullable(),
  isSubUser: z.boolean(),
  agencyId: z.string().nullable(),
  sellerTeam: z
    .object({
      id: z.string(),
      name: z.string(),
      code: z.string(),
      /** default, or warehouse: the team operates warehouses (docs/warehouses.md). */
      sellerType: z.enum(['default', 'warehouse']),
      basecost: z.object({ id: z.string(), name: z.string() }).nullable(),
    })
    .nullable(),
});
export type UserInfo = z.infer<typeof userInfo>;
