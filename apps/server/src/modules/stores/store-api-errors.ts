/**
 * How a job that talks to a shop treats the platform's errors (every adapter's are StoreApiErrors): a refused token makes the store need attention and
 * ends the job (no retry can fix it); what Shopify may answer later (throttling, 5xx, the network) is thrown,
 * and the queue tries again with backoff.
 */
import type { AppContext } from '../../context';
import { StoreApiError } from './store-api-error';
import { markNeedsAttention } from './store-attention';

export async function endOnRefusedToken(ctx: AppContext, store: { agencyId: string; id: string }, err: unknown): Promise<{ ok: false; message: string }> {
  if (err instanceof StoreApiError && err.kind === 'unauthorized') {
    await markNeedsAttention(ctx.db, store, `The shop refused the access token: connect the shop again (${err.message})`);
    return { ok: false, message: err.message };
  }
  throw err;
}
