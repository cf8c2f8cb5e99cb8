/**
 * Orders that need someone (GET /api/orders/notification/all, docs/decisions.md "Order notifications"): each kind is
 * also a filter of the order lists (`attention=<key>`), so a count and the list it links to are one condition
 * (apps/server/src/modules/orders/order-filters.ts attentionCondition).
 */
import { PRE_PRODUCTION_STATUSES } from './order-machine';

export const ORDER_ATTENTION_KEYS = [
  'onHold', 'rejected', 'cannotShip', 'addressInvalid', 'needsMapping', 'awaitingStock', 'designInReview',
] as const;
export type OrderAttentionKey = (typeof ORDER_ATTENTION_KEYS)[number];

export const ORDER_ATTENTION_LABELS: Record<OrderAttentionKey, string> = {
  onHold: 'On hold',
  rejected: 'Rejected',
  cannotShip: 'Cannot ship',
  addressInvalid: 'Address invalid',
  needsMapping: 'Needs mapping',
  awaitingStock: 'Awaiting stock',
  designInReview: 'Design in review',
};

/**
 * Where the flags (cannot ship, address, mapping, design) still call for someone: before production. Later the
 * order is printed or shipped and they are history; Fulfilled and Cancel orders are never counted.
 */
export const ATTENTION_OPEN_STATUSES = PRE_PRODUCTION_STATUSES;

/** "12 orders need attention": the badge's accessible name. */
export function attentionLabel(total: number, capped: boolean): string {
  const n = `${total.toLocaleString('en-US')}${capped ? '+' : ''}`;
  return total === 1 && !capped ? '1 order needs attention' : `${n} orders need attention`;
}
