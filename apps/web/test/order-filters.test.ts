import { describe, expect, it } from 'vitest';
import { orderListQuery } from '@fbo/shared/schemas/orders';
import { filterKeys, filtersFromAddress, selectChange, dayRangeChange, type FilterDecl } from '../src/components/filters/filter-decl';
import { orderFilterDecls } from '../src/features/orders/components/useOrderFilters';

const PROXY = '0b7f8a3e-4c2d-4e1a-9f6b-2d3c4b5a6978';
const address = (query: string) => {
  const params = new URLSearchParams(query);
  return (key: string) => params.get(key);
};
const drawn = (decls: FilterDecl[]) => decls.filter((d) => d.kind !== 'custom').map((d) => ('key' in d ? d.key : `${d.from}..${d.to}`));

describe('the order lists declare their filters', () => {
  it('reads the same address keys on every list, shown or not', () => {
    const keys = ['search', 'range', 'dateFrom', 'dateTo', 'sellerTeam', 'catalogType', 'proxy', 'proxyGroup', 'designStatus', 'addressStatus', 'cannotShip', 'attention', 'status'];
    for (const variant of ['agency', 'seller', 'design'] as const) expect(filterKeys(orderFilterDecls(variant))).toEqual(keys);
  });

  it('draws the team only for the agency side, the proxies only on the agency list', () => {
    const choices = { agencySide: true, teams: [], teamsLoading: false, proxies: [], proxiesLoading: false, groups: [] };
    expect(drawn(orderFilterDecls('agency', choices))).toEqual([
      'search', 'range', 'dateFrom..dateTo', 'sellerTeam', 'catalogType', 'proxy', 'proxyGroup', 'designStatus', 'addressStatus', 'cannotShip', 'attention',
    ]);
    expect(drawn(orderFilterDecls('design', choices))).toEqual(['search', 'range', 'dateFrom..dateTo', 'sellerTeam', 'catalogType', 'designStatus', 'addressStatus', 'cannotShip']);
    expect(drawn(orderFilterDecls('seller'))).toEqual(['search', 'range', 'dateFrom..dateTo', 'catalogType', 'designStatus', 'addressStatus', 'cannotShip', 'attention']);
  });

  it('checks the address with the order list schema', () => {
    const decls = orderFilterDecls('agency');
    const good = filtersFromAddress(orderListQuery, decls, address(`range=7&dateFrom=2024-03-01&proxy=${PROXY},${PROXY}&addressStatus=2&cannotShip=true&status=InReview&attention=needsMapping`));
    expect(good).toMatchObject({ range: '7', dateFrom: '2024-03-01', proxy: `${PROXY},${PROXY}`, addressStatus: '2', cannotShip: 'true', status: 'InReview', attention: 'needsMapping' });
    const bad = filtersFromAddress(orderListQuery, decls, address('dateFrom=2024-3-1&proxy=nobody&addressStatus=9&cannotShip=maybe&status=Lost&catalogType=shoes&attention=all'));
    expect(bad).toMatchObject({ dateFrom: undefined, proxy: undefined, addressStatus: undefined, cannotShip: undefined, status: undefined, catalogType: undefined, attention: undefined });
  });

  it('a quick range clears the custom days, and custom days clear the quick range', () => {
    const [, quick, days] = orderFilterDecls('seller');
    if (quick?.kind !== 'select' || days?.kind !== 'dayRange') throw new Error('range select, then the range picker');
    expect(selectChange(quick, '30')).toEqual({ range: '30', dateFrom: undefined, dateTo: undefined });
    expect(dayRangeChange(days, '2024-03-01', '2024-03-31')).toEqual({ range: undefined, dateFrom: '2024-03-01', dateTo: '2024-03-31' });
  });
});
