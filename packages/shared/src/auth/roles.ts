/**
 * Who a user is, as the permission table sees it.
 * A role key joins the user type with the authority: `agency.staff`, `seller.manager`...
 */
export const USER_TYPES = ['administrator', 'supplier', 'agency', 'seller'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Authorities a sub-user may hold (spec part 1 section 6), in the order the create dialogs list them. */
export const SUB_AUTHORITIES = [
  'staff',
  'designer',
  'accounting',
  'customer_support',
  'order_exporter',
  'accept_design',
] as const;
export type SubAuthority = (typeof SUB_AUTHORITIES)[number];

/** `owner` is an agency's manager, `seller` a seller team's manager. */
export const AUTHORITIES = ['owner', 'seller', ...SUB_AUTHORITIES] as const;
export type Authority = (typeof AUTHORITIES)[number];

export const SUB_AUTHORITY_LABELS: Record<SubAuthority, string> = {
  staff: 'Staff',
  designer: 'Designer',
  accounting: 'Accounting',
  customer_support: 'Customer Support',
  order_exporter: 'Order Exporter',
  accept_design: 'Accept Design',
};

export const ROLES = [
  'administrator',
  'supplier',
  'agency.owner',
  ...SUB_AUTHORITIES.map((a) => `agency.${a}` as const),
  'seller.manager',
  ...SUB_AUTHORITIES.map((a) => `seller.${a}` as const),
] as const;
export type Role = (typeof ROLES)[number];

/** The part of a signed-in user that every permission decision needs. */
export interface Actor {
  userId: string;
  userType: UserType;
  authority: Authority | null;
  isSubUser: boolean;
  agencyId: string | null;
  sellerTeamId: string | null;
  /**
   * The seller team's type: a warehouse team's users operate warehouses and nothing else (docs/warehouses.md).
   * Absent or null reads as default.
   */
  sellerType?: 'default' | 'warehouse' | null;
}

/** Whether the actor works for a warehouse team (the operator's allow-list applies). */
export function isWarehouseOperator(actor: Pick<Actor, 'userType' | 'sellerType'>): boolean {
  return actor.userType === 'seller' && actor.sellerType === 'warehouse';
}

export function roleOf(actor: Pick<Actor, 'userType' | 'authority' | 'isSubUser'>): Role {
  switch (actor.userType) {
    case 'administrator':
    case 'supplier':
      return actor.userType;
    case 'agency':
      if (!actor.isSubUser || !actor.authority || actor.authority === 'owner' || actor.authority === 'seller') {
        return 'agency.owner';
      }
      return `agency.${actor.authority}`;
    case 'seller':
      if (!actor.isSubUser || !actor.authority || actor.authority === 'owner' || actor.authority === 'seller') {
        return 'seller.manager';
      }
      return `seller.${actor.authority}`;
  }
}

/** Displays an authority as the spec asks: underscores shown as spaces. */
export function authorityLabel(authority: string | null | undefined): string {
  return (authority ?? '').replace(/_/g, ' ');
}
