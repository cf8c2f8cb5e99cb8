/**
 * Webhooks from Shopify (docs/stores.md, "Webhooks"): verified over the raw body with the app's secret,
 * recorded once per store and delivery id (a redelivery is answered and ignored), answered at once, and
 * processed by a job. Handled: `app/uninstalled` (the store is disconnected: its token is void), and the
 * product topics, which queue a read of the product they name (the products module's job reads the shop's
 * latest copy, or removes a product the shop no longer has), and Shopify's mandatory privacy topics
 * (customers/redact, shop/redact, customers/data_request), which the privacy module handles (docs/stores.md,
 * "Privacy"); they are taken from disconnected stores too (shop/redact comes 48 hours after the uninstall).
 * The order topics go to the store-orders module's job, one per delivery, which applies the order the body carries
 * (an older copy than the one applied changes nothing) and keeps the body only until then; when the seller team's
 * Get order API is off the delivery is recorded as ignored with the reason (docs/stores.md, "Orders from stores").
 */
import { and, eq, sql } from 'drizzle-orm';
import { UUIDV7_SQL } from '../../jobs/enqueue';
import type { AppContext } from '../../context';
import { storeWebhooks, stores } from '../../db/schema/index';
import { badRequest, unauthorized } from '../../lib/errors';
import { linkBase } from '../../lib/public-links';
import type { JobRun } from '../../jobs/queue';
import { writeAudit } from '../audit';
import { handleShopifyPrivacy, SHOPIFY_PRIVACY_TOPICS } from '../privacy';
import { createShopifyApi, readWebhookHeaders, verifyWebhook } from './shopify';
import { markNeedsAttention } from './store-attention';

export const STORE_WEBHOOK_JOB = 'stores.webhook';
export const SHOPIFY_WEBHOOK_PATH = '/api/webhooks/shopify';
/**
 * The topics a connected shop is subscribed to. The mandatory privacy topics are not subscribed by API: the app's
 * configuration names the compliance URI (this same path) for them (docs/stores.md, "Privacy").
 */
export const SHOPIFY_TOPICS = [
  'app/uninstalled', 'products/create', 'products/update', 'products/delete', 'orders/create', 'orders/updated', 'orders/cancelled',
];
const PRODUCT_TOPICS = new Set(['products/create', 'products/update', 'products/delete']);
const ORDER_TOPICS = new Set(['orders/create', 'orders/updated', 'orders/cancelled']);
/** The products module's job that reads one product of a store again: `{ storeId, serverId }`. */
export const PRODUCT_READ_JOB = 'products.sync-one';
/**
 * The store-orders module's job that applies one order of a store: `{ storeId, orderId, deliveryId? }`, the body of
 * the delivery when there is one, else the shop's copy read from its API.
 */
export const ORDER_READ_JOB = 'store-orders.read';
const UNINSTALLED_REASON = 'The app was uninstalled from the shop: connect it again to resume';

type Headers = Record<string, string | string[] | undefined>;

export async function receiveShopifyWebhook(ctx: AppContext, rawBody: string, headers: Headers): Promise<{ received: number }> {
  const shopify = ctx.platforms.shopify;
  if (!shopify || !verifyWebhook(Buffer.from(rawBody, 'utf8'), headers['x-shopify-hmac-sha256'], shopify.apiSecret)) {
    throw unauthorized('The webhook is not signed by Shopify');
  }
  const { topic, shopDomain, webhookId } = readWebhookHeaders(headers);
  if (!topic || !shopDomain || !webhookId) throw badRequest('Topic, shop domain and webhook id headers are required');
  let payload: Record<string, unknown> | null = null;
  try {
    payload = JSON.parse(rawBody) as Record<string, unknown>;
  } catch {
    throw badRequest('Body is not valid JSON');
  }
  // A shop may be connected in several agencies (each its own store); demo stores take nothing, disconnected
  // stores only the privacy topics (the shop's data is still held after an uninstall). An order topic goes straight
  // to the store orders' job, which applies the body it carries (docs/stores.md); everything else to the webhook job
  // below. One statement: the stores found, each one's delivery recorded unless already there (a redelivery records
  // nothing and queues nothing), and each recorded delivery's job.
  const privacy = SHOPIFY_PRIVACY_TOPICS.has(topic);
  const orderId = ORDER_TOPICS.has(topic) && payload?.['id'] != null ? String(payload['id']) : null;
  const record = sql`
    insert into store_webhooks (agency_id, id, store_id, topic, delivery_id, payload, subject)
    select s.agency_id, ${UUIDV7_SQL}, s.id, ${topic}, ${webhookId}, ${payload === null ? null : JSON.stringify(payload)}::jsonb, ${subjectOf(topic, payload)}::text
      from stores s
     where s.platform = 'shopify' and s.shop_domain = ${shopDomain.toLowerCase()} and not s.is_demo and (${privacy} or s.status <> 'disconnected')
    on conflict do nothing
    returning agency_id, id, store_id`;
  const received = await ctx.jobs.enqueueFrom(ctx.db, record, orderId
    ? { kind: ORDER_READ_JOB, payload: sql`jsonb_build_object('storeId', source.store_id, 'orderId', ${orderId}::text, 'deliveryId', source.id)`, agencyId: sql`source.agency_id`, dedupeKey: sql`'delivery:' || source.id` }
    : { kind: STORE_WEBHOOK_JOB, payload: sql`jsonb_build_object('id', source.id)`, agencyId: sql`source.agency_id`, dedupeKey: sql`'webhook:' || source.id` });
  // Committed: start now rather than at the queue's next poll.
  if (received) ctx.jobs.kick();
  return { received };
}

/** What the import log says a delivery is about: an order's name or a product's title (never a buyer's data). */
function subjectOf(topic: string, payload: Record<string, unknown> | null): string | null {
  const pick = (key: string) => (typeof payload?.[key] === 'string' ? (payload[key] as string).slice(0, 200) : null);
  if (topic.startsWith('orders/')) return pick('name') && `Order ${pick('name')}`;
  if (topic.startsWith('products/')) return pick('title') ?? (payload?.['id'] != null ? `Product ${String(payload['id'])}` : null);
  return null;
}

export async function runStoreWebhook(ctx: AppContext, run: JobRun): Promise<Record<string, unknown>> {
  const agencyId = run.job.agencyId!;
  const id = String(run.job.payload['id'] ?? '');
  const [delivery] = await ctx.db.select().from(storeWebhooks).where(and(eq(storeWebhooks.agencyId, agencyId), eq(storeWebhooks.id, id)));
  if (!delivery || delivery.status !== 'received') return { ok: true, message: 'Already processed' };
  if (SHOPIFY_PRIVACY_TOPICS.has(delivery.topic)) {
    // The erase runs its own transactions (a batch of orders each) and is idempotent: a retry after a crash
    // finds its record and leaves what is still pending to the scheduled completion.
    const outcome = await handleShopifyPrivacy(ctx.db, delivery);
    await ctx.db
      .update(storeWebhooks)
      .set({ ...outcome, payload: null, processedAt: sql`now()` })
      .where(and(eq(storeWebhooks.agencyId, agencyId), eq(storeWebhooks.id, id)));
    return { ok: true, topic: delivery.topic, ...outcome };
  }
  return ctx.db.transaction(async (tx) => {
    let outcome: { status: 'processed' | 'ignored'; note: string };
    if (delivery.topic === 'app/uninstalled') {
      await tx
        .update(stores)
        .set({ status: 'disconnected', statusReason: UNINSTALLED_REASON, credentials: null, credentialsKeyId: null, disconnectedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(stores.agencyId, agencyId), eq(stores.id, delivery.storeId)));
      await writeAudit(tx, { actorId: null, agencyId, entity: 'store', entityId: delivery.storeId, action: 'uninstalled', after: { status: 'disconnected' } });
      outcome = { status: 'processed', note: 'Store disconnected' };
    } else if (PRODUCT_TOPICS.has(delivery.topic) && delivery.payload?.['id'] != null) {
      // Deliveries may come twice or out of order: what counts is the shop's copy when the job reads it.
      const serverId = String(delivery.payload['id']);
      await ctx.jobs.enqueue(tx, { kind: PRODUCT_READ_JOB, payload: { storeId: delivery.storeId, serverId }, agencyId, dedupeKey: `product:${delivery.storeId}:${serverId}` });
      outcome = { status: 'processed', note: `Product ${serverId} queued for a read` };
    } else {
      outcome = { status: 'ignored', note: `No handling for ${delivery.topic} yet` };
    }
    // The body is not kept once handled: it may carry buyers' data.
    await tx
      .update(storeWebhooks)
      .set({ ...outcome, payload: null, processedAt: sql`now()` })
      .where(and(eq(storeWebhooks.agencyId, agencyId), eq(storeWebhooks.id, id)));
    return { ok: true, topic: delivery.topic, ...outcome };
  });
}

/**
 * Subscribes a newly connected shop to the topics above; a refusal leaves the store connected but
 * needing attention, with Shopify's words.
 */
export async function subscribeShopifyWebhooks(
  ctx: AppContext,
  options: Parameters<typeof createShopifyApi>[0],
  store: { agencyId: string; id: string; shopDomain: string; accessToken: string },
): Promise<void> {
  const callback = `${await linkBase(ctx, { agencyId: null, requestHost: undefined })}${SHOPIFY_WEBHOOK_PATH}`;
  try {
    await createShopifyApi(options)({ shopDomain: store.shopDomain, accessToken: store.accessToken }).registerWebhooks(callback, SHOPIFY_TOPICS);
  } catch (err) {
    const reason = `Shopify refused the webhook subscription: ${err instanceof Error ? err.message : String(err)}`;
    await markNeedsAttention(ctx.db, store, reason);
  }
}
