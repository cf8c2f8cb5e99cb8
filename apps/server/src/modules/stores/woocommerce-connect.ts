/**
 * Connecting a WooCommerce store from /s/integrations (docs/stores-woocommerce.md, "Connecting"):
 *   - by consent: `start` answers the store's /wc-auth/v1/authorize address with a `user_id` sealed by the
 *     SecretBox (agency, team, user, store URL, host, 10 minutes); WooCommerce POSTs the new keys to our public
 *     callback (`receiveKeys`: the sealed state vouches, since anyone can POST there), then sends the browser to
 *     `returnTo`, which lands it on /s/integrations with `connected=<id>` or `error=<message>`;
 *   - by hand: `connectWithKeys` checks keys the merchant created in WooCommerce and connects at once.
 * Both end in `saveStore`: the team's store created or reconnected, the keys sealed with a fresh webhook secret,
 * an audit row, and the webhook registration job queued in the same transaction.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { STORE_LIMITS, STORE_MSG, WOO_MSG, type Actor } from '@fbo/shared';
import type { AppContext } from '../../context';
import { agencies } from '../../db/schema/index';
import { badRequest } from '../../lib/errors';
import { appLink, linkBase } from '../../lib/public-links';
import { writeAudit } from '../audit';
import { StoreApiError } from './store-api-error';
import { sealCredentials, type WooCommerceCredentials } from './store-credentials';
import { wooOptions } from './store-platforms';
import { sellerScope } from './stores.service';
import * as repo from './stores.repo';
import { storeView } from './stores.views';
import { authorizeUrl, checkKeys, createWooCommerceApi, guardStoreUrl, parseKeysCallback } from './woocommerce';
import { queueWooWebhookRegistration } from './woocommerce-webhook-health';

const STATE_BINDING = 'woocommerce-auth-state';
const STATE_TTL_MS = 10 * 60_000;
export const WOO_CALLBACK_PATH = '/api/stores/woocommerce/callback';
export const WOO_RETURN_PATH = '/api/stores/woocommerce/return';

interface ConnectState {
  agencyId: string;
  sellerTeamId: string;
  userId: string;
  storeUrl: string;
  /** The host the seller started from: the way back goes there only when it is a connected domain of the agency. */
  host?: string;
  issued: number;
  expires: number;
}

interface Keys {
  consumerKey: string;
  consumerSecret: string;
}

/**
 * The store URL as `stores.shop_domain` keeps it: guarded (https, a public address; http to 127.0.0.1 in the test
 * setting), without query, fragment or trailing slash. A refused URL is a 400 the person can act on.
 */
export async function normaliseStoreUrl(ctx: AppContext, raw: string): Promise<string> {
  let url: URL;
  try {
    url = await guardStoreUrl(raw.trim(), wooOptions(ctx));
  } catch (err) {
    if (err instanceof StoreApiError && err.kind === 'network') throw badRequest(WOO_MSG.unreachable, { storeUrl: WOO_MSG.unreachable });
    const message = /^\s*http:/i.test(raw) ? WOO_MSG.storeUrlHttps : WOO_MSG.storeUrlRefused;
    throw badRequest(message, { storeUrl: message });
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** What a person is told when the store refused or never answered a call made with its keys. */
function refusal(err: unknown): string {
  if (!(err instanceof StoreApiError)) return WOO_MSG.unreachable;
  if (err.kind === 'unauthorized') return (err as { code?: string | null }).code === 'woocommerce_rest_cannot_create' ? WOO_MSG.readOnlyKeys : WOO_MSG.keysRefused;
  if (err.kind === 'not-found' || (err.kind === 'server' && !err.retryable)) return WOO_MSG.notWooCommerce;
  return WOO_MSG.unreachable;
}

async function takenByAnotherTeam(ctx: AppContext, agencyId: string, sellerTeamId: string, storeUrl: string) {
  const existing = await repo.findShop(ctx.db, agencyId, 'woocommerce', storeUrl);
  return !!existing && existing.sellerTeamId !== sellerTeamId;
}

export async function start(ctx: AppContext, actor: Actor, rawUrl: string, requestHost: string | undefined): Promise<{ url: string }> {
  const scope = sellerScope(actor);
  const storeUrl = await normaliseStoreUrl(ctx, rawUrl);
  if (await takenByAnotherTeam(ctx, scope.agencyId, scope.sellerTeamId, storeUrl)) throw badRequest(STORE_MSG.shopTaken, { storeUrl: STORE_MSG.shopTaken });
  const now = Date.now();
  const state: ConnectState = { ...scope, userId: actor.userId, storeUrl, host: requestHost, issued: now, expires: now + STATE_TTL_MS };
  const sealed = ctx.secrets.encrypt(JSON.stringify(state), STATE_BINDING);
  const [agency] = await ctx.db.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, scope.agencyId));
  // Links that leave the server come from PUBLIC_URL (lib/public-links.ts), never from the request's headers.
  const base = await linkBase(ctx, { agencyId: null, requestHost: undefined });
  const url = await authorizeUrl(
    {
      storeUrl,
      appName: agency?.name || 'Fulfilment',
      scope: 'read_write',
      state: sealed,
      returnUrl: `${base}${WOO_RETURN_PATH}?state=${encodeURIComponent(sealed)}`,
      callbackUrl: `${base}${WOO_CALLBACK_PATH}`,
    },
    wooOptions(ctx),
  );
  return { url };
}

function openState(ctx: AppContext, sealed: unknown): ConnectState | null {
  if (typeof sealed !== 'string' || !sealed) return null;
  try {
    const state = JSON.parse(ctx.secrets.decrypt(sealed, STATE_BINDING)) as ConnectState;
    return state.expires > Date.now() ? state : null;
  } catch {
    return null;
  }
}

/**
 * WooCommerce's POST of the keys (public). A state we did not seal, an expired one, keys of another state or
 * without read_write are refused with a 400, so WooCommerce shows the merchant an error and keeps no key.
 */
export async function receiveKeys(ctx: AppContext, body: unknown): Promise<{ message: string }> {
  const sealed = (body as { user_id?: unknown } | null)?.user_id;
  const state = openState(ctx, sealed == null ? null : String(sealed));
  if (!state) throw badRequest(WOO_MSG.notConfirmed);
  const keys = parseKeysCallback(body, String(sealed));
  if (!keys.ok) throw badRequest(keys.reason === 'permissions' ? WOO_MSG.readOnlyKeys : WOO_MSG.notConfirmed);
  await saveStore(ctx, { agencyId: state.agencyId, sellerTeamId: state.sellerTeamId, userId: state.userId }, state.storeUrl, keys);
  return { message: WOO_MSG.connected };
}

/** Where the browser lands after the consent screen: the Stores page with the store, or with what went wrong. */
export async function returnTo(ctx: AppContext, query: Record<string, unknown>): Promise<string> {
  const state = openState(ctx, query['state']);
  const back = (outcome: string) => appLink(ctx, { agencyId: state?.agencyId, requestHost: state?.host }, `/s/integrations?${outcome}`);
  const error = (message: string) => back(`error=${encodeURIComponent(message)}`);
  if (!state) return error(WOO_MSG.notConfirmed);
  if (query['success'] !== '1') return error(WOO_MSG.refused);
  // The keys are POSTed before WooCommerce sends the browser here: the store connected since this state was sealed.
  const store = await repo.findShop(ctx.db, state.agencyId, 'woocommerce', state.storeUrl);
  const arrived = store && store.sellerTeamId === state.sellerTeamId && store.status === 'connected' && (store.connectedAt?.getTime() ?? 0) >= state.issued - 1000;
  return arrived ? back(`connected=${store.id}`) : error(WOO_MSG.keysMissing);
}

/** Keys typed by hand: checked with one call, then the store is connected; answers the store. */
export async function connectWithKeys(ctx: AppContext, actor: Actor, body: { storeUrl: string } & Keys) {
  const scope = sellerScope(actor);
  const storeUrl = await normaliseStoreUrl(ctx, body.storeUrl);
  if (await takenByAnotherTeam(ctx, scope.agencyId, scope.sellerTeamId, storeUrl)) throw badRequest(STORE_MSG.shopTaken, { storeUrl: STORE_MSG.shopTaken });
  const keys = { consumerKey: body.consumerKey.trim(), consumerSecret: body.consumerSecret.trim() };
  try {
    await checkKeys({ storeUrl, ...keys }, wooOptions(ctx));
  } catch (err) {
    throw badRequest(refusal(err));
  }
  const id = await saveStore(ctx, { ...scope, userId: actor.userId }, storeUrl, keys);
  const found = await repo.findStore(ctx.db, scope, id);
  return { message: WOO_MSG.connected, data: storeView(found!, found!) };
}

/**
 * Creates or reconnects the team's store of this URL with the keys sealed and a fresh random webhook secret (the
 * registration job gives it to the webhooks the store already has at our URL).
 */
async function saveStore(ctx: AppContext, who: { agencyId: string; sellerTeamId: string; userId: string }, storeUrl: string, keys: Keys): Promise<string> {
  let info: { name: string; currencyCode: string };
  try {
    info = await createWooCommerceApi(wooOptions(ctx))({ storeUrl, ...keys }).shopInfo();
  } catch (err) {
    throw badRequest(refusal(err));
  }
  return ctx.db.transaction(async (tx) => {
    const existing = await repo.findShop(tx, who.agencyId, 'woocommerce', storeUrl);
    if (existing && existing.sellerTeamId !== who.sellerTeamId) throw badRequest(STORE_MSG.shopTaken, { storeUrl: STORE_MSG.shopTaken });
    const fields = {
      name: info.name.slice(0, STORE_LIMITS.name.max), currency: info.currencyCode || 'USD', status: 'connected' as const, statusReason: null, scopes: 'read_write',
      connectedAt: new Date(), disconnectedAt: null,
    };
    const store = existing ?? (await repo.insertStore(tx, { agencyId: who.agencyId, sellerTeamId: who.sellerTeamId, platform: 'woocommerce', shopDomain: storeUrl, ...fields }));
    const credentials: WooCommerceCredentials = { ...keys, webhookSecret: randomBytes(32).toString('hex') };
    await repo.updateStore(tx, { agencyId: who.agencyId }, store.id, { ...fields, ...sealCredentials(ctx.secrets, store, credentials) });
    await writeAudit(tx, {
      actorId: who.userId, agencyId: who.agencyId, entity: 'store', entityId: store.id, action: existing ? 'reconnect' : 'connect',
      after: { platform: 'woocommerce', storeUrl, scopes: 'read_write' },
    });
    await queueWooWebhookRegistration(ctx, tx, { agencyId: who.agencyId, id: store.id });
    return store.id;
  }).finally(() => ctx.jobs.kick());
}

