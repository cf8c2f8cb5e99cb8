import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { MSG } from '@fbo/shared';

/**
 * The web app under /cms/: precompressed assets (.br/.gz) with long caching, deep links
 * answered with index.html, a missing asset a real 404. Registered last: /api wins.
 */
export async function registerSpa(app: FastifyInstance, webDist: string | undefined) {
  const hasWeb = !!webDist && existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist!,
      prefix: '/cms/',
      preCompressed: true,
      wildcard: true,
      index: ['index.html'],
      setHeaders(res, filePath) {
        res.header('X-Content-Type-Options', 'nosniff');
        res.header(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.get('/', { config: { permission: 'public' } }, (_req, reply) => reply.redirect('/cms/'));
  app.get('/cms', { config: { permission: 'public' } }, (_req, reply) => reply.redirect('/cms/'));

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    const isPage = url.startsWith('/cms/') && !path.extname(url);
    if (hasWeb && request.method === 'GET' && isPage) {
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html');
    }
    return reply.status(404).send({ message: MSG.notFound });
  });
}
