import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testDatabase } from './helpers/db';
import type { Database } from '../src/db/client';
import { agencies } from '../src/db/schema/index';
import { SEARCH_PROBE_ROWS, searchByFor } from '../src/modules/orders/order-filters';
import { probeSearch, searchCount, searchPageIds } from '../src/modules/orders/order-search';
import type { ListScope } from '../src/modules/orders/order-filters';

/**
 * Contains-search finds the same orders whichever way it runs (order-search.ts): the probe's shape
 * is forced here so both the walk and the trigram index answer on the demo seed, and must agree.
 */
let database: Database;
let scope: ListScope;
const WALK = { window: SEARCH_PROBE_ROWS, matches: SEARCH_PROBE_ROWS };
const TRIGRAM = { window: SEARCH_PROBE_ROWS, matches: 0 };

beforeAll(async () => {
  database = await testDatabase();
  const [agency] = await database.db.select({ id: agencies.id }).from(agencies).where(eq(agencies.name, 'Demo Fulfilment'));
  scope = { agencyId: agency!.id, sellerTeamId: null, designRequestsOnly: false };
});
afterAll(() => database.close());

describe('searchByFor', () => {
  it('walks a common text and a small scope, uses trigrams for a rare text or when nothing was probed', () => {
    expect(searchByFor(undefined, 10)).toBe('trigram');
    expect(searchByFor({ window: 40, matches: 0 }, 10)).toBe('walk');
    expect(searchByFor({ window: SEARCH_PROBE_ROWS, matches: 0 }, 10)).toBe('trigram');
    expect(searchByFor({ window: SEARCH_PROBE_ROWS, matches: SEARCH_PROBE_ROWS / 2 }, 10)).toBe('walk');
    expect(searchByFor({ window: SEARCH_PROBE_ROWS, matches: 1 }, 100)).toBe('trigram');
    // A capped count of 10,001 needs a text in at least half the orders to walk within budget.
    expect(searchByFor({ window: SEARCH_PROBE_ROWS, matches: SEARCH_PROBE_ROWS / 4 }, 10_001)).toBe('trigram');
    expect(searchByFor({ window: SEARCH_PROBE_ROWS, matches: SEARCH_PROBE_ROWS }, 10_001)).toBe('walk');
  });
});

describe('walk and trigram agree', () => {
  const texts = ['demo', 'a', '@', 'zz-no-such-text', '100%', 'ORD'];

  it.each(texts)('page and count for %j', async (search) => {
    const walk = { search, searchShape: WALK };
    const trigram = { search, searchShape: TRIGRAM };
    for (const [limit, offset] of [[10, 0], [5, 5], [200, 0]] as const) {
      expect(await searchPageIds(database.db, scope, walk, limit, offset)).toEqual(await searchPageIds(database.db, scope, trigram, limit, offset));
    }
    expect(await searchCount(database.db, scope, walk, 3)).toBe(await searchCount(database.db, scope, trigram, 3));
    expect(await searchCount(database.db, scope, walk, 10_000)).toBe(await searchCount(database.db, scope, trigram, 10_000));
  });

  it('the probe counts the matches among the newest orders of the scope', async () => {
    const shape = await probeSearch(database.db, scope, { search: 'zz-no-such-text' });
    expect(shape.matches).toBe(0);
    expect(shape.window).toBeGreaterThan(0);
    const every = await probeSearch(database.db, scope, { search: '@' });
    expect(every.matches).toBeGreaterThan(0);
  });

  it('a filter narrows both ways alike', async () => {
    for (const status of ['Unfulfilled', 'Fulfilled'] as const) {
      const walk = await searchPageIds(database.db, scope, { search: 'a', status, searchShape: WALK }, 50, 0);
      const trigram = await searchPageIds(database.db, scope, { search: 'a', status, searchShape: TRIGRAM }, 50, 0);
      expect(walk).toEqual(trigram);
    }
  });
});
