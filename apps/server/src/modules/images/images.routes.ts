import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMAGE_TOO_LARGE_MESSAGE,
  UPLOAD_LINK_INVALID_MESSAGE,
  idParam,
  libraryAddBody,
  libraryImage,
  libraryQuery,
  libraryResponse,
  messageResponse,
  presignQuery,
  presignResponse,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../lib/errors';
import * as images from './images.service';
import type { UploadStorage } from './upload-storage';

/** `uploads`: new uploads go to S3 when configured; the local routes stay so files already on disk keep working. */
export async function imageRoutes(app: FastifyInstance, ctx: AppContext, uploads: UploadStorage) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['images'];
  const { local, storage } = uploads;

  r.get('/api/images/presigned_url', {
    config: { permission: 'images.upload' },
    schema: { tags, summary: 'A one-time link to PUT an image to (png, jpg, jpeg, webp; at most 70 MB)', querystring: presignQuery, response: { 200: presignResponse } },
  }, async (req) => images.presign(ctx, storage, req.actor!, req.query));

  // The upload target of the local driver, in its own scope so its parser applies here only: the
  // body is handed over as the request stream, unread, and streamed to disk by the service.
  await app.register(async (scope) => {
    // Early exits (413, 400) must not destroy the request: its socket still carries our answer.
    const stream = (_req: unknown, payload: Readable, done: (err: Error | null, body?: AsyncIterable<Buffer>) => void) =>
      done(null, payload.iterator({ destroyOnReturn: false }));
    scope.addContentTypeParser(/^image\/.*/, stream);
    scope.addContentTypeParser('application/octet-stream', stream);
    scope.withTypeProvider<ZodTypeProvider>().put('/api/files/upload/:id', {
      // The signature is the authority: whoever holds the link may upload this one file.
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'Receive the bytes of a presigned local upload (streamed to disk; at most the size declared at presign)',
        params: idParam,
        querystring: z.object({ expires: z.string().optional(), signature: z.string().optional() }),
        response: { 200: messageResponse, 413: messageResponse },
      },
      // Checked before the body is read, so nobody can stream 70 MB at a link they do not hold.
      onRequest: async (req) => {
        const { id } = req.params as { id?: string };
        const { expires, signature } = req.query as { expires?: string; signature?: string };
        if (!id || !local.verify(id, expires, signature)) throw forbidden(UPLOAD_LINK_INVALID_MESSAGE);
      },
      errorHandler: (error, _req, reply) => {
        // The rest of a refused body is not worth reading: answer, then drop the connection.
        reply.header('connection', 'close');
        if ((error as { statusCode?: number }).statusCode === 413) return reply.status(413).send({ message: IMAGE_TOO_LARGE_MESSAGE });
        throw error;
      },
    }, async (req) => {
      const length = req.headers['content-length'];
      return images.receiveUpload(ctx, local, req.params.id, req.body as AsyncIterable<Buffer> | undefined, length ? Number(length) : undefined);
    });
  });

  // Uploaded files, outside /api like any static asset; only rows marked uploaded are served.
  app.get('/files/*', { config: { permission: 'public' } }, async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    const row = await images.findUploaded(ctx, key);
    if (!row) throw notFound();
    const file = await local.open(row.path).catch(() => null);
    if (!file) throw notFound();
    return reply
      .header('Content-Type', row.contentType ?? 'application/octet-stream')
      .header('Content-Length', file.size)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('Content-Security-Policy', "default-src 'none'")
      // Stored images are shown on other sites too (a seller's store, mockups); a file is no secret.
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .send(file.stream);
  });

  r.post('/api/images/:id/complete', {
    config: { permission: 'images.upload' },
    schema: { tags, summary: 'Tell the server a presigned PUT is done; it checks what was stored', params: idParam, response: { 200: messageResponse, 413: messageResponse } },
  }, async (req) => images.completeUpload(ctx, storage, req.actor!, req.params.id));

  r.post('/api/images/library', {
    config: { permission: 'images.library' },
    schema: { tags, summary: "Add an uploaded image to the actor's library", body: libraryAddBody, response: { 200: libraryImage } },
  }, async (req) => images.addToLibrary(ctx, storage, req.actor!, req.body.fileId));

  r.get('/api/images', {
    config: { permission: 'images.library' },
    schema: { tags, summary: "The image library of the actor's agency or seller team", querystring: libraryQuery, response: { 200: libraryResponse } },
  }, async (req) => images.listLibrary(ctx, storage, req.actor!, req.query));

  r.delete('/api/images/:id', {
    config: { permission: 'images.library' },
    schema: { tags, summary: 'Delete a library image and its stored file', params: idParam, response: { 200: messageResponse } },
  }, async (req) => images.removeImage(ctx, storage, req.actor!, req.params.id));
}
