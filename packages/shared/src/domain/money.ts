/** Money rules free of zod: integer cents inside, US dollars at the edge. */
export function centsToDollars(cents: number | bigint): number {
  return Number(cents) / 100;
}
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}
/** "$1,234.50" */
export function formatUsd(amount: number): string {
  return amount.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

/* ---- Money screens: constants and every string (spec part 2 sections 3-9; docs/money.md). ---- */

export const PAY_WITH = ['Pingpong', 'Payoneer', 'Bank transfer'] as const;
export type PayWith = (typeof PAY_WITH)[number];
export const DEPOSIT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** Payout status: 0 pending, 1 approved, 2 rejected (shown green or red). */
export const PAYOUT_STATUS = { pending: 0, approved: 1, rejected: 2 } as const;
export const PAYOUT_STATUS_LABEL: Record<number, string> = { 0: 'Pending', 1: 'Approved', 2: 'Rejected' };
export const PAYOUT_METHODS = ['paypal', 'pingpong', 'creditcard', 'payoneer'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

export const INVOICE_TYPES = ['IN', 'OUT'] as const;
/** Bills tabs: Payment lists IN invoices (money in), Debts lists OUT invoices (money out). */
export const BILL_TABS = ['payment', 'debts'] as const;
export type BillTab = (typeof BILL_TABS)[number];

export const LEDGER_TYPES = [
  'topup', 'cashback', 'order_charge', 'order_refund', 'payout', 'adjustment', 'referral', 'order_profit', 'design_charge',
] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];
export const LEDGER_TYPE_LABEL: Record<LedgerType, string> = {
  topup: 'Top-up',
  cashback: 'Cashback',
  order_charge: 'Order charge',
  order_refund: 'Order refund',
  payout: 'Payout',
  adjustment: 'Adjustment',
  referral: 'Referral earning',
  order_profit: 'Order profit',
  design_charge: 'Design charge',
};

export const MONEY_LIMITS = {
  transactionId: { min: 3, max: 50 },
  note: { min: 2, max: 500 },
  reason: { min: 2, max: 500 },
  billName: { min: 2, max: 128 },
  paymentValue: { min: 2, max: 255 },
  /** Largest single amount: one million dollars, in dollars. */
  maxAmount: 1_000_000,
  depositPageSize: 5,
  billsPageSize: 10,
  payoutsPageSize: 10,
  referralRate: { min: 0, max: 50, step: 0.05 },
  pendingPayoutDays: { min: 0, max: 100, default: 2 },
  /** An Idempotency-Key is kept this long; a retry after that is a new request. */
  idempotencyKeyHours: 24,
} as const;

export const MONEY_MSG = {
  // The spec's words.
  confirmAction: (action: string) => `Are you sure to ${action} this record?`,
  cancelAction: 'Cancel action!',
  created: 'Created',
  updated: 'Updated',
  success: 'Success',
  exportSuccess: 'Export success',
  transactionIdLength: `transactionId should be 3 to 50 length`,
  noteLength: `note should be 2 to 500 length`,
  inputPayWith: 'Please input payWith',
  inputStatus: 'Please input status',
  inputType: 'Please input type',
  inputAmount: 'Please input amount',
  // Ours, where the spec is silent (docs/money.md).
  amountPositive: 'Amount must be greater than 0',
  amountTooLarge: 'Amount can not exceed $1,000,000',
  amountCents: 'Amount can have at most 2 decimals',
  insufficientBalance: (balanceCents: number) =>
    `Not enough balance: the wallet holds ${formatUsd(balanceCents / 100)}. Top up first.`,
  depositDecided: 'This deposit has already been approved or rejected',
  payoutDecided: 'This payout request has already been approved or rejected',
  payoutTooLarge: (remainCents: number) =>
    `The amount is more than your available profit (${formatUsd(remainCents / 100)})`,
  reasonRequired: 'Please input reason',
  reasonLength: 'reason should be 2 to 500 length',
  idempotencyMismatch: 'This Idempotency-Key was already used for a different request',
  teamNotFound: 'Seller not found',
} as const;
