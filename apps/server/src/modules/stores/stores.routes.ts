import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  connectShopifyAnswer, connectShopifyBody, createStoreBody, integrateAnswer, integrateBody, messageResponse, storeAnswer, storeListQuery, storeListResponse,
  storeHealthResponse, storeImportLogQuery, storeImportLogResponse, storeResponse, updateStoreBody,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import { routeOptions } from '../../lib/routes';
import { withRawBody } from '../../lib/raw-body';
import * as service from './stores.service';
import * as shopify from './shopify-connect';
import { INTEGRATE_SIGNATURE_HEADER, integrate } from './integrate';
import { receiveShopifyWebhook, SHOPIFY_WEBHOOK_PATH } from './store-webhooks';
import { importLog } from './store-import-log';
import { storeHealth } from './store-health';

/**
 * Reading is 'stores.seller' (the team's manager: its own stores) or 'stores.agency' (owner and customer
 * support: every store of the agency's sellers); every change is the seller's own. Credentials never leave.
 */
/** A public address a platform sends the browser to, signed by the platform (its query carries the HMAC); it answers a redirect. */
function signedRedirect(summary: string) {
  return {
    config: { permission: 'public' as const },
    schema: { tags: ['stores'], summary, querystring: z.record(z.string(), z.string().max(4096)), response: { 302: z.null() } },
  };
}

export async function storeRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = routeOptions(['stores.seller', 'stores.agency'], ['stores']);
  const manage = routeOptions('stores.seller', ['stores']);

  r.get('/api/stores', read('Stores, newest first: a seller its own, the agency its sellers\u2019', { querystring: storeListQuery, response: { 200: storeListResponse } }),
    async (req) => service.list(ctx, req.actor!, req.query));

  r.get('/api/stores/:id/import-log', read.byId('What the store’s platform sent, newest first, and what became of each delivery (bodies are never shown)', { querystring: storeImportLogQuery, response: { 200: storeImportLogResponse } }),
    async (req) => importLog(ctx, req.actor!, req.params.id, req.query));

  r.get('/api/stores/:id/health', read.byId('What keeps the store\u2019s orders arriving: deliveries of the last 7 days, the last pull and what it caught up, credentials about to expire', { response: { 200: storeHealthResponse } }),
    async (req) => storeHealth(ctx, req.actor!, req.params.id));

  r.get('/api/stores/:id', read.byId('One store (never its credentials)', { response: { 200: storeResponse } }),
    async (req) => service.get(ctx, req.actor!, req.params.id));

  r.post('/api/stores', manage('Create a manual (CSV-only) store of the seller\u2019s team', { body: createStoreBody, response: { 201: storeAnswer } }),
    async (req, reply) => reply.code(201).send(await service.createManual(ctx, req.actor!, req.body)));

  r.put('/api/stores/:id', manage.byId('Rename a store or change its import rules', { body: updateStoreBody, response: { 200: storeAnswer } }),
    async (req) => service.update(ctx, req.actor!, req.params.id, req.body));

  r.post('/api/stores/:id/disconnect', manage.byId('Disconnect a store: its credentials are wiped; products, mappings and orders stay', { response: { 200: storeAnswer } }),
    async (req) => service.disconnect(ctx, req.actor!, req.params.id));

  r.delete('/api/stores/:id', manage.byId('Delete a store no order came from', { response: { 200: messageResponse } }),
    async (req) => service.remove(ctx, req.actor!, req.params.id));

  r.post('/api/stores/shopify/connect', manage('Where to approve the app in a Shopify shop (the OAuth install address)', { body: connectShopifyBody, response: { 200: connectShopifyAnswer } }),
    async (req) => shopify.start(ctx, req.actor!, req.body.shop, req.hostname));

  // Shopify sends the browser here after the merchant approves: no session, the HMAC and the sealed state vouch.
  r.get(shopify.SHOPIFY_CALLBACK_PATH, signedRedirect('Shopify OAuth callback: checks the HMAC and the state, stores the sealed token, back to the Stores page'),
    async (req, reply) => reply.redirect(await shopify.finish(ctx, req.query), 302));

  // The app URL Shopify opens when a merchant installs from Shopify's side: signed by Shopify, no session.
  r.get('/api/stores/shopify/install', signedRedirect('Shopify app install from Shopify\u2019s side: checks the HMAC, then on to the shop\u2019s approval (the Welcome page follows)'),
    async (req, reply) => reply.redirect(await shopify.install(ctx, req.query), 302));

  // Signed over the raw body (the store app's hand-over, Shopify's webhooks): lib/raw-body.ts.
  await withRawBody(app, async (signed) => {
    signed.withTypeProvider<ZodTypeProvider>().post('/api/integrate', {
      config: { permission: 'public' },
      schema: {
        tags: ['stores'],
        summary: 'The store app hands over a shop (platform, shop, offline token), signed X-Integrate-Hmac; answers the app_token and the Welcome link',
        body: integrateBody,
        response: { 200: integrateAnswer },
      },
    }, async (req) => integrate(ctx, req.body, req.rawBody ?? '', req.headers[INTEGRATE_SIGNATURE_HEADER] as string | undefined));

    signed.withTypeProvider<ZodTypeProvider>().post(SHOPIFY_WEBHOOK_PATH, {
      config: { permission: 'public' },
      schema: {
        tags: ['stores'],
        summary: 'Shopify webhooks: HMAC-verified (X-Shopify-Hmac-Sha256), recorded once per delivery, processed by a job',
        response: { 200: z.object({ received: z.number().int() }) },
      },
      // Shopify sends bodies up to a few MB (orders with many lines); the scope's parser caps them.
    }, async (req) => receiveShopifyWebhook(ctx, req.rawBody ?? '', req.headers));
  });
}
