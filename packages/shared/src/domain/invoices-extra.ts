/** Invoices, bills, the seller's ledger and manual adjustments: strings and limits of our own (zod-free). */

export const INVOICE_LIMITS = {
  /** An export holds at most this many rows; narrow the filter for more. */
  exportMaxRows: 50_000,
  ledgerPageSize: 20,
  /** Quick date ranges of the Balance page, in days. */
  quickRanges: [7, 30, 90] as const,
} as const;

export const INVOICE_SOURCE_LABEL: Record<string, string> = {
  deposit: 'Deposit',
  adjustment: 'Adjustment',
  order: 'Order',
  refund: 'Refund',
  design: 'Design',
};

export const INVOICE_MSG = {
  notFound: 'Invoice not found',
  tooManyExportRows: 'Too many rows to export: narrow the filter (at most 50,000 rows)',
  adjusted: 'Balance adjusted',
  adjustedTitle: 'Balance adjusted',
  adjustedContent: (credit: boolean, amount: string, balance: string, reason: string) =>
    `Your balance was ${credit ? 'credited' : 'debited'} ${amount} by the agency (new balance ${balance}). Reason: ${reason}`,
  amountNotZero: 'Amount must not be 0',
  adjustConfirm: 'Please confirm the adjustment',
} as const;
