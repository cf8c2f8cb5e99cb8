/**
 * Deposits (top-ups and cashback): strings the spec does not word, used by the server and the
 * deposits screens. No zod here, so any web chunk may import it. The spec's own strings are in
 * domain/money.ts (MONEY_MSG).
 */
import { formatUsd } from './money';

export const DEPOSIT_TYPE_LABEL = { topup: 'Topup', cashback: 'Cashback' } as const;

export const DEPOSIT_STATUS_COLOR: Record<string, string> = { pending: 'warning', approved: 'success', rejected: 'error' };

/** Default page sizes: the seller detail card (spec: 5), /ag/deposits and the seller's own list. */
export const DEPOSIT_PAGE = { card: 5, list: 10, mine: 5 } as const;

export const DEPOSIT_TEXT = {
  // Notifications (title, content).
  requestTitle: (teamName: string) => `Top-up request from ${teamName}`,
  requestContent: (teamName: string, amount: number, payWith: string, transactionId: string) =>
    `${teamName} asks to top up ${formatUsd(amount)} paid with ${payWith} (transaction ${transactionId}).`,
  approvedTitle: (isCashback: boolean) => (isCashback ? 'Cashback added' : 'Top-up approved'),
  approvedContent: (amount: number, transactionId: string, balance: number) =>
    `${formatUsd(amount)} (transaction ${transactionId}) was added to your balance. Your balance is now ${formatUsd(balance)}.`,
  rejectedTitle: 'Top-up rejected',
  rejectedContent: (amount: number, transactionId: string, reason: string | null) =>
    `Your deposit of ${formatUsd(amount)} (transaction ${transactionId}) was rejected.${reason ? ` Reason: ${reason}` : ''}`,
  // Screens.
  requestSent: 'Your top-up request was sent. It waits for the agency\'s approval.',
  ledgerTopup: (transactionId: string) => `Top-up ${transactionId}`,
  ledgerCashback: (transactionId: string) => `Cashback ${transactionId}`,
  invoiceNote: (payWith: string, transactionId: string) => `${payWith} ${transactionId}`,
  duplicateTransaction: (transactionId: string) =>
    `This seller team already has a deposit with transaction ID ${transactionId}. Create another one?`,
  duplicateTitle: 'Transaction ID already used',
  createAnyway: 'Create anyway',
  invalidDate: 'Please input a valid date',
  dateOrder: 'The start date must be before the end date',
} as const;
