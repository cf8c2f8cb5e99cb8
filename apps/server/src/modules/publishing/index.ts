/** The publishing module's face (docs/publishing.md): its jobs, and the hook the catalogs module calls when variants' stock changes. */
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { CATALOG_CHANGED_JOB } from './publishing.kinds';

export { registerPublishingJobs } from './publishing.job';
export { CATALOG_CHANGED_JOB, PUBLISH_JOB, PUSH_JOB } from './publishing.kinds';

/** Queued in the transaction that changed a catalog's variants (in stock, out of stock, discontinued). */
export async function queueCatalogChanged(ctx: AppContext, db: Db | Tx, catalogId: string): Promise<void> {
  await ctx.jobs.enqueue(db, { kind: CATALOG_CHANGED_JOB, payload: { catalogId } });
}
