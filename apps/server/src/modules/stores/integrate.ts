/**
 * POST /api/integrate (spec part 1 section 5: "app integration"): the store app, after its own OAuth with
 * the shop, hands over the platform, the shop and the offline token, and receives the app_token and the
 * welcome link to send the merchant to. No session: the request is signed with the app's secret
 * (`X-Integrate-Hmac`: base64 HMAC-SHA256 of the raw body), as Shopify signs its webhooks. When the app is
 * ours (GET /api/stores/shopify/install), the callback does the same hand-over itself.
 */
import { createHmac } from 'node:crypto';
import { STORE_MSG, type IntegrateBody } from '@fbo/shared';
import type { AppContext } from '../../context';
import { badRequest, unauthorized } from '../../lib/errors';
import { issueAppToken } from './app-tokens';
import { sameDigest } from './shopify';

export const INTEGRATE_SIGNATURE_HEADER = 'x-integrate-hmac';

export function signIntegrate(rawBody: string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('base64');
}

export async function integrate(ctx: AppContext, body: IntegrateBody & { shop: string }, rawBody: string, signature: string | undefined) {
  const shopify = ctx.platforms.shopify;
  if (!shopify) throw badRequest(STORE_MSG.shopifyNotConfigured);
  if (!signature || !sameDigest(signIntegrate(rawBody, shopify.apiSecret), signature)) throw unauthorized('The integration request is not signed by the store app');
  return issueAppToken(ctx, { platform: body.platform, shop: body.shop, accessToken: body.accessToken, scope: body.scope ?? '', agencyCode: body.agency });
}
