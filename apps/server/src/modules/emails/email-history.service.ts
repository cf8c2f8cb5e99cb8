import { and, eq, getTableColumns, ilike, or, sql, type SQL } from 'drizzle-orm';
import { EMAIL_MSG, type Actor, type EmailHistoryQuery } from '@fbo/shared';
import type { AppContext } from '../../context';
import { emailMessages } from '../../db/schema/index';
import { badRequest, notFound } from '../../lib/errors';
import { likePattern, listAnswer, newestFirst, pageWithCappedCount, withPage } from '../../lib/list';
import { writeAudit } from '../audit';
import { agencyOf } from './mail-templates.service';

type Row = typeof emailMessages.$inferSelect;

const item = (m: Row) => ({
  id: m.id,
  toAddress: m.toAddress,
  subject: m.subject,
  templateCode: m.templateCode,
  status: m.status,
  error: m.error,
  createdAt: m.createdAt.toISOString(),
});

export async function listHistory(ctx: AppContext, actor: Actor, q: EmailHistoryQuery) {
  const conds: (SQL | undefined)[] = [eq(emailMessages.agencyId, agencyOf(actor))];
  if (q.status) conds.push(eq(emailMessages.status, q.status));
  if (q.search) conds.push(or(ilike(emailMessages.toAddress, likePattern(q.search)), ilike(emailMessages.subject, likePattern(q.search))));
  const where = and(...conds);
  const { rows, count } = await pageWithCappedCount(ctx.db, sql`${emailMessages}`, where, q, (countColumn) =>
    withPage(ctx.db.select({ ...getTableColumns(emailMessages), ...countColumn }).from(emailMessages), where, newestFirst(emailMessages), q),
  );
  return listAnswer(rows.map(item), count, q);
}

async function messageOf(ctx: AppContext, actor: Actor, id: string): Promise<Row> {
  const [row] = await ctx.db
    .select()
    .from(emailMessages)
    .where(and(eq(emailMessages.id, id), eq(emailMessages.agencyId, agencyOf(actor))));
  if (!row) throw notFound();
  return row;
}

export async function getMessage(ctx: AppContext, actor: Actor, id: string) {
  const row = await messageOf(ctx, actor, id);
  return { ...item(row), html: row.html };
}

/**
 * Sends a failed message again, as it was rendered. The row is claimed first (failed -> recorded,
 * a conditional UPDATE) so two clicks or two replicas never send it twice; the delivery runs
 * outside any transaction and its outcome is written after. A manual retry runs inside the
 * request (the user waits for the answer); automatic retries are queued (mail/mail-retry.ts).
 */
export async function retryMessage(ctx: AppContext, actor: Actor, id: string) {
  const row = await messageOf(ctx, actor, id);
  const [claimed] = await ctx.db
    .update(emailMessages)
    .set({ status: 'recorded' })
    .where(and(eq(emailMessages.id, row.id), eq(emailMessages.status, 'failed')))
    .returning({ id: emailMessages.id });
  if (!claimed) throw badRequest(EMAIL_MSG.retryOnlyFailed);
  const outcome = await ctx.mailer.deliver({ to: row.toAddress, subject: row.subject, html: row.html, text: row.text });
  const updated = await ctx.db.transaction(async (tx) => {
    const [after] = await tx.update(emailMessages).set(outcome).where(eq(emailMessages.id, row.id)).returning();
    await writeAudit(tx, {
      actorId: actor.userId,
      agencyId: row.agencyId,
      entity: 'email_message',
      entityId: row.id,
      action: 'retry',
      before: { status: row.status, error: row.error },
      after: outcome,
    });
    return after!;
  });
  return { message: outcome.status === 'failed' ? EMAIL_MSG.retryFailed : EMAIL_MSG.retrySent, data: item(updated) };
}
