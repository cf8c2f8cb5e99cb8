import { formatUsd } from '@fbo/shared/domain/money';

/** "$1,234.50", or a dash when there is no price. */
export function usd(amount: number | null | undefined): string {
  return amount === null || amount === undefined ? '—' : formatUsd(amount);
}
