/**
 * WooCommerce's webhook subscriptions and their health check (docs/stores-woocommerce.md, "Webhook health").
 * WooCommerce disables a webhook after 5 failed deliveries in a row and tells no one, and a merchant may delete
 * one by hand: orders would then stop arriving in silence. `stores.woocommerce-webhooks` {storeId} subscribes the
 * store's delivery URL to every topic (a disabled or paused one is made active, a missing one created again) and
 * sets `stores.webhooks_checked_at`; it runs when a store connects and, for every connected store, hourly. A
 * repair outside the first registration leaves an audit row 'webhooks-repaired' saying what was fixed.
 */
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { stores } from '../../db/schema/index';
import type { JobRun } from '../../jobs/queue';
import { writeAudit } from '../audit';
import { endOnRefusedToken } from './store-api-errors';
import { openCredentials, type WooCommerceCredentials } from './store-credentials';
import { openStoreApi, wooOptions } from './store-platforms';
import type { StoreRow } from './stores.repo';
import { createWooCommerceRequest } from './woocommerce';
import { WOO_TOPICS, wooWebhookUrl } from './woocommerce-webhook-receive';

export const WOO_WEBHOOKS_JOB = 'stores.woocommerce-webhooks';
export const WOO_WEBHOOKS_CHECK = 'stores.woocommerce-webhooks-check';
const CHECK_CRON = '23 * * * *';

type Queue = Parameters<AppContext['jobs']['enqueue']>[0];

/** Queues the registration of one store's webhooks (one per store while it waits); `first`: right after connecting. */
export function queueWooWebhookRegistration(ctx: AppContext, db: Queue, store: { agencyId: string; id: string }, first = true) {
  return ctx.jobs.enqueue(db, { kind: WOO_WEBHOOKS_JOB, payload: { storeId: store.id, first }, agencyId: store.agencyId, dedupeKey: `woo-webhooks:${store.id}${first ? ':connect' : ''}` });
}

export async function runWooWebhooks(ctx: AppContext, run: JobRun): Promise<Record<string, unknown>> {
  const agencyId = run.job.agencyId!;
  const storeId = String(run.job.payload['storeId'] ?? '');
  const [store] = await ctx.db.select().from(stores).where(and(eq(stores.agencyId, agencyId), eq(stores.id, storeId), eq(stores.platform, 'woocommerce')));
  const api = store && openStoreApi(ctx, store);
  if (!store || !api) return { ok: true, message: 'Not a connected WooCommerce store: nothing to check' };
  const url = await wooWebhookUrl(ctx, store);
  let repaired: { created: string[]; reactivated: string[] };
  try {
    const before = (await api.listWebhooks()).filter((w) => w.uri === url);
    if (run.job.payload['first'] === true) await alignSecrets(ctx, store, before.map((w) => w.id));
    const done = await api.registerWebhooks(url, WOO_TOPICS);
    repaired = {
      created: done.filter((d) => d.created).map((d) => d.topic),
      reactivated: done.filter((d) => !d.created && before.some((w) => w.id === d.id && !w.active)).map((d) => d.topic),
    };
  } catch (err) {
    return endOnRefusedToken(ctx, store, err);
  }
  const fixed = repaired.created.length + repaired.reactivated.length;
  await ctx.db.transaction(async (tx) => {
    await tx.update(stores).set({ webhooksCheckedAt: new Date() }).where(and(eq(stores.agencyId, agencyId), eq(stores.id, storeId)));
    if (fixed && run.job.payload['first'] !== true) {
      await writeAudit(tx, { actorId: null, agencyId, entity: 'store', entityId: storeId, action: 'webhooks-repaired', after: repaired });
    }
  });
  return { ok: true, ...repaired, message: fixed ? `${fixed} webhooks created or made active again` : 'Every webhook is active' };
}

/**
 * After a connect the store's webhooks at our URL may have been made with an earlier secret (the store was
 * disconnected, which wipes its credentials, then connected again with a fresh one): each is given the current
 * secret, or every delivery would be refused with a 401 until WooCommerce disabled it.
 */
async function alignSecrets(ctx: AppContext, store: StoreRow, ids: string[]) {
  const credentials = openCredentials<WooCommerceCredentials>(ctx.secrets, store);
  if (!credentials || !store.shopDomain || ids.length === 0) return;
  const request = createWooCommerceRequest(wooOptions(ctx));
  const conn = { storeUrl: store.shopDomain, ...credentials };
  for (const id of ids) await request(conn, { method: 'PUT', path: `/webhooks/${encodeURIComponent(id)}`, body: { secret: credentials.webhookSecret, status: 'active' } });
}

/** The hourly check: one registration job for every connected (or needing attention) WooCommerce store. */
async function checkAll(ctx: AppContext): Promise<Record<string, unknown>> {
  const due = await ctx.db
    .select({ agencyId: stores.agencyId, id: stores.id })
    .from(stores)
    .where(and(eq(stores.platform, 'woocommerce'), ne(stores.status, 'disconnected'), eq(stores.isDemo, false), isNotNull(stores.credentials)));
  for (const store of due) await queueWooWebhookRegistration(ctx, ctx.db, store, false);
  return { ok: true, queued: due.length };
}

export function registerWooCommerceJobs(ctx: AppContext): void {
  ctx.jobs.register(WOO_WEBHOOKS_JOB, (run) => runWooWebhooks(ctx, run));
  ctx.jobs.register(WOO_WEBHOOKS_CHECK, () => checkAll(ctx));
}

export async function scheduleWooCommerceJobs(ctx: AppContext): Promise<void> {
  await ctx.jobs.schedule({ name: WOO_WEBHOOKS_CHECK, kind: WOO_WEBHOOKS_CHECK, cron: CHECK_CRON });
}

/** The check for every store now (tests, and a person who does not want to wait for the hour). */
export const checkAllWooWebhooks = checkAll;
