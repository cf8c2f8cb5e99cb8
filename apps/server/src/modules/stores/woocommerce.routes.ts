/** WooCommerce's routes (docs/stores-woocommerce.md, "Connecting" and "Webhooks in"). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  connectWooCommerceAnswer, connectWooCommerceBody, messageResponse, storeAnswer, wooCommerceKeysBody, wooCommerceKeysCallback,
  wooCommerceReturnQuery, wooCommerceWebhookAnswer, wooCommerceWebhookParams,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import { routeOptions } from '../../lib/routes';
import { withRawBody } from '../../lib/raw-body';
import * as woo from './woocommerce-connect';
import { receiveWooWebhook, WOO_WEBHOOK_PATH } from './woocommerce-webhook-receive';

/** The connect flow's routes, and the signed webhooks' in a raw-body scope. */
export async function wooCommerceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const manage = routeOptions('stores.seller', ['stores']);

  r.post('/api/stores/woocommerce/connect', manage('Where to approve the app in a WooCommerce store (its /wc-auth/v1/authorize consent screen)', { body: connectWooCommerceBody, response: { 200: connectWooCommerceAnswer } }),
    async (req) => woo.start(ctx, req.actor!, req.body.storeUrl, req.hostname));

  r.post('/api/stores/woocommerce/keys', manage('Connect a WooCommerce store with REST API keys created by hand (checked with one call)', { body: wooCommerceKeysBody, response: { 200: storeAnswer } }),
    async (req) => woo.connectWithKeys(ctx, req.actor!, req.body));

  // WooCommerce POSTs the new keys here from the store's server: no session, the sealed state in user_id vouches.
  r.post(woo.WOO_CALLBACK_PATH, {
    config: { permission: 'public' },
    schema: { tags: ['stores'], summary: 'WooCommerce consent callback: the keys for the sealed state, checked, sealed and the store connected', body: wooCommerceKeysCallback, response: { 200: messageResponse } },
  }, async (req) => woo.receiveKeys(ctx, req.body));

  // The merchant's browser after the consent screen: on to the Stores page with the outcome.
  r.get(woo.WOO_RETURN_PATH, {
    config: { permission: 'public' },
    schema: { tags: ['stores'], summary: 'WooCommerce consent return: back to the Stores page with the connected store or the reason', querystring: wooCommerceReturnQuery, response: { 302: z.null() } },
  }, async (req, reply) => reply.redirect(await woo.returnTo(ctx, req.query), 302));

  // Signed webhooks: the body as it came (lib/raw-body.ts).
  await withRawBody(app, async (scope) => {
    // WooCommerce's creation ping is form-encoded (`webhook_id=N`) and signed like the rest: kept as text.
    if (scope.hasContentTypeParser('application/x-www-form-urlencoded')) scope.removeContentTypeParser('application/x-www-form-urlencoded');
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (req, body, done) => {
      req.rawBody = body as string;
      done(null, {});
    });
    scope.withTypeProvider<ZodTypeProvider>().post(WOO_WEBHOOK_PATH, {
      config: { permission: 'public' },
      schema: {
        tags: ['stores'],
        summary: 'WooCommerce webhooks of one store: X-WC-Webhook-Signature checked with the store\u2019s secret, recorded once per delivery id, processed by a job',
        params: wooCommerceWebhookParams,
        response: { 200: wooCommerceWebhookAnswer },
      },
    }, async (req) => receiveWooWebhook(ctx, req.params, req.rawBody ?? '', req.headers));
  });
}
