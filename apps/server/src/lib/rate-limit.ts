/**
 * Throttles kept in the database (`rate_events`), so a limit holds across replicas: sign-up,
 * confirmation resends, reset mails, upload links. Each attempt that passes is recorded; once a
 * key has `limit` attempts inside the window the next one answers 429 with the minutes to wait,
 * in the sign-in throttle's style ("Too many requests. Please try again in 12 minutes."; that one
 * speaks of failed sign-ins, which these are not).
 */
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { MSG } from '@fbo/shared';
import type { Db, Tx } from '../db/client';
import { rateEvents } from '../db/schema/index';
import { tooMany } from './errors';

export interface RateRule {
  /** What is limited, e.g. 'signup:email'. */
  bucket: string;
  limit: number;
  windowMs: number;
}

/** Rows older than the longest window any rule uses are of no further use. */
const PRUNE_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * 429 when any of the (rule, key) pairs is at its limit; otherwise records one attempt under
 * each. Keys that are empty (no client address known) are skipped.
 */
export async function takeRate(db: Db | Tx, checks: Array<{ rule: RateRule; key: string | undefined | null }>) {
  const now = Date.now();
  const live = checks.filter((c): c is { rule: RateRule; key: string } => !!c.key);
  for (const { rule, key } of live) {
    const since = new Date(now - rule.windowMs);
    const [row] = await db
      .select({ n: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${rateEvents.createdAt})` })
      .from(rateEvents)
      .where(and(eq(rateEvents.bucket, rule.bucket), eq(rateEvents.key, key), gt(rateEvents.createdAt, since)));
    if (Number(row?.n ?? 0) >= rule.limit) {
      const oldest = row?.oldest ? new Date(row.oldest).getTime() : now;
      const minutes = Math.max(1, Math.ceil((oldest + rule.windowMs - now) / 60_000));
      throw tooMany(MSG.tooManyRequests(minutes));
    }
  }
  if (live.length === 0) return;
  await db.insert(rateEvents).values(live.map(({ rule, key }) => ({ bucket: rule.bucket, key })));
  // Prune now and then (about one write in fifty), so the table stays the size of a day.
  if (Math.random() < 0.02) {
    await db.delete(rateEvents).where(lt(rateEvents.createdAt, new Date(now - PRUNE_AFTER_MS)));
  }
}
