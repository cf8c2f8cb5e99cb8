/**
 * The fake's operations on its stores, shared by the REST API (what the adapter calls) and the control
 * API (what a test or a person does in the store's admin): each change fires the webhooks WooCommerce fires.
 */
import { randomBytes } from 'node:crypto';
import { fixtures, type Json } from './fixtures';
import { newStore, tickGmt, type FakeKey, type FakeWebhook, type FakeWooStore, type Permissions } from './state';
import type { WooWebhookSender } from './webhooks';

export interface OrderInput {
  lineItems: { sku: string; quantity?: number; meta?: Record<string, string> }[];
  status?: string;
  shipping?: Json | null;
  billing?: Json;
}

const COLORS = ['Black', 'White', 'Navy', 'Red'];
const SIZES = ['S', 'M', 'L', 'XL'];
const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const money = (cents: number) => (cents / 100).toFixed(2);
const cents = (value: unknown) => Math.round(Number(value ?? 0) * 100);

export function createWooStore(sender: WooWebhookSender) {
  const stores = new Map<string, FakeWooStore>();

  function store(slug: string): FakeWooStore {
    const found = stores.get(slug.toLowerCase());
    if (!found) throw Object.assign(new Error(`No fake store ${slug}`), { status: 404 });
    return found;
  }

  function addKey(s: FakeWooStore, init: { permissions?: Permissions; userId?: string; consumerKey?: string; consumerSecret?: string } = {}): FakeKey {
    const key: FakeKey = {
      keyId: s.keys.length + 1,
      consumerKey: init.consumerKey ?? `ck_${hex(20)}`,
      consumerSecret: init.consumerSecret ?? `cs_${hex(20)}`,
      permissions: init.permissions ?? 'read_write',
      userId: init.userId ?? 'admin',
    };
    s.keys.push(key);
    return key;
  }

  function createStore(init: { slug?: string; name?: string; currency?: string; consumerKey?: string; consumerSecret?: string; permissions?: Permissions; nextOrderNumber?: number }) {
    const slug = (init.slug ?? `store-${stores.size + 1}`).toLowerCase();
    const s = stores.get(slug) ?? newStore({ slug, name: init.name, currency: init.currency });
    // A store that has sold before (its next order number): tests keep their orders' names apart from other data.
    if (init.nextOrderNumber) s.nextOrderNumber = init.nextOrderNumber;
    stores.set(slug, s);
    return { store: s, key: addKey(s, init) };
  }

  const nextId = (s: FakeWooStore) => s.nextId++;

  /** Variable products (Color x Size) with SKUs WOO{n}-{COLOR}-{SIZE}; simple ones (variationsPerProduct 0) SKU WOO{n}. */
  async function seedProducts(slug: string, input: { count: number; variationsPerProduct?: number }): Promise<Json[]> {
    const s = store(slug);
    const made: Json[] = [];
    for (let i = 0; i < input.count; i++) {
      const n = s.nextProductNumber++;
      const p = fixtures.product();
      const at = tickGmt();
      const count = Math.min(input.variationsPerProduct ?? 0, COLORS.length * SIZES.length);
      Object.assign(p, { id: nextId(s), name: `Tee ${n}`, slug: `tee-${n}`, sku: count ? '' : `WOO${n}`, date_created_gmt: at, date_created: at, date_modified_gmt: at, date_modified: at });
      if (count) {
        const combos = Array.from({ length: count }, (_, k) => ({ color: COLORS[Math.floor(k / SIZES.length)]!, size: SIZES[k % SIZES.length]! }));
        const variations = combos.map(({ color, size }) => {
          const v = fixtures.variation();
          return Object.assign(v, {
            id: nextId(s), sku: `WOO${n}-${color}-${size}`.toUpperCase(), price: '19.99', regular_price: '19.99', date_modified_gmt: at,
            attributes: [{ id: 1, name: 'Color', option: color }, { id: 2, name: 'Size', option: size }],
          });
        });
        const colors = [...new Set(combos.map((c) => c.color))];
        const sizes = [...new Set(combos.map((c) => c.size))];
        Object.assign(p, {
          type: 'variable', price: '19.99', regular_price: '',
          attributes: [
            { id: 1, name: 'Color', position: 0, visible: true, variation: true, options: colors },
            { id: 2, name: 'Size', position: 1, visible: true, variation: true, options: sizes },
          ],
          variations: variations.map((v) => v.id),
        });
        s.variations.set(p['id'] as number, variations);
      }
      s.products.set(p['id'] as number, p);
      made.push(p);
      await sender.deliver(s, 'product.created', p);
    }
    return made;
  }

  async function updateProduct(slug: string, id: number, patch: { name?: string; price?: string }) {
    const s = store(slug);
    const p = s.products.get(id);
    if (!p) throw Object.assign(new Error(`No product ${id}`), { status: 404 });
    if (patch.name) p['name'] = patch.name;
    if (patch.price) {
      p['price'] = patch.price;
      for (const v of s.variations.get(id) ?? []) Object.assign(v, { price: patch.price, regular_price: patch.price });
    }
    p['date_modified_gmt'] = p['date_modified'] = tickGmt();
    await sender.deliver(s, 'product.updated', p);
    return p;
  }

  async function deleteProduct(slug: string, id: number) {
    const s = store(slug);
    const p = s.products.get(id);
    if (!p) throw Object.assign(new Error(`No product ${id}`), { status: 404 });
    s.products.delete(id);
    s.variations.delete(id);
    await sender.deliver(s, 'product.deleted', { id });
    return { id };
  }

  /** The catalogue line a SKU names: a variation (with its product) or a simple product. */
  function bySku(s: FakeWooStore, sku: string): { product: Json; variation: Json | null } | null {
    for (const product of s.products.values()) {
      if (product['sku'] === sku) return { product, variation: null };
      const variation = (s.variations.get(product['id'] as number) ?? []).find((v) => v['sku'] === sku);
      if (variation) return { product, variation };
    }
    return null;
  }

  async function createOrder(slug: string, input: OrderInput): Promise<Json> {
    const s = store(slug);
    const o = fixtures.order();
    const at = tickGmt();
    const status = input.status ?? 'processing';
    const lines = input.lineItems.map((l) => {
      const hit = bySku(s, l.sku);
      const quantity = l.quantity ?? 1;
      const price = cents((hit?.variation ?? hit?.product)?.['price'] ?? '10.00');
      const color = (hit?.variation?.['attributes'] as { option: string }[] | undefined)?.map((a) => a.option).join(', ');
      return {
        ...(fixtures.order()['line_items'] as Json[])[0],
        id: nextId(s),
        name: `${String(hit?.product['name'] ?? l.sku)}${color ? ` - ${color}` : ''}`,
        product_id: hit ? hit.product['id'] : 0,
        variation_id: hit?.variation ? hit.variation['id'] : 0,
        quantity,
        sku: l.sku,
        price: price / 100,
        subtotal: money(price * quantity),
        total: money(price * quantity),
        subtotal_tax: '0.00',
        total_tax: '0.00',
        meta_data: Object.entries(l.meta ?? {}).map(([key, value]) => ({ id: nextId(s), key, value, display_key: key, display_value: value })),
      };
    });
    const subtotal = lines.reduce((sum, l) => sum + cents(l.subtotal), 0);
    const id = nextId(s);
    Object.assign(o, {
      id,
      number: String(s.nextOrderNumber++),
      order_key: `wc_order_${hex(6)}`,
      status,
      currency: s.currency,
      date_created_gmt: at, date_created: at, date_modified_gmt: at, date_modified: at,
      date_paid_gmt: status === 'processing' || status === 'completed' ? at : null,
      date_paid: status === 'processing' || status === 'completed' ? at : null,
      cart_tax: '0.00', total_tax: '0.00',
      total: money(subtotal + cents(o['shipping_total'])),
      line_items: lines,
      ...(input.billing ? { billing: { ...(o['billing'] as Json), ...input.billing } } : {}),
      ...(input.shipping !== undefined ? { shipping: input.shipping === null ? blankAddress() : { ...(o['shipping'] as Json), ...input.shipping } } : {}),
    });
    s.orders.set(id, o);
    s.notes.set(id, []);
    await sender.deliver(s, 'order.created', o);
    return o;
  }

  const blankAddress = () => ({ first_name: '', last_name: '', company: '', address_1: '', address_2: '', city: '', state: '', postcode: '', country: '', phone: '' });

  function order(s: FakeWooStore, id: number): Json | null {
    return s.orders.get(id) ?? null;
  }

  /**
   * A change to an order as WooCommerce's REST update applies it: status (dates paid/completed set),
   * addresses merged, meta_data entries updated by id, else by key, else added. Fires order.updated.
   */
  async function updateOrder(slug: string, id: number, patch: Json): Promise<Json | null> {
    const s = store(slug);
    const o = order(s, id);
    if (!o) return null;
    const at = tickGmt();
    const status = typeof patch['status'] === 'string' ? patch['status'] : null;
    if (status) {
      o['status'] = status;
      if ((status === 'processing' || status === 'completed') && !o['date_paid_gmt']) o['date_paid_gmt'] = o['date_paid'] = at;
      o['date_completed_gmt'] = o['date_completed'] = status === 'completed' ? at : null;
    }
    for (const part of ['billing', 'shipping'] as const) if (patch[part] && typeof patch[part] === 'object') o[part] = { ...(o[part] as Json), ...(patch[part] as Json) };
    const meta = o['meta_data'] as Json[];
    for (const entry of (Array.isArray(patch['meta_data']) ? patch['meta_data'] : []) as Json[]) {
      const same = meta.find((m) => (entry['id'] !== undefined ? m['id'] === entry['id'] : m['key'] === entry['key']));
      if (same) same['value'] = entry['value'];
      else meta.push({ id: nextId(s), key: entry['key'], value: entry['value'] });
    }
    o['date_modified_gmt'] = o['date_modified'] = at;
    await sender.deliver(s, 'order.updated', o);
    return o;
  }

  async function deleteOrder(slug: string, id: number) {
    const s = store(slug);
    if (!s.orders.delete(id)) return null;
    s.notes.delete(id);
    await sender.deliver(s, 'order.deleted', { id });
    return { id };
  }

  function addNote(s: FakeWooStore, orderId: number, note: string, customerNote: boolean): Json {
    const at = tickGmt();
    const made = { ...fixtures.note(), id: nextId(s), author: 'WooCommerce', note, customer_note: customerNote, date_created_gmt: at, date_created: at };
    s.notes.get(orderId)?.unshift(made);
    return made;
  }

  /** A webhook created over REST: active unless told otherwise, pinged at once (WooCommerce's deliver_ping). */
  async function createWebhook(s: FakeWooStore, body: Json): Promise<FakeWebhook> {
    const at = tickGmt();
    const hook = {
      ...fixtures.webhook(),
      id: nextId(s),
      name: String(body['name'] ?? `Webhook created on ${at}`),
      status: (body['status'] as FakeWebhook['status']) ?? 'active',
      topic: String(body['topic']),
      resource: String(body['topic']).split('.')[0],
      event: String(body['topic']).split('.')[1],
      delivery_url: String(body['delivery_url']),
      secret: typeof body['secret'] === 'string' && body['secret'] ? body['secret'] : hex(25),
      failure_count: 0,
      date_created_gmt: at, date_created: at, date_modified_gmt: at, date_modified: at,
    } as FakeWebhook;
    s.webhooks.set(hook.id, hook);
    if (hook.status === 'active') await sender.ping(s, hook);
    return hook;
  }

  /** Stock as pushed: a simple product's own, each variation's (variationId null for a simple product). */
  function inventory(slug: string) {
    const s = store(slug);
    const row = (productId: unknown, variationId: unknown, x: Json) => ({ productId, variationId, sku: x['sku'], manageStock: x['manage_stock'] === true, stockQuantity: x['stock_quantity'] ?? null, stockStatus: x['stock_status'] });
    return [...s.products.values()].flatMap((p) =>
      p['type'] === 'variable' ? (s.variations.get(p['id'] as number) ?? []).map((v) => row(p['id'], v['id'], v)) : [row(p['id'], null, p)],
    );
  }

  return { stores, store, createStore, addKey, seedProducts, updateProduct, deleteProduct, createOrder, updateOrder, deleteOrder, order, addNote, createWebhook, inventory };
}

export type WooStore = ReturnType<typeof createWooStore>;
