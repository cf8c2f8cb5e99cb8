/**
 * Deposits: top-ups and cashback of a seller team's wallet (spec part 2 sections 2-5, 7;
 * docs/money.md). Amounts travel as US dollars with at most two decimals; the server keeps cents.
 */
import { z } from 'zod';
import { sellerTeamOptionsResponse } from './sellers';
import { DEPOSIT_STATUSES, MONEY_LIMITS, MONEY_MSG, PAY_WITH } from '../domain/money';
import { DEPOSIT_PAGE, DEPOSIT_TEXT } from '../domain/deposits-extra';
import { isoDate, listResponse, moneyAmount } from './common';

/** Dollars: a JSON number (never text or a boolean), >= 0.01, two decimals at most, <= the limit. */
export const depositAmount = moneyAmount({
  max: MONEY_LIMITS.maxAmount,
  messages: { type: MONEY_MSG.inputAmount, min: MONEY_MSG.amountPositive, max: MONEY_MSG.amountTooLarge, cents: MONEY_MSG.amountCents },
});

const payWith = z.enum(PAY_WITH, { error: MONEY_MSG.inputPayWith });
const transactionId = z
  .string({ error: MONEY_MSG.transactionIdLength })
  .trim()
  .min(MONEY_LIMITS.transactionId.min, MONEY_MSG.transactionIdLength)
  .max(MONEY_LIMITS.transactionId.max, MONEY_MSG.transactionIdLength);
const note = z
  .string({ error: MONEY_MSG.noteLength })
  .trim()
  .min(MONEY_LIMITS.note.min, MONEY_MSG.noteLength)
  .max(MONEY_LIMITS.note.max, MONEY_MSG.noteLength);
const contains = z.string().trim().max(200).optional();
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const limit = (dflt: number) => z.coerce.number().int().min(1).max(200).default(dflt);
/** A date (YYYY-MM-DD, the whole UTC day) or a date-time (ISO 8601). */
const dateParam = isoDate(DEPOSIT_TEXT.invalidDate).optional();

export const depositTeamParams = z.object({ id: z.uuid() });
export const depositDecideParams = z.object({ id: z.uuid(), depositId: z.uuid() });

/** GET /api/deposits/seller-teams/:id (the seller detail's Deposits History). */
export const depositTeamListQuery = z.object({
  page,
  limit: limit(DEPOSIT_PAGE.card),
  payWith: z.enum(PAY_WITH).optional(),
  status: z.enum(DEPOSIT_STATUSES).optional(),
  transactionId: contains,
  note: contains,
});
export type DepositTeamListQuery = z.infer<typeof depositTeamListQuery>;

/** GET /api/deposits (/ag/deposits). */
export const depositListQuery = z.object({
  page,
  limit: limit(DEPOSIT_PAGE.list),
  sellerTeam: z.uuid().optional(),
  status: z.enum(DEPOSIT_STATUSES).optional(),
  payWith: z.enum(PAY_WITH).optional(),
  /** transactionId or note contains it. */
  search: contains,
  from: dateParam,
  to: dateParam,
});
export type DepositListQuery = z.infer<typeof depositListQuery>;

/** GET /api/deposits/mine. */
export const depositMineQuery = z.object({ page, limit: limit(DEPOSIT_PAGE.mine), status: z.enum(DEPOSIT_STATUSES).optional() });
export type DepositMineQuery = z.infer<typeof depositMineQuery>;

export const depositItem = z.object({
  id: z.string(),
  createdAt: z.string(),
  payWith: z.enum(PAY_WITH),
  transactionId: z.string(),
  /** Dollars. */
  amount: z.number(),
  status: z.enum(DEPOSIT_STATUSES),
  /** true cashback, false top-up. */
  isCashback: z.boolean(),
  note: z.string(),
  /** USD to VND, frozen when the deposit was made. */
  exchangeRate: z.number(),
  topupContent: z.string(),
  requestedBy: z.enum(['agency', 'seller']),
  /** E-mail of who entered it (null when unknown). */
  createdBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
  invoiceId: z.string().nullable(),
});
export type DepositItem = z.infer<typeof depositItem>;
export const depositTeamListResponse = listResponse(depositItem);

export const depositAgencyItem = depositItem.extend({
  sellerTeam: z.object({ id: z.string(), name: z.string(), code: z.string() }),
});
export type DepositAgencyItem = z.infer<typeof depositAgencyItem>;
export const depositListResponse = listResponse(depositAgencyItem);

/** POST /api/deposits/seller-teams/:id (the Topup dialog). */
export const depositCreateBody = z.object({
  amount: depositAmount,
  payWith,
  transactionId,
  note,
  status: z.enum(['approved', 'pending'], { error: MONEY_MSG.inputStatus }).default('approved'),
  isCashback: z.boolean({ error: MONEY_MSG.inputType }),
  /**
   * The agency saw that the team already has a deposit with this transaction id and still wants
   * a second one. Without it such a top-up is refused (409, DEPOSIT_TEXT.duplicateTransaction).
   */
  confirmDuplicate: z.boolean().optional(),
});
export type DepositCreateBody = z.infer<typeof depositCreateBody>;

/** PATCH /api/deposits/seller-teams/:id/:depositId. */
export const depositDecideBody = z.object({
  status: z.enum(['approved', 'rejected'], { error: MONEY_MSG.inputStatus }),
  reason: z
    .string()
    .trim()
    .max(MONEY_LIMITS.reason.max, MONEY_MSG.reasonLength)
    .refine((v) => v.length === 0 || v.length >= MONEY_LIMITS.reason.min, MONEY_MSG.reasonLength)
    .optional(),
});
export type DepositDecideBody = z.infer<typeof depositDecideBody>;

/** POST /api/deposits/request (the seller's top-up request: always pending, always a top-up). */
export const depositRequestBody = z.object({ amount: depositAmount, payWith, transactionId, note });
export type DepositRequestBody = z.infer<typeof depositRequestBody>;

export const depositAnswer = z.object({ deposit: depositItem, balance: z.object({ amount: z.number() }) });
export type DepositAnswer = z.infer<typeof depositAnswer>;

/** GET /api/deposits/payment-info: the seller's agency's payment settings. */
export const depositPaymentInfo = z.object({ exchangeRate: z.number(), topupContent: z.string() });
export type DepositPaymentInfo = z.infer<typeof depositPaymentInfo>;

/** GET /api/deposits/teams: the agency's live teams for the team filter. */
export type DepositTeamOption = z.infer<typeof sellerTeamOptionsResponse>['data'][number];
