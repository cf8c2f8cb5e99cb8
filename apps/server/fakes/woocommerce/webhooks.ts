/**
 * Webhook delivery as WooCommerce does it: the resource's REST body, JSON-encoded the PHP way (slashes
 * escaped, so a receiver must verify the raw bytes), signed with the webhook's secret
 * (X-WC-Webhook-Signature, base64 HMAC-SHA256), the X-WC-Webhook-* headers; a ping (`webhook_id=N`,
 * form-encoded) on creation; a webhook disabled after MAX_FAILURES failed deliveries in a row.
 */
import { createHmac, randomInt } from 'node:crypto';
import { fixtures, type Json } from './fixtures';
import type { FakeWebhook, FakeWooStore } from './state';

/** WooCommerce's woocommerce_max_webhook_delivery_failures. */
export const MAX_FAILURES = 5;

export interface WooDelivery {
  store: string;
  webhookId: number;
  deliveryId: number;
  topic: string | null;
  uri: string;
  body: string;
  /** The receiver's status; 0 when it could not be reached. */
  status: number;
}

/** PHP's json_encode escapes '/', as wp_json_encode leaves it. */
export const phpJson = (value: unknown) => JSON.stringify(value).replaceAll('/', '\\/');

export function createWooWebhookSender(storeUrl: (slug: string) => string) {
  const deliveries: WooDelivery[] = [];

  async function post(store: FakeWooStore, hook: FakeWebhook, topic: string | null, body: string, contentType: string): Promise<number> {
    const deliveryId = randomInt(1, 2 ** 31);
    const [resource, event] = (topic ?? '.').split('.');
    const headers: Record<string, string> = {
      ...fixtures.webhookHeaders(),
      'Content-Type': contentType,
      'X-WC-Webhook-Source': `${storeUrl(store.slug)}/`,
      'X-WC-Webhook-ID': String(hook.id),
      'X-WC-Webhook-Delivery-ID': String(deliveryId),
      'X-WC-Webhook-Signature': createHmac('sha256', hook.secret).update(body).digest('base64'),
    };
    if (topic) Object.assign(headers, { 'X-WC-Webhook-Topic': topic, 'X-WC-Webhook-Resource': resource, 'X-WC-Webhook-Event': event });
    let status = 0;
    try {
      const res = await fetch(hook.delivery_url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(5000) });
      status = res.status;
      await res.arrayBuffer().catch(() => undefined);
    } catch {
      status = 0;
    }
    deliveries.push({ store: store.slug, webhookId: hook.id, deliveryId, topic, uri: hook.delivery_url, body, status });
    return status;
  }

  return {
    deliveries,
    /** The creation ping; its outcome does not count as a failure (WooCommerce only reports it). */
    ping: (store: FakeWooStore, hook: FakeWebhook) => post(store, hook, null, `webhook_id=${hook.id}`, 'application/x-www-form-urlencoded'),
    /** Delivers `payload` to every active webhook of the topic, counting failures. */
    async deliver(store: FakeWooStore, topic: string, payload: Json): Promise<WooDelivery[]> {
      const sent: WooDelivery[] = [];
      for (const hook of store.webhooks.values()) {
        if (hook.topic !== topic || hook.status !== 'active') continue;
        const status = await post(store, hook, topic, phpJson(payload), 'application/json');
        sent.push(deliveries[deliveries.length - 1]!);
        if (status >= 200 && status < 300) hook.failure_count = 0;
        else if (++hook.failure_count >= MAX_FAILURES) hook.status = 'disabled';
      }
      return sent;
    },
  };
}

export type WooWebhookSender = ReturnType<typeof createWooWebhookSender>;
