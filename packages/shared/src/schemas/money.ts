import { z } from 'zod';

/** Amounts travel as US dollars with two decimals; the server keeps integer cents. */
export const balanceResponse = z.object({ amount: z.number() });
export const availableProfitResponse = z.object({ remainProfit: z.number() });

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
