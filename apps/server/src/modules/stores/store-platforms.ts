/**
 * One door from a store row to its platform (docs/stores.md, "Adapters"): `openStoreApi` opens the sealed
 * credentials and answers the platform's adapter as StorePlatformApi, so the jobs (products, orders, tracking,
 * webhooks health) never branch on the platform. Null: a manual store, a demo store, a disconnected one, or one
 * holding no credentials.
 *
 * Where each platform keeps its shop in `stores.shop_domain`: Shopify `<shop>.myshopify.com`; WooCommerce the
 * store's URL as the merchant's site answers it (`https://example.com/shop`, no trailing slash); Etsy the shop's
 * numeric id.
 */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { stores } from '../../db/schema/index';
import type { StorePlatformApi } from './store-adapter';
import { createEtsyApi, EtsyRateBudget, refreshTokens, type EtsyApiOptions, type EtsyOauthOptions, type EtsyTokens } from './etsy';
import { createShopifyApi, webhookOrderOf, type StoreOrder } from './shopify';
import { createWooCommerceApi, wooWebhookOrderOf, type WooCommerceApiOptions } from './woocommerce';
import { shopifyOptions } from './shopify-connect';
import { openCredentials, sealCredentials, type EtsyCredentials, type ShopifyCredentials, type WooCommerceCredentials } from './store-credentials';
import type { StoreRow } from './stores.repo';

export type OpenableStore = Pick<StoreRow, 'agencyId' | 'id' | 'platform' | 'status' | 'shopDomain' | 'credentials' | 'isDemo'>;

/** WooCommerce transport options: the local fakes run on http://127.0.0.1, allowed only in the test setting. */
export function wooOptions(ctx: AppContext): WooCommerceApiOptions {
  return ctx.platforms.fakesUrl ? { allowPrivateForTests: true } : {};
}

/** Etsy counts requests per app key: one budget per process (per context) is shared by every shop. */
const etsyBudgets = new WeakMap<AppContext, EtsyRateBudget>();
export function etsyBudget(ctx: AppContext): EtsyRateBudget {
  let budget = etsyBudgets.get(ctx);
  if (!budget) etsyBudgets.set(ctx, (budget = new EtsyRateBudget()));
  return budget;
}

/** The deployment's Etsy app as the adapter and the OAuth calls take it; null when Etsy is not configured. */
export function etsyOptions(ctx: AppContext): EtsyApiOptions | null {
  const app = ctx.platforms.etsy;
  if (!app) return null;
  const fake = ctx.platforms.etsyFakeUrl?.replace(/\/+$/, '');
  return {
    clientId: app.apiKey,
    sharedSecret: app.sharedSecret,
    budget: etsyBudget(ctx),
    ...(fake ? { apiBase: `${fake}/v3/application`, connectUrl: `${fake}/oauth/connect`, tokenUrl: `${fake}/v3/public/oauth/token` } : {}),
  };
}

/** Etsy's refresh tokens last 90 days; every refresh answers a new one, so a shop in use never reaches it. */
export const ETSY_REFRESH_TOKEN_DAYS = 90;
export const etsyTokenExpiry = (from = Date.now()) => new Date(from + ETSY_REFRESH_TOKEN_DAYS * 86_400_000);

/**
 * Etsy spends a refresh token when it answers the next pair, so two processes refreshing one shop at once would
 * leave one holding a dead pair. The refresh runs under the store's row lock: whoever comes second finds the pair
 * the first one sealed and uses it.
 */
function rotateUnderLock(ctx: AppContext, store: OpenableStore, oauth: EtsyOauthOptions) {
  return (current: EtsyTokens) =>
    ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ agencyId: stores.agencyId, id: stores.id, credentials: stores.credentials })
        .from(stores)
        .where(and(eq(stores.agencyId, store.agencyId), eq(stores.id, store.id)))
        .for('update');
      const sealed = row ? openCredentials<EtsyCredentials>(ctx.secrets, row) : null;
      if (sealed && sealed.refreshToken !== current.refreshToken) return sealed;
      const next = await refreshTokens(current.refreshToken, oauth);
      await tx.update(stores).set({ ...sealCredentials(ctx.secrets, store, next), tokenExpiresAt: etsyTokenExpiry(), updatedAt: new Date() })
        .where(and(eq(stores.agencyId, store.agencyId), eq(stores.id, store.id)));
      return next;
    });
}

export function openStoreApi(ctx: AppContext, store: OpenableStore): StorePlatformApi | null {
  if (store.isDemo || store.status === 'disconnected' || !store.shopDomain || !store.credentials) return null;
  switch (store.platform) {
    case 'shopify': {
      const credentials = openCredentials<ShopifyCredentials>(ctx.secrets, store);
      return credentials && createShopifyApi(shopifyOptions(ctx))({ shopDomain: store.shopDomain, accessToken: credentials.accessToken });
    }
    case 'woocommerce': {
      const credentials = openCredentials<WooCommerceCredentials>(ctx.secrets, store);
      return credentials && createWooCommerceApi(wooOptions(ctx))({ storeUrl: store.shopDomain, ...credentials });
    }
    case 'etsy': {
      const options = etsyOptions(ctx);
      const credentials = openCredentials<EtsyCredentials>(ctx.secrets, store);
      if (!options || !credentials) return null;
      return createEtsyApi(options)({ shopId: store.shopDomain, tokens: credentials, rotate: rotateUnderLock(ctx, store, options) });
    }
    default:
      return null;
  }
}

/** The order an order webhook's body carries, in the platform's shape; null: no usable body (the order is read from the API). */
export function webhookOrderFor(platform: string, body: unknown): StoreOrder | null {
  if (platform === 'shopify') return webhookOrderOf(body as Record<string, unknown>);
  if (platform === 'woocommerce') return wooWebhookOrderOf(body);
  return null;
}
