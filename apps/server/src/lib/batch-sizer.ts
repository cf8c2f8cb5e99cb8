/**
 * How many rows a job writes per transaction. On PostgreSQL a job has connections of its own, so
 * large fixed batches amortise round trips best. On the embedded database (PGlite) every job shares
 * the ONE connection with the requests: a transaction holds it whole, so a request waits for the
 * batch in flight. There the size adapts: it starts small, each batch's measured time sets the next
 * size to aim at `targetMs`, and `max` caps it (docs/benchmarks.md, "Job batches on PGlite").
 */
import { PGlite } from '@electric-sql/pglite';
import type { Db } from '../db/client';

export interface BatchSizer {
  /** The size of the next batch. */
  next(): number;
  /** Reports how long a batch of `rows` held the connection, so the next size can adapt. */
  record(rows: number, ms: number): void;
}

export interface AdaptiveOptions {
  /** The first batch's size: small, since nothing is known about this job's rows yet. */
  first: number;
  min: number;
  max: number;
  /** The time a batch should take; well under the 250 ms a request may wait for the connection. */
  targetMs: number;
}

/**
 * A PGlite batch should take ~100 ms: batches of the same size were measured to vary up to twofold
 * (WAL and checkpoints, garbage collection on the same thread), and a request may wait 250 ms at most.
 */
export const EMBEDDED_BATCH_TARGET_MS = 100;

export function fixedBatches(size: number): BatchSizer {
  return { next: () => size, record: () => undefined };
}

export function adaptiveBatches(options: AdaptiveOptions): BatchSizer {
  let size = options.first;
  return {
    next: () => size,
    record(rows, ms) {
      if (rows <= 0) return;
      // Rows per millisecond of this batch, scaled to the target. Growth is capped at twice the
      // measured batch (a tiny, fast batch says little about a big one); shrinking is not capped,
      // since a batch over the target is what this guards against.
      const ideal = ms > 0 ? Math.floor((rows * options.targetMs) / ms) : rows * 2;
      size = Math.max(options.min, Math.min(options.max, 2 * rows, ideal));
    },
  };
}

/** True on the embedded database, where jobs and requests share one connection. */
export function sharesOneConnection(db: Db): boolean {
  return (db as unknown as { $client?: unknown }).$client instanceof PGlite;
}

/**
 * The sizer of a job's write batches: `postgres` rows a batch on PostgreSQL (unchanged), adaptive
 * up to the same cap on PGlite.
 */
export function jobBatches(db: Db, postgres: number, embedded: Omit<AdaptiveOptions, 'max' | 'targetMs'> = { first: 100, min: 10 }): BatchSizer {
  if (!sharesOneConnection(db)) return fixedBatches(postgres);
  return adaptiveBatches({ ...embedded, max: postgres, targetMs: EMBEDDED_BATCH_TARGET_MS });
}
