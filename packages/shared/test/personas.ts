import type { Actor } from '../src/auth/roles';

/** The demo personas of GUIDE section 9, as the permission table sees them. */
const base = { userId: 'u', agencyId: 'ag', sellerTeamId: null };
const agency = (authority: Actor['authority']): Actor => ({ ...base, userType: 'agency', authority, isSubUser: authority !== 'owner' });
const seller = (authority: Actor['authority']): Actor => ({ ...base, sellerTeamId: 'team', userType: 'seller', authority, isSubUser: authority !== 'seller' });

export const PERSONAS = {
  admin: { ...base, agencyId: null, userType: 'administrator', authority: null, isSubUser: false },
  supplier: { ...base, agencyId: null, userType: 'supplier', authority: null, isSubUser: false },
  agency: agency('owner'),
  staff: agency('staff'),
  support: agency('customer_support'),
  accounting: agency('accounting'),
  designer: agency('designer'),
  exporter: agency('order_exporter'),
  acceptDesign: agency('accept_design'),
  seller: seller('seller'),
  sellerAccounting: seller('accounting'),
  sellerDesigner: seller('designer'),
  sellerSupport: seller('customer_support'),
  sellerExporter: seller('order_exporter'),
  warehouseManager: { ...seller('seller'), sellerType: 'warehouse' },
  warehouseStaff: { ...seller('staff'), sellerType: 'warehouse' },
} satisfies Record<string, Actor>;
