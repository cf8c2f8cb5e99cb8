/**
 * Webhook delivery from the fake: REST-shaped payloads (as Shopify sends them whatever API the
 * subscription was made with), signed with the app's secret (X-Shopify-Hmac-Sha256, base64), posted
 * to every subscription of the topic; the privacy topics go to the app's compliance URI. On request
 * it duplicates deliveries (same X-Shopify-Webhook-Id and Event-Id, as Shopify's retries) and holds
 * them to release in another order.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { fixtures } from './fixtures';
import { orderTotals } from './graphql';
import type { FakeOrder, FakeProduct, FakeShop } from './state';

export interface Delivery {
  topic: string;
  shop: string;
  uri: string;
  webhookId: string;
  eventId: string;
  body: string;
  /** The receiver's status; 0 when it could not be reached. */
  status: number | null;
}

export interface WebhookOptions {
  /** Extra copies of each delivery (a duplicate keeps the webhook id). */
  duplicates?: number;
}

const gid = (kind: string, id: number) => `gid://shopify/${kind}/${id}`;
const lower = (s: string) => s.toLowerCase();

export function orderPayload(shop: FakeShop, o: FakeOrder): Record<string, unknown> {
  const body = fixtures.orderWebhook();
  const totals = orderTotals(o);
  const a = o.shippingAddress;
  const hidden = shop.redactCustomerData;
  Object.assign(body, {
    id: o.id,
    admin_graphql_api_id: gid('Order', o.id),
    name: o.name,
    order_number: Number(o.name.replace(/\D/g, '')) || o.id,
    email: hidden ? null : o.email,
    contact_email: hidden ? null : o.email,
    created_at: o.createdAt,
    updated_at: o.updatedAt,
    processed_at: o.createdAt,
    cancelled_at: o.cancelledAt,
    cancel_reason: o.cancelledAt ? 'customer' : null,
    currency: o.currency,
    presentment_currency: o.currency,
    financial_status: lower(o.financialStatus),
    subtotal_price: totals.subtotal,
    current_subtotal_price: totals.subtotal,
    total_line_items_price: totals.subtotal,
    total_price: totals.total,
    current_total_price: totals.total,
    total_discounts: '0.00',
    total_tax: '0.00',
    total_shipping_price_set: { shop_money: { amount: totals.shipping, currency_code: o.currency }, presentment_money: { amount: totals.shipping, currency_code: o.currency } },
    line_items: o.lineItems.map((l) => ({
      ...((fixtures.orderWebhook()['line_items'] as Record<string, unknown>[])[0] ?? {}),
      id: l.id,
      admin_graphql_api_id: gid('LineItem', l.id),
      product_id: l.productId,
      variant_id: l.variantId,
      sku: l.sku,
      name: l.title,
      title: l.title,
      quantity: l.quantity,
      fulfillable_quantity: l.quantity,
      price: l.price,
      properties: l.properties,
    })),
    shipping_address:
      a && !hidden
        ? { first_name: a.firstName, last_name: a.lastName, name: `${a.firstName} ${a.lastName}`.trim(), address1: a.address1, address2: a.address2, city: a.city, province_code: a.provinceCode, zip: a.zip, country_code: a.countryCode, phone: a.phone, company: null, province: null, country: null, latitude: null, longitude: null }
        : null,
    shipping_lines: o.shippingLines.map((l, i) => ({ id: o.id * 10 + i, code: l.code, title: l.title, price: l.price, source: 'shopify', carrier_identifier: null })),
  });
  return body;
}

export function productPayload(p: FakeProduct): Record<string, unknown> {
  const body = fixtures.productWebhook();
  const option = (v: FakeProduct['variants'][number], i: number) => v.selectedOptions[i]?.value ?? null;
  Object.assign(body, {
    id: p.id,
    admin_graphql_api_id: gid('Product', p.id),
    title: p.title,
    handle: p.handle,
    body_html: p.descriptionHtml,
    product_type: p.productType,
    status: lower(p.status),
    created_at: p.createdAt,
    updated_at: p.updatedAt,
    options: p.options.map((o, i) => ({ id: p.id * 10 + i, product_id: p.id, name: o.name, position: i + 1, values: o.values })),
    images: p.images.map((src, i) => ({ id: p.id * 100 + i, product_id: p.id, position: i + 1, src })),
    variants: p.variants.map((v, i) => ({
      id: v.id,
      admin_graphql_api_id: gid('ProductVariant', v.id),
      product_id: p.id,
      title: v.title,
      price: v.price,
      sku: v.sku,
      position: i + 1,
      option1: option(v, 0),
      option2: option(v, 1),
      option3: option(v, 2),
      image_id: null,
    })),
    variant_gids: p.variants.map((v) => ({ admin_graphql_api_id: gid('ProductVariant', v.id), updated_at: p.updatedAt })),
  });
  return body;
}

export function createWebhookSender(options: { clientSecret: string; apiVersion: string; complianceUri: () => string | null; fetch?: typeof fetch }) {
  const deliveries: Delivery[] = [];
  let held: Delivery[] | null = null;
  const doFetch = options.fetch ?? fetch;

  async function post(d: Delivery): Promise<void> {
    try {
      const res = await doFetch(d.uri, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Shopify-Topic': d.topic,
          'X-Shopify-Hmac-Sha256': createHmac('sha256', options.clientSecret).update(d.body).digest('base64'),
          'X-Shopify-Shop-Domain': d.shop,
          'X-Shopify-API-Version': options.apiVersion,
          'X-Shopify-Webhook-Id': d.webhookId,
          'X-Shopify-Event-Id': d.eventId,
          'X-Shopify-Triggered-At': new Date().toISOString(),
        },
        body: d.body,
        signal: AbortSignal.timeout(5000),
      });
      d.status = res.status;
      await res.arrayBuffer().catch(() => undefined);
    } catch {
      d.status = 0;
    }
  }

  return {
    deliveries,
    /** Queues deliveries from now on until release(). */
    hold() {
      held ??= [];
    },
    /** Sends what was held, in the order given ('reverse' by default: the newest first). */
    async release(order: 'reverse' | 'same' = 'reverse') {
      const queue = held ?? [];
      held = null;
      for (const d of order === 'reverse' ? [...queue].reverse() : queue) await post(d);
      return queue.length;
    },
    /** Sends a topic's payload to every subscriber (or the compliance URI for privacy topics). */
    async send(shop: FakeShop, topic: string, payload: unknown, opts: WebhookOptions = {}): Promise<Delivery[]> {
      const privacy = topic.startsWith('customers/') || topic === 'shop/redact';
      const enumTopic = topic.replace('/', '_').toUpperCase();
      const compliance = options.complianceUri();
      const uris = privacy ? (compliance ? [compliance] : []) : shop.subscriptions.filter((s) => s.topic === enumTopic).map((s) => s.uri);
      const body = JSON.stringify(payload);
      const made: Delivery[] = [];
      for (const uri of uris) {
        const first: Delivery = { topic, shop: shop.domain, uri, webhookId: randomUUID(), eventId: randomUUID(), body, status: null };
        made.push(first);
        for (let i = 0; i < (opts.duplicates ?? 0); i++) made.push({ ...first });
      }
      deliveries.push(...made);
      if (held) held.push(...made);
      else for (const d of made) await post(d);
      return made;
    },
  };
}
