import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailMessages } from '../db/schema/index';
import type { JobQueue } from '../jobs/queue';
import type { Mailer } from './mailer';

export const MAIL_RETRY_JOB = 'mail.retry';
/** A failed message is tried again by the queue: 3 more times, 30 s, 60 s, then 120 s apart. */
const RETRY_ATTEMPTS = 3;

/**
 * Failed deliveries are retried by the job queue. The job claims the row (failed -> recorded) so a
 * manual retry from E-mail History and the queue never both send it; a delivery that fails again
 * puts the row back to failed and throws, so the queue tries later with backoff.
 */
export function registerMailRetry(queue: JobQueue, db: Db, mailer: Mailer) {
  queue.register(MAIL_RETRY_JOB, async ({ job }) => {
    const id = String(job.payload.messageId);
    const [row] = await db
      .update(emailMessages)
      .set({ status: 'recorded' })
      .where(and(eq(emailMessages.id, id), eq(emailMessages.status, 'failed')))
      .returning();
    if (!row) return { skipped: 'not failed any more' };
    const outcome = await mailer.deliver({ to: row.toAddress, subject: row.subject, html: row.html, text: row.text });
    await db.update(emailMessages).set(outcome).where(eq(emailMessages.id, id));
    if (outcome.status === 'failed') throw new Error(outcome.error ?? 'delivery failed');
    return { status: outcome.status };
  }, { concurrency: 2 });
}

export function enqueueMailRetry(queue: JobQueue, db: Db, message: { id: string; agencyId: string | null }) {
  return queue.enqueue(db, {
    kind: MAIL_RETRY_JOB,
    // A message fails again while its retry waits: still one retry.
    dedupeKey: `message:${message.id}`,
    payload: { messageId: message.id },
    agencyId: message.agencyId,
    runAt: new Date(Date.now() + 30_000),
    maxAttempts: RETRY_ATTEMPTS,
  });
}
