/**
 * How a job that talks to a shop treats Shopify's errors: a refused token makes the store need attention and
 * ends the job (no retry can fix it); what Shopify may answer later (throttling, 5xx, the network) is thrown,
 * and the queue tries again with backoff.
 */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { stores } from '../../db/schema/index';
import { ShopifyError } from './shopify';

export async function endOnRefusedToken(ctx: AppContext, store: { agencyId: string; id: string }, err: unknown): Promise<{ ok: false; message: string }> {
  if (err instanceof ShopifyError && err.kind === 'unauthorized') {
    await ctx.db
      .update(stores)
      .set({ status: 'needs_attention', statusReason: `Shopify refused the access token: connect the shop again (${err.message})`, updatedAt: new Date() })
      .where(and(eq(stores.agencyId, store.agencyId), eq(stores.id, store.id)));
    return { ok: false, message: err.message };
  }
  throw err;
}
