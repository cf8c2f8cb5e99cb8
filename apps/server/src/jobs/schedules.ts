/**
 * Recurring jobs: cron schedules kept in `job_schedules`, so every replica reads the same ones.
 * A tick fires once: the replica that locks a due row (FOR UPDATE SKIP LOCKED) moves `next_run_at`
 * past now and enqueues the job in the same transaction; the others skip the row or find it not due.
 */
import { Cron } from 'croner';
import { and, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobSchedules } from '../db/schema/index';
import { insertJob } from './enqueue';

export interface ScheduleDefinition {
  /** Unique name; a tick's job carries it as its de-duplication key (`schedule:<name>`). */
  name: string;
  kind: string;
  /** Five fields (minute first), or six with seconds first: croner syntax. */
  cron: string;
  /** IANA zone the cron reads in; default UTC. */
  timezone?: string;
  payload?: Record<string, unknown>;
}

/** The first tick after `from`; throws on a pattern or zone croner refuses. */
export function nextTick(cron: string, timezone: string, from: Date): Date {
  const next = new Cron(cron, { timezone, paused: true }).nextRun(from);
  if (!next) throw new Error(`schedule "${cron}" never fires`);
  return next;
}

/** The next tick is computed after both the fired one and this clock: a lagging clock never repeats a tick. */
const after = (fired: Date) => new Date(Math.max(Date.now(), fired.getTime()));

/**
 * Creates or updates a schedule. An unchanged pattern keeps its next tick (replicas starting at
 * different times agree); a changed pattern or zone restarts from now.
 */
export async function upsertSchedule(db: Db, def: ScheduleDefinition): Promise<void> {
  const timezone = def.timezone ?? 'UTC';
  const next = nextTick(def.cron, timezone, new Date());
  await db
    .insert(jobSchedules)
    .values({ name: def.name, kind: def.kind, cron: def.cron, timezone, payload: def.payload ?? {}, nextRunAt: next })
    .onConflictDoUpdate({
      target: jobSchedules.name,
      set: {
        kind: def.kind,
        payload: def.payload ?? {},
        cron: def.cron,
        timezone,
        nextRunAt: sql`case when ${jobSchedules.cron} = ${def.cron} and ${jobSchedules.timezone} = ${timezone}
          then ${jobSchedules.nextRunAt} else ${next} end`,
        updatedAt: sql`now()`,
      },
    });
}

/**
 * Enqueues the job of every due schedule whose kind this process runs, once per tick across
 * replicas. Ticks missed while no server ran fire once, then the schedule resumes from now.
 * A tick whose previous job is still queued or running joins it (the de-duplication key): a slow
 * run is never overlapped by the next.
 */
export async function fireDueSchedules(db: Db, kinds: string[]): Promise<number> {
  if (kinds.length === 0) return 0;
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(jobSchedules)
      .where(and(lte(jobSchedules.nextRunAt, sql`now()`), inArray(jobSchedules.kind, kinds)))
      .for('update', { skipLocked: true });
    for (const schedule of due) {
      const job = await insertJob(tx, {
        kind: schedule.kind,
        payload: { ...schedule.payload, schedule: schedule.name, scheduledFor: schedule.nextRunAt.toISOString() },
        dedupeKey: `schedule:${schedule.name}`,
      });
      await tx
        .update(jobSchedules)
        .set({ nextRunAt: nextTick(schedule.cron, schedule.timezone, after(schedule.nextRunAt)), lastRunAt: sql`now()`, lastJobId: job.id, updatedAt: sql`now()` })
        .where(sql`${jobSchedules.name} = ${schedule.name}`);
    }
    return due.length;
  });
}
