import { describe, expect, it } from 'vitest';
import type { ProfitDashboard } from '@fbo/shared';
import type { KpiRangeTotals } from '@fbo/shared/schemas/kpis';
import { KPI_FIGURES, formatKpi, kpiDelta } from '../src/features/kpis/kpi-format';
import { kpiCsv } from '../src/features/kpis/kpi-export';
import { lastDays, periodDays } from '../src/features/kpis/kpi-period';

const NOON = Date.parse('2025-03-10T12:00:00Z');

describe('KPI periods', () => {
  it('counts the quick ranges in UTC days, today included', () => {
    expect(lastDays(7, NOON)).toEqual({ dateFrom: '2025-03-04', dateTo: '2025-03-10' });
    expect(periodDays({ range: 'quarter' }, NOON)).toEqual({ dateFrom: '2024-12-11', dateTo: '2025-03-10' });
    expect(periodDays({ range: 'custom', dateFrom: '2025-01-01', dateTo: '2025-01-31' }, NOON)).toEqual({ dateFrom: '2025-01-01', dateTo: '2025-01-31' });
    // A custom period missing a day falls back to the last month.
    expect(periodDays({ range: 'custom', dateFrom: '2025-01-01' }, NOON)).toEqual({ dateFrom: '2025-02-09', dateTo: '2025-03-10' });
  });
});

describe('KPI deltas', () => {
  it('is green when revenue goes up and red when cost or the cancel rate does', () => {
    expect(kpiDelta(KPI_FIGURES.revenue, 112, 100)).toEqual({ direction: 'up', good: true, text: '12%', label: 'up 12% from the previous period' });
    expect(kpiDelta(KPI_FIGURES.cost, 112, 100)).toMatchObject({ direction: 'up', good: false });
    expect(kpiDelta(KPI_FIGURES.cancelRate, 0.03, 0.02)).toEqual({ direction: 'up', good: false, text: '1.0 points', label: 'up 1.0 points from the previous period' });
    expect(kpiDelta(KPI_FIGURES.refundRate, 0.01, 0.02)).toMatchObject({ direction: 'down', good: true });
  });

  it('says when nothing changed, when there was nothing before, and nothing without a figure', () => {
    expect(kpiDelta(KPI_FIGURES.orders, 5, 5)).toMatchObject({ direction: 'flat', good: null, label: 'no change from the previous period' });
    expect(kpiDelta(KPI_FIGURES.orders, 5, 0)).toMatchObject({ direction: 'up', text: 'from 0', label: 'up from 0 in the previous period' });
    expect(kpiDelta(KPI_FIGURES.onTimeShare, 0.9, null)).toBeNull();
    expect(formatKpi(null, 'share')).toBe('\u2014');
    expect(formatKpi(0.981, 'share')).toBe('98.1%');
    expect(formatKpi(1234.5, 'usd')).toBe('$1,234.50');
  });
});

describe('KPI export', () => {
  const totals: KpiRangeTotals = {
    ordersFulfilled: 1, sales: 10, charged: 8, refunded: 0, profit: 2, orders: 2, customerSales: 20, revenue: 8, cost: 5, margin: 3,
    shipped: 1, onTime: 1, units: 3, cancelRate: 0, refundRate: 0, onTimeShare: 1, avgShipHours: 30,
  };
  const day = { date: '2025-03-10', ...totals, byStatus: { Fulfilled: 1, Cancel: 1 } };
  const dashboard: ProfitDashboard = {
    dateFrom: '2025-03-10', dateTo: '2025-03-10', days: [day], totals,
    previous: { dateFrom: '2025-03-09', dateTo: '2025-03-09', totals: { ...totals, revenue: 4 } },
    topTeams: [{ id: 't', name: '=HYPERLINK("x")', revenue: 8, cost: 5, margin: 3, units: 3, orders: 2 }],
    topCatalogs: [{ id: null, name: 'Warehouse stock', charged: 8, cost: 5, margin: 3, units: 3 }],
    attention: { late: [{ id: 'o', orderName: '@1001', sellerTeamId: 't', sellerTeamName: 'Team', status: 'Approved', reason: 'late', since: '2025-03-01T00:00:00Z', dueAt: '2025-03-06T00:00:00Z' }], stuck: [], stuckDays: 3 },
  };

  it('writes every section, the statuses of the days, and formula-safe cells', () => {
    const csv = kpiCsv(dashboard, {});
    expect(csv).toContain('Revenue,8,4,up 100% from the previous period');
    expect(csv).toContain('Date,Orders,Cancel,Fulfilled,');
    expect(csv).toContain(`"'=HYPERLINK(""x"")",8,5,3,3,2`);
    expect(csv).toContain("'@1001,Team,Approved");
    expect(csv).toContain('Stuck orders (hold over 3 days)');
    expect(csv).toContain('Seller team,All seller teams');
  });
});
