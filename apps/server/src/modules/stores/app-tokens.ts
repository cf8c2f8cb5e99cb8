/**
 * A shop installed the app from the platform's side (Shopify's app store, or the store app calling
 * POST /api/integrate): no one is signed in, so the handed-over credentials wait in `store_app_tokens`
 * behind an app_token, and the merchant lands on /cms/auth/sign-in-welcome?app_token=... (spec part 1
 * section 2). Whoever signs in or registers there links the token (POST /api/auth/link-store, or the
 * sign-up with appToken), and `linkAppToken` decides what it connects:
 *   - a seller team's manager: the team's store of that shop (created, or found again and reconnected);
 *   - an agency owner: the agency's store front (a proxy for the shop's domain);
 *   - anyone else, an unknown, expired or used token, or a shop another team of the agency holds: nothing
 *     ('can not authorize').
 * A team store linked with its token is then subscribed to the shop's webhooks (SHOPIFY_TOPICS), as an OAuth
 * connect is, by a job queued in the linking transaction: the call to Shopify waits for the commit, and a
 * refusal leaves the store "needs attention" with Shopify's words.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { DOMAIN_CONNECTED, roleOf, type Actor } from '@fbo/shared';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { JobRun } from '../../jobs/queue';
import { agencies, domains, proxies, storeAppTokens, users } from '../../db/schema/index';
import { appLink } from '../../lib/public-links';
import { hashToken, newOpaqueToken } from '../../lib/tokens';
import { writeAudit } from '../audit';
import { openCredentials, sealCredentials, type ShopifyCredentials } from './store-credentials';
import { shopifyOptions } from './shopify-connect';
import { subscribeShopifyWebhooks } from './store-webhooks';
import * as repo from './stores.repo';

/** Subscribes a store linked through an app_token to the shop's webhooks: `{ storeId }`, the job's agency. */
export const SUBSCRIBE_WEBHOOKS_JOB = 'stores.subscribe-webhooks';

/** A merchant has a day to sign in or register after installing. */
const APP_TOKEN_TTL_MS = 24 * 3600_000;
const boundToToken = (id: string) => `app-token:${id}`;

export interface HandOver {
  platform: 'shopify';
  shop: string;
  accessToken: string;
  scope: string;
  /** The agency whose connected domain the welcome page opens on (its code); absent: PUBLIC_URL. */
  agencyCode?: string;
}

/** Keeps the handed-over credentials behind a new app_token; answers it and the welcome link. */
export async function issueAppToken(ctx: AppContext, input: HandOver): Promise<{ appToken: string; url: string }> {
  const { token, hash } = newOpaqueToken();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(storeAppTokens)
      .values({ tokenHash: hash, platform: input.platform, shopDomain: input.shop, scopes: input.scope, expiresAt: new Date(Date.now() + APP_TOKEN_TTL_MS) })
      .returning({ id: storeAppTokens.id });
    await tx
      .update(storeAppTokens)
      .set({ credentials: ctx.secrets.encrypt(JSON.stringify({ accessToken: input.accessToken }), boundToToken(row!.id)) })
      .where(eq(storeAppTokens.id, row!.id));
  });
  const host = input.agencyCode ? await connectedHostOf(ctx, input.agencyCode) : undefined;
  const url = await appLink(ctx, { agencyId: host?.agencyId, requestHost: host?.host }, `/auth/sign-in-welcome?app_token=${token}`);
  return { appToken: token, url };
}

async function connectedHostOf(ctx: AppContext, agencyCode: string) {
  const [row] = await ctx.db
    .select({ agencyId: domains.agencyId, host: domains.host })
    .from(domains)
    .innerJoin(agencies, eq(agencies.id, domains.agencyId))
    .where(and(eq(agencies.code, agencyCode.toUpperCase()), eq(domains.connectStatus, DOMAIN_CONNECTED)))
    .limit(1);
  return row;
}

/** Links a pending app_token for the user; false when it cannot ('can not authorize'). */
export async function linkAppToken(ctx: AppContext, tx: Tx, appToken: string, userId: string): Promise<boolean> {
  const [pending] = await tx
    .select()
    .from(storeAppTokens)
    .where(and(eq(storeAppTokens.tokenHash, hashToken(appToken)), isNull(storeAppTokens.linkedAt), gt(storeAppTokens.expiresAt, new Date())))
    .for('update');
  if (!pending) return false;
  const [user] = await tx.select().from(users).where(eq(users.id, userId));
  if (!user?.agencyId) return false;
  const role = roleOf({ userType: user.userType, authority: user.authority as Actor['authority'], isSubUser: user.isSubUser });
  let connected: { entity: 'store' | 'proxy'; id: string } | null = null;
  if (role === 'seller.manager' && user.sellerTeamId) connected = await connectTeamStore(ctx, tx, pending, user.agencyId, user.sellerTeamId);
  else if (role === 'agency.owner') connected = await connectStoreFront(tx, pending, user.agencyId);
  if (!connected) return false;
  await tx.update(storeAppTokens).set({ userId, linkedAt: new Date(), credentials: null }).where(eq(storeAppTokens.id, pending.id));
  await writeAudit(tx, {
    actorId: userId, agencyId: user.agencyId, entity: connected.entity, entityId: connected.id, action: 'link_app_token',
    after: { platform: pending.platform, shop: pending.shopDomain },
  });
  return true;
}

type Pending = typeof storeAppTokens.$inferSelect;

async function connectTeamStore(ctx: AppContext, tx: Tx, pending: Pending, agencyId: string, sellerTeamId: string) {
  const shop = pending.shopDomain.toLowerCase();
  const existing = await repo.findShop(tx, agencyId, 'shopify', shop);
  if (existing && existing.sellerTeamId !== sellerTeamId) return null;
  const credentials: ShopifyCredentials | null = pending.credentials
    ? (JSON.parse(ctx.secrets.decrypt(pending.credentials, boundToToken(pending.id))) as ShopifyCredentials)
    : null;
  const fields = {
    status: credentials ? ('connected' as const) : ('needs_attention' as const),
    statusReason: credentials ? null : 'The shop did not hand over its access: connect it again',
    scopes: pending.scopes, connectedAt: new Date(), disconnectedAt: null,
  };
  const store = existing ?? (await repo.insertStore(tx, { agencyId, sellerTeamId, platform: 'shopify', shopDomain: shop, name: shop.replace(/\.myshopify\.com$/, ''), ...fields }));
  await repo.updateStore(tx, { agencyId }, store.id, { ...fields, ...(credentials ? sealCredentials(ctx.secrets, store, credentials) : {}) });
  if (credentials) {
    await ctx.jobs.enqueue(tx, { kind: SUBSCRIBE_WEBHOOKS_JOB, payload: { storeId: store.id }, agencyId, dedupeKey: `subscribe:${store.id}` });
  }
  return { entity: 'store' as const, id: store.id };
}

/** The job: the same subscription as an OAuth connect (subscribeShopifyWebhooks), with the store's sealed token. */
export async function runSubscribeWebhooks(ctx: AppContext, run: JobRun): Promise<Record<string, unknown>> {
  const agencyId = run.job.agencyId!;
  const storeId = String(run.job.payload['storeId'] ?? '');
  const store = await repo.findStore(ctx.db, { agencyId }, storeId);
  const credentials = store && store.status !== 'disconnected' && store.shopDomain ? openCredentials(ctx.secrets, store) : null;
  if (!store?.shopDomain || !credentials) return { ok: true, message: 'The store holds no connection any more' };
  await subscribeShopifyWebhooks(ctx, shopifyOptions(ctx), { agencyId, id: storeId, shopDomain: store.shopDomain, accessToken: credentials.accessToken });
  return { ok: true, storeId };
}

/** The agency's store front for the shop: its proxy (store-front domain), created when missing. */
async function connectStoreFront(tx: Tx, pending: Pending, agencyId: string) {
  const proxyDomain = pending.shopDomain.toLowerCase();
  await tx.insert(proxies).values({ agencyId, proxyDomain }).onConflictDoNothing();
  const [proxy] = await tx.select({ id: proxies.id }).from(proxies).where(and(eq(proxies.agencyId, agencyId), eq(proxies.proxyDomain, proxyDomain)));
  return proxy ? { entity: 'proxy' as const, id: proxy.id } : null;
}
