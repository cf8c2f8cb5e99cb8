/**
 * The store-sync tests' Shopify: a thin wrapper over the platform-true fake (apps/server/fakes/shopify)
 * the test app's Shopify (its `platforms.fakesUrl`), keeping the surface those tests were written
 * against. Every test order is a store order of demo-shop.myshopify.com with lines SKU TRK-A and
 * TRK-B (ids 101, 102) in one fulfilment order 9001 (lines 1001, 1002): the wrapper lays that order
 * anew, open, before each read of its fulfilment orders (closed when `nothingOpen`), whatever its
 * store order id. `fulfillments` shows each fulfilmentCreate input in the REST names (legacy ids).
 */
import { startShopifyFake } from '../../fakes/shopify';
import { SHOPIFY_STORE } from './tracking';

export interface FakeShopify {
  /** The fake's address: the test app's `platforms.fakesUrl` (Shopify calls go there). */
  url: string;
  /** The next this many calls answer 503. */
  failures: number;
  rejectToken: boolean;
  /** Every fulfilment order answers closed (a retry after Shopify created the fulfilment). */
  nothingOpen: boolean;
  /** Awaited before a fulfilment is created: lets a test act while the push is on its way. */
  beforeCreate: (() => Promise<void>) | null;
  tokens: string[];
  /** The fulfilments created (id = the gid the adapter stores), in the REST names. */
  fulfillments: { id: string; fulfillment: { line_items_by_fulfillment_order: unknown[]; tracking_info: Record<string, string> } }[];
  /** The fulfilment id of every cancel call, in order (the refused ones too). */
  cancelCalls: string[];
  /** Fulfilments cancelled in the fake store (add() cancels one there, as a merchant would). */
  cancelled: Set<string>;
  close(): Promise<void>;
}

const SHOP = SHOPIFY_STORE.store.shopDomain;
const TOKEN = SHOPIFY_STORE.store.accessToken;
const legacy = (gid: string) => Number(/(\d+)$/.exec(gid)?.[1]);

export async function startFakeShopify(): Promise<FakeShopify> {
  const fake = await startShopifyFake({ clientSecret: 'store-sync-secret' });
  const shop = fake.createShop({ domain: SHOP, token: TOKEN });
  let nothingOpen = false;
  let beforeCreate: (() => Promise<void>) | null = null;
  const cancelCalls: string[] = [];

  fake.hooks.beforeOperation = async (_shop, operation, variables) => {
    if (operation === 'FulfillmentCancel') cancelCalls.push(String(variables['id']));
    if (operation !== 'OrderFulfillmentOrders') return;
    const id = legacy(String(variables['id']));
    shop.orders.clear();
    await fake.createOrder(SHOP, {
      id,
      fulfillmentOrderId: 9001,
      lineItems: [
        { id: 101, fulfillmentOrderLineItemId: 1001, sku: 'TRK-A' },
        { id: 102, fulfillmentOrderLineItemId: 1002, sku: 'TRK-B' },
      ],
    });
    if (nothingOpen) fake.closeFulfillmentOrders(SHOP, id);
  };
  fake.hooks.beforeFulfillmentCreate = async () => {
    if (beforeCreate) await beforeCreate();
  };

  class CancelledInFake extends Set<string> {
    override has(id: string) {
      return shop.fulfillments.get(legacy(id))?.status === 'CANCELLED';
    }
    override add(id: string) {
      fake.cancelFulfillment(SHOP, legacy(id));
      return this;
    }
  }

  return {
    url: fake.url,
    get failures() {
      return shop.fail5xx;
    },
    set failures(n: number) {
      shop.fail5xx = n;
    },
    get rejectToken() {
      return !shop.tokens.has(TOKEN);
    },
    set rejectToken(reject: boolean) {
      if (reject) shop.tokens.delete(TOKEN);
      else shop.tokens.add(TOKEN);
    },
    get nothingOpen() {
      return nothingOpen;
    },
    set nothingOpen(value: boolean) {
      nothingOpen = value;
    },
    get beforeCreate() {
      return beforeCreate;
    },
    set beforeCreate(hook: (() => Promise<void>) | null) {
      beforeCreate = hook;
    },
    get tokens() {
      return fake.requests.map((r) => r.token);
    },
    get fulfillments() {
      return fake.fulfillments(SHOP).map((f) => ({
        id: `gid://shopify/Fulfillment/${f.id}`,
        fulfillment: {
          line_items_by_fulfillment_order: f.input.lineItemsByFulfillmentOrder.map((g) => ({
            fulfillment_order_id: legacy(g.fulfillmentOrderId),
            ...(g.fulfillmentOrderLineItems ? { fulfillment_order_line_items: g.fulfillmentOrderLineItems.map((l) => ({ id: legacy(l.id), quantity: l.quantity })) } : {}),
          })),
          tracking_info: Object.fromEntries(Object.entries(f.input['trackingInfo'] as Record<string, string>).filter(([, v]) => v)),
        },
      }));
    },
    cancelCalls,
    cancelled: new CancelledInFake(),
    close: () => fake.close(),
  };
}
