/**
 * THE order state machine (docs/orders.md, "State machine"): which action moves an order from
 * which status to which, who may take it, and what it does to money. The server's commands, the
 * buttons on the lists and the detail page, and the tests all read this table.
 *
 * Designed after Printful / Printify / Gearment (draft -> review -> paid -> production -> shipped)
 * and Medusa / Saleor (fulfilment derived from the items): see docs/orders.md for the reasoning.
 */
import type { OrderStatus } from './orders';
import { API_PERMISSIONS } from '../auth/access';
import type { Role } from '../auth/roles';

export const ORDER_ACTIONS = [
  'submit', 'approve', 'reject', 'hold', 'unhold', 'agency-unhold', 'cancel', 'shipment-cancel', 'pickup',
  'ignore-cannot-ship',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** Which side of the platform takes an action: the seller team or its agency. */
export type OrderSide = 'seller' | 'agency';

export interface OrderTransition {
  /** Statuses the action may start from. */
  from: readonly OrderStatus[];
  /**
   * Where the order goes: a status; 'held-from' = back to the status it was held from;
   * 'same' = the status does not change (ignore-cannot-ship only clears the flag).
   * `submit` goes to Approved instead of InReview for an auto-approve team (see nextStatus).
   */
  to: OrderStatus | 'held-from' | 'same';
  by: readonly OrderSide[];
  /** A reason is mandatory (reject, hold). */
  reason: boolean;
  /** approve (and an auto-approved submit) charges the wallet; cancel refunds any charge. */
  money: 'charge' | 'refund' | null;
  /** Button label. */
  label: string;
  /** Confirmation the buttons ask before acting. */
  confirm: string;
}

/** Statuses before production: an order may still be held or cancelled. */
export const PRE_PRODUCTION_STATUSES = ['Unfulfilled', 'InReview', 'Approved', 'Hold', 'Rejected'] as const satisfies readonly OrderStatus[];

export const ORDER_TRANSITIONS: Record<OrderAction, OrderTransition> = {
  submit: { from: ['Unfulfilled', 'Rejected'], to: 'InReview', by: ['seller'], reason: false, money: null, label: 'Submit', confirm: 'Submit the selected orders for review?' },
  approve: { from: ['InReview'], to: 'Approved', by: ['agency'], reason: false, money: 'charge', label: 'Approve', confirm: "Approve and charge the seller's wallet?" },
  reject: { from: ['InReview'], to: 'Rejected', by: ['agency'], reason: true, money: null, label: 'Reject', confirm: 'Reject the selected orders?' },
  hold: { from: ['Unfulfilled', 'InReview', 'Approved'], to: 'Hold', by: ['seller', 'agency'], reason: true, money: null, label: 'Hold', confirm: 'Hold the selected orders?' },
  unhold: { from: ['Hold'], to: 'held-from', by: ['seller'], reason: false, money: null, label: 'Unhold', confirm: 'Release the selected orders?' },
  'agency-unhold': { from: ['Hold'], to: 'held-from', by: ['agency'], reason: false, money: null, label: 'Unhold', confirm: 'Release the selected orders?' },
  cancel: { from: PRE_PRODUCTION_STATUSES, to: 'Cancel', by: ['seller', 'agency'], reason: false, money: 'refund', label: 'Cancel', confirm: 'Cancel the selected orders? Any charge goes back to the wallet.' },
  pickup: { from: ['Approved', 'CancelShipment'], to: 'InProduction', by: ['agency'], reason: false, money: null, label: 'Pick up', confirm: 'Move the selected orders into production?' },
  'shipment-cancel': { from: ['InProduction', 'InTransit', 'PartiallyFulfilled'], to: 'CancelShipment', by: ['agency'], reason: true, money: null, label: 'Cancel shipment', confirm: 'Cancel the shipment of the selected orders?' },
  'ignore-cannot-ship': { from: PRE_PRODUCTION_STATUSES, to: 'same', by: ['agency'], reason: false, money: null, label: 'Ignore cannot ship', confirm: 'Let the selected orders ship to an excluded destination?' },
};

/**
 * Roles that may take each side's actions: the permission table's `orders.*.act` (auth/access.ts),
 * so the buttons and the routes cannot disagree. Seller side: the manager, staff and customer
 * support (accounting, designers, exporters and design acceptors only read). Agency side: the owner
 * and customer support (the spec gives orders to customer_support; staff has no order screens).
 */
export const ORDER_ACTION_ROLES: Record<OrderSide, readonly Role[]> = {
  seller: API_PERMISSIONS['orders.seller.act'].roles,
  agency: API_PERMISSIONS['orders.agency.act'].roles,
};

export interface OrderFacts {
  status: OrderStatus;
  /** For unhold: who held it. A seller may release only its own hold. */
  heldBy?: 'seller' | 'agency' | null;
  holdFromStatus?: OrderStatus | null;
  cannotShip?: boolean;
  ignoreCannotShip?: boolean;
  /** The team approves its orders automatically: submit goes straight to Approved (and charges). */
  autoApprove?: boolean;
}

/** Why an action may not be taken now, or null when it may. Messages are shown to users as they are. */
export function refusal(action: OrderAction, side: OrderSide, order: OrderFacts): string | null {
  const t = ORDER_TRANSITIONS[action];
  if (!t.by.includes(side)) return `The ${side} cannot ${t.label.toLowerCase()} an order.`;
  if (!t.from.includes(order.status)) return `Cannot ${t.label.toLowerCase()} an order that is ${order.status}.`;
  if (action === 'unhold' && order.heldBy === 'agency') return 'The agency holds this order: only the agency can release it.';
  if (action === 'ignore-cannot-ship' && !order.cannotShip) return 'The order ships to an allowed destination.';
  if ((action === 'submit' || action === 'approve' || action === 'pickup') && order.cannotShip && !order.ignoreCannotShip) {
    return 'The agency does not ship to this destination.';
  }
  return null;
}

/** The status an action leads to (only call when refusal() is null). */
export function nextStatus(action: OrderAction, order: OrderFacts): OrderStatus {
  const t = ORDER_TRANSITIONS[action];
  if (action === 'submit' && order.autoApprove) return 'Approved';
  if (t.to === 'same') return order.status;
  if (t.to === 'held-from') return order.holdFromStatus ?? 'Unfulfilled';
  return t.to;
}

/** Whether the action (as it resolves for this order) moves money: an auto-approved submit charges. */
export function moneyOf(action: OrderAction, order: OrderFacts): 'charge' | 'refund' | null {
  if (action === 'submit' && order.autoApprove) return 'charge';
  return ORDER_TRANSITIONS[action].money;
}

/** The actions a side could take on an order now (for buttons). */
export function availableActions(side: OrderSide, order: OrderFacts): OrderAction[] {
  return ORDER_ACTIONS.filter((a) => refusal(a, side, order) === null);
}

/** Item fulfilment statuses; the order's shipping statuses are derived from them. */
export const ITEM_STATUSES = ['Unfulfilled', 'InProduction', 'InTransit', 'Fulfilled', 'Cancel'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

/**
 * The order status its items give once it is in production: every live item delivered ->
 * Fulfilled; every live item shipped (some still in transit) -> InTransit; some shipped, some not
 * -> PartiallyFulfilled; none shipped -> InProduction. Cancelled items do not count. Never set by hand.
 */
export function derivedShippingStatus(items: readonly { status: ItemStatus }[]): OrderStatus {
  const live = items.filter((i) => i.status !== 'Cancel');
  if (live.length === 0) return 'Cancel';
  const shipped = live.filter((i) => i.status === 'InTransit' || i.status === 'Fulfilled');
  if (shipped.length === 0) return 'InProduction';
  if (shipped.length < live.length) return 'PartiallyFulfilled';
  return live.every((i) => i.status === 'Fulfilled') ? 'Fulfilled' : 'InTransit';
}

/** Per-order answer of a (bulk) command: what happened to each id. */
export interface OrderCommandResult {
  id: string;
  ok: boolean;
  status?: OrderStatus;
  message?: string;
}

/** What the order commands answer when an order cannot be acted on (shown to users as they are). */
export const ORDER_COMMAND_MSG = {
  notFound: 'Order not found',
  reasonRequired: 'Please input reason',
  noItems: 'The order has no items: add at least one before submitting.',
  skuNotInCatalog: (sku: string) => `SKU ${sku} is not in the catalog`,
  addressInvalid: 'The address is invalid: fix it before submitting.',
  noBaseCost: (sku: string) => `No base cost for SKU ${sku} in the team's base cost`,
  methodNotOffered: (method: string) => `The ${method} shipping method is not offered for every item of this order`,
  nothingToCharge: 'The order costs nothing: check its base cost before approving.',
  alreadyCharged: 'This order has already been charged',
  lostRace: 'The order changed meanwhile: reload it and try again.',
} as const;
