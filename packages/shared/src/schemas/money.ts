import { z } from 'zod';

/** Amounts travel as US dollars with two decimals; the server keeps integer cents. */
export const balanceResponse = z.object({ amount: z.number() });
export const availableProfitResponse = z.object({ remainProfit: z.number() });

export { centsToDollars, dollarsToCents, formatUsd } from '../domain/money';
