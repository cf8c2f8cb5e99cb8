/** The fake's shops and what a test or a person does to them (the control API's verbs). */
import { randomBytes } from 'node:crypto';
import { cancelFulfillment, settleStatus } from './graphql';
import { newId, now, type FakeAddress, type FakeOrder, type FakeProduct, type FakeShop } from './state';
import { orderPayload, productPayload, type createWebhookSender, type WebhookOptions } from './webhooks';
import { fixtures } from './fixtures';
import { inventoryOf } from './inventory';

export interface OrderInput {
  /** Explicit ids let a test mirror the ids it expects; omitted ones are made up. */
  id?: number;
  fulfillmentOrderId?: number;
  /** The order's name as the shop shows it (e.g. '#LOOP-1'); omitted: the shop's next number, '#1001' first. */
  name?: string;
  email?: string | null;
  currency?: string;
  financialStatus?: string;
  shippingAddress?: Partial<FakeAddress> | null;
  shippingLines?: { title: string; code?: string | null; price?: string }[];
  lineItems: {
    id?: number;
    fulfillmentOrderLineItemId?: number;
    sku: string;
    title?: string;
    quantity?: number;
    price?: string;
    variantId?: number | null;
    productId?: number | null;
    properties?: { name: string; value: string }[];
  }[];
}

const DEFAULT_ADDRESS: FakeAddress = {
  firstName: 'Jane',
  lastName: 'Buyer',
  address1: '1 Main Street',
  address2: null,
  city: 'Austin',
  provinceCode: 'TX',
  zip: '73301',
  countryCode: 'US',
  phone: '+15125550100',
};

export function createShopStore(bucketDefaults: { maximumAvailable: number; restoreRate: number }, sender: ReturnType<typeof createWebhookSender>) {
  const shops = new Map<string, FakeShop>();

  function shop(domain: string): FakeShop {
    const found = shops.get(domain.toLowerCase());
    if (!found) throw new Error(`The fake has no shop ${domain}`);
    return found;
  }

  function createShop(input: { domain: string; name?: string; currency?: string; plan?: string; token?: string; nextOrderNumber?: number }): FakeShop & { token: string } {
    const domain = input.domain.toLowerCase();
    const token = input.token ?? `shpat_${randomBytes(16).toString('hex')}`;
    const existing = shops.get(domain);
    if (existing) {
      existing.tokens.add(token);
      if (input.nextOrderNumber !== undefined) existing.nextOrderNumber = input.nextOrderNumber;
      return Object.assign(existing, { token });
    }
    const created: FakeShop = {
      id: newId(),
      domain,
      name: input.name ?? domain.replace(/\.myshopify\.com$/, ''),
      currency: input.currency ?? 'USD',
      plan: input.plan ?? 'Basic',
      locationId: newId(),
      tokens: new Set([token]),
      products: new Map(),
      orders: new Map(),
      fulfillments: new Map(),
      subscriptions: [],
      nextOrderNumber: input.nextOrderNumber ?? 1001,
      redactCustomerData: false,
      fail5xx: 0,
      fail429: 0,
      bucket: { ...bucketDefaults, available: bucketDefaults.maximumAvailable, at: Date.now() },
    };
    shops.set(domain, created);
    return Object.assign(created, { token });
  }

  function seedProducts(domain: string, input: { count: number; variantsPerProduct?: number; sizes?: string[]; colors?: string[] }): FakeProduct[] {
    const s = shop(domain);
    const sizes = input.sizes ?? ['S', 'M', 'L', 'XL', '2XL'];
    const colors = input.colors ?? ['Black', 'White', 'Navy', 'Red'];
    const made: FakeProduct[] = [];
    for (let i = 0; i < input.count; i++) {
      const id = newId();
      const n = s.products.size + 1;
      const combos = colors.flatMap((c) => sizes.map((z) => [c, z] as const)).slice(0, input.variantsPerProduct ?? 3);
      const product: FakeProduct = {
        id,
        handle: `tee-${n}`,
        title: `Tee ${n}`,
        descriptionHtml: `<p>Tee number ${n}</p>`,
        productType: 'T-Shirt',
        status: 'ACTIVE',
        images: [`https://cdn.shopify.com/s/files/1/fake/products/tee-${n}.png`],
        options: [
          { name: 'Color', values: [...new Set(combos.map((c) => c[0]))] },
          { name: 'Size', values: [...new Set(combos.map((c) => c[1]))] },
        ],
        variants: combos.map(([color, size]) => ({
          id: newId(),
          sku: `TEE${n}-${color.toUpperCase()}-${size}`,
          title: `${color} / ${size}`,
          price: '24.99',
          selectedOptions: [
            { name: 'Color', value: color },
            { name: 'Size', value: size },
          ],
          image: null,
        })),
        createdAt: now(),
        updatedAt: now(),
      };
      s.products.set(id, product);
      made.push(product);
    }
    return made;
  }

  async function createOrder(domain: string, input: OrderInput, opts: WebhookOptions = {}): Promise<FakeOrder> {
    const s = shop(domain);
    const id = newId(input.id);
    const lineItems = input.lineItems.map((l) => {
      const variant = [...s.products.values()].flatMap((p) => p.variants.map((v) => ({ p, v }))).find((x) => x.v.sku === l.sku);
      return {
        id: newId(l.id),
        variantId: l.variantId !== undefined ? l.variantId : (variant?.v.id ?? null),
        productId: l.productId !== undefined ? l.productId : (variant?.p.id ?? null),
        sku: l.sku,
        title: l.title ?? (variant ? `${variant.p.title} - ${variant.v.title}` : l.sku),
        quantity: l.quantity ?? 1,
        price: l.price ?? variant?.v.price ?? '20.00',
        properties: l.properties ?? [],
      };
    });
    const order: FakeOrder = {
      id,
      name: input.name ?? `#${s.nextOrderNumber++}`,
      email: input.email === undefined ? 'jane.buyer@example.com' : input.email,
      createdAt: now(),
      updatedAt: now(),
      cancelledAt: null,
      financialStatus: input.financialStatus ?? 'PAID',
      currency: input.currency ?? s.currency,
      shippingAddress: input.shippingAddress === null ? null : { ...DEFAULT_ADDRESS, ...input.shippingAddress },
      shippingLines: (input.shippingLines ?? [{ title: 'Standard', code: 'STANDARD', price: '4.99' }]).map((l) => ({ title: l.title, code: l.code ?? null, price: l.price ?? '0.00' })),
      lineItems,
      fulfillmentOrders: [
        {
          id: newId(input.fulfillmentOrderId),
          status: 'OPEN',
          lines: lineItems.map((l, i) => ({ id: newId(input.lineItems[i]!.fulfillmentOrderLineItemId), lineItemId: l.id, totalQuantity: l.quantity, remainingQuantity: l.quantity })),
        },
      ],
    };
    s.orders.set(id, order);
    await sender.send(s, 'orders/create', orderPayload(s, order), opts);
    return order;
  }

  function order(domain: string, id: number): { s: FakeShop; o: FakeOrder } {
    const s = shop(domain);
    const o = s.orders.get(Number(id));
    if (!o) throw new Error(`The fake shop ${domain} has no order ${id}`);
    return { s, o };
  }

  async function updateOrder(domain: string, id: number, patch: { shippingAddress?: Partial<FakeAddress>; email?: string | null }, opts: WebhookOptions = {}) {
    const { s, o } = order(domain, id);
    if (patch.shippingAddress) o.shippingAddress = { ...(o.shippingAddress ?? DEFAULT_ADDRESS), ...patch.shippingAddress };
    if (patch.email !== undefined) o.email = patch.email;
    o.updatedAt = now();
    await sender.send(s, 'orders/updated', orderPayload(s, o), opts);
    return o;
  }

  async function cancelOrder(domain: string, id: number, opts: WebhookOptions = {}) {
    const { s, o } = order(domain, id);
    o.cancelledAt = now();
    o.updatedAt = o.cancelledAt;
    for (const fo of o.fulfillmentOrders) if (fo.status === 'OPEN' || fo.status === 'IN_PROGRESS') fo.status = 'CANCELLED';
    await sender.send(s, 'orders/cancelled', orderPayload(s, o), opts);
    await sender.send(s, 'orders/updated', orderPayload(s, o), opts);
    return o;
  }

  async function updateProduct(domain: string, id: number, patch: { title?: string; price?: string }, opts: WebhookOptions = {}) {
    const s = shop(domain);
    const p = s.products.get(Number(id));
    if (!p) throw new Error(`The fake shop ${domain} has no product ${id}`);
    if (patch.title) p.title = patch.title;
    if (patch.price) for (const v of p.variants) v.price = patch.price;
    p.updatedAt = now();
    await sender.send(s, 'products/update', productPayload(p), opts);
    return p;
  }

  async function deleteProduct(domain: string, id: number, opts: WebhookOptions = {}) {
    const s = shop(domain);
    s.products.delete(Number(id));
    await sender.send(s, 'products/delete', { id: Number(id) }, opts);
  }

  /** The merchant removes the app: its tokens stop working, then app/uninstalled is sent. */
  async function uninstall(domain: string, opts: WebhookOptions = {}) {
    const s = shop(domain);
    const payload = { ...fixtures.appWebhook('app/uninstalled'), id: s.id, name: s.name, myshopify_domain: s.domain, domain: s.domain, currency: s.currency };
    // The subscriptions go with the app; the delivery is made from the list held before.
    const delivered = await sender.send(s, 'app/uninstalled', payload, opts);
    s.tokens.clear();
    s.subscriptions = [];
    return delivered;
  }

  async function privacy(domain: string, topic: 'customers/data_request' | 'customers/redact' | 'shop/redact', input: { email?: string; orderIds?: number[] } = {}, opts: WebhookOptions = {}) {
    const s = shop(domain);
    const payload: Record<string, unknown> = { ...fixtures.appWebhook(topic), shop_id: s.id, shop_domain: s.domain };
    const orderIds = input.orderIds ?? [...s.orders.keys()];
    const email = input.email ?? [...s.orders.values()][0]?.email ?? 'jane.buyer@example.com';
    if (topic === 'customers/data_request') Object.assign(payload, { orders_requested: orderIds, customer: { id: newId(), email, phone: null }, data_request: { id: newId() } });
    if (topic === 'customers/redact') Object.assign(payload, { orders_to_redact: orderIds, customer: { id: newId(), email, phone: null } });
    return sender.send(s, topic, payload, opts);
  }

  /** Every fulfilment order of the order open again, whole (a test reusing one store order). */
  function reopenFulfillmentOrders(domain: string, id: number) {
    for (const fo of order(domain, id).o.fulfillmentOrders) {
      for (const l of fo.lines) l.remainingQuantity = l.totalQuantity;
      settleStatus(fo);
    }
  }

  function closeFulfillmentOrders(domain: string, id: number) {
    for (const fo of order(domain, id).o.fulfillmentOrders) fo.status = 'CLOSED';
  }

  return {
    shops,
    shop,
    createShop,
    seedProducts,
    createOrder,
    updateOrder,
    cancelOrder,
    updateProduct,
    deleteProduct,
    uninstall,
    privacy,
    reopenFulfillmentOrders,
    closeFulfillmentOrders,
    fulfillments: (domain: string) => [...shop(domain).fulfillments.values()],
    /** Stock as pushed (inventorySetQuantities): every variant with its tracking, policy and available units. */
    inventory: (domain: string) => inventoryOf(shop(domain)),
    cancelFulfillment: (domain: string, id: number) => cancelFulfillment(shop(domain), Number(id)),
  };
}
