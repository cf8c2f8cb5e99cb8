/**
 * Webhooks from a WooCommerce store (docs/stores-woocommerce.md, "Webhooks in"). Each store has its own delivery
 * URL (`/api/webhooks/woocommerce/<agency>/<store>`) because each store signs with its own secret (sealed with
 * its keys): X-WC-Webhook-Signature is checked over the raw body, else 401. An unknown, disconnected or demo
 * store answers 404: WooCommerce counts it as a failure and disables the webhook after 5, which is what we want for
 * a store no one reads any more. The creation ping (`webhook_id=N`, form-encoded) answers 200 and records nothing.
 * Every other delivery is recorded once per X-WC-Webhook-Delivery-ID (a redelivery records and queues nothing)
 * and queued: order topics to the store orders' read job, product topics to the products' read job.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { stores } from '../../db/schema/index';
import { badRequest, notFound, unauthorized } from '../../lib/errors';
import { linkBase } from '../../lib/public-links';
import { UUIDV7_SQL } from '../../jobs/enqueue';
import { openCredentials, type WooCommerceCredentials } from './store-credentials';
import { ORDER_READ_JOB, PRODUCT_READ_JOB } from './store-webhooks';
import { readWooWebhookHeaders, verifyWooWebhook, webhookPingId, wooTopic } from './woocommerce';

export const WOO_WEBHOOK_PATH = '/api/webhooks/woocommerce/:agencyId/:storeId';
/** The topics every connected store is subscribed to. */
export const WOO_TOPICS = ['order.created', 'order.updated', 'order.deleted', 'product.created', 'product.updated', 'product.deleted'];

type Headers = Record<string, string | string[] | undefined>;

/** The store's delivery URL, from PUBLIC_URL (never from a request's headers). */
export async function wooWebhookUrl(ctx: AppContext, store: { agencyId: string; id: string }): Promise<string> {
  return `${await linkBase(ctx, { agencyId: null, requestHost: undefined })}/api/webhooks/woocommerce/${store.agencyId}/${store.id}`;
}

/** What the import log says a delivery is about: an order's number or a product's name (never a buyer's data). */
function subjectOf(topic: string, body: Record<string, unknown> | null): string | null {
  const value = (key: string) => {
    const v = body?.[key];
    return typeof v === 'string' || typeof v === 'number' ? String(v).slice(0, 200) : null;
  };
  if (topic.startsWith('order.')) return value('number') ? `Order #${value('number')}` : value('id') && `Order ${value('id')}`;
  if (topic.startsWith('product.')) return value('name') ?? (value('id') && `Product ${value('id')}`);
  return null;
}

export async function receiveWooWebhook(ctx: AppContext, params: { agencyId: string; storeId: string }, rawBody: string, headers: Headers): Promise<{ received: number }> {
  const [store] = await ctx.db
    .select()
    .from(stores)
    .where(and(eq(stores.agencyId, params.agencyId), eq(stores.id, params.storeId), eq(stores.platform, 'woocommerce')));
  if (!store || store.isDemo || store.status === 'disconnected' || !store.credentials) throw notFound('No connected WooCommerce store here');
  let secret: string | undefined;
  try {
    secret = openCredentials<WooCommerceCredentials>(ctx.secrets, store)?.webhookSecret;
  } catch {
    secret = undefined;
  }
  const wc = readWooWebhookHeaders(headers);
  if (!secret || !verifyWooWebhook(Buffer.from(rawBody, 'utf8'), wc.signature, secret)) throw unauthorized('The webhook is not signed by the store');
  if (webhookPingId(rawBody, wc) !== null || !wc.topic) return { received: 0 };
  if (!wc.deliveryId) throw badRequest('X-WC-Webhook-Delivery-ID is required');
  let body: Record<string, unknown> | null;
  try {
    body = JSON.parse(rawBody) as Record<string, unknown>;
  } catch {
    throw badRequest('Body is not valid JSON');
  }
  const topic = wooTopic(wc.topic);
  const id = body?.['id'] != null ? String(body['id']) : null;
  const isOrder = topic.startsWith('order.') && id !== null;
  const isProduct = topic.startsWith('product.') && id !== null;
  // A product delivery is handled here and now (its job reads the store's copy); an order's body waits for the
  // order job, which applies it and drops it. Anything else is recorded as ignored.
  const status = isOrder ? 'received' : isProduct ? 'processed' : 'ignored';
  const note = isProduct ? `Product ${id} queued for a read` : isOrder ? null : `No handling for ${topic}`;
  const record = sql`
    insert into store_webhooks (agency_id, id, store_id, topic, delivery_id, payload, subject, status, note, processed_at)
    values (${store.agencyId}, ${UUIDV7_SQL}, ${store.id}, ${topic}, ${wc.deliveryId}, ${isOrder ? JSON.stringify(body) : null}::jsonb,
            ${subjectOf(topic, body)}::text, ${status}, ${note}::text, ${isOrder ? null : sql`now()`})
    on conflict do nothing
    returning agency_id, id, store_id`;
  if (!isOrder && !isProduct) {
    const inserted = await ctx.db.execute(record);
    return { received: rowCount(inserted) };
  }
  const received = await ctx.jobs.enqueueFrom(ctx.db, record, isOrder
    ? { kind: ORDER_READ_JOB, payload: sql`jsonb_build_object('storeId', source.store_id, 'orderId', ${id}::text, 'deliveryId', source.id)`, agencyId: sql`source.agency_id`, dedupeKey: sql`'delivery:' || source.id` }
    : { kind: PRODUCT_READ_JOB, payload: sql`jsonb_build_object('storeId', source.store_id, 'serverId', ${id}::text)`, agencyId: sql`source.agency_id`, dedupeKey: sql`'product:' || source.store_id || ':' || ${id}::text` });
  if (received) ctx.jobs.kick();
  return { received };
}

function rowCount(result: unknown): number {
  const r = result as { rows?: unknown[]; rowCount?: number; affectedRows?: number; length?: number };
  return r.rows?.length ?? r.rowCount ?? r.affectedRows ?? r.length ?? 0;
}

