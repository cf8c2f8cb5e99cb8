/**
 * Payouts, profits and referrals (spec part 2 sections 3, 4, 7; docs/money.md). Amounts travel as US
 * dollars with at most two decimals; the server keeps integer cents.
 */
import { z } from 'zod';
import { LEDGER_TYPES, MONEY_LIMITS, MONEY_MSG, PAYOUT_METHODS } from '../domain/money';
import { PAYOUT_MSG } from '../domain/payouts-extra';
import { isoDate, listResponse, moneyAmount } from './common';

export { PAYOUT_MSG } from '../domain/payouts-extra';

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const limit = z.coerce.number().int().min(1).max(200).default(MONEY_LIMITS.payoutsPageSize);

/** A dollar amount: > 0, at most 2 decimals, at most MONEY_LIMITS.maxAmount. */
export const payoutAmountField = moneyAmount({
  max: MONEY_LIMITS.maxAmount,
  messages: { type: MONEY_MSG.inputAmount, min: MONEY_MSG.amountPositive, max: MONEY_MSG.amountTooLarge, cents: MONEY_MSG.amountCents },
});

const paymentType = z.enum(PAYOUT_METHODS, { error: PAYOUT_MSG.inputPaymentType });
const paymentValue = z
  .string({ error: PAYOUT_MSG.inputPaymentValue })
  .trim()
  .min(1, PAYOUT_MSG.inputPaymentValue)
  .min(MONEY_LIMITS.paymentValue.min, PAYOUT_MSG.paymentValueLength)
  .max(MONEY_LIMITS.paymentValue.max, PAYOUT_MSG.paymentValueLength);
const billName = z
  .string({ error: PAYOUT_MSG.inputBillName })
  .trim()
  .min(1, PAYOUT_MSG.inputBillName)
  .min(MONEY_LIMITS.billName.min, PAYOUT_MSG.billNameLength)
  .max(MONEY_LIMITS.billName.max, PAYOUT_MSG.billNameLength);
const note = z.string().trim().max(MONEY_LIMITS.note.max, PAYOUT_MSG.noteMax);

export const payoutTeamParams = z.object({ id: z.uuid() });
export const payoutRequestParams = z.object({ id: z.uuid(), reqId: z.uuid() });

/** POST /api/seller-teams/:id/payout-request/create */
export const payoutCreateBody = z.object({ amount: payoutAmountField, paymentType, paymentValue, billName, note: note.default('') });
export type PayoutCreateBody = z.infer<typeof payoutCreateBody>;

/** PATCH /api/seller-teams/:id/payout-request/:reqId/update: any field, or `cancel: true`. */
export const payoutUpdateBody = z.object({
  amount: payoutAmountField.optional(),
  paymentType: paymentType.optional(),
  paymentValue: paymentValue.optional(),
  billName: billName.optional(),
  note: note.optional(),
  cancel: z.literal(true).optional(),
});
export type PayoutUpdateBody = z.infer<typeof payoutUpdateBody>;

/** PATCH /api/payouts/:id/status: 1 approve, 2 reject (note: the reason). */
export const payoutStatusBody = z.object({
  status: z.union([z.literal(1), z.literal(2)], { error: MONEY_MSG.inputStatus }),
  note: note.optional(),
});
export type PayoutStatusBody = z.infer<typeof payoutStatusBody>;

const statusFilter = z.coerce.number().int().min(0).max(2).optional();

export const payoutFindQuery = z.object({ page, limit, status: statusFilter });
export type PayoutFindQuery = z.infer<typeof payoutFindQuery>;

export const payoutListQuery = z.object({
  page,
  limit,
  status: statusFilter,
  sellerTeamId: z.uuid().optional(),
  billName: z.string().trim().max(200).optional(),
});
export type PayoutListQuery = z.infer<typeof payoutListQuery>;

export const payoutItem = z.object({
  _id: z.string(),
  id: z.string(),
  sellerTeam: z.object({ id: z.string(), name: z.string(), code: z.string() }),
  payoutMethod: z.object({ paymentType: z.enum(PAYOUT_METHODS), paymentValue: z.string() }),
  createdDate: z.string(),
  status: z.number().int(),
  billName: z.string(),
  amount: z.number(),
  approvedDate: z.string().nullable(),
  note: z.string(),
  decisionNote: z.string().nullable(),
});
export type PayoutItem = z.infer<typeof payoutItem>;
export const payoutListResponse = listResponse(payoutItem);
export const payoutAnswer = z.object({ message: z.string(), data: payoutItem });
export type PayoutAnswer = z.infer<typeof payoutAnswer>;

/** GET /api/payouts/seller-teams: the agency's teams for the Seller team filter. */
/* ---- Profits ---- */

export const profitSummaryResponse = z.object({
  remainProfit: z.number(),
  totalAmountPaid: z.number(),
  totalHold: z.number(),
  totalProfit: z.number(),
  pendingPayoutDays: z.number().int(),
});
export type ProfitSummary = z.infer<typeof profitSummaryResponse>;

/** A day (YYYY-MM-DD) or a full ISO time. */
const dayOrTime = isoDate(PAYOUT_MSG.invalidDate).optional();

export const profitListQuery = z.object({
  page,
  limit,
  type: z.enum(LEDGER_TYPES).optional(),
  from: dayOrTime,
  to: dayOrTime,
});
export type ProfitListQuery = z.infer<typeof profitListQuery>;

export const profitEntryItem = z.object({
  id: z.string(),
  createdAt: z.string(),
  type: z.enum(LEDGER_TYPES),
  description: z.string(),
  amount: z.number(),
  balanceAfter: z.number(),
  availableAt: z.string(),
  state: z.enum(['Hold', 'Available']),
});
export type ProfitEntryItem = z.infer<typeof profitEntryItem>;
export const profitListResponse = listResponse(profitEntryItem);

export const estimatedProfitResponse = z.object({
  totalHold: z.number(),
  data: z.array(z.object({ date: z.string(), amount: z.number() })),
});
export type EstimatedProfit = z.infer<typeof estimatedProfitResponse>;

/* ---- Referrals ---- */

export const referralListQuery = z.object({ page, limit, search: z.string().trim().max(200).optional() });
export type ReferralListQuery = z.infer<typeof referralListQuery>;

export const referralItem = z.object({
  id: z.string(),
  referredTeam: z.object({ id: z.string(), name: z.string(), code: z.string(), createdAt: z.string() }),
  referrer: z.object({ id: z.string(), name: z.string(), code: z.string(), rate: z.number() }),
  earned: z.number(),
});
export type ReferralItem = z.infer<typeof referralItem>;
export const referralListResponse = listResponse(referralItem);

export const myReferralsResponse = z.object({
  referralCode: z.string(),
  referralLink: z.string(),
  rate: z.number(),
  totalEarned: z.number(),
  data: z.array(z.object({ team: z.object({ name: z.string(), code: z.string() }), joinedAt: z.string(), earned: z.number() })),
});
export type MyReferrals = z.infer<typeof myReferralsResponse>;
