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
