/**
 * Inbound WooCommerce webhooks: X-WC-Webhook-Signature is the base64 HMAC-SHA256 of the raw body with
 * the webhook's secret; the first POST after a webhook is created is a form-encoded ping
 * (`webhook_id=N`, no topic) to answer 200 and ignore. Order bodies are the REST API's order.
 * https://woocommerce.com/document/webhooks/ and the REST docs' "Webhooks" section
 */
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { StoreOrder } from '../shopify/shopify-types';
import { sameDigest } from '../shopify/shopify-oauth';
import { normaliseOrder } from './woocommerce-normalise';
import type { WooOrder } from './woocommerce-raw';

export function signWooWebhook(rawBody: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('base64');
}

/** Verifies the raw body (never re-serialised JSON: WordPress escapes slashes, one byte breaks the signature). */
export function verifyWooWebhook(rawBody: Buffer | string, signature: string | string[] | undefined | null, secret: string): boolean {
  const value = Array.isArray(signature) ? signature[0] : signature;
  if (!value || !secret) return false;
  return sameDigest(signWooWebhook(rawBody, secret), value.trim());
}

export interface WooWebhookHeaders {
  /** 'order.created', 'product.deleted', ... */
  topic: string | null;
  resource: string | null;
  event: string | null;
  /** The webhook's id in the store. */
  webhookId: string | null;
  /** The de-duplication key: the same on a redelivery of one delivery. */
  deliveryId: string | null;
  /** The site's address ("https://shop.example.com/"): tells which store sent it. */
  source: string | null;
  signature: string | null;
}

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string | null {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name);
  const bag = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(bag).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : bag[key];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

export function readWooWebhookHeaders(headers: HeaderBag): WooWebhookHeaders {
  return {
    topic: header(headers, 'x-wc-webhook-topic'),
    resource: header(headers, 'x-wc-webhook-resource'),
    event: header(headers, 'x-wc-webhook-event'),
    webhookId: header(headers, 'x-wc-webhook-id'),
    deliveryId: header(headers, 'x-wc-webhook-delivery-id'),
    source: header(headers, 'x-wc-webhook-source'),
    signature: header(headers, 'x-wc-webhook-signature'),
  };
}

/** The creation ping: `webhook_id=N` form-encoded, without a topic header. Its webhook id, else null. */
export function webhookPingId(rawBody: Buffer | string, headers: WooWebhookHeaders): string | null {
  if (headers.topic) return null;
  const match = /^webhook_id=(\d+)$/.exec(String(rawBody).trim());
  return match ? match[1]! : null;
}

const text = z.string().nullish();
const amount = z.union([z.string(), z.number()]).nullish();
const address = z.object({ first_name: text, last_name: text, company: text, address_1: text, address_2: text, city: text, state: text, postcode: text, country: text, email: text, phone: text }).partial();
const meta = z.object({ id: z.number().optional(), key: z.string(), value: z.unknown() });
const webhookOrder = z.object({
  id: z.number(),
  number: z.union([z.string(), z.number()]).nullish(),
  status: z.string(),
  currency: z.string(),
  date_created_gmt: z.string(),
  date_modified_gmt: text,
  date_paid_gmt: text,
  discount_total: amount,
  shipping_total: amount,
  total: amount,
  total_tax: amount,
  billing: address.nullish(),
  shipping: address.nullish(),
  shipping_lines: z.array(z.object({ method_title: text, method_id: text })).nullish(),
  line_items: z.array(z.object({
    id: z.number(), name: z.string(), product_id: z.number().nullish(), variation_id: z.number().nullish(), quantity: z.number().int(),
    subtotal: amount, total: amount, sku: text, price: amount, meta_data: z.array(meta).nullish(),
  })),
  meta_data: z.array(meta).nullish(),
});

/**
 * An order webhook's body (order.created / order.updated) as StoreOrder, without a call back to the store;
 * null when it is not an order (order.deleted carries only `{id}`: the caller reads or drops it).
 */
export function wooWebhookOrderOf(body: unknown): StoreOrder | null {
  const parsed = webhookOrder.safeParse(body);
  if (!parsed.success) return null;
  try {
    return normaliseOrder(parsed.data as WooOrder);
  } catch {
    // An amount that is no amount: the order is read from the API instead.
    return null;
  }
}
