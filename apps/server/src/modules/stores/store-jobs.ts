/**
 * Key rotation of store credentials: after a new key is listed first in CREDENTIALS_KEYS (or named by
 * CREDENTIALS_KEY_ID), this job re-seals every store still under another configured key, in batches,
 * each row under its lock. Queued at start-up when such rows exist, and daily. Rows under a key no
 * longer configured cannot be opened: they are counted, left alone, and the store needs attention.
 */
import { and, eq, inArray, isNotNull, ne, notInArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { stores } from '../../db/schema/index';
import { openCredentials, sealCredentials } from './store-credentials';
import { markNeedsAttention } from './store-attention';
import { runStoreWebhook, STORE_WEBHOOK_JOB } from './store-webhooks';
import { runSubscribeWebhooks, SUBSCRIBE_WEBHOOKS_JOB } from './app-tokens';
import { registerWooCommerceJobs, scheduleWooCommerceJobs } from './woocommerce-webhook-health';

export const REENCRYPT_CREDENTIALS = 'stores.reencrypt-credentials';
const BATCH = 100;

const staleKey = (ctx: AppContext) => and(isNotNull(stores.credentialsKeyId), ne(stores.credentialsKeyId, ctx.secrets.currentKeyId));

export async function reencryptCredentials(ctx: AppContext, progress: (done: number) => Promise<void> = async () => {}) {
  const box = ctx.secrets;
  let reencrypted = 0;
  for (;;) {
    const done = await ctx.db.transaction(async (tx) => {
      const rows = await tx
        .select({ agencyId: stores.agencyId, id: stores.id, credentials: stores.credentials })
        .from(stores)
        .where(and(staleKey(ctx), inArray(stores.credentialsKeyId, [...box.keyIds])))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const row of rows) {
        const opened = openCredentials(box, row);
        const sealed = opened ? sealCredentials(box, row, opened) : { credentials: null, credentialsKeyId: null };
        await tx.update(stores).set(sealed).where(and(eq(stores.agencyId, row.agencyId), eq(stores.id, row.id)));
      }
      return rows.length;
    });
    reencrypted += done;
    await progress(reencrypted);
    if (done < BATCH) break;
  }
  // What is left is sealed under a key this deployment no longer has.
  const lost = await ctx.db
    .select({ agencyId: stores.agencyId, id: stores.id })
    .from(stores)
    .where(and(staleKey(ctx), notInArray(stores.credentialsKeyId, [...box.keyIds]), ne(stores.status, 'disconnected')));
  for (const store of lost) await markNeedsAttention(ctx.db, store, 'The store must be connected again (its credentials key was retired)');
  return { reencrypted, unreadable: lost.length };
}

export function registerStoreJobs(ctx: AppContext): void {
  ctx.jobs.register(REENCRYPT_CREDENTIALS, async (run) => reencryptCredentials(ctx, (processed) => run.progress({ processed })));
  ctx.jobs.register(STORE_WEBHOOK_JOB, (run) => runStoreWebhook(ctx, run));
  ctx.jobs.register(SUBSCRIBE_WEBHOOKS_JOB, (run) => runSubscribeWebhooks(ctx, run));
  registerWooCommerceJobs(ctx);
}

/** Start-up: queue the re-encryption when some store is still sealed under an older key, and daily after. */
export async function scheduleReencryption(ctx: AppContext): Promise<void> {
  await ctx.jobs.schedule({ name: REENCRYPT_CREDENTIALS, kind: REENCRYPT_CREDENTIALS, cron: '17 3 * * *' });
  await scheduleWooCommerceJobs(ctx);
  const [stale] = await ctx.db.select({ id: stores.id }).from(stores).where(staleKey(ctx)).limit(1);
  if (stale) await ctx.jobs.enqueue(ctx.db, { kind: REENCRYPT_CREDENTIALS, dedupeKey: 'rotation' });
}
