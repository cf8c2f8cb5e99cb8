/**
 * Request and response schemas of the invoices, bills, the seller's ledger and manual adjustments
 * (docs/money.md). Money is US dollars (numbers, 2 decimals) here, integer cents inside.
 */
import { z } from 'zod';
import { BILL_TABS, INVOICE_TYPES, LEDGER_TYPES, MONEY_LIMITS, MONEY_MSG } from '../domain/money';
import { INPUT_MSG, isoDate, listResponse, moneyAmount } from './common';

/** A day (YYYY-MM-DD) or an ISO date-time, 1970-2100; a day as `to` means the end of that day. */
const dateParam = isoDate().optional();

const pageParams = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(10),
};

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const LEDGER_ACCOUNTS = ['wallet', 'profit'] as const;

// ----- invoices -----

const invoiceFilters = {
  activeName: z.enum(BILL_TABS).optional(),
  type: z.enum(INVOICE_TYPES).optional(),
  search: z.string().trim().max(200).optional(),
  sellerTeam: z.uuid().optional(),
  from: dateParam,
  to: dateParam,
};

export const invoiceListQuery = z.object({ ...pageParams, ...invoiceFilters });
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;

export const invoiceExportQuery = z.object({ ...invoiceFilters, format: z.enum(EXPORT_FORMATS).default('csv') });
export type InvoiceExportQuery = z.infer<typeof invoiceExportQuery>;

export const invoiceTeam = z.object({ id: z.string(), name: z.string(), code: z.string() });

export const invoiceItem = z.object({
  id: z.string(),
  name: z.string(),
  createdDate: z.string(),
  sellerTeam: invoiceTeam,
  type: z.enum(INVOICE_TYPES),
  source: z.string(),
  sellerAmount: z.number(),
  agencyAmount: z.number(),
  remainAmount: z.number(),
});
export type InvoiceItem = z.infer<typeof invoiceItem>;
export const invoiceListResponse = listResponse(invoiceItem);

export const invoiceLine = z.object({
  id: z.string(),
  description: z.string(),
  amount: z.number(),
  agencyAmount: z.number(),
  refType: z.string().nullable(),
  refId: z.string().nullable(),
  createdAt: z.string(),
});
export type InvoiceLine = z.infer<typeof invoiceLine>;

export const invoiceDeposit = z.object({
  id: z.string(),
  amount: z.number(),
  payWith: z.string(),
  transactionId: z.string(),
  status: z.string(),
  isCashback: z.boolean(),
  note: z.string(),
  createdAt: z.string(),
});

export const invoiceDetail = invoiceItem.extend({
  note: z.string(),
  lines: z.array(invoiceLine),
  deposit: invoiceDeposit.nullable(),
});
export type InvoiceDetail = z.infer<typeof invoiceDetail>;
export const invoiceDetailResponse = z.object({ data: invoiceDetail });

/** An export's signed download address (a plain navigation downloads it). */
export const exportUrlResponse = z.object({ url: z.string(), message: z.string() });
export type ExportUrlResponse = z.infer<typeof exportUrlResponse>;

/** The seller-team select of /ag/invoices: the agency's live teams by name. */

// ----- the seller's ledger (/s/balance) -----

const ledgerFilters = {
  type: z.enum(LEDGER_TYPES).optional(),
  account: z.enum(LEDGER_ACCOUNTS).default('wallet'),
  from: dateParam,
  to: dateParam,
};
export const ledgerEntriesQuery = z.object({ ...pageParams, limit: pageParams.limit.default(20), ...ledgerFilters });
export type LedgerEntriesQuery = z.infer<typeof ledgerEntriesQuery>;
export const ledgerExportQuery = z.object({ ...ledgerFilters, format: z.enum(EXPORT_FORMATS).default('csv') });
export type LedgerExportQuery = z.infer<typeof ledgerExportQuery>;

export const ledgerEntryItem = z.object({
  id: z.string(),
  createdAt: z.string(),
  type: z.enum(LEDGER_TYPES),
  description: z.string(),
  /** Signed: credit > 0, debit < 0. */
  amount: z.number(),
  /** The account's running balance once this entry applied. */
  balanceAfter: z.number(),
  refType: z.string().nullable(),
  refId: z.string().nullable(),
  invoiceId: z.string().nullable(),
});
export type LedgerEntryItem = z.infer<typeof ledgerEntryItem>;
export const ledgerEntriesResponse = listResponse(ledgerEntryItem);

// ----- manual adjustment -----

/** Signed dollars: + credit, - debit; never 0, at most 2 decimals, |amount| up to the limit. */
export const adjustAmount = moneyAmount({
  signed: true,
  max: MONEY_LIMITS.maxAmount,
  messages: { type: MONEY_MSG.inputAmount, min: INPUT_MSG.amountZero, max: MONEY_MSG.amountTooLarge, cents: MONEY_MSG.amountCents },
});

export const adjustBody = z.object({
  amount: adjustAmount,
  reason: z
    .string({ error: MONEY_MSG.reasonRequired })
    .trim()
    .min(1, { message: MONEY_MSG.reasonRequired })
    .min(MONEY_LIMITS.reason.min, { message: MONEY_MSG.reasonLength })
    .max(MONEY_LIMITS.reason.max, { message: MONEY_MSG.reasonLength }),
});
export type AdjustBody = z.infer<typeof adjustBody>;

export const adjustAnswer = z.object({
  message: z.string(),
  balance: z.object({ amount: z.number() }),
  invoiceId: z.string(),
  entryId: z.string(),
});
export type AdjustAnswer = z.infer<typeof adjustAnswer>;
