/**
 * The Etsy adapter: `createEtsyApi(options)(connection)` implements StorePlatformApi (store-adapter.ts) over Open
 * API v3. Orders are receipts, pulled (Etsy v3 sends no order webhooks); products are listings with their
 * inventory. What Etsy cannot do is answered as the interface says (docs/stores-etsy.md).
 */
import type { StorePlatformApi } from '../store-adapter';
import type { ShopInfo } from '../shopify/shopify-types';
import { createEtsyRequest, type EtsyTransportOptions } from './etsy-client';
import { EtsyError } from './etsy-error';
import { etsyPublishing } from './etsy-publish';
import { listingToProduct, receiptToOrder } from './etsy-normalise';
import { createTokenKeeper, type EtsyOauthOptions, type EtsyTokens } from './etsy-oauth';
import type { EtsyInventory, EtsyList, EtsyListing, EtsyMe, EtsyReceipt, EtsyShop } from './etsy-types';

export type EtsyApiOptions = EtsyTransportOptions & Omit<EtsyOauthOptions, 'clientId'>;

export interface EtsyConnection {
  /** The shop's id once known (stored at connect); null: found from the token's user. */
  shopId: string | null;
  tokens: EtsyTokens;
  /** Awaited with every rotated token pair BEFORE its access token is used: store it, or lose the shop. */
  onTokens?: (tokens: EtsyTokens) => Promise<void> | void;
  /** Instead of onTokens: refreshes and keeps the pair itself (the server does it under the store's row lock). */
  rotate?: (current: EtsyTokens) => Promise<EtsyTokens>;
}

export type EtsyShopApi = StorePlatformApi & { shopId(): Promise<string> };

/** Etsy pages by offset; the adapter's cursor is that offset. Etsy's limit is 1..100. */
const pageOf = (input: { first: number; after?: string | null }) => ({
  limit: Math.min(100, Math.max(1, input.first)),
  offset: Math.max(0, Number(input.after ?? 0) || 0),
});
const nextCursor = (offset: number, got: number, count: number) => {
  const next = offset + got;
  return { hasNextPage: got > 0 && next < count, endCursor: got > 0 ? String(next) : null };
};
const numericId = (id: string, what: string) => {
  const text = String(id).replace(/^#/, '');
  if (!/^\d+$/.test(text)) throw new EtsyError(`Etsy: ${id} is not a ${what} id`, { kind: 'not-found', retryable: false });
  return text;
};
const LISTING_INCLUDES = 'Images,Inventory';

export function createEtsyApi(options: EtsyApiOptions) {
  return function forShop(connection: EtsyConnection): EtsyShopApi {
    const keeper = createTokenKeeper(connection.tokens, connection.onTokens ?? (() => {}), { ...options, clientId: options.clientId }, connection.rotate);
    const request = createEtsyRequest(options, keeper);
    let shop: Promise<EtsyShop> | null = null;

    // /users/me names the token's user; its shop comes from /users/{id}/shops (one shop per seller on Etsy).
    const readShop = () =>
      (shop ??= (async () => {
        const me = await request<EtsyMe>('GET', '/users/me');
        return request<EtsyShop>('GET', `/users/${me.user_id}/shops`);
      })().catch((err: unknown) => {
        shop = null;
        throw err;
      }));
    const shopId = async () => connection.shopId ?? String((await readShop()).shop_id);
    const orNull = async <T>(read: Promise<T>): Promise<T | null> => {
      try {
        return await read;
      } catch (err) {
        if (err instanceof EtsyError && err.kind === 'not-found') return null;
        throw err;
      }
    };
    const withInventory = async (listing: EtsyListing) =>
      listing.inventory ? listing : { ...listing, inventory: await request<EtsyInventory>('GET', `/listings/${listing.listing_id}/inventory`) };
    const receipt = async (id: string) => request<EtsyReceipt>('GET', `/shops/${await shopId()}/receipts/${numericId(id, 'receipt')}`);
    // Publishing (docs/publishing.md): its JSON and multipart bodies go through the same client, its fetch wrapped.
    const publishing = etsyPublishing({ makeRequest: (wrap) => createEtsyRequest({ ...options, fetch: wrap(options.fetch ?? fetch) }, keeper), shopId });

    return {
      ...publishing,
      // Etsy counts requests against the app key's budget: a full page (its maximum) each.
      orderPageSize: 100,
      shopId,
      async shopInfo(): Promise<ShopInfo> {
        const s = await readShop();
        return { name: s.title || s.shop_name, currencyCode: s.currency_code, myshopifyDomain: s.shop_name, plan: { displayName: null, partnerDevelopment: false, shopifyPlus: false } };
      },
      async countProducts() {
        const page = await request<EtsyList<EtsyListing>>('GET', `/shops/${await shopId()}/listings`, { query: { state: 'active', limit: 1 } });
        return page.count;
      },
      async listProducts(input) {
        const { limit, offset } = pageOf(input);
        const page = await request<EtsyList<EtsyListing>>('GET', `/shops/${await shopId()}/listings`, { query: { state: 'active', limit, offset, includes: LISTING_INCLUDES } });
        const listings = await Promise.all(page.results.map(withInventory));
        return { items: listings.map((l) => listingToProduct(l)), pageInfo: nextCursor(offset, page.results.length, page.count) };
      },
      async getProduct(id) {
        const listing = await orNull(request<EtsyListing>('GET', `/listings/${numericId(id, 'listing')}`, { query: { includes: 'Images' } }));
        // getListing answers any shop's public listing: only this shop's are its products.
        if (!listing || String(listing.shop_id) !== (await shopId())) return null;
        return listingToProduct(await withInventory(listing));
      },
      async listOrders(input) {
        const { limit, offset } = pageOf(input);
        const since = input.updatedAtMin ? Math.floor(new Date(input.updatedAtMin).getTime() / 1000) : undefined;
        const page = await request<EtsyList<EtsyReceipt>>('GET', `/shops/${await shopId()}/receipts`, {
          query: { min_last_modified: since, limit, offset, sort_on: 'updated', sort_order: 'asc' },
        });
        return { items: page.results.map(receiptToOrder), pageInfo: nextCursor(offset, page.results.length, page.count) };
      },
      async getOrder(id) {
        const found = await orNull(receipt(id));
        return found ? receiptToOrder(found) : null;
      },
      // Etsy tracks a whole receipt, not lines: `lines` is not sent. The same code twice is one shipment.
      async pushFulfillment(input) {
        const current = await receipt(input.orderId);
        if (current.shipments.some((s) => s.tracking_code === input.tracking.number)) return { id: null, status: null };
        const updated = await request<EtsyReceipt>('POST', `/shops/${await shopId()}/receipts/${current.receipt_id}/tracking`, {
          form: { tracking_code: input.tracking.number, carrier_name: input.tracking.company, send_bcc: input.notifyCustomer ?? true },
        });
        const shipment = updated.shipments.find((s) => s.tracking_code === input.tracking.number);
        return { id: shipment?.receipt_shipping_id ? String(shipment.receipt_shipping_id) : null, status: 'SUCCESS' };
      },
      // Etsy has no call that removes a shipment: there is nothing to undo on Etsy's side.
      async cancelFulfillment() {
        return 'already-cancelled' as const;
      },
      // Etsy v3 has no order webhooks for this use: receipts are pulled.
      async registerWebhooks() {
        return [];
      },
      async listWebhooks() {
        return [];
      },
    };
  };
}
