import { createElement } from 'react';
import { theme } from 'antd';
import type { OrderStatus } from '@fbo/shared';

/**
 * The agency's theme colours for the charts (antd tokens built from the agency's config, entities/theme): figures in
 * primary, success, warning and error; axes and grid in the text and border greys.
 */
export function useChartTheme() {
  const { token } = theme.useToken();
  const status: Record<OrderStatus, string> = {
    Unfulfilled: token.colorTextQuaternary,
    InReview: token.colorInfo,
    Approved: token.colorPrimaryBorderHover,
    Hold: token.colorWarning,
    Rejected: token.colorError,
    Cancel: token.colorTextTertiary,
    InProduction: token.colorPrimary,
    InTransit: token.colorPrimaryActive,
    Fulfilled: token.colorSuccess,
    PartiallyFulfilled: token.colorSuccessBorderHover,
    CancelShipment: token.colorErrorBorderHover,
  };
  return {
    status,
    revenue: token.colorPrimary,
    cost: token.colorWarning,
    margin: token.colorSuccess,
    bar: token.colorPrimary,
    axis: token.colorTextSecondary,
    grid: token.colorBorderSecondary,
    tooltip: { background: token.colorBgElevated, border: token.colorBorder, text: token.colorText },
    fontSize: token.fontSizeSM,
  };
}

export type ChartTheme = ReturnType<typeof useChartTheme>;

/**
 * Tooltip, axis and legend styles shared by every chart. Legend labels are written in the text colour, not the
 * series' (a light status colour would not read); the swatch beside each carries the colour.
 */
export function chartStyles(c: ChartTheme) {
  return {
    tick: { fill: c.axis, fontSize: c.fontSize },
    tooltip: { contentStyle: { background: c.tooltip.background, borderColor: c.tooltip.border, color: c.tooltip.text, fontSize: c.fontSize } },
    legend: {
      wrapperStyle: { fontSize: c.fontSize },
      formatter: (value: string) => createElement('span', { style: { color: c.tooltip.text } }, value),
    },
  };
}

/** "2025-03-07" -> "03-07": the year is in the period's label. */
export const shortDay = (day: string) => day.slice(5);
