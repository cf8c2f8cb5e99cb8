import { describe, expect, it } from 'vitest';
import { adaptiveBatches, fixedBatches } from '../src/lib/batch-sizer';

const options = { first: 100, min: 10, max: 5_000, targetMs: 150 };

describe('adaptive batch sizes (PGlite: a job shares the one connection with requests)', () => {
  it('starts small and grows at most twofold a batch while batches are fast', () => {
    const sizer = adaptiveBatches(options);
    const sizes = [sizer.next()];
    // 0.01 ms a row: the target would allow 15,000 rows, but growth is capped at twice the last batch.
    for (let i = 0; i < 8; i++) {
      sizer.record(sizer.next(), sizer.next() * 0.01);
      sizes.push(sizer.next());
    }
    expect(sizes).toEqual([100, 200, 400, 800, 1_600, 3_200, 5_000, 5_000, 5_000]);
  });

  it('settles where a batch takes the target time', () => {
    const sizer = adaptiveBatches(options);
    // 0.2 ms a row: 750 rows take 150 ms.
    for (let i = 0; i < 10; i++) sizer.record(sizer.next(), sizer.next() * 0.2);
    expect(sizer.next()).toBe(750);
  });

  it('shrinks at once, uncapped, when a batch was slow (a bigger row shape, a loaded machine)', () => {
    const sizer = adaptiveBatches(options);
    for (let i = 0; i < 10; i++) sizer.record(sizer.next(), sizer.next() * 0.05);
    expect(sizer.next()).toBe(3_000);
    sizer.record(3_000, 900);
    expect(sizer.next()).toBe(500);
  });

  it('keeps to the floor, and a short last batch or a zero duration does not blow the size up', () => {
    const sizer = adaptiveBatches(options);
    sizer.record(100, 10_000);
    expect(sizer.next()).toBe(10);
    sizer.record(10, 0);
    expect(sizer.next()).toBe(20);
    sizer.record(0, 0);
    expect(sizer.next()).toBe(20);
  });
});

describe('fixed batch sizes (PostgreSQL: a job has connections of its own)', () => {
  it('never changes whatever a batch took', () => {
    const sizer = fixedBatches(5_000);
    sizer.record(5_000, 10_000);
    sizer.record(5_000, 1);
    expect(sizer.next()).toBe(5_000);
  });
});
