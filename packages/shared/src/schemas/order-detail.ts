/**
 * Order detail contract (docs/orders.md, "Order detail"): GET /api/orders/:id answers everything
 * the detail page needs; PUT /api/orders/:id edits an Unfulfilled or Rejected order; the address,
 * customer and notes routes change one part. Money in dollars at this edge.
 */
import { z } from 'zod';
import { ITEM_STATUSES, ORDER_ACTIONS } from '../domain/order-machine';
import { DESIGN_STATUSES, ORDER_STATUSES } from '../domain/orders';
import { orderCommandResponse } from './order-commands';
import { designInfo } from './design-service';
import { buyerAddress } from './common';

export const ORDER_DETAIL_MSG = {
  notFound: 'Order not found',
  notEditable: 'Only an Unfulfilled or Rejected order can be edited.',
  addressLocked: 'The address can no longer be changed: the order is in production.',
  customerUpdated: 'Update success!',
  addressConfirmed: 'Address confirmed',
  addressChecked: 'Address checked',
  noteAdded: 'Note added',
  updated: 'Updated',
  unknownSku: (sku: string) => `Unknown SKU ${sku}: it is not in a catalog of your agency.`,
  internalOnlyAgency: 'Only the agency can write internal notes.',
  lostRace: 'The order changed meanwhile: reload it and try again.',
} as const;

export const orderIdParams = z.object({ id: z.uuid() });


const text = (max: number) => z.string().trim().max(max);
/** Empty, an absolute http(s) address, or a path on this site (uploaded files, demo artwork); never another scheme. */
export const ARTWORK_URL = /^(https?:\/\/\S+|\/(?!\/)\S*)?$/i;
/** One artwork slot's address, as every screen that takes artwork accepts it. */
export const artworkUrl = z.string().trim().max(2000).regex(ARTWORK_URL, 'Artwork must be an http(s) address or a path on this site');
const url = artworkUrl;
// 12.345 is refused rather than rounded, so what is stored is what was typed (as base costs do).
const money = z.number().min(0).max(1_000_000).refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
  message: 'Price should have at most 2 decimals',
});

export const orderAddressInput = z.object({
  fullName: text(255),
  address1: text(255),
  address2: text(255).default(''),
  city: text(128),
  province: text(128).default(''),
  zipCode: text(32).default(''),
  country: text(128).default(''),
  countryCode: text(2),
  phone: text(64).default(''),
});
export type OrderAddressInput = z.infer<typeof orderAddressInput>;

export const orderItemInput = z.object({
  /** Keep an existing line (its snapshot and status); a line without id is new. */
  id: z.uuid().optional(),
  sku: z.string().trim().min(1, 'Please input SKU').max(128),
  quantity: z.number().int().min(1, 'Quantity should be at least 1').max(10_000),
  price: money,
  title: text(255).optional(),
  artwork1: url.optional(), artwork2: url.optional(), artwork3: url.optional(),
  artwork4: url.optional(), artwork5: url.optional(), artwork6: url.optional(),
});
export type OrderItemInput = z.infer<typeof orderItemInput>;

/**
 * PUT /api/orders/:id: the whole address always (the Edit dialog sends it); e-mail, shipping method
 * and items when they change. Items and shipping method only while Unfulfilled or Rejected.
 */
export const orderUpdateBody = orderAddressInput.extend({
  email: z.union([z.literal(''), z.email('Please input correct email address')]).optional(),
  shippingMethod: z.enum(['standard', 'express', 'overnight']).optional(),
  items: z.array(orderItemInput).min(1, 'An order needs at least one item').max(100).optional(),
});
export type OrderUpdateBody = z.infer<typeof orderUpdateBody>;

export const customerUpdateBody = z.object({
  fullName: z.string().trim().min(1, 'Please input full name').max(255),
  email: z.union([z.literal(''), z.email('Please input correct email address')]),
  phone: text(64),
});
export type CustomerUpdateBody = z.infer<typeof customerUpdateBody>;

export const orderNoteBody = z.object({
  message: z.string().trim().min(1, 'Please input note').max(1000, 'note should be 1 to 1000 length'),
  internal: z.boolean().optional(),
});
export type OrderNoteBody = z.infer<typeof orderNoteBody>;

export const confirmAddressBody = z.object({ ids: z.array(z.uuid()).min(1).max(200) });
export const confirmAddressResponse = orderCommandResponse;

const dollars = z.number();

export const orderDetailItem = z.object({
  id: z.string(),
  position: z.number().int(),
  sku: z.string(),
  catalogVariantCode: z.string().nullable(),
  catalogName: z.string().nullable(),
  title: z.string(),
  color: z.string(),
  size: z.string(),
  quantity: z.number().int(),
  price: dollars,
  /** Unit base price and the line's shipping share, snapshotted at approval (null before). */
  baseCost: dollars.nullable(),
  shippingCost: dollars.nullable(),
  artworks: z.array(z.object({ slot: z.number().int(), url: z.string() })),
  /** The catalog's first mockup image, shown for a line without artwork (dropship items have none). */
  mockup: z.string().nullable(),
  status: z.enum(ITEM_STATUSES),
  refundedQuantity: z.number().int(),
  refunded: dollars,
  /** The store variant the line came as (a store order's line, or a file's line resolved through the mapping). */
  productVariantId: z.string().nullable(),
  /** A live line of a store variant (or a store order) without a catalog variant: map it, then apply the mapping (sync-to-item). */
  needsMapping: z.boolean(),
  /** What the buyer entered for a personalized product (Shopify line-item properties). */
  properties: z.array(z.object({ key: z.string(), value: z.string() })),
});
export type OrderDetailItem = z.infer<typeof orderDetailItem>;

export const orderDetailShipment = z.object({
  id: z.string(),
  trackingNumber: z.string(),
  carrier: z.string(),
  trackingUrl: z.string(),
  status: z.string(),
  syncStatus: z.string(),
  itemIds: z.array(z.string()),
  createdDate: z.string(),
});

export const orderTimelineEvent = z.object({
  id: z.string(),
  kind: z.string(),
  action: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  message: z.string(),
  actorEmail: z.string(),
  internal: z.boolean(),
  createdDate: z.string(),
});
export type OrderTimelineEvent = z.infer<typeof orderTimelineEvent>;

export const orderCosts = z.object({
  baseCost: dollars,
  shippingCost: dollars,
  charged: dollars,
  designCost: dollars,
  refunded: dollars,
  /** totalPrice - charged - designCost + refunded (docs/orders.md, "Order detail"). */
  estimatedProfit: dollars,
});

export const orderDetail = z.object({
  id: z.string(),
  orderName: z.string(),
  /** orderName, or ____ when empty. */
  orderNameDisplay: z.string(),
  orderType: z.enum(['pod', 'fake', 'drop']),
  status: z.enum(ORDER_STATUSES),
  statusReason: z.string().nullable(),
  heldBy: z.enum(['seller', 'agency']).nullable(),
  holdFromStatus: z.string().nullable(),
  sellerTeam: z.object({ id: z.string(), name: z.string(), code: z.string() }),
  seller: z.object({ id: z.string(), email: z.string(), fullName: z.string() }).nullable(),
  agency: z.object({ id: z.string(), name: z.string() }),
  referenceId1: z.string(),
  referenceId2: z.string(),
  ...buyerAddress.shape,
  email: z.string(),
  phone: z.string(),
  addressStatus: z.number().int(),
  /** What the rules find now (empty when Valid); shown under the address. */
  addressProblems: z.array(z.string()),
  cannotShip: z.boolean(),
  ignoreCannotShip: z.boolean(),
  shippingMethod: z.enum(['standard', 'express', 'overnight']),
  subTotalPrice: dollars,
  shippingFee: dollars,
  totalDiscount: dollars,
  totalPrice: dollars,
  totalRefund: dollars,
  metadata: z.object({
    requester_id: z.string().nullable(),
    designer: z.string().nullable(),
    hire_design_status: z.enum(DESIGN_STATUSES).nullable(),
    notes: z.string().nullable(),
    email: z.string().nullable(),
  }),
  proxy: z.object({ id: z.string(), proxyDomain: z.string() }).nullable(),
  syncAt: z.string().nullable(),
  approvedAt: z.string().nullable(),
  createdDate: z.string(),
  updatedDate: z.string(),
  items: z.array(orderDetailItem),
  shipments: z.array(orderDetailShipment),
  timeline: z.array(orderTimelineEvent),
  costs: orderCosts,
  /** The design service request (docs/orders.md, "Design service"). */
  design: designInfo,
  /** Commands this actor may take now (buttons); empty when its role may not act. */
  actions: z.array(z.enum(ORDER_ACTIONS)),
  /** What this actor may change on the page now. */
  can: z.object({
    edit: z.boolean(),
    editAddress: z.boolean(),
    confirmAddress: z.boolean(),
    addNote: z.boolean(),
    internalNote: z.boolean(),
    /** The order is still before production: a designer may be hired for it. */
    requestDesign: z.boolean(),
  }),
});
export type OrderDetail = z.infer<typeof orderDetail>;

export const orderDetailResponse = z.object({ data: orderDetail });
export type OrderDetailResponse = z.infer<typeof orderDetailResponse>;

/** Answer of the writes: a message and the order as it is now. */
export const orderDetailAnswer = z.object({ message: z.string(), data: orderDetail });
export type OrderDetailAnswer = z.infer<typeof orderDetailAnswer>;
