/**
 * Change requests on order items (docs/orders.md, "Change requests and item updates"): reasons,
 * statuses, labels and messages, without zod so the web's order pages can import them cheaply.
 */
export const CHANGE_REASONS = ['reupload_design', 'change_catalog_code', 'others'] as const;
export type ChangeReason = (typeof CHANGE_REASONS)[number];
export const CHANGE_REASON_LABELS: Record<ChangeReason, string> = {
  reupload_design: 'Reupload design',
  change_catalog_code: 'Change catalog code',
  others: 'Others',
};
export const CHANGE_STATUSES = ['pending', 'approved', 'canceled'] as const;
export type ChangeStatus = (typeof CHANGE_STATUSES)[number];

export const ORDER_CHANGE_MSG = {
  created: 'Change request sent',
  resolved: 'Updated',
  itemCodeUpdated: 'Item updated',
  restored: 'Restored the previous item',
  notFound: 'Change request not found',
  itemNotFound: 'Order item not found',
  notOpen: 'Changes can be requested only on an Approved, Held or In Production order before any shipment.',
  notPending: 'This change request is no longer pending.',
  onlyOwnCancel: 'A seller may only cancel its own pending request.',
  sellerCodeClosed: 'The seller may change an item only while the order is Unfulfilled or Rejected.',
  codeClosed: 'The item can no longer be changed: the order has shipped or ended.',
  sameSku: 'The item already has this SKU.',
  nothingToRestore: 'There is no applied item change to undo.',
  skuRequired: 'Please input the new SKU',
  artworksRequired: 'Please input at least one new artwork',
} as const;

