/**
 * Agency users (/ag/users/list) and seller sub-users (/s/users): spec part 2 sections 3, 5 and 7.
 * Field rules carry the spec's messages, so a request that slips past the form says the same.
 */
import { z } from 'zod';
import { AUTHORITIES, SUB_AUTHORITIES, USER_TYPES } from '../auth/roles';
import { LIMITS } from '../domain/limits';
import { MSG } from '../domain/messages';
import { USER_ADMIN_MSG } from '../domain/users-admin';
import { listQuery, listResponse } from './common';

export * from '../domain/users-admin';

const M = USER_ADMIN_MSG;

const fullName = z
  .string({ error: M.inputFullName })
  .trim()
  .min(LIMITS.fullName.min, M.fullNameLength)
  .max(LIMITS.fullName.max, M.fullNameLength);

const email = z
  .string({ error: MSG.inputEmailAddress })
  .trim()
  .toLowerCase()
  .min(1, MSG.inputEmailAddress)
  .max(LIMITS.email.max, MSG.correctEmailAddress)
  .pipe(z.email({ error: MSG.correctEmailAddress }));

const authority = z.enum(SUB_AUTHORITIES, { error: M.inputAuthority });

/** Proxy ids; an agency has a handful, the cap only stops abuse. */
const proxyIds = z.array(z.uuid()).max(500);

/**
 * POST /users. `authority` may be left out by a seller manager (Staff is the default); the
 * agency owner must choose. The confirmation is compared by the server, which answers the
 * spec's sentence as the message (not prefixed with a field name).
 */
export const userCreateBody = z.object({
  fullName,
  email,
  authority: authority.optional(),
  proxies: proxyIds.optional(),
  password: z
    .string({ error: M.inputPassword })
    .min(LIMITS.password.min, M.passwordLength)
    .max(LIMITS.password.max, M.passwordLength),
  confirmPassword: z.string({ error: M.inputConfirmPassword }).max(LIMITS.password.max, M.confirmPasswordLength),
});
export type UserCreateBody = z.infer<typeof userCreateBody>;

/** PATCH/PUT /users/{id}: what the 'Update Agency User' dialog edits. Email is read-only. */
export const userUpdateBody = z.object({
  fullName: fullName.optional(),
  authority: authority.optional(),
  proxies: proxyIds.optional(),
  /** Accepted only unchanged: the dialog shows it read-only. */
  email: z.string().max(LIMITS.email.max).optional(),
});
export type UserUpdateBody = z.infer<typeof userUpdateBody>;

export const userProxyRef = z.object({ id: z.string(), proxyDomain: z.string() });

export const managedUser = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  userType: z.enum(USER_TYPES),
  authority: z.enum(AUTHORITIES).nullable(),
  isSubUser: z.boolean(),
  proxies: z.array(userProxyRef),
  createdAt: z.string(),
});
export type ManagedUser = z.infer<typeof managedUser>;

export const managedUserListQuery = listQuery;
export const managedUserListResponse = listResponse(managedUser);
export const managedUserResponse = z.object({ data: managedUser });
export const userCreatedResponse = z.object({ message: z.string(), data: managedUser });

/** GET /users/designers: whom design requests can be assigned to. */
export const designerListResponse = z.object({
  data: z.array(z.object({ id: z.string(), fullName: z.string(), email: z.string() })),
});

/** GET /agencies/staffs: the Supporter selects load every staff member at once (limit 1000). */
export const staffListQuery = listQuery.extend({
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
});
export const staffItem = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  authority: z.enum(AUTHORITIES).nullable(),
});
export type StaffItem = z.infer<typeof staffItem>;
export const staffListResponse = listResponse(staffItem);
