/**
 * Connecting an Etsy shop from /s/integrations (docs/stores-etsy.md, "Connecting"): OAuth 2.0 with PKCE.
 *   1. the seller's manager asks to connect; `start` answers Etsy's approval address with a PKCE challenge and a
 *      `state` sealed by the SecretBox binding the agency, the team, the user, the host, the PKCE verifier and
 *      10 minutes (the verifier travels sealed: only this server can read it back);
 *   2. Etsy sends the browser back to GET /api/stores/etsy/callback with code and state (or error and state);
 *      `finish` opens the state, trades the code (with the verifier) for the token pair, reads the shop, and creates
 *      (or reconnects) the team's store with the pair sealed, queueing its first product sync and order pull;
 *   3. the browser lands on /s/integrations with `connected=<id>` or `error=<message>`.
 * The app is the deployment's (ETSY_API_KEY / ETSY_SHARED_SECRET): one app key for every shop.
 */
import { and, eq } from 'drizzle-orm';
import { ETSY_MSG, ETSY_PULL_JOB, STORE_MSG, type Actor } from '@fbo/shared';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { sellerTeams } from '../../db/schema/index';
import { badRequest } from '../../lib/errors';
import { appLink, linkBase } from '../../lib/public-links';
import { writeAudit } from '../audit';
// Only the routes reach this file (stores/index.ts does not export it): importing products makes no cycle.
import { SYNC_STORE_PRODUCTS } from '../products';
import { connectUrl, createEtsyApi, createPkce, ETSY_SCOPES, EtsyError, exchangeCode, type EtsyApiOptions, type EtsyTokens } from './etsy';
import { sealCredentials, type EtsyCredentials } from './store-credentials';
import { etsyOptions, etsyTokenExpiry } from './store-platforms';
import { sellerScope } from './stores.service';
import * as repo from './stores.repo';

const STATE_BINDING = 'etsy-oauth-state';
const STATE_TTL_MS = 10 * 60_000;
export const ETSY_CALLBACK_PATH = '/api/stores/etsy/callback';
/**
 * A shop's first pull reads the receipts updated in the last 14 days: orders placed before the connect that are not
 * shipped yet. A reconnect goes on from the store's mark, but never further back than this.
 */
export const ETSY_FIRST_PULL_DAYS = 14;

interface ConnectState {
  agencyId: string;
  sellerTeamId: string;
  userId: string;
  /** The host the seller started from: the way back goes there only when it is a connected domain of the agency. */
  host?: string;
  /** The PKCE verifier of the challenge sent to Etsy. */
  verifier: string;
  expires: number;
}

function app(ctx: AppContext): EtsyApiOptions {
  const options = etsyOptions(ctx);
  if (!options) throw badRequest(ETSY_MSG.notConfigured);
  return options;
}

/** Etsy calls back to one fixed address, built from PUBLIC_URL (never from a request's headers). */
const redirectUri = async (ctx: AppContext) => `${await linkBase(ctx, { agencyId: null, requestHost: undefined })}${ETSY_CALLBACK_PATH}`;

export async function start(ctx: AppContext, actor: Actor, requestHost: string | undefined): Promise<{ url: string }> {
  const scope = sellerScope(actor);
  const options = app(ctx);
  const pkce = createPkce();
  const state: ConnectState = { ...scope, userId: actor.userId, host: requestHost, verifier: pkce.verifier, expires: Date.now() + STATE_TTL_MS };
  const sealed = ctx.secrets.encrypt(JSON.stringify(state), STATE_BINDING);
  return { url: connectUrl({ redirectUri: await redirectUri(ctx), state: sealed, codeChallenge: pkce.challenge }, options) };
}

function openState(ctx: AppContext, sealed: unknown): ConnectState | null {
  if (typeof sealed !== 'string' || !sealed) return null;
  try {
    const state = JSON.parse(ctx.secrets.decrypt(sealed, STATE_BINDING)) as ConnectState;
    return state.expires > Date.now() && typeof state.verifier === 'string' ? state : null;
  } catch {
    return null;
  }
}

const back = (ctx: AppContext, state: ConnectState | null, query: string) =>
  appLink(ctx, { agencyId: state?.agencyId, requestHost: state?.host }, `/s/integrations?${query}`);
const failed = (ctx: AppContext, state: ConnectState | null, message: string) => back(ctx, state, `error=${encodeURIComponent(message)}`);

/** The callback: answers where to send the browser (the Stores page, with the outcome). */
export async function finish(ctx: AppContext, query: Record<string, unknown>): Promise<string> {
  const state = openState(ctx, query['state']);
  if (!state) return failed(ctx, null, ETSY_MSG.notConfirmed);
  if (query['error']) return failed(ctx, state, query['error'] === 'access_denied' ? ETSY_MSG.refused : ETSY_MSG.notConfirmed);
  const options = etsyOptions(ctx);
  if (!options) return failed(ctx, state, ETSY_MSG.notConfigured);
  if (typeof query['code'] !== 'string' || !query['code']) return failed(ctx, state, ETSY_MSG.notConfirmed);

  let tokens: EtsyTokens;
  let shop: { id: string; name: string; currency: string };
  try {
    tokens = await exchangeCode({ code: query['code'], codeVerifier: state.verifier, redirectUri: await redirectUri(ctx) }, options);
    // A fresh pair does not rotate within these two reads; should it, the newest pair is the one sealed.
    const api = createEtsyApi(options)({ shopId: null, tokens, onTokens: (next) => void (tokens = next) });
    const info = await api.shopInfo();
    shop = { id: await api.shopId(), name: info.name, currency: info.currencyCode };
  } catch (err) {
    // A spent or forged code is Etsy's refusal ('unauthorized'); anything else may work on a second try.
    return failed(ctx, state, err instanceof EtsyError && err.kind === 'unauthorized' ? ETSY_MSG.notConfirmed : ETSY_MSG.unreachable);
  }
  const outcome = await ctx.db
    .transaction((tx) => saveStore(ctx, tx, state, shop, tokens))
    .finally(() => ctx.jobs.kick());
  return 'error' in outcome ? failed(ctx, state, outcome.error) : back(ctx, state, `connected=${outcome.id}`);
}

/**
 * Creates or reconnects the team's store of this shop with the pair sealed, and queues in the same transaction
 * its first product sync and (when the team takes store orders) its first receipt pull.
 */
async function saveStore(
  ctx: AppContext, tx: Tx, state: ConnectState, shop: { id: string; name: string; currency: string }, tokens: EtsyTokens,
): Promise<{ id: string } | { error: string }> {
  const existing = await repo.findShop(tx, state.agencyId, 'etsy', shop.id);
  if (existing && existing.sellerTeamId !== state.sellerTeamId) return { error: STORE_MSG.shopTaken };
  const lookBack = new Date(Date.now() - ETSY_FIRST_PULL_DAYS * 86_400_000);
  const mark = existing?.ordersPulledUntil && existing.ordersPulledUntil > lookBack ? existing.ordersPulledUntil : lookBack;
  const fields = {
    name: shop.name.slice(0, 100) || `Etsy shop ${shop.id}`, currency: shop.currency || 'USD', status: 'connected' as const, statusReason: null, scopes: ETSY_SCOPES.join(' '),
    connectedAt: new Date(), disconnectedAt: null, tokenExpiresAt: etsyTokenExpiry(), ordersPulledUntil: mark,
  };
  const store = existing ?? (await repo.insertStore(tx, { agencyId: state.agencyId, sellerTeamId: state.sellerTeamId, platform: 'etsy', shopDomain: shop.id, ...fields }));
  const credentials: EtsyCredentials = { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresAt: tokens.expiresAt, userId: tokens.userId };
  await repo.updateStore(tx, { agencyId: state.agencyId }, store.id, { ...fields, ...sealCredentials(ctx.secrets, store, credentials) });
  await writeAudit(tx, {
    actorId: state.userId, agencyId: state.agencyId, entity: 'store', entityId: store.id, action: existing ? 'reconnect' : 'connect',
    after: { platform: 'etsy', shop: shop.id, name: fields.name },
  });
  const job = { agencyId: state.agencyId, sellerTeamId: state.sellerTeamId, userId: state.userId, payload: { storeId: store.id } };
  await ctx.jobs.enqueue(tx, { ...job, kind: SYNC_STORE_PRODUCTS, dedupeKey: `store:${store.id}` });
  if (await takesStoreOrders(tx, state)) await ctx.jobs.enqueue(tx, { ...job, kind: ETSY_PULL_JOB, dedupeKey: `etsy-pull:${store.id}` });
  return { id: store.id };
}

/** Get order API off: the scheduled pull leaves the shop alone, and so does the first one. */
async function takesStoreOrders(tx: Tx, state: ConnectState): Promise<boolean> {
  const [team] = await tx
    .select({ on: sellerTeams.getOrderApi })
    .from(sellerTeams)
    .where(and(eq(sellerTeams.agencyId, state.agencyId), eq(sellerTeams.id, state.sellerTeamId)));
  return team?.on ?? false;
}
