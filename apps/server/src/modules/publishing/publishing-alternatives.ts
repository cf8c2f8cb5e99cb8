/**
 * Alternative variants (docs/publishing.md "Alternative variants"): a published store variant whose catalog variant
 * is out of stock or discontinued, and names an alternative that is in stock, is made as that alternative from now
 * on (its artwork kept), so the shop keeps selling it. Its mapping is written here directly (the mapping module's
 * save locks the product and checks a seller's choices; this is the catalog's own rule), the product's mapping status
 * rolled up, each remap audited and the seller team's managers told. No switch back when the original returns: the
 * seller decides, on the mapping screens.
 */
import type { AppContext } from '../../context';
import { writeAudit } from '../audit';
import { notify } from '../notifications';
import { rollUpMappingStatus } from '../products';
import { teamManagerIds } from '../stores';
import * as repo from './publishing.repo';

export const REMAPPED_AUDIT_ACTION = 'remapped-to-alternative';
export const REMAPPED_TITLE = 'Variant made as its alternative';

export const remappedContent = (r: Pick<repo.AlternativeRemap, 'productTitle' | 'variantTitle' | 'fromCode' | 'fromArchived' | 'toCode'>) =>
  `${r.productTitle}: ${r.variantTitle || r.fromCode} (${r.fromCode}) is ${r.fromArchived ? 'discontinued' : 'out of stock'}; its orders are now made as ${r.toCode}`;

/** One agency's remaps in one transaction; answers how many store variants were remapped. */
export async function remapToAlternatives(ctx: AppContext, agencyId: string, catalogVariantIds: string[], actorId: string | null): Promise<number> {
  const candidates = await repo.remapsToAlternatives(ctx.db, agencyId, catalogVariantIds);
  if (candidates.length === 0) return 0;
  return ctx.db.transaction(async (tx) => {
    const done: repo.AlternativeRemap[] = [];
    for (const r of candidates) {
      if (!(await repo.remapVariant(tx, agencyId, r.variantId, r.fromId, r.toId))) continue;
      done.push(r);
      await writeAudit(tx, {
        actorId, agencyId, entity: 'product', entityId: r.productId, action: REMAPPED_AUDIT_ACTION,
        before: { variantId: r.variantId, catalogVariantId: r.fromId },
        after: { variantId: r.variantId, from: r.fromCode, to: r.toCode, catalogVariantId: r.toId },
      });
    }
    await rollUpMappingStatus(tx, agencyId, [...new Set(done.map((r) => r.productId))]);
    const managers = new Map<string, string[]>();
    for (const r of done) {
      if (!managers.has(r.sellerTeamId)) managers.set(r.sellerTeamId, await teamManagerIds(tx, agencyId, r.sellerTeamId));
      await notify(tx, managers.get(r.sellerTeamId)!, { agencyId, title: REMAPPED_TITLE, content: remappedContent(r) });
    }
    return done.length;
  });
}
