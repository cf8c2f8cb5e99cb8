import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { idParam, jobFileQuery, jobResponse, type Actor } from '@fbo/shared';
import type { AppContext } from '../../context';
import { jobs } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { jobFileContent, jobFileHead, verifyJobFileLink } from './job-files';
import type { JobRow } from '../../jobs/queue';
import { jobView } from './job-view';

/** A job of the actor's own; anyone else's is not found. */
export async function ownJob(ctx: AppContext, actor: Actor, id: string): Promise<JobRow> {
  const [job] = await ctx.db.select().from(jobs).where(and(eq(jobs.id, id), eq(jobs.userId, actor.userId)));
  if (!job) throw notFound('Job not found');
  return job;
}

export async function jobRoutes(app: FastifyInstance, ctx: AppContext, secret: string) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/jobs/:id', {
    config: { permission: 'authenticated' },
    schema: { tags: ['jobs'], summary: 'A background job of mine: status and progress', params: idParam, response: { 200: jobResponse } },
  }, async (req) => ({ data: jobView(ctx, await ownJob(ctx, req.actor!, req.params.id)) }));

  // Public route: the signature in the address is the permission (a download is a plain navigation).
  r.get('/api/job-files/:id', {
    config: { permission: 'public' },
    schema: { tags: ['jobs'], summary: 'Download a job file through a signed address', params: idParam, querystring: jobFileQuery },
  }, async (req, reply) => {
    if (!verifyJobFileLink(secret, req.params.id, req.query.expires, req.query.signature)) throw notFound('This link is invalid or has expired');
    const file = await jobFileHead(ctx.db, req.params.id);
    if (!file) throw notFound('This link is invalid or has expired');
    // Streamed part after part (one short statement each, read as the client takes them): a large
    // file never holds the embedded database's one connection, nor sits whole in memory.
    return reply
      .header('Content-Type', file.contentType)
      .header('Content-Length', file.size)
      .header('Content-Disposition', `attachment; filename="${file.name.replace(/[^\w.\- ]/g, '_')}"`)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(Readable.from(jobFileContent(ctx.db, req.params.id, file.size)));
  });
}
