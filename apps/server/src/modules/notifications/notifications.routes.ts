import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq } from 'drizzle-orm';
import { idParam, messageResponse, notificationPatchBody, notificationsQuery, notificationsResponse } from '@fbo/shared';
import type { AppContext } from '../../context';
import { notifications } from '../../db/schema/index';
import { notFound } from '../../lib/errors';

export async function notificationRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];

  r.get('/api/push-notifications', {
    config: { permission: 'notifications' },
    schema: { tags, summary: "The signed-in user's notifications, newest first", querystring: notificationsQuery, response: { 200: notificationsResponse } },
  }, async (req) => {
    const userId = req.actor!.userId;
    const { page, limit } = req.query;
    const [rows, [total], [unviewed]] = await Promise.all([
      ctx.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit)
        .offset((page - 1) * limit),
      ctx.db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId)),
      ctx.db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.viewed, false))),
    ]);
    return {
      data: rows.map((n) => ({ id: n.id, title: n.title, content: n.content, createdAt: n.createdAt.toISOString(), viewed: n.viewed })),
      total: Number(total?.n ?? 0),
      unviewCount: Number(unviewed?.n ?? 0),
    };
  });

  r.patch('/api/push-notifications/:id', {
    config: { permission: 'notifications' },
    schema: { tags, summary: 'Mark a notification read or unread', params: idParam, body: notificationPatchBody, response: { 200: messageResponse } },
  }, async (req) => {
    // Scoped to the owner: another user's notification is simply not found.
    const updated = await ctx.db
      .update(notifications)
      .set({ viewed: req.body.viewed })
      .where(and(eq(notifications.id, req.params.id), eq(notifications.userId, req.actor!.userId)))
      .returning({ id: notifications.id });
    if (updated.length === 0) throw notFound();
    return { message: 'Updated' };
  });
}
