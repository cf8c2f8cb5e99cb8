import { describe, expect, it } from 'vitest';
import { depositListQuery } from '@fbo/shared/schemas/deposits';
import { catalogListQuery } from '@fbo/shared/schemas/catalogs';
import { trackingListQuery } from '@fbo/shared/schemas/tracking';
import { orderItemListQuery } from '@fbo/shared/schemas/order-items';
import {
  dayRangeChange,
  filterChange,
  filterKeys,
  filtersFromAddress,
  isFilterDay,
  selectChange,
  type DayRangeFilterDecl,
  type FilterDecl,
  type SelectFilterDecl,
} from '../src/components/filters/filter-decl';

const TEAM = '0b7f8a3e-4c2d-4e1a-9f6b-2d3c4b5a6978';

const depositFilters: FilterDecl[] = [
  { kind: 'select', key: 'sellerTeam', id: 'deposits-team', label: 'Seller team', placeholder: 'All sellers', width: 220, options: [] },
  { kind: 'select', key: 'status', id: 'deposits-status', label: 'Status', placeholder: 'All', width: 140, options: [] },
  { kind: 'select', key: 'payWith', id: 'deposits-paywith', label: 'Pay with', placeholder: 'All', width: 160, options: [] },
  { kind: 'search', key: 'search', id: 'deposits-search', label: 'Search' },
  { kind: 'dateRange', idPrefix: 'deposits', from: 'from', to: 'to' },
];

const address = (query: string) => {
  const params = new URLSearchParams(query);
  return (key: string) => params.get(key);
};

describe('filter declarations and the address', () => {
  it('lists every address key, a date range giving two', () => {
    expect(filterKeys(depositFilters)).toEqual(['sellerTeam', 'status', 'payWith', 'search', 'from', 'to']);
    expect(filterKeys([{ kind: 'custom', keys: ['range', 'size'] }])).toEqual(['range', 'size']);
  });

  it('reads the values the list query schema accepts', () => {
    const values = filtersFromAddress(depositListQuery, depositFilters, address(`sellerTeam=${TEAM}&status=pending&payWith=Payoneer&search=tx-1&from=2024-03-01&to=2024-03-31`));
    expect(values).toEqual({ sellerTeam: TEAM, status: 'pending', payWith: 'Payoneer', search: 'tx-1', from: '2024-03-01', to: '2024-03-31' });
  });

  it('drops a hand-edited value the schema refuses, so the filter shows All', () => {
    const values = filtersFromAddress(depositListQuery, depositFilters, address('sellerTeam=nobody&status=lost&payWith=gold&from=yesterday&to=2024-02-30'));
    expect(values).toEqual({ sellerTeam: undefined, status: undefined, payWith: undefined, search: undefined, from: undefined, to: undefined });
  });

  it('keeps day filters to YYYY-MM-DD although the server also takes a date-time', () => {
    expect(depositListQuery.shape.from.safeParse('2024-03-01T10:00:00Z').success).toBe(true);
    const values = filtersFromAddress(depositListQuery, depositFilters, address('from=2024-03-01T10:00:00Z&to=2024-03-02'));
    expect(values.from).toBeUndefined();
    expect(values.to).toBe('2024-03-02');
  });

  it('treats an empty address value as absent', () => {
    expect(filtersFromAddress(depositListQuery, depositFilters, address('status=&search=')).status).toBeUndefined();
  });

  it('checks numbers and enums with the schema the server coerces them with', () => {
    const decls: FilterDecl[] = [
      { kind: 'select', key: 'type', id: 't', label: 'Type', placeholder: 'All', width: 100, options: [] },
      { kind: 'select', key: 'publishStatus', id: 'p', label: 'Status', placeholder: 'All', width: 100, options: [] },
    ];
    expect(filtersFromAddress(catalogListQuery, decls, address('type=pod&publishStatus=3'))).toEqual({ type: 'pod', publishStatus: '3' });
    expect(filtersFromAddress(catalogListQuery, decls, address('type=shoes&publishStatus=9'))).toEqual({ type: undefined, publishStatus: undefined });
  });

  it("passes through a key the server never reads (the page's own switch)", () => {
    const decls: FilterDecl[] = [{ kind: 'custom', keys: ['view'] }];
    expect(filtersFromAddress(trackingListQuery, decls, address('view=grid'))).toEqual({ view: 'grid' });
  });

  it('clears a filter from the address when it is emptied', () => {
    expect(filterChange('status', '')).toEqual({ status: undefined });
    expect(filterChange('status', 'pending')).toEqual({ status: 'pending' });
  });

  it('knows a real calendar day', () => {
    expect(isFilterDay('2024-02-29')).toBe(true);
    expect(isFilterDay('2023-02-29')).toBe(false);
    expect(isFilterDay('2024-1-05')).toBe(false);
  });

  it('reads a range picker as two day keys', () => {
    const picker: DayRangeFilterDecl = { kind: 'dayRange', id: 'item-dates', label: 'Created between', from: 'dateFrom', to: 'dateTo' };
    expect(filterKeys([picker])).toEqual(['dateFrom', 'dateTo']);
    expect(filtersFromAddress(orderItemListQuery, [picker], address('dateFrom=2024-03-01&dateTo=2024-3-9'))).toEqual({ dateFrom: '2024-03-01', dateTo: undefined });
  });

  it('writes both ends of a range pick, an empty end leaving the address, with what the pick also resets', () => {
    const picker: DayRangeFilterDecl = { kind: 'dayRange', id: 'order-dates', label: 'Custom range', from: 'dateFrom', to: 'dateTo', also: { range: undefined } };
    expect(dayRangeChange(picker, '2024-03-01', undefined)).toEqual({ range: undefined, dateFrom: '2024-03-01', dateTo: undefined });
    expect(dayRangeChange({ ...picker, also: { range: 'custom' } }, undefined, undefined)).toEqual({ range: 'custom', dateFrom: undefined, dateTo: undefined });
  });

  it('writes a select pick with what it also resets (a quick period clears the custom days)', () => {
    const quick: SelectFilterDecl = {
      kind: 'select', key: 'range', id: 'order-range', label: 'Created', placeholder: 'Any time', width: 160, options: [],
      also: { dateFrom: undefined, dateTo: undefined },
    };
    expect(selectChange(quick, '7')).toEqual({ dateFrom: undefined, dateTo: undefined, range: '7' });
    expect(selectChange({ ...quick, also: undefined }, undefined)).toEqual({ range: undefined });
  });
});
