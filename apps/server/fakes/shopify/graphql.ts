/**
 * The fake's GraphQL Admin API: not a GraphQL engine, a dispatcher on the operation name the adapter
 * sends (apps/server/src/modules/stores/shopify/shopify-queries.ts), answering in Shopify's shapes.
 * Costs follow Shopify's rule of thumb (an object 1 point, a connection `first` x its node's cost,
 * a mutation 10), close enough to exercise the bucket.
 */
import { fixtures } from './fixtures';
import { inventorySetQuantities, primaryLocation, variantNodes } from './inventory';
import { productCreate, productVariantsBulkCreate, productVariantsBulkUpdate } from './publishing';
import { newId, now, type FakeFulfillment, type FakeOrder, type FakeProduct, type FakeShop } from './state';

type Vars = Record<string, unknown>;
type GqlError = { message: string; path?: (string | number)[]; extensions?: Record<string, unknown> };
export interface GqlAnswer {
  data?: unknown;
  errors?: GqlError[];
}

const PRODUCT_COST = 61;
const ORDER_COST = 56;

export function operationName(query: string): string | null {
  return /\b(?:query|mutation)\s+([A-Za-z0-9_]+)/.exec(query)?.[1] ?? null;
}

/** The requested cost of an operation (before it runs). */
export function requestedCost(op: string, vars: Vars): number {
  const first = Number(vars['first'] ?? 1);
  switch (op) {
    case 'ListProducts':
      return 2 + first * PRODUCT_COST;
    case 'GetProduct':
      return 1 + PRODUCT_COST;
    case 'ListOrders':
      return 2 + first * ORDER_COST;
    case 'GetOrder':
      return 1 + ORDER_COST;
    case 'OrderFulfillmentOrders':
      return 1 + 5 * (1 + 50 * 2);
    case 'ListWebhooks':
      return 2 + first;
    case 'VariantInventoryItems':
      return 1 + 3 * ((vars['ids'] as unknown[] | undefined)?.length ?? 0);
    case 'FulfillmentCreate':
    case 'InventorySetQuantities':
    case 'FulfillmentCancel':
    case 'WebhookSubscriptionCreate':
    case 'ProductCreate':
    case 'ProductVariantsBulkCreate':
    case 'ProductVariantsBulkUpdate':
      return 10;
    default:
      return 1;
  }
}

type Nodes = { nodes?: unknown[] } | null | undefined;
const count = (c: Nodes) => c?.nodes?.length ?? 0;
const productActual = (p: { variants?: Nodes; media?: Nodes }) => 1 + count(p.variants) + count(p.media);
const orderActual = (o: { lineItems?: Nodes; shippingLines?: Nodes }) => 1 + count(o.lineItems) + count(o.shippingLines);

/**
 * What the operation really cost, from what it returned: Shopify charges the requested cost up
 * front and gives back the difference once the query ran.
 */
export function actualCost(op: string, data: unknown, requested: number): number {
  const d = (data ?? {}) as Record<string, { nodes?: Record<string, Nodes>[] } & Record<string, unknown>>;
  switch (op) {
    case 'ListProducts':
      return 2 + (d['products']?.nodes ?? []).reduce((s, p) => s + productActual(p), 0);
    case 'GetProduct':
      return 1 + (d['product'] ? productActual(d['product'] as { variants?: Nodes; media?: Nodes }) : 0);
    case 'ListOrders':
      return 2 + (d['orders']?.nodes ?? []).reduce((s, o) => s + orderActual(o), 0);
    case 'GetOrder':
      return 1 + (d['order'] ? orderActual(d['order'] as { lineItems?: Nodes }) : 0);
    case 'OrderFulfillmentOrders': {
      const fos = ((d['order']?.['fulfillmentOrders'] as Nodes)?.nodes ?? []) as { lineItems?: Nodes }[];
      return 1 + fos.reduce((s, fo) => s + 1 + 2 * count(fo.lineItems), 0);
    }
    default:
      return requested;
  }
}

const gid = (kind: string, id: number) => `gid://shopify/${kind}/${id}`;
const numeric = (id: unknown) => Number(/(\d+)$/.exec(String(id))?.[1] ?? NaN);
const money = (amount: string, currencyCode: string) => ({ shopMoney: { amount, currencyCode } });
const cents = (amount: string) => Math.round(Number(amount) * 100);
const amount = (c: number) => (c / 100).toFixed(2);
const cursorOf = (id: number) => Buffer.from(JSON.stringify({ last_id: id })).toString('base64');
const afterId = (cursor: unknown) => (typeof cursor === 'string' && cursor ? Number(JSON.parse(Buffer.from(cursor, 'base64').toString()).last_id) : null);

function page<T>(items: T[], idOf: (item: T) => number, vars: Vars) {
  const first = Math.min(Number(vars['first'] ?? 50), 250);
  const after = afterId(vars['after']);
  const start = after === null ? 0 : items.findIndex((i) => idOf(i) === after) + 1;
  const slice = items.slice(start, start + first);
  return {
    slice,
    pageInfo: { hasNextPage: start + first < items.length, endCursor: slice.length ? cursorOf(idOf(slice.at(-1)!)) : null },
  };
}

function productNode(p: FakeProduct) {
  return {
    id: gid('Product', p.id),
    legacyResourceId: String(p.id),
    handle: p.handle,
    title: p.title,
    descriptionHtml: p.descriptionHtml,
    productType: p.productType,
    status: p.status,
    updatedAt: p.updatedAt,
    options: p.options.map((o) => ({ name: o.name, optionValues: o.values.map((name) => ({ name })) })),
    media: { nodes: p.images.slice(0, 10).map((url) => ({ image: { url } })) },
    variants: {
      nodes: p.variants.slice(0, 50).map((v) => ({
        id: gid('ProductVariant', v.id),
        legacyResourceId: String(v.id),
        sku: v.sku,
        title: v.title,
        price: v.price,
        selectedOptions: v.selectedOptions,
        image: v.image ? { url: v.image } : null,
      })),
      pageInfo: { hasNextPage: p.variants.length > 50 },
    },
  };
}

export function orderTotals(o: FakeOrder) {
  const subtotal = o.lineItems.reduce((sum, l) => sum + cents(l.price) * l.quantity, 0);
  const shipping = o.shippingLines.reduce((sum, l) => sum + cents(l.price), 0);
  return { subtotal: amount(subtotal), shipping: amount(shipping), total: amount(subtotal + shipping) };
}

/** An Order node; with the shop's redaction on, buyer fields are null and errors name their paths. */
function orderNode(shop: FakeShop, o: FakeOrder, path: (string | number)[], errors: GqlError[]) {
  const totals = orderTotals(o);
  const a = o.shippingAddress;
  if (shop.redactCustomerData) {
    errors.push(fixtures.accessDenied('email', [...path, 'email']), fixtures.accessDenied('shippingAddress', [...path, 'shippingAddress']));
  }
  return {
    id: gid('Order', o.id),
    legacyResourceId: String(o.id),
    name: o.name,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
    cancelledAt: o.cancelledAt,
    displayFinancialStatus: o.financialStatus,
    currencyCode: o.currency,
    email: shop.redactCustomerData ? null : o.email,
    totalPriceSet: money(totals.total, o.currency),
    subtotalPriceSet: money(totals.subtotal, o.currency),
    totalShippingPriceSet: money(totals.shipping, o.currency),
    totalTaxSet: money('0.00', o.currency),
    totalDiscountsSet: money('0.00', o.currency),
    shippingLines: { nodes: o.shippingLines.map((l) => ({ title: l.title, code: l.code })) },
    shippingAddress:
      a && !shop.redactCustomerData
        ? { name: `${a.firstName} ${a.lastName}`.trim(), address1: a.address1, address2: a.address2, city: a.city, provinceCode: a.provinceCode, zip: a.zip, countryCodeV2: a.countryCode, phone: a.phone }
        : null,
    lineItems: {
      nodes: o.lineItems.slice(0, 50).map((l) => ({
        id: gid('LineItem', l.id),
        sku: l.sku,
        title: l.title,
        quantity: l.quantity,
        variant: l.variantId ? { id: gid('ProductVariant', l.variantId) } : null,
        product: l.productId ? { id: gid('Product', l.productId) } : null,
        originalUnitPriceSet: money(l.price, o.currency),
        customAttributes: l.properties.map((p) => ({ key: p.name, value: p.value })),
      })),
    },
  };
}

function fulfillmentOrdersNode(o: FakeOrder) {
  return {
    id: gid('Order', o.id),
    fulfillmentOrders: {
      nodes: o.fulfillmentOrders.map((fo) => ({
        id: gid('FulfillmentOrder', fo.id),
        status: fo.status,
        lineItems: {
          nodes: fo.lines.map((l) => {
            const item = o.lineItems.find((i) => i.id === l.lineItemId);
            return { id: gid('FulfillmentOrderLineItem', l.id), totalQuantity: l.totalQuantity, remainingQuantity: l.remainingQuantity, lineItem: { id: gid('LineItem', l.lineItemId), sku: item?.sku ?? null } };
          }),
        },
      })),
    },
  };
}

/** Fulfilment order status from what is left to fulfil. */
export function settleStatus(fo: FakeOrder['fulfillmentOrders'][number]) {
  const left = fo.lines.reduce((s, l) => s + l.remainingQuantity, 0);
  const total = fo.lines.reduce((s, l) => s + l.totalQuantity, 0);
  fo.status = left === 0 ? 'CLOSED' : left === total ? 'OPEN' : 'IN_PROGRESS';
}

type FulfillmentInput = FakeFulfillment['input'] & { trackingInfo?: { number?: string; company?: string; url?: string } };

function fulfillmentCreate(shop: FakeShop, input: FulfillmentInput) {
  const userErrors: { field: string[] | null; message: string }[] = [];
  const taken: FakeFulfillment['taken'] = [];
  let orderId: number | null = null;
  const findFo = (id: number) => {
    for (const o of shop.orders.values()) {
      const fo = o.fulfillmentOrders.find((f) => f.id === id);
      if (fo) return { order: o, fo };
    }
    return null;
  };
  for (const group of input.lineItemsByFulfillmentOrder ?? []) {
    const found = findFo(numeric(group.fulfillmentOrderId));
    if (!found) {
      userErrors.push(fixtures.userError('unknownFulfillmentOrder'));
      continue;
    }
    orderId = found.order.id;
    if (found.fo.status !== 'OPEN' && found.fo.status !== 'IN_PROGRESS') {
      userErrors.push(fixtures.userError('notFulfillable'));
      continue;
    }
    const wanted = group.fulfillmentOrderLineItems?.length
      ? group.fulfillmentOrderLineItems.map((l) => ({ line: found.fo.lines.find((x) => x.id === numeric(l.id)), quantity: l.quantity }))
      : found.fo.lines.filter((l) => l.remainingQuantity > 0).map((line) => ({ line, quantity: line.remainingQuantity }));
    for (const { line, quantity } of wanted) {
      if (!line) userErrors.push(fixtures.userError('unknownLine'));
      else if (quantity <= 0 || quantity > line.remainingQuantity) userErrors.push(fixtures.userError('quantityTooHigh'));
      else taken.push({ fulfillmentOrderId: found.fo.id, lineId: line.id, quantity });
    }
  }
  if (userErrors.length || orderId === null || taken.length === 0) {
    if (!userErrors.length) userErrors.push(fixtures.userError('notFulfillable'));
    return { fulfillment: null, userErrors };
  }
  const order = shop.orders.get(orderId)!;
  for (const t of taken) {
    const fo = order.fulfillmentOrders.find((f) => f.id === t.fulfillmentOrderId)!;
    fo.lines.find((l) => l.id === t.lineId)!.remainingQuantity -= t.quantity;
  }
  order.fulfillmentOrders.forEach(settleStatus);
  order.updatedAt = now();
  const tracking = input.trackingInfo ?? {};
  const fulfillment: FakeFulfillment = {
    id: newId(),
    orderId,
    status: 'SUCCESS',
    trackingInfo: { number: tracking.number ?? null, company: tracking.company ?? null, url: tracking.url ?? null },
    input,
    taken,
    createdAt: now(),
  };
  shop.fulfillments.set(fulfillment.id, fulfillment);
  return {
    fulfillment: { id: gid('Fulfillment', fulfillment.id), status: fulfillment.status, trackingInfo: [fulfillment.trackingInfo] },
    userErrors: [],
  };
}

/** Cancels a fulfilment and gives its quantities back to the fulfilment orders (as Shopify does). */
export function cancelFulfillment(shop: FakeShop, id: number) {
  const f = shop.fulfillments.get(id);
  if (!f) return { fulfillment: null, userErrors: [fixtures.userError('unknownFulfillment')] };
  if (f.status === 'CANCELLED') return { fulfillment: null, userErrors: [fixtures.userError('cannotCancel')] };
  f.status = 'CANCELLED';
  const order = shop.orders.get(f.orderId);
  if (order) {
    for (const t of f.taken) {
      const line = order.fulfillmentOrders.find((fo) => fo.id === t.fulfillmentOrderId)?.lines.find((l) => l.id === t.lineId);
      if (line) line.remainingQuantity = Math.min(line.totalQuantity, line.remainingQuantity + t.quantity);
    }
    order.fulfillmentOrders.forEach(settleStatus);
    order.updatedAt = now();
  }
  return { fulfillment: { id: gid('Fulfillment', id), status: 'CANCELLED' }, userErrors: [] };
}

export const WEBHOOK_TOPICS = new Set(['ORDERS_CREATE', 'ORDERS_UPDATED', 'ORDERS_CANCELLED', 'PRODUCTS_UPDATE', 'PRODUCTS_DELETE', 'APP_UNINSTALLED', 'PRODUCTS_CREATE', 'ORDERS_PAID', 'ORDERS_FULFILLED']);

function ordersMatching(shop: FakeShop, query: unknown): FakeOrder[] {
  const list = [...shop.orders.values()].sort((a, b) => a.updatedAt.localeCompare(b.updatedAt) || a.id - b.id);
  const since = typeof query === 'string' ? /updated_at:\s*>=?\s*'?([^'\s]+)'?/.exec(query)?.[1] : undefined;
  return since ? list.filter((o) => o.updatedAt >= new Date(since).toISOString()) : list;
}

/** Runs one operation; `hooks.beforeFulfillmentCreate` lets a test act while a fulfilment is on its way. */
export async function runOperation(
  shop: FakeShop,
  op: string,
  vars: Vars,
  hooks: { beforeFulfillmentCreate?: (shop: FakeShop, input: unknown) => Promise<void> | void },
): Promise<GqlAnswer> {
  const errors: GqlError[] = [];
  const answer = (data: unknown): GqlAnswer => (errors.length ? { data, errors } : { data });
  switch (op) {
    case 'ShopInfo':
      return answer({ shop: { name: shop.name, currencyCode: shop.currency, myshopifyDomain: shop.domain, plan: { publicDisplayName: shop.plan, partnerDevelopment: shop.plan === 'Development', shopifyPlus: shop.plan === 'Shopify Plus' } } });
    case 'CountProducts':
      // The adapter asks with `limit: null`: an exact count (the default limit stops at 10,000, AT_LEAST).
      return answer({ productsCount: { count: shop.products.size, precision: 'EXACT' } });
    case 'ListProducts': {
      const { slice, pageInfo } = page([...shop.products.values()].sort((a, b) => a.id - b.id), (p) => p.id, vars);
      return answer({ products: { nodes: slice.map(productNode), pageInfo } });
    }
    case 'GetProduct': {
      const p = shop.products.get(numeric(vars['id']));
      return answer({ product: p ? productNode(p) : null });
    }
    case 'ListOrders': {
      const { slice, pageInfo } = page(ordersMatching(shop, vars['query']), (o) => o.id, vars);
      return answer({ orders: { nodes: slice.map((o, i) => orderNode(shop, o, ['orders', 'nodes', i], errors)), pageInfo } });
    }
    case 'GetOrder': {
      const o = shop.orders.get(numeric(vars['id']));
      return answer({ order: o ? orderNode(shop, o, ['order'], errors) : null });
    }
    case 'OrderFulfillmentOrders': {
      const o = shop.orders.get(numeric(vars['id']));
      return answer({ order: o ? fulfillmentOrdersNode(o) : null });
    }
    case 'FulfillmentCreate': {
      await hooks.beforeFulfillmentCreate?.(shop, vars['fulfillment']);
      return answer({ fulfillmentCreate: fulfillmentCreate(shop, vars['fulfillment'] as FulfillmentInput) });
    }
    case 'FulfillmentCancel':
      return answer({ fulfillmentCancel: cancelFulfillment(shop, numeric(vars['id'])) });
    case 'FulfillmentStatus': {
      const f = shop.fulfillments.get(numeric(vars['id']));
      return answer({ fulfillment: f ? { id: gid('Fulfillment', f.id), status: f.status } : null });
    }
    case 'WebhookSubscriptionCreate': {
      const topic = String(vars['topic']);
      const input = (vars['webhookSubscription'] ?? {}) as { uri?: string; callbackUrl?: string };
      const uri = input.uri ?? input.callbackUrl ?? '';
      if (!WEBHOOK_TOPICS.has(topic)) return answer({ webhookSubscriptionCreate: { webhookSubscription: null, userErrors: [fixtures.userError('invalidTopic')] } });
      if (shop.subscriptions.some((s) => s.topic === topic && s.uri === uri)) {
        return answer({ webhookSubscriptionCreate: { webhookSubscription: null, userErrors: [fixtures.userError('addressTaken')] } });
      }
      const sub = { id: newId(), topic, uri, createdAt: now() };
      shop.subscriptions.push(sub);
      return answer({ webhookSubscriptionCreate: { webhookSubscription: { id: gid('WebhookSubscription', sub.id), topic, uri }, userErrors: [] } });
    }
    case 'ProductCreate':
      return answer({ productCreate: productCreate(shop, vars) });
    case 'ProductVariantsBulkCreate':
      return answer({ productVariantsBulkCreate: productVariantsBulkCreate(shop, vars) });
    case 'ProductVariantsBulkUpdate':
      return answer({ productVariantsBulkUpdate: productVariantsBulkUpdate(shop, vars) });
    case 'PrimaryLocation':
      return answer(primaryLocation(shop));
    case 'VariantInventoryItems':
      return answer(variantNodes(shop, vars));
    case 'InventorySetQuantities':
      return answer({ inventorySetQuantities: inventorySetQuantities(shop, vars) });
    case 'ListWebhooks': {
      const { slice, pageInfo } = page(shop.subscriptions, (s) => s.id, vars);
      return answer({ webhookSubscriptions: { nodes: slice.map((s) => ({ id: gid('WebhookSubscription', s.id), topic: s.topic, uri: s.uri })), pageInfo } });
    }
    default:
      return { errors: [{ message: `The local Shopify fake does not answer the operation ${op}`, extensions: { code: 'undefinedField' } }] };
  }
}
