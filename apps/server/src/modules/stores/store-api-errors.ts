/**
 * How a job that talks to a shop treats the platform's errors (every adapter's are StoreApiErrors): a refused token makes the store need attention and
 * ends the job (no retry can fix it); what Shopify may answer later (throttling, 5xx, the network) is thrown,
 * and the queue tries again with backoff.
 */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { stores } from '../../db/schema/index';
import { StoreApiError } from './store-api-error';

export async function endOnRefusedToken(ctx: AppContext, store: { agencyId: string; id: string }, err: unknown): Promise<{ ok: false; message: string }> {
  if (err instanceof StoreApiError && err.kind === 'unauthorized') {
    await ctx.db
      .update(stores)
      .set({ status: 'needs_attention', statusReason: `The shop refused the access token: connect it again (${err.message})`, updatedAt: new Date() })
      .where(and(eq(stores.agencyId, store.agencyId), eq(stores.id, store.id)));
    return { ok: false, message: err.message };
  }
  throw err;
}
