/**
 * Orders held with the reason 'awaiting stock' are re-checked after every receipt (docs/warehouses.md "Orders").
 * Being built (issue 17): called by the receipt flows now, filled with the routing.
 */
import type { AppContext } from '../../context';

export async function recheckAwaitingStock(ctx: AppContext, agencyId: string): Promise<void> {
  void ctx;
  void agencyId;
}
