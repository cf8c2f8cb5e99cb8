import { describe, expect, it } from 'vitest';
import { CappedCounts, countKey } from '../src/lib/capped-counts';

describe('capped counts', () => {
  it('remembers a capped count until its time is up', () => {
    const counts = new CappedCounts(1_000);
    expect(counts.isCapped('k', 0)).toBe(false);
    counts.remember('k', 0);
    expect(counts.isCapped('k', 999)).toBe(true);
    expect(counts.isCapped('k', 1_000)).toBe(false);
  });

  it('forgets the oldest entry when full', () => {
    const counts = new CappedCounts(10_000, 2);
    counts.remember('a', 0);
    counts.remember('b', 0);
    counts.remember('c', 0);
    expect([counts.isCapped('a', 1), counts.isCapped('b', 1), counts.isCapped('c', 1)]).toEqual([false, true, true]);
  });

  it('keys ignore paging and empty filters, and the order of the filters', () => {
    const scope = { agencyId: 'x' };
    expect(countKey('list', scope, { page: 3, limit: 50, status: 'Hold', search: '' })).toBe(countKey('list', scope, { status: 'Hold', page: 1 }));
    expect(countKey('list', scope, { a: 1, b: 2 })).toBe(countKey('list', scope, { b: 2, a: 1 }));
    expect(countKey('list', scope, { status: 'Hold' })).not.toBe(countKey('list', scope, { status: 'Cancel' }));
  });
});
