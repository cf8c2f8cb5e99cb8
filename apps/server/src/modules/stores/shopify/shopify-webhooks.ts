/**
 * Inbound Shopify webhooks: the signature (base64 HMAC-SHA256 of the raw body with the app's
 * secret, header X-Shopify-Hmac-Sha256) and the headers the receiver needs.
 * https://shopify.dev/docs/apps/build/webhooks/subscribe/https
 */
import { createHmac } from 'node:crypto';
import { sameDigest } from './shopify-oauth';

export function signWebhook(rawBody: Buffer | string, clientSecret: string): string {
  return createHmac('sha256', clientSecret).update(rawBody).digest('base64');
}

/** Verifies the raw body (never a re-serialised JSON: one changed byte breaks the signature). */
export function verifyWebhook(rawBody: Buffer, hmacHeader: string | string[] | undefined | null, clientSecret: string): boolean {
  const header = Array.isArray(hmacHeader) ? hmacHeader[0] : hmacHeader;
  if (!header) return false;
  return sameDigest(signWebhook(rawBody, clientSecret), header.trim());
}

export interface ShopifyWebhookHeaders {
  /** 'orders/create', 'app/uninstalled', 'customers/redact', ... */
  topic: string | null;
  shopDomain: string | null;
  /** The de-duplication key: X-Shopify-Webhook-Id (the same on every retry of one delivery), else X-Shopify-Event-Id. */
  webhookId: string | null;
  eventId: string | null;
  triggeredAt: string | null;
  apiVersion: string | null;
}

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string | null {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name);
  const bag = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(bag).find((k) => k.toLowerCase() === name.toLowerCase());
  const value = key === undefined ? undefined : bag[key];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

export function readWebhookHeaders(headers: HeaderBag): ShopifyWebhookHeaders {
  const eventId = header(headers, 'x-shopify-event-id');
  return {
    topic: header(headers, 'x-shopify-topic'),
    shopDomain: header(headers, 'x-shopify-shop-domain'),
    webhookId: header(headers, 'x-shopify-webhook-id') ?? eventId,
    eventId,
    triggeredAt: header(headers, 'x-shopify-triggered-at'),
    apiVersion: header(headers, 'x-shopify-api-version'),
  };
}
