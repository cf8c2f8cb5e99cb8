/**
 * Every wallet movement an order causes (its charge, a cancel refund, a refund, a re-pricing
 * difference, a design charge) goes to the order's team wallet with the order as its reference:
 * only the type, the signed amount, the key and the words differ (docs/money.md).
 */
import type { Tx } from '../../db/client';
import type { orders } from '../../db/schema/index';
import { postEntry, type PostInput } from '../money';

type OrderTenant = Pick<typeof orders.$inferSelect, 'id' | 'agencyId' | 'sellerTeamId'>;

export function postOrderWalletEntry(
  tx: Tx,
  order: OrderTenant,
  entry: Pick<PostInput, 'type' | 'amountCents' | 'key' | 'description' | 'reason' | 'actorId'>,
) {
  return postEntry(tx, { ...entry, agencyId: order.agencyId, sellerTeamId: order.sellerTeamId, account: 'wallet', refType: 'order', refId: order.id });
}
