/** The ledger, invoices and the idempotent money transaction every money-moving route runs in. */
export { idempotencyOf, moneySourceOf, moneyTransaction, type IdempotentRequest, type MoneyAnswer, type MoneySource } from './idempotency';
export { createInvoice } from './invoice-writer';
export { lockAccount, postEntry, profitFigures, teamProfit, walletBalances, type PostInput } from './ledger';
export { creditReferral } from './referral-credit';
