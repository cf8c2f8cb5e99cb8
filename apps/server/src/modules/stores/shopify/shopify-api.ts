/**
 * The Shopify adapter: what the stores module asks of a shop, over the GraphQL Admin API.
 *
 *   const shopify = createShopifyApi({ baseUrl, fetch });   // once (tests: baseUrl -> the local fake)
 *   const shop = shopify({ shopDomain, accessToken });       // per store
 *   await shop.listProducts({ first: 10 });
 *
 * Every failure is a ShopifyError (shopify-error.ts). Throttling is waited out inside a call, up to a
 * bound (shopify-client.ts).
 */
import { createShopifyRequest, legacyIdOf, toGid, type ShopifyConnection, type ShopifyTransportOptions } from './shopify-client';
import { ShopifyError, userErrorsError, type ShopifyUserError } from './shopify-error';
import { normaliseOrder, normaliseProduct, normaliseShop, type RawOrder, type RawProduct, type RawShop } from './shopify-normalise';
import { shopifyInventory } from './shopify-inventory';
import { shopifyPublishing } from './shopify-publish';
import * as Q from './shopify-queries';
import type { FulfillmentLines, Page, PushedShopifyFulfillment, PushFulfillmentInput, ShopInfo, StoreOrder, StoreProduct, WebhookSubscription } from './shopify-types';

export type ShopifyApiOptions = ShopifyTransportOptions;

interface Connection<T> {
  nodes: T[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

interface FulfillmentOrderNode {
  id: string;
  status: string;
  lineItems: { nodes: { id: string; totalQuantity: number; remainingQuantity: number; lineItem: { id: string; sku: string | null } }[] };
}

type FulfillmentOrderLinesInput = { fulfillmentOrderId: string; fulfillmentOrderLineItems?: { id: string; quantity: number }[] }[];

/** Fulfilment orders that can take a fulfilment now (Shopify's FulfillmentOrderStatus). */
const FULFILLABLE = new Set(['OPEN', 'IN_PROGRESS']);

/** 'orders/create' or 'ORDERS_CREATE' -> the WebhookSubscriptionTopic enum. */
export function webhookTopicEnum(topic: string): string {
  return topic.replace(/[/-]/g, '_').toUpperCase();
}

/** Which fulfilment order lines a parcel takes, with quantities; [] when nothing is open for them. */
export function linesByFulfillmentOrder(fulfillmentOrders: FulfillmentOrderNode[], lines: FulfillmentLines): FulfillmentOrderLinesInput {
  const open = fulfillmentOrders.filter((fo) => FULFILLABLE.has(fo.status) && fo.lineItems.nodes.some((l) => l.remainingQuantity > 0));
  if (lines === 'all') return open.map((fo) => ({ fulfillmentOrderId: fo.id }));
  const left = new Map<string, number>();
  for (const fo of open) for (const l of fo.lineItems.nodes) left.set(l.id, l.remainingQuantity);
  const byFo = new Map<string, Map<string, number>>();
  for (const wanted of lines) {
    let need = wanted.quantity;
    const lineGid = wanted.lineItemId ? toGid('LineItem', wanted.lineItemId) : null;
    for (const fo of open) {
      for (const l of fo.lineItems.nodes) {
        if (need <= 0) break;
        const matches = lineGid ? l.lineItem.id === lineGid : (l.lineItem.sku ?? '') === (wanted.sku ?? '');
        const free = left.get(l.id) ?? 0;
        if (!matches || free <= 0) continue;
        const take = Math.min(need, free);
        left.set(l.id, free - take);
        need -= take;
        const foLines = byFo.get(fo.id) ?? new Map<string, number>();
        foLines.set(l.id, (foLines.get(l.id) ?? 0) + take);
        byFo.set(fo.id, foLines);
      }
    }
  }
  return [...byFo.entries()].map(([fulfillmentOrderId, foLines]) => ({
    fulfillmentOrderId,
    fulfillmentOrderLineItems: [...foLines.entries()].map(([id, quantity]) => ({ id, quantity })),
  }));
}

export function createShopifyApi(options: ShopifyApiOptions = {}) {
  const request = createShopifyRequest(options);

  return function forShop(conn: ShopifyConnection) {
    const run = <T>(query: string, variables?: Record<string, unknown>) => request<T>(conn, query, variables);

    async function mutate<T extends { userErrors: ShopifyUserError[] }>(name: string, query: string, variables: Record<string, unknown>): Promise<T> {
      const { data } = await run<Record<string, T>>(query, variables);
      const payload = data[name];
      if (!payload) throw new ShopifyError(`Shopify answered ${name} without a payload`, { kind: 'server', retryable: false, status: 200 });
      return payload;
    }

    async function fulfillmentStatus(id: string): Promise<string | null> {
      const { data } = await run<{ fulfillment: { status: string } | null }>(Q.FULFILLMENT_STATUS, { id });
      return data.fulfillment?.status ?? null;
    }

    const readProduct = async (id: string) => {
      const { data } = await run<{ product: RawProduct | null }>(Q.GET_PRODUCT, { id: toGid('Product', id) });
      return data.product ? normaliseProduct(data.product) : null;
    };

    return {
      // Publishing (docs/publishing.md): createProduct and updateVariants.
      ...shopifyPublishing(mutate, readProduct),
      // Warehouse stock (docs/stores.md "Inventory push").
      ...shopifyInventory(run, mutate),

      async shopInfo(): Promise<ShopInfo> {
        const { data } = await run<{ shop: RawShop }>(Q.SHOP_INFO);
        return normaliseShop(data.shop);
      },

      /** The shop's product count, for a sync's progress bar. */
      async countProducts(): Promise<number> {
        const { data } = await run<{ productsCount: { count: number } | null }>(Q.COUNT_PRODUCTS);
        return data.productsCount?.count ?? 0;
      },

      async listProducts(input: { first: number; after?: string | null }): Promise<Page<StoreProduct>> {
        const { data } = await run<{ products: Connection<RawProduct> }>(Q.LIST_PRODUCTS, { first: input.first, after: input.after ?? null });
        return { items: data.products.nodes.map(normaliseProduct), pageInfo: data.products.pageInfo };
      },

      async getProduct(id: string): Promise<StoreProduct | null> {
        return readProduct(id);
      },

      /** Orders by last update (oldest first), optionally only those updated at or after `updatedAtMin`. */
      async listOrders(input: { first: number; after?: string | null; updatedAtMin?: Date | string }): Promise<Page<StoreOrder>> {
        const since = input.updatedAtMin ? new Date(input.updatedAtMin).toISOString() : null;
        const { data, errors } = await run<{ orders: Connection<RawOrder> }>(Q.LIST_ORDERS, {
          first: input.first,
          after: input.after ?? null,
          query: since ? `updated_at:>='${since}'` : null,
        });
        return {
          items: data.orders.nodes.map((raw, i) => normaliseOrder(raw, errors, ['orders', 'nodes', i])),
          pageInfo: data.orders.pageInfo,
        };
      },

      async getOrder(id: string): Promise<StoreOrder | null> {
        const { data, errors } = await run<{ order: RawOrder | null }>(Q.GET_ORDER, { id: toGid('Order', id) });
        return data.order ? normaliseOrder(data.order, errors, ['order']) : null;
      },

      /**
       * One parcel: reads the order's fulfilment orders, then creates one fulfilment of the open lines
       * it holds (partial quantities allowed), with its tracking. Null id when nothing is open for
       * those lines any more: the fulfilment was created by an earlier try whose answer was lost.
       */
      async pushFulfillment(input: PushFulfillmentInput): Promise<PushedShopifyFulfillment> {
        const orderId = toGid('Order', input.orderId);
        const { data } = await run<{ order: { fulfillmentOrders: { nodes: FulfillmentOrderNode[] } } | null }>(Q.ORDER_FULFILLMENT_ORDERS, { id: orderId });
        if (!data.order) throw new ShopifyError(`Shopify has no order ${legacyIdOf(orderId) ?? orderId}`, { kind: 'not-found', retryable: false, status: 200 });
        const lineItemsByFulfillmentOrder = linesByFulfillmentOrder(data.order.fulfillmentOrders.nodes, input.lines);
        if (lineItemsByFulfillmentOrder.length === 0) return { id: null, status: null };
        const { url, ...tracking } = input.tracking;
        const payload = await mutate<{ fulfillment: { id: string; status: string } | null; userErrors: ShopifyUserError[] }>('fulfillmentCreate', Q.FULFILLMENT_CREATE, {
          fulfillment: {
            lineItemsByFulfillmentOrder,
            trackingInfo: { ...tracking, ...(url ? { url } : {}) },
            notifyCustomer: input.notifyCustomer ?? true,
          },
        });
        if (payload.userErrors.length) throw userErrorsError('the fulfilment', payload.userErrors);
        return { id: payload.fulfillment?.id ?? null, status: payload.fulfillment?.status ?? null };
      },

      /** Cancels a fulfilment; 'already-cancelled' when Shopify had it cancelled before. */
      async cancelFulfillment(id: string): Promise<'cancelled' | 'already-cancelled'> {
        const gid = toGid('Fulfillment', id);
        const payload = await mutate<{ userErrors: ShopifyUserError[] }>('fulfillmentCancel', Q.FULFILLMENT_CANCEL, { id: gid });
        if (!payload.userErrors.length) return 'cancelled';
        // The refusal's wording is not a contract; the fulfilment's status is.
        const status = await fulfillmentStatus(gid);
        if (status === 'CANCELLED') return 'already-cancelled';
        if (status === null) throw new ShopifyError(`Shopify has no fulfilment ${legacyIdOf(gid) ?? gid}`, { kind: 'not-found', retryable: false, status: 200 });
        throw userErrorsError('the cancel', payload.userErrors);
      },

      /** Subscribes `callbackUrl` to each topic; a subscription that exists already is not an error. */
      async registerWebhooks(callbackUrl: string, topics: string[]): Promise<{ topic: string; id: string; created: boolean }[]> {
        const done: { topic: string; id: string; created: boolean }[] = [];
        let existing: WebhookSubscription[] | null = null;
        for (const topic of topics.map(webhookTopicEnum)) {
          const payload = await mutate<{ webhookSubscription: { id: string } | null; userErrors: ShopifyUserError[] }>(
            'webhookSubscriptionCreate',
            Q.WEBHOOK_SUBSCRIPTION_CREATE,
            { topic, webhookSubscription: { uri: callbackUrl, format: 'JSON' } },
          );
          if (!payload.userErrors.length && payload.webhookSubscription) {
            done.push({ topic, id: payload.webhookSubscription.id, created: true });
            continue;
          }
          existing ??= await this.listWebhooks();
          const same = existing.find((w) => w.topic === topic && w.uri === callbackUrl);
          if (!same) throw userErrorsError(`the ${topic} webhook`, payload.userErrors);
          done.push({ topic, id: same.id, created: false });
        }
        return done;
      },

      // Shopify removes a subscription that keeps failing rather than switching it off: what is listed is active.
      async listWebhooks(): Promise<(WebhookSubscription & { active: true })[]> {
        const all: (WebhookSubscription & { active: true })[] = [];
        let after: string | null = null;
        for (;;) {
          const answer: { data: { webhookSubscriptions: Connection<WebhookSubscription> } } = await run(Q.LIST_WEBHOOKS, { first: 100, after });
          const page = answer.data.webhookSubscriptions;
          all.push(...page.nodes.map((w) => ({ ...w, active: true as const })));
          if (!page.pageInfo.hasNextPage) return all;
          after = page.pageInfo.endCursor;
        }
      },
    };
  };
}

export type ShopifyApi = ReturnType<typeof createShopifyApi>;
export type ShopifyShopApi = ReturnType<ShopifyApi>;
