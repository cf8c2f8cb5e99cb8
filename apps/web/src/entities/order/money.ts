import { formatUsd } from '@fbo/shared/domain/money';

/** US dollars with thousands separators; an amount not known yet (no snapshot before approval) as a dash. */
export const usd = (amount: number | null | undefined) => (amount === null || amount === undefined ? '—' : formatUsd(amount));
