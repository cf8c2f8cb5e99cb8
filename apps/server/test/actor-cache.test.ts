import { describe, expect, it } from 'vitest';
import { ActorCache, ROW_TTL_MS } from '../src/plugins/actor-cache';

function clock(start = 1_000_000) {
  const c = { t: start, now: () => c.t };
  return c;
}

describe('ActorCache: verified tokens', () => {
  it('answers a remembered token until it expires, then forgets it', () => {
    const c = clock();
    const cache = new ActorCache<string>(c.now);
    cache.rememberClaims('tok', { userId: 'u1', tokenVersion: 3 }, c.t + 1000);
    expect(cache.claimsOf('tok')).toEqual({ userId: 'u1', tokenVersion: 3 });
    expect(cache.claimsOf('other')).toBeUndefined();
    c.t += 1000;
    expect(cache.claimsOf('tok')).toBeUndefined();
  });
});

describe('ActorCache: user rows', () => {
  it('serves a row for ROW_TTL_MS, not after', () => {
    const c = clock();
    const cache = new ActorCache<string>(c.now);
    cache.rememberRow('u1', 'row', cache.currentGeneration(), c.t);
    c.t += ROW_TTL_MS - 1;
    expect(cache.rowOf('u1')).toBe('row');
    c.t += 1;
    expect(cache.rowOf('u1')).toBeUndefined();
  });

  it('never serves a row read before a write request answered', () => {
    const cache = new ActorCache<string>();
    cache.rememberRow('u1', 'before', cache.currentGeneration(), Date.now());
    cache.startGeneration();
    expect(cache.rowOf('u1')).toBeUndefined();
  });

  it('does not keep a row whose read started before a write answered (the read may predate its commit)', () => {
    const cache = new ActorCache<string>();
    const started = cache.currentGeneration();
    cache.startGeneration();
    cache.rememberRow('u1', 'stale', started, Date.now());
    expect(cache.rowOf('u1')).toBeUndefined();
    cache.rememberRow('u1', 'fresh', cache.currentGeneration(), Date.now());
    expect(cache.rowOf('u1')).toBe('fresh');
  });
});
