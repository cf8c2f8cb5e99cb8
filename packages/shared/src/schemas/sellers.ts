/** Request and response schemas of the sellers endpoints (spec part 1 sections 2, 3, 5, 7, 8, 9). */
import { z } from 'zod';
import { AUTHORITIES } from '../auth/roles';
import { LIMITS } from '../domain/limits';
import { AUTO_APPROVE, SELLER_LIMITS, SELLER_MSG as M, SELLER_TYPES, isValidReferralRate } from '../domain/sellers';
import { listResponse } from './common';

const L = SELLER_LIMITS;

const text = (required: string, min: number, max: number, length: string) =>
  z.string({ error: required }).trim().min(1, required).min(min, length).max(max, length);

const createName = text(M.inputName, L.createName.min, L.createName.max, M.createNameLength);
const editName = text(M.inputName, L.editName.min, L.editName.max, M.editNameLength);
const code = text(M.inputCode, L.code.min, L.code.max, M.codeLength);
const basecost = z.uuid({ error: M.inputBasecost });
/** An agency user id, or null for no supporter. */
const supporter = z.uuid({ error: M.supporterNotFound }).nullable();
const rate = z.number({ error: M.rateRange }).refine(isValidReferralRate, M.rateRange);
const sellerType = z.enum(SELLER_TYPES);
const managerEmail = z
  .string({ error: M.inputManager })
  .trim()
  .toLowerCase()
  .min(1, M.inputManager)
  .max(LIMITS.email.max, M.managerEmail)
  .pipe(z.email({ error: M.managerEmail }));
/** Stored upper-case, like the codes the server makes (sign-up compares upper-case). */
const referralCode = z
  .string({ error: M.inputReferralCode })
  .trim()
  .min(1, M.inputReferralCode)
  .min(L.referralCode.min, M.referralCodeLength)
  .max(L.referralCode.max, M.referralCodeLength)
  .regex(/^[A-Za-z0-9_-]+$/, M.referralCodeLength)
  .transform((v) => v.toUpperCase());
const pendingPayoutDays = z
  .number({ error: M.inputPendingPayoutDays })
  .int(M.pendingPayoutDaysRange)
  .min(L.pendingPayoutDays.min, M.pendingPayoutDaysRange)
  .max(L.pendingPayoutDays.max, M.pendingPayoutDaysRange);

const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

// GET /api/seller-teams
export const sellerListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(L.selectLimit).default(L.pageSize),
  /** Name or code, case-insensitive. */
  search: z.string().trim().max(200).optional(),
  supporter: z.uuid().optional(),
  basecost: z.uuid().optional(),
  sellerType: sellerType.optional(),
  sellerTeam: z.uuid().optional(),
  autoApproveOrder: z.enum(AUTO_APPROVE).optional(),
  active: booleanQuery.optional(),
});
export type SellerListQuery = z.infer<typeof sellerListQuery>;
export type SellerListParams = z.input<typeof sellerListQuery>;

const ref = z.object({ id: z.string(), email: z.string() });
export const sellerTeamRow = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  /** Referral rate, percent. */
  rate: z.number(),
  referralCode: z.string(),
  referralFrom: z.object({ id: z.string(), name: z.string(), code: z.string(), managerEmail: z.string().nullable() }).nullable(),
  basecost: z.object({ id: z.string(), name: z.string() }).nullable(),
  supporter: ref.nullable(),
  manager: ref.nullable(),
  /** The wallet balance, USD. */
  balance: z.object({ amount: z.number() }),
  /** Pending top-up requests. */
  pendingTopUp: z.number().int(),
  pendingPayoutDays: z.number().int(),
  autoApproveOrder: z.boolean(),
  getOrderAPI: z.boolean(),
  active: z.boolean(),
  sellerType,
  mappedUser: ref.nullable(),
  createdAt: z.string(),
});
export type SellerTeamRow = z.infer<typeof sellerTeamRow>;
export const sellerListResponse = listResponse(sellerTeamRow);
export const sellerTeamResponse = z.object({ data: sellerTeamRow });
export const sellerTeamAnswer = z.object({ message: z.string(), data: sellerTeamRow });

// POST /api/seller-teams
export const sellerCreateBody = z.object({
  name: createName,
  code,
  manager: managerEmail,
  basecost,
  supporter: supporter.optional(),
  rate: rate.default(0),
  sellerType: sellerType.default('default'),
  active: z.boolean().default(true),
  autoApproveOrder: z.boolean().default(false),
});
export type SellerCreateBody = z.infer<typeof sellerCreateBody>;
export type SellerCreateInput = z.input<typeof sellerCreateBody>;

// PATCH /api/seller-teams/:id (fields left out keep their value; the spec's required ones are required)
export const sellerUpdateBody = z.object({
  name: editName,
  code: code.optional(),
  basecost,
  active: z.boolean().optional(),
  autoApproveOrder: z.boolean().optional(),
  getOrderAPI: z.boolean().optional(),
  supporter: supporter.optional(),
  referralCode,
  sellerType: sellerType.optional(),
  rate: rate.optional(),
  pendingPayoutDays,
});
export type SellerUpdateBody = z.infer<typeof sellerUpdateBody>;
export type SellerUpdateInput = z.input<typeof sellerUpdateBody>;

// GET /api/seller-teams/:id/members
export const sellerMember = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  authority: z.enum(AUTHORITIES).nullable(),
  isSubUser: z.boolean(),
  status: z.enum(['pending', 'active', 'disabled']),
});
export type SellerMember = z.infer<typeof sellerMember>;
export const sellerMembersResponse = z.object({ data: z.array(sellerMember) });

// GET /api/seller-teams/filter?type=basecost
export const sellerFilterQuery = z.object({ type: z.enum(['basecost']) });
export const sellerFilterResponse = z.object({ data: z.array(z.object({ id: z.string(), name: z.string() })) });

// POST /api/seller-teams/mapped-user: userId is the seller team's id (the spec's client names it so).
export const sellerMapUserBody = z.object({
  userId: z.uuid({ error: M.notFound }),
  mappedUser: z.uuid({ error: M.inputMappedUser }),
});
export type SellerMapUserBody = z.infer<typeof sellerMapUserBody>;

// PATCH /api/users/:id/reset-password (the seller manager's password)
export const sellerResetPasswordParams = z.object({ id: z.string() });
export const sellerResetPasswordBody = z
  .object({
    password: z
      .string({ error: M.inputPassword })
      .min(1, M.inputPassword)
      .min(L.resetPassword.min, M.passwordLength)
      .max(L.resetPassword.max, M.passwordLength),
    confirmPassword: z.string({ error: M.inputConfirmPassword }).min(1, M.inputConfirmPassword),
  })
  .refine((b) => b.password === b.confirmPassword, { message: M.passwordsNotMatch, path: ['confirmPassword'] });
export type SellerResetPasswordBody = z.infer<typeof sellerResetPasswordBody>;

// GET /api/profits/seller-team?sellerTeamIds=a,b
export const sellerProfitsQuery = z.object({
  sellerTeamIds: z
    .string({ error: M.inputSellerTeamIds })
    .transform((v) => [...new Set(v.split(',').map((s) => s.trim()).filter(Boolean))])
    .pipe(z.array(z.uuid()).max(L.selectLimit)),
});
export const sellerProfitRow = z.object({
  sellerTeam: z.string(),
  totalAmountPaid: z.number(),
  totalHold: z.number(),
  totalProfit: z.number(),
  remainProfit: z.number(),
});
export type SellerProfitRow = z.infer<typeof sellerProfitRow>;
export const sellerProfitsResponse = z.object({ data: z.array(sellerProfitRow) });

/** Team choices for selects and filters: `{data: [{id, name, code}]}`, by name. */
export const sellerTeamOptionsResponse = z.object({ data: z.array(z.object({ id: z.string(), name: z.string(), code: z.string() })) });
