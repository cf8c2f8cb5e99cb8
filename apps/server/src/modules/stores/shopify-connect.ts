/**
 * Connecting a Shopify shop from /s/integrations (docs/stores.md, "Connecting Shopify"):
 *   1. the seller's manager enters the shop; `start` answers the shop's app-approval address, with a
 *      `state` sealed by the SecretBox that binds the agency, the team, the user, the shop and 10 minutes;
 *   2. Shopify sends the browser back to GET /api/stores/shopify/callback with code, shop, state,
 *      timestamp and hmac; `finish` checks the HMAC (the app's secret), the time and the state, trades
 *      the code for the offline token, and creates (or reconnects) the team's store with it sealed;
 *   3. the browser lands on /s/integrations with `connected=<id>` or `error=<message>`.
 * The app is the deployment's (SHOPIFY_API_KEY / SHOPIFY_API_SECRET): docs/decisions.md.
 */
import { STORE_MSG, type Actor } from '@fbo/shared';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/errors';
import { appLink, linkBase } from '../../lib/public-links';
import { writeAudit } from '../audit';
import { issueAppToken } from './app-tokens';
import { createShopifyApi, exchangeCode, installUrl, sameDigest, signOauthQuery, validShopDomain, verifyCallback, type ShopifyOauthOptions } from './shopify';
import { sealCredentials } from './store-credentials';
import { subscribeShopifyWebhooks } from './store-webhooks';
import { sellerScope } from './stores.service';
import * as repo from './stores.repo';

const STATE_BINDING = 'shopify-oauth-state';
const STATE_TTL_MS = 10 * 60_000;
export const SHOPIFY_CALLBACK_PATH = '/api/stores/shopify/callback';

/**
 * `team`: started by a seller's manager from /s/integrations. `install`: started from Shopify's side (the app
 * store or the shop's admin opened our app URL), no one signed in: the token waits behind an app_token.
 */
type ConnectState = TeamState | InstallState;
interface InstallState {
  kind: 'install';
  shop: string;
  expires: number;
}
interface TeamState {
  kind?: 'team';
  agencyId: string;
  sellerTeamId: string;
  userId: string;
  shop: string;
  /** The host the seller started from: the way back goes there only when it is a connected domain of the agency. */
  host?: string;
  expires: number;
}

/** Platform calls go to the local fakes when a test or a local trial says so (refused in production by config). */
export function shopifyOptions(ctx: AppContext): ShopifyOauthOptions {
  const fakes = ctx.platforms.fakesUrl?.replace(/\/+$/, '');
  return fakes ? { baseUrl: (shop) => `${fakes}/shops/${shop}` } : {};
}

function app(ctx: AppContext) {
  const shopify = ctx.platforms.shopify;
  if (!shopify) throw badRequest(STORE_MSG.shopifyNotConfigured);
  return shopify;
}

export async function start(ctx: AppContext, actor: Actor, shop: string, requestHost: string | undefined) {
  const scope = sellerScope(actor);
  const shopify = app(ctx);
  const taken = await repo.findShop(ctx.db, scope.agencyId, 'shopify', shop);
  if (taken && taken.sellerTeamId !== scope.sellerTeamId) throw badRequest(STORE_MSG.shopTaken, { shop: STORE_MSG.shopTaken });
  const state: TeamState = { ...scope, userId: actor.userId, shop, host: requestHost, expires: Date.now() + STATE_TTL_MS };
  return { url: await approvalUrl(ctx, shopify, state) };
}

async function approvalUrl(ctx: AppContext, shopify: NonNullable<AppContext['platforms']['shopify']>, state: ConnectState) {
  return installUrl(
    {
      shop: state.shop,
      clientId: shopify.apiKey,
      scopes: shopify.scopes.split(','),
      redirectUri: `${await linkBase(ctx, { agencyId: null, requestHost: undefined })}${SHOPIFY_CALLBACK_PATH}`,
      state: ctx.secrets.encrypt(JSON.stringify(state), STATE_BINDING),
    },
    shopifyOptions(ctx),
  );
}

/**
 * The app URL Shopify opens when a merchant installs the app from Shopify's side (GET, with shop,
 * timestamp and an HMAC of the query): checked, then on to the same approval as a connect from
 * /s/integrations, its state saying no one is signed in.
 */
export async function install(ctx: AppContext, query: Record<string, string>): Promise<string> {
  const shopify = app(ctx);
  const options = shopifyOptions(ctx);
  const shop = validShopDomain(query['shop'], options);
  const age = Date.now() / 1000 - Number(query['timestamp']);
  const signed = typeof query['hmac'] === 'string' && sameDigest(signOauthQuery(query, shopify.apiSecret), query['hmac'].toLowerCase());
  if (!shop || !signed || !Number.isFinite(age) || age > 600 || age < -60) throw badRequest('Shopify did not sign this install request');
  return approvalUrl(ctx, shopify, { kind: 'install', shop, expires: Date.now() + STATE_TTL_MS });
}

function openState(ctx: AppContext, sealed: unknown): ConnectState | null {
  if (typeof sealed !== 'string') return null;
  try {
    const state = JSON.parse(ctx.secrets.decrypt(sealed, STATE_BINDING)) as ConnectState;
    return state.expires > Date.now() ? state : null;
  } catch {
    return null;
  }
}

const back = (ctx: AppContext, state: ConnectState | null, query: string) =>
  state?.kind === 'install'
    ? appLink(ctx, { agencyId: null, requestHost: undefined }, `/error?${query}`)
    : appLink(ctx, { agencyId: state?.agencyId, requestHost: state?.host }, `/s/integrations?${query}`);

/** The callback: answers where to send the browser (the Stores page, with the outcome). */
export async function finish(ctx: AppContext, query: Record<string, unknown>): Promise<string> {
  const shopify = app(ctx);
  const options = shopifyOptions(ctx);
  const state = openState(ctx, query['state']);
  const check = verifyCallback(query as Record<string, string>, shopify.apiSecret, options);
  if (!check.ok || !state || check.shop !== state.shop) {
    return back(ctx, state, `error=${encodeURIComponent('Shopify did not confirm the connection. Please try again.')}`);
  }
  const unreachable = () => back(ctx, state, `error=${encodeURIComponent('Shopify could not be reached. Please try again.')}`);
  let token: { accessToken: string; scope: string };
  try {
    token = await exchangeCode({ shop: state.shop, code: String(query['code']), clientId: shopify.apiKey, clientSecret: shopify.apiSecret }, options);
  } catch {
    return unreachable();
  }
  // Installed from Shopify's side: the merchant links the shop to an account on the Welcome page.
  if (state.kind === 'install') {
    return (await issueAppToken(ctx, { platform: 'shopify', shop: state.shop, accessToken: token.accessToken, scope: token.scope })).url;
  }
  // Only a store made now needs the shop's name and currency.
  let info: { name: string; currencyCode: string };
  try {
    info = await createShopifyApi(options)({ shopDomain: state.shop, accessToken: token.accessToken }).shopInfo();
  } catch {
    return unreachable();
  }
  const outcome = await ctx.db.transaction(async (tx): Promise<{ id: string } | { error: string }> => {
    const existing = await repo.findShop(tx, state.agencyId, 'shopify', state.shop);
    if (existing && existing.sellerTeamId !== state.sellerTeamId) return { error: STORE_MSG.shopTaken };
    const fields = {
      name: info.name, currency: info.currencyCode, status: 'connected' as const, statusReason: null, scopes: token.scope,
      connectedAt: new Date(), disconnectedAt: null,
    };
    const store = existing ?? (await repo.insertStore(tx, { agencyId: state.agencyId, sellerTeamId: state.sellerTeamId, platform: 'shopify', shopDomain: state.shop, ...fields }));
    await repo.updateStore(tx, { agencyId: state.agencyId }, store.id, { ...fields, ...sealCredentials(ctx.secrets, store, { accessToken: token.accessToken }) });
    await writeAudit(tx, {
      actorId: state.userId, agencyId: state.agencyId, entity: 'store', entityId: store.id, action: existing ? 'reconnect' : 'connect',
      after: { platform: 'shopify', shop: state.shop, scopes: token.scope },
    });
    return { id: store.id };
  });
  if ('error' in outcome) return back(ctx, state, `error=${encodeURIComponent(outcome.error)}`);
  await subscribeShopifyWebhooks(ctx, options, { agencyId: state.agencyId, id: outcome.id, shopDomain: state.shop, accessToken: token.accessToken });
  return back(ctx, state, `connected=${outcome.id}`);
}
