/** Payouts, profits and referrals: strings the spec does not give (docs/money.md), zod-free. */
import type { PayoutMethod } from './money';

export const PAYOUT_METHOD_LABEL: Record<PayoutMethod, string> = {
  paypal: 'PayPal',
  // Spelt as the spec spells the method (payWith 'Pingpong'); the stored value stays 'pingpong'.
  pingpong: 'Pingpong',
  creditcard: 'Credit card',
  payoneer: 'Payoneer',
};

/** Tag colours of the payout statuses (antd status colours, readable on white): 0 Pending orange, 1 Approved green, 2 Rejected red. */
export const PAYOUT_STATUS_COLOR: Record<number, string> = { 0: 'warning', 1: 'success', 2: 'error' };

export const PAYOUT_MSG = {
  inputPaymentType: 'Please input paymentType',
  inputPaymentValue: 'Please input paymentValue',
  paymentValueLength: 'paymentValue should be 2 to 255 length',
  inputBillName: 'Please input billName',
  billNameLength: 'billName should be 2 to 128 length',
  noteMax: 'note should be at most 500 length',
  invalidDate: 'Please input a valid date',
  nothingToChange: 'Nothing to change',
  cancelledBySeller: 'Cancelled by the seller',
  requestNotFound: 'Payout request not found',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  copied: 'Copy to clipboard',
  requestedTitle: 'Payout requested',
  requestedContent: (team: string, amount: string) => `${team} requested a payout of ${amount}.`,
  updatedTitle: 'Payout request changed',
  updatedContent: (team: string, amount: string) => `${team} changed its payout request to ${amount}.`,
  cancelledTitle: 'Payout request cancelled',
  cancelledContent: (team: string, amount: string) => `${team} cancelled its payout request of ${amount}.`,
  approvedTitle: 'Payout approved',
  approvedContent: (amount: string) => `Your payout of ${amount} was approved.`,
  rejectedTitle: 'Payout rejected',
  rejectedContent: (amount: string, reason: string) => `Your payout of ${amount} was rejected${reason ? `: ${reason}` : '.'}`,
  estimatedExplanation: (days: number) =>
    `Profit is held for ${days} day${days === 1 ? '' : 's'} after it is earned, then it becomes available for payout on the day shown.`,
} as const;
