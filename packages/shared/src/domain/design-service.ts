/**
 * The design service (docs/orders.md, "Design service"): a seller hires the agency's designers for
 * an order's artwork. Hire status: assign -> in_review -> approved / rejected (spec part 2 section 4),
 * with who may move it. Approval charges the design price through the ledger, once.
 */
import type { DesignStatus } from './orders';
import type { Role } from '../auth/roles';
import { API_PERMISSIONS } from '../auth/access';

// The role lists are the permission table's (auth/access.ts), which says who does each step and why.
/** Seller roles that may hire a designer for their orders. */
export const DESIGN_REQUEST_ROLES: readonly Role[] = API_PERMISSIONS['design.request'].roles;
/** Agency roles that assign a request to a designer and set its price. */
export const DESIGN_ASSIGN_ROLES: readonly Role[] = API_PERMISSIONS['design.price'].roles;
/** Who sends a finished design for review: the designer it is assigned to, or the owner. */
export const DESIGN_WORK_ROLES: readonly Role[] = API_PERMISSIONS['design.work'].roles;
/** Who accepts or rejects a design in review: the agency's and the requesting team's deciders. */
export const DESIGN_REVIEW_ROLES: readonly Role[] = API_PERMISSIONS['design.review'].roles;

/** Where each target status may be reached from (null: no request yet). */
export const DESIGN_TRANSITIONS: Record<DesignStatus, readonly (DesignStatus | null)[]> = {
  // A new request, a re-assignment to another designer, or a fresh request after a rejection.
  assign: [null, 'assign', 'rejected'],
  in_review: ['assign', 'rejected'],
  approved: ['in_review'],
  rejected: ['in_review'],
};

/** Roles that may move a request to each status. */
export const DESIGN_STATUS_ROLES: Record<DesignStatus, readonly Role[]> = {
  assign: DESIGN_ASSIGN_ROLES,
  in_review: DESIGN_WORK_ROLES,
  approved: DESIGN_REVIEW_ROLES,
  rejected: DESIGN_REVIEW_ROLES,
};

/** Order statuses in which a design may still be requested (before production). */
export const DESIGN_OPEN_ORDER_STATUSES = ['Unfulfilled', 'InReview', 'Approved', 'Hold', 'Rejected'] as const;

export const DESIGN_MSG = {
  notOpen: (status: string) => `A design cannot be requested for an order that is ${status}.`,
  alreadyRequested: 'A designer is already working on this order.',
  notAllowedFrom: (from: string | null, to: string) => `Cannot move a design request from ${from ?? 'none'} to ${to}.`,
  notYourRole: 'You may not make this change to a design request.',
  designerRequired: 'Please choose a designer.',
  unknownDesigner: 'This designer is not one of the agency\u2019s designers.',
  notYourRequest: 'This design request is assigned to another designer.',
  reasonRequired: 'Please input reason',
  alreadyCharged: 'The design cost is already charged.',
  noRequest: 'This order has no design request.',
  costSynced: 'Design cost updated',
  notWorking: 'Designs can be uploaded only while the request is with the designer (Assign or Rejected).',
  itemNotFound: 'This item is not on the order.',
  designUploaded: 'Update success',
} as const;
