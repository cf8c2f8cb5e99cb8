import type { KpiRangeTotals } from '@fbo/shared/schemas/kpis';
import { formatUsd } from '@fbo/shared/domain/money';

/** How a figure reads: dollars, a count, a share (0..1) or hours. */
export type KpiFormat = 'usd' | 'count' | 'share' | 'hours';

export function formatKpi(value: number | null | undefined, format: KpiFormat): string {
  if (value === null || value === undefined) return '\u2014';
  switch (format) {
    case 'usd':
      return formatUsd(value);
    case 'count':
      return value.toLocaleString('en-US');
    case 'share':
      return `${(value * 100).toFixed(1)}%`;
    case 'hours':
      return `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })} h`;
  }
}

/** A figure of the totals shown as a card, and which way is good news. */
export interface KpiFigure {
  key: keyof KpiRangeTotals;
  title: string;
  format: KpiFormat;
  /** Costs, waiting hours, cancels and refunds going up is bad news (red). */
  upIsGood: boolean;
}

export const KPI_FIGURES = {
  revenue: { key: 'revenue', title: 'Revenue', format: 'usd', upIsGood: true },
  cost: { key: 'cost', title: 'Cost', format: 'usd', upIsGood: false },
  margin: { key: 'margin', title: 'Margin', format: 'usd', upIsGood: true },
  orders: { key: 'orders', title: 'Orders', format: 'count', upIsGood: true },
  customerSales: { key: 'customerSales', title: 'Customer sales', format: 'usd', upIsGood: true },
  units: { key: 'units', title: 'Units', format: 'count', upIsGood: true },
  avgShipHours: { key: 'avgShipHours', title: 'Avg. hours approval to shipment', format: 'hours', upIsGood: false },
  onTimeShare: { key: 'onTimeShare', title: 'Shipped on time', format: 'share', upIsGood: true },
  cancelRate: { key: 'cancelRate', title: 'Cancel rate', format: 'share', upIsGood: false },
  refundRate: { key: 'refundRate', title: 'Refund rate', format: 'share', upIsGood: false },
} as const satisfies Record<string, KpiFigure>;

/** The agency's cards, in page order. */
export const AGENCY_CARDS: readonly KpiFigure[] = Object.values(KPI_FIGURES);

export interface KpiDelta {
  direction: 'up' | 'down' | 'flat';
  /** Green (true), red (false), or neither (no change). */
  good: boolean | null;
  /** "12%", "3.1 points" (shares), "from 0" (nothing before). */
  text: string;
  /** For screen readers: "up 12% from the previous period". */
  label: string;
}

/**
 * The change from the previous period: relative for amounts, counts and hours; in percentage points for shares
 * (a rate going from 2% to 3% is "up 1.0 points"). Null when either period has no figure to compare.
 */
export function kpiDelta(figure: KpiFigure, current: number | null, previous: number | null): KpiDelta | null {
  if (current === null || previous === null) return null;
  const diff = current - previous;
  if (Math.abs(diff) < 1e-9) return { direction: 'flat', good: null, text: '0%', label: 'no change from the previous period' };
  const direction = diff > 0 ? 'up' : 'down';
  const good = direction === 'up' ? figure.upIsGood : !figure.upIsGood;
  let text: string;
  if (figure.format === 'share') text = `${Math.abs(diff * 100).toFixed(1)} points`;
  else if (previous === 0) text = 'from 0';
  else text = `${Math.abs((diff / Math.abs(previous)) * 100).toFixed(Math.abs(diff / previous) < 0.1 ? 1 : 0)}%`;
  const label = text === 'from 0' ? `${direction} from 0 in the previous period` : `${direction} ${text} from the previous period`;
  return { direction, good, text, label };
}
