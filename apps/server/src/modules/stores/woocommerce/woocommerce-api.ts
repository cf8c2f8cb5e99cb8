/**
 * The WooCommerce adapter: what the stores module asks of a store, over the REST API v3, as StorePlatformApi.
 *
 *   const woo = createWooCommerceApi({ fetch });                          // once (tests: allowPrivateForTests)
 *   const store = woo({ storeUrl, consumerKey, consumerSecret });         // per store
 *   await store.listProducts({ first: 20 });
 *
 * Cursors are page numbers ('2'); every failure is a WooCommerceError (woocommerce-error.ts).
 */
import type { StorePlatformApi, StoreWebhook } from '../store-adapter';
import type { Page, PushFulfillmentInput, ShopInfo, StoreOrder, StoreProduct } from '../shopify/shopify-types';
import { createWooCommerceRequest, type WooCommerceConnection, type WooCommerceTransportOptions } from './woocommerce-client';
import { WooCommerceError } from './woocommerce-error';
import { normaliseOrder, normaliseProduct } from './woocommerce-normalise';
import type { WooNote, WooOrder, WooProduct, WooVariation, WooWebhook } from './woocommerce-raw';
import { wooInventory } from './woocommerce-inventory';
import { wooPublishing } from './woocommerce-publish';
import { fulfillmentIdOf, newTrackingItem, parseFulfillmentId, trackingMeta, trackingMetaUpdate, trackingNote } from './woocommerce-tracking';

export type WooCommerceApiOptions = WooCommerceTransportOptions;

/** WooCommerce's per_page ceiling. */
const MAX_PER_PAGE = 100;
/** Variations read per product (10 pages of 100); more is flagged variantsTruncated. */
const MAX_VARIATION_PAGES = 10;
/** Orders a parcel cannot be pushed to. */
const CLOSED = new Set(['cancelled', 'refunded', 'failed', 'trash']);

/** Shopify-style names ('orders/create') accepted too, so the caller may pass one list to every platform. */
const TOPIC_ALIASES: Record<string, string> = {
  'orders/create': 'order.created',
  'orders/updated': 'order.updated',
  'orders/delete': 'order.deleted',
  'products/update': 'product.updated',
  'products/delete': 'product.deleted',
};
export const wooTopic = (topic: string) => TOPIC_ALIASES[topic] ?? topic;

const pageOf = (after: string | null | undefined) => {
  const page = after ? Number(after) : 1;
  return Number.isInteger(page) && page >= 1 ? page : 1;
};
const perPage = (first: number) => Math.max(1, Math.min(MAX_PER_PAGE, Math.floor(first)));
const orderPath = (id: string) => `/orders/${encodeURIComponent(id.replace(/^#/, ''))}`;

function pageInfo(page: number, totalPages: number | null, count: number, size: number) {
  // Without X-WP-TotalPages (a proxy stripped it) a full page means there may be another.
  const hasNextPage = totalPages === null ? count === size : page < totalPages;
  return { hasNextPage, endCursor: hasNextPage ? String(page + 1) : null };
}

export function createWooCommerceApi(options: WooCommerceApiOptions = {}) {
  const request = createWooCommerceRequest(options);

  return function forStore(conn: WooCommerceConnection) {
    const call = <T>(req: Parameters<typeof request>[1]) => request<T>(conn, req);
    const getOrNull = async <T>(path: string): Promise<T | null> => {
      try {
        return (await call<T>({ path })).data;
      } catch (err) {
        // 404 woocommerce_rest_invalid_id / _product_invalid_id: no such object (401 stays an error).
        if (err instanceof WooCommerceError && err.kind === 'not-found' && err.code !== 'store_url_refused' && err.code !== 'store_url_moved') return null;
        throw err;
      }
    };

    async function withVariations(raw: WooProduct): Promise<StoreProduct> {
      if (raw.type !== 'variable' || !raw.variations?.length) return normaliseProduct(raw);
      const variations: WooVariation[] = [];
      for (let page = 1; page <= MAX_VARIATION_PAGES; page++) {
        const answer = await call<WooVariation[]>({ path: `/products/${raw.id}/variations`, query: { per_page: MAX_PER_PAGE, page, orderby: 'menu_order', order: 'asc' } });
        variations.push(...answer.data);
        const more = pageInfo(page, answer.totalPages, answer.data.length, MAX_PER_PAGE).hasNextPage;
        if (!more) return normaliseProduct(raw, variations);
      }
      return normaliseProduct(raw, variations, true);
    }

    async function order(id: string): Promise<WooOrder> {
      const raw = await getOrNull<WooOrder>(orderPath(id));
      if (!raw) throw new WooCommerceError(`WooCommerce has no order ${id}`, { kind: 'not-found', retryable: false, status: 404 });
      return raw;
    }

    async function allWebhooks(): Promise<WooWebhook[]> {
      const all: WooWebhook[] = [];
      for (let page = 1; ; page++) {
        const answer = await call<WooWebhook[]>({ path: '/webhooks', query: { per_page: MAX_PER_PAGE, page } });
        all.push(...answer.data);
        if (!pageInfo(page, answer.totalPages, answer.data.length, MAX_PER_PAGE).hasNextPage) return all;
      }
    }

    const addNote = (orderId: number, note: string, customerNote: boolean) =>
      call<WooNote>({ method: 'POST', path: `/orders/${orderId}/notes`, body: { note, customer_note: customerNote } });

    const api: StorePlatformApi = {
      orderPageSize: MAX_PER_PAGE,
      // Publishing (docs/publishing.md): createProduct and updateVariants.
      ...wooPublishing(call, withVariations),
      // Warehouse stock (docs/stores.md "Inventory push").
      ...wooInventory(call),

      /** The site's name from the WordPress index (/wp-json/), the currency from WooCommerce's general settings. */
      async shopInfo(): Promise<ShopInfo> {
        const [site, currency] = await Promise.all([
          call<{ name?: string; url?: string; home?: string }>({ path: '/wp-json/' }),
          call<{ value?: string }>({ path: '/settings/general/woocommerce_currency' }),
        ]);
        return {
          name: site.data.name || new URL(conn.storeUrl).hostname,
          currencyCode: currency.data.value ?? '',
          myshopifyDomain: new URL(site.data.home || site.data.url || conn.storeUrl).host,
          plan: { displayName: null, partnerDevelopment: false, shopifyPlus: false },
        };
      },

      async countProducts(): Promise<number> {
        const answer = await call<WooProduct[]>({ path: '/products', query: { per_page: 1, _fields: 'id' } });
        return answer.total ?? answer.data.length;
      },

      async listProducts(input): Promise<Page<StoreProduct>> {
        const page = pageOf(input.after);
        const size = perPage(input.first);
        const answer = await call<WooProduct[]>({ path: '/products', query: { per_page: size, page, orderby: 'id', order: 'asc' } });
        const items: StoreProduct[] = [];
        for (const raw of answer.data) items.push(await withVariations(raw));
        return { items, pageInfo: pageInfo(page, answer.totalPages, answer.data.length, size) };
      },

      async getProduct(id): Promise<StoreProduct | null> {
        const raw = await getOrNull<WooProduct>(`/products/${encodeURIComponent(id)}`);
        return raw ? withVariations(raw) : null;
      },

      /** Oldest change first; `modified_after` with dates_are_gmt (WooCommerce 5.8+) for updatedAtMin. */
      async listOrders(input): Promise<Page<StoreOrder>> {
        const page = pageOf(input.after);
        const size = perPage(input.first);
        const since = input.updatedAtMin ? new Date(input.updatedAtMin).toISOString() : undefined;
        const answer = await call<WooOrder[]>({
          path: '/orders',
          query: { per_page: size, page, orderby: 'modified', order: 'asc', modified_after: since, dates_are_gmt: since ? true : undefined },
        });
        return { items: answer.data.map(normaliseOrder), pageInfo: pageInfo(page, answer.totalPages, answer.data.length, size) };
      },

      async getOrder(id): Promise<StoreOrder | null> {
        const raw = await getOrNull<WooOrder>(orderPath(id));
        return raw ? normaliseOrder(raw) : null;
      },

      /**
       * WooCommerce has no parcels of lines: the order is set `completed` with the tracking added to the
       * Shipment Tracking meta, and a note (the customer's when notifyCustomer, the default) says so.
       * A retry finds its tracking number already there and only adds a note still missing.
       */
      async pushFulfillment(input: PushFulfillmentInput) {
        const raw = await order(input.orderId);
        const { metaId, items } = trackingMeta(raw.meta_data);
        const existing = items.find((i) => i.tracking_number === input.tracking.number);
        const item = existing ?? newTrackingItem(input.tracking);
        if (!existing) {
          if (CLOSED.has(raw.status)) {
            const message = `WooCommerce order ${raw.id} is ${raw.status}: no parcel can be added`;
            throw new WooCommerceError(message, { kind: 'user-errors', retryable: false, userErrors: [{ field: ['status'], message }] });
          }
          await call<WooOrder>({ method: 'PUT', path: `/orders/${raw.id}`, body: { status: 'completed', meta_data: [trackingMetaUpdate(metaId, [...items, item])] } });
        }
        const note = trackingNote(item);
        const noted = existing ? (await call<WooNote[]>({ path: `/orders/${raw.id}/notes`, query: { type: 'any' } })).data.some((n) => n.note === note) : false;
        if (!noted) await addNote(raw.id, note, input.notifyCustomer ?? true);
        return { id: fulfillmentIdOf(raw.id, item.tracking_id), status: 'completed' };
      },

      /**
       * Removes the parcel's tracking item and notes it privately; the order goes back to `processing`
       * when no parcel is left (it is to be shipped again, as a cancelled Shopify fulfilment reopens).
       */
      async cancelFulfillment(id: string) {
        const ref = parseFulfillmentId(id);
        if (!ref) throw new WooCommerceError(`WooCommerce: ${id} is not a pushed parcel's id`, { kind: 'not-found', retryable: false });
        const raw = await order(ref.orderId);
        const { metaId, items } = trackingMeta(raw.meta_data);
        const item = items.find((i) => i.tracking_id === ref.trackingId);
        if (!item) return 'already-cancelled';
        const left = items.filter((i) => i !== item);
        const reopen = left.length === 0 && raw.status === 'completed';
        await call<WooOrder>({ method: 'PUT', path: `/orders/${raw.id}`, body: { ...(reopen ? { status: 'processing' } : {}), meta_data: [trackingMetaUpdate(metaId, left)] } });
        await addNote(raw.id, `Tracking ${item.tracking_number} (${item.custom_tracking_provider || item.tracking_provider}) removed: the parcel was cancelled.`, false);
        return 'cancelled';
      },

      /**
       * One webhook per topic at the callback, signed with the store's webhook secret. An existing one is
       * kept; one WooCommerce paused or disabled (after 5 failed deliveries in a row) is made active again.
       */
      async registerWebhooks(callbackUrl: string, topics: string[]) {
        const existing = await allWebhooks();
        const done: { topic: string; id: string; created: boolean }[] = [];
        for (const topic of topics.map(wooTopic)) {
          const same = existing.find((w) => w.topic === topic && w.delivery_url === callbackUrl);
          if (same) {
            if (same.status !== 'active') await call<WooWebhook>({ method: 'PUT', path: `/webhooks/${same.id}`, body: { status: 'active' } });
            done.push({ topic, id: String(same.id), created: false });
            continue;
          }
          const made = await call<WooWebhook>({
            method: 'POST',
            path: '/webhooks',
            body: { name: `Fulfilment ${topic}`, topic, delivery_url: callbackUrl, secret: conn.webhookSecret ?? conn.consumerSecret, status: 'active' },
          });
          done.push({ topic, id: String(made.data.id), created: true });
        }
        return done;
      },

      async listWebhooks(): Promise<StoreWebhook[]> {
        return (await allWebhooks()).map((w) => ({ id: String(w.id), topic: w.topic, uri: w.delivery_url, active: w.status === 'active' }));
      },
    };
    return api;
  };
}

export type WooCommerceApi = ReturnType<typeof createWooCommerceApi>;
