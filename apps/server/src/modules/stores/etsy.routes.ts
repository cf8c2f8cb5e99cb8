/** Etsy's routes (docs/stores-etsy.md, "Connecting"). Orders come by the scheduled pull: Etsy sends no order webhooks. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { connectEtsyAnswer, connectEtsyBody, etsyCallbackQuery } from '@fbo/shared';
import type { AppContext } from '../../context';
import { routeOptions } from '../../lib/routes';
import * as etsy from './etsy-connect';

export async function etsyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const manage = routeOptions('stores.seller', ['stores']);

  r.post('/api/stores/etsy/connect', manage('Where to approve the app on Etsy (OAuth 2.0 with PKCE); 400 when Etsy is not configured', { body: connectEtsyBody, response: { 200: connectEtsyAnswer } }),
    async (req) => etsy.start(ctx, req.actor!, req.hostname));

  // Etsy sends the browser here after the merchant approves (or refuses): no session, the sealed state vouches.
  r.get(etsy.ETSY_CALLBACK_PATH, {
    config: { permission: 'public' },
    schema: { tags: ['stores'], summary: 'Etsy OAuth callback: checks the sealed state, trades the code (PKCE), stores the sealed tokens, back to the Stores page', querystring: etsyCallbackQuery, response: { 302: z.null() } },
  }, async (req, reply) => reply.redirect(await etsy.finish(ctx, req.query), 302));
}
