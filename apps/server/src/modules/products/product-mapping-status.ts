/**
 * A product's mapping status is the roll-up of its variants' (domain/mapping.ts productMappingStatus): the lowest
 * among those not ignored, 2 when every one is ignored, 0 with none. Kept on the row so the list filters by it;
 * recomputed here, in SQL, whenever variants change (a sync adds or removes some, a mapping is saved).
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

export async function rollUpMappingStatus(tx: Tx, agencyId: string, productIds: string[]): Promise<void> {
  if (productIds.length === 0) return;
  await tx.execute(sql`
    update products p set mapping_status = coalesce((
      select case when bool_and(v.ignored) then 2 else min(v.mapping_status) filter (where not v.ignored) end
      from product_variants v where v.agency_id = p.agency_id and v.product_id = p.id), 0)
    where p.agency_id = ${agencyId} and p.id in (select json_array_elements_text(${JSON.stringify(productIds)}::json)::uuid)`);
}
