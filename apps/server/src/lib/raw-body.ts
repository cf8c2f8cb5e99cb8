/**
 * Routes whose caller signs the body (the store app's hand-over, the platforms' webhooks) need the bytes as they came:
 * one re-serialised byte breaks the signature. `withRawBody` registers routes in a scope whose JSON parser keeps the
 * text it parsed in `req.rawBody`.
 */
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body as it came, for a route whose caller signs it. */
    rawBody?: string;
  }
}

/** Platforms send bodies up to a few MB (orders with many lines). */
const BODY_LIMIT = 5 * 1024 * 1024;

export async function withRawBody(app: FastifyInstance, routes: (scope: FastifyInstance) => Promise<void>): Promise<void> {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (req, body, done) => {
      try {
        req.rawBody = body as string;
        done(null, JSON.parse(body as string));
      } catch {
        done(Object.assign(new Error('Body is not valid JSON'), { statusCode: 400 }), undefined);
      }
    });
    await routes(scope);
  });
}
