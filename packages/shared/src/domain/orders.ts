/** Order statuses (spec part 2 section 4). The transition table lands with the orders issue. */
export const ORDER_STATUSES = [
  'Unfulfilled', 'InReview', 'Approved', 'Hold', 'Rejected', 'Cancel', 'InProduction', 'InTransit',
  'Fulfilled', 'PartiallyFulfilled', 'CancelShipment',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const DESIGN_STATUSES = ['assign', 'in_review', 'approved', 'rejected'] as const;
export type DesignStatus = (typeof DESIGN_STATUSES)[number];
export const DESIGN_STATUS_LABELS: Record<DesignStatus, string> = {
  assign: 'Assign', in_review: 'In Review', approved: 'Approved', rejected: 'Rejected',
};

export const ADDRESS_STATUSES = [
  { value: 0, name: 'Invalid' }, { value: 1, name: 'Valid' }, { value: 2, name: 'Verified' }, { value: 3, name: 'Checking' },
] as const;

/** An empty order name is shown as ____. */
export function displayOrderName(name: string | null | undefined): string {
  return name && name.trim() ? name : '____';
}

/** What an erased personal value becomes, everywhere (docs/decisions.md, "Privacy erase"): the buyer's fields of an erased order read this. */
export const ERASED = '[erased]';
