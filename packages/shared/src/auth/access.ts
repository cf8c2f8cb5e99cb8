/**
 * THE permission table: spec part 1 section 6 and part 2 section 6 in one place.
 * The web router guard, the menus, the buttons and the server's preHandler all read it.
 *
 * Route names here cover every route of the spec, including those whose pages have not
 * landed yet: the allow-lists are the spec's truth, the route table (routes.ts) says what exists.
 * Resolutions of the spec's contradictions are recorded in docs/decisions.md ("Permissions").
 */
import { type Actor, type Role, type SubAuthority, isWarehouseOperator, roleOf } from './roles';
import type { RouteName, SpecRouteName } from '../routes';

/** Agency sub-roles may open only these route names (the access guard's allow-lists). */
export const AGENCY_SUB_ROUTES: Record<SubAuthority, readonly SpecRouteName[]> = {
  staff: [
    'ag-catalogs', 'ag-catalogs-create', 'ag-catalogs-create-dropship', 'ag-category-catalog',
    'ag-base-cost', 'ag-base-cost-group-create', 'ag-base-cost-group-update', 'ag-base-cost-catalogs',
    'ag-base-cost-catalog-cost', 'ag-tracking', 'ag-tracking-detail', 'ag-sellers', 'ag-seller-detail',
    // Not in the spec's list: staff run production, so they read warehouses and adjust stock (docs/decisions.md).
    'ag-warehouses',
  ],
  customer_support: [
    'ag-orders', 'ag-order-detail', 'ag-order-refund', 'ag-order-items', 'ag-tracking', 'ag-tracking-detail',
    'ag-customers', 'ag-stores', 'ag-chatbot-ticket',
    // Not in the spec's list: support answers "where is my order" for warehouse orders too (read only).
    'ag-warehouses',
  ],
  accounting: ['ag-payouts', 'ag-invoices', 'ag-invoice-detail', 'ag-deposits', 'ag-proxy-groups'],
  // The spec's guard gives the designer the image library only, yet lands it on /ds/orders and lists
  // design-service orders in its path allow-list: both are allowed (docs/decisions.md).
  designer: ['ds-orders', 'ds-order-detail', 'ag-image-library'],
  // The spec's guard is silent on these two; they get their path allow-lists.
  order_exporter: ['ag-orders', 'ag-order-detail'],
  accept_design: ['ag-catalogs', 'ds-orders', 'ds-order-detail', 'ag-orders', 'ag-order-detail', 'ag-order-items'],
};

/** An agency staff member opening one of these is sent to / instead of /no-access. */
export const STAFF_HOME_REDIRECTS: readonly SpecRouteName[] = [
  'ag-email-history', 'ag-deposits', 'ag-customers', 'ag-users', 'ag-users-list',
];

/** Seller sub-users may open only routes of these seller sections (the path segment after /s/). */
export const SELLER_SUB_SECTIONS: Record<SubAuthority, readonly string[]> = {
  accounting: ['catalogs', 'products', 'orders', 'order-items', 'invoices', 'balance', 'customers', 'image-library'],
  designer: ['orders', 'order-items', 'image-library'],
  customer_support: ['orders', 'order-items', 'customers', 'image-library'],
  // Not shown in the spec: decided in docs/decisions.md.
  staff: ['catalogs', 'products', 'orders', 'order-items', 'customers', 'image-library', 'products-warehouse', 'warehouses'],
  order_exporter: ['orders'],
  accept_design: ['orders', 'order-items', 'image-library'],
};

/**
 * A warehouse team's users (sellerType warehouse) open these sections and nothing else, whatever their sub-role: they
 * operate warehouses (docs/warehouses.md "Who works it"). `orders-warehouse` (the queue) is theirs alone.
 */
export const WAREHOUSE_OPERATOR_SECTIONS: readonly string[] = ['orders-warehouse', 'products-warehouse', 'warehouses'];

/** Supplier: Supplier Catalog only. */
export const SUPPLIER_ROUTES: readonly SpecRouteName[] = ['a-supplier-catalog'];

/** What the guard needs to know of a route. */
export interface RouteAccess {
  name: string;
  /** a: administrator, ag/ds: agency, s: seller, common: any signed-in user, public: anyone. */
  area: 'a' | 'ag' | 'ds' | 's' | 'common' | 'public';
  /** Seller section for the sub-user allow-lists (the path segment after /s/). */
  section?: string;
}

export function canOpenRoute(actor: Actor | null, route: RouteAccess): boolean {
  if (route.area === 'public') return true;
  if (!actor) return false;
  if (route.area === 'common') return true;
  const role = roleOf(actor);
  switch (actor.userType) {
    case 'administrator':
      return route.area === 'a';
    case 'supplier':
      return names(SUPPLIER_ROUTES).includes(route.name);
    case 'agency':
      if (route.area !== 'ag' && route.area !== 'ds') return false;
      if (role === 'agency.owner') return true;
      return names(AGENCY_SUB_ROUTES[actor.authority as SubAuthority]).includes(route.name);
    case 'seller':
      if (route.area !== 's') return false;
      if (isWarehouseOperator(actor)) return WAREHOUSE_OPERATOR_SECTIONS.includes(route.section ?? '');
      if (route.section === 'orders-warehouse') return false;
      if (role === 'seller.manager') return true;
      return SELLER_SUB_SECTIONS[actor.authority as SubAuthority].includes(route.section ?? '');
  }
}

/** Where the guard sends a user who may not open a route. */
export function forbiddenRedirect(actor: Actor, routeName: string): '/' | '/no-access' {
  if (roleOf(actor) === 'agency.staff' && names(STAFF_HOME_REDIRECTS).includes(routeName)) return '/';
  return '/no-access';
}

/** The guard is asked about any route's name; the typed lists answer it as plain strings. */
function names(list: readonly SpecRouteName[]): readonly string[] {
  return list;
}

/**
 * API permissions. Each names the routes whose users need it, so the server can never allow
 * what the screens forbid, or the other way round. `roles` lists extra roles explicitly.
 */
interface ApiPermissionRule {
  routes?: readonly (RouteAccess & { name: RouteName })[];
  roles?: readonly Role[];
}

/**
 * The design service's steps (domain/design-service.ts): who assigns and prices a request, who
 * sends a finished design for review (the designer it is assigned to, or the owner), who accepts
 * or rejects it (the agency's owner and design acceptors, and the requesting team's manager and
 * design acceptors: it pays for it).
 */
const DESIGN_STEP_ROLES = {
  price: ['agency.owner', 'agency.accept_design'],
  work: ['agency.owner', 'agency.designer'],
  review: ['agency.owner', 'agency.accept_design', 'seller.manager', 'seller.accept_design'],
} as const satisfies Record<string, readonly Role[]>;

export const API_PERMISSIONS = {
  /** Anyone, signed in or not. */
  public: {},
  /** Any signed-in user. */
  authenticated: {},
  'catalogs.master': { routes: [{ name: 'a-catalogs', area: 'a' }] },
  'catalogs.supplier': { routes: [{ name: 'a-supplier-catalog', area: 'a' }] },
  'catalogs.agency': { routes: [{ name: 'ag-catalogs', area: 'ag' }] },
  'catalogs.seller': { routes: [{ name: 's-catalogs', area: 's', section: 'catalogs' }] },
  /** An agency creates catalogs of its own (owner and staff). */
  'catalogs.agency.manage': { routes: [{ name: 'ag-catalogs-create', area: 'ag' }] },
  /** Supplier prices: the price dialog, logs, import and export (administrator and supplier). */
  'supplier.prices': { routes: [{ name: 'a-supplier-catalog', area: 'a' }] },
  /** The administrator's categories, and an agency's own. */
  'categories.master': { routes: [{ name: 'a-category-catalog', area: 'a' }] },
  'categories.agency': { routes: [{ name: 'ag-category-catalog', area: 'ag' }] },
  /** Category choices for the catalog forms and filters. */
  'categories.read': {
    routes: [{ name: 'a-catalogs', area: 'a' }, { name: 'ag-catalogs', area: 'ag' }, { name: 's-catalogs', area: 's', section: 'catalogs' }],
  },
  /** Agencies (administrator): list, detail, members, catalogs and their costs. */
  'agencies.admin': { routes: [{ name: 'a-agencies', area: 'a' }] },
  /** The administrator's base costs (what agencies pay), and an agency's groups (what sellers pay). */
  'basecosts.master': { routes: [{ name: 'a-base-cost', area: 'a' }] },
  'basecosts.agency': { routes: [{ name: 'ag-base-cost', area: 'ag' }] },
  /** Base-cost choices for selects: the agency form, the sellers screens, base-cost pages. */
  'basecosts.read': {
    routes: [{ name: 'a-agencies', area: 'a' }, { name: 'a-base-cost', area: 'a' }, { name: 'ag-base-cost', area: 'ag' }, { name: 'ag-sellers', area: 'ag' }],
  },
  'orders.agency': { routes: [{ name: 'ag-orders', area: 'ag' }] },
  'orders.design': { routes: [{ name: 'ds-orders', area: 'ds' }] },
  'orders.seller': { routes: [{ name: 's-orders', area: 's', section: 'orders' }] },
  /** Order commands (the state machine's sides, ORDER_ACTION_ROLES in domain/order-machine.ts). */
  'orders.seller.act': { roles: ['seller.manager', 'seller.staff', 'seller.customer_support'] },
  'orders.agency.act': { roles: ['agency.owner', 'agency.customer_support'] },
  /** CSV import of orders: the seller roles that act on orders. */
  'orders.import': { roles: ['seller.manager', 'seller.staff', 'seller.customer_support'] },
  /** Export of the current order filter (xlsx or csv). */
  'orders.export': {
    roles: ['agency.owner', 'agency.customer_support', 'agency.order_exporter', 'seller.manager', 'seller.order_exporter', 'seller.accounting'],
  },
  /** Order item lists and update-fulfilled. */
  'orderItems.agency': { routes: [{ name: 'ag-order-items', area: 'ag' }] },
  'orderItems.seller': { routes: [{ name: 's-order-items', area: 's', section: 'order-items' }] },
  /** Design service (domain/design-service.ts): request, assign and price, work, review. */
  'design.request': { roles: ['seller.manager', 'seller.staff', 'seller.customer_support', 'seller.designer'] },
  /** The status change route admits every step's roles; the service then checks the step's own. */
  'design.change': { roles: unionOf(DESIGN_STEP_ROLES.price, DESIGN_STEP_ROLES.work, DESIGN_STEP_ROLES.review) },
  'design.price': { roles: DESIGN_STEP_ROLES.price },
  'design.work': { roles: DESIGN_STEP_ROLES.work },
  'design.review': { roles: DESIGN_STEP_ROLES.review },
  /** Refunds of orders into the seller's wallet (owner and customer support: route ag-order-refund). */
  'orders.refund': { routes: [{ name: 'ag-order-refund', area: 'ag' }] },
  /**
   * Order profit, profit records and logs, team payout requests, the profit dashboard and its KPIs: whoever opens
   * the agency's payouts (owner, accounting) or KPIs (owner) or the seller's profit pages (the manager: seller accounting's
   * allow-list has no payouts or profit page, issue 12 item 7).
   */
  'profits.orders': {
    routes: [{ name: 'ag-payouts', area: 'ag' }, { name: 'ag-kpis', area: 'ag' }, { name: 's-profit-detail', area: 's', section: 'profit-detail' },
      { name: 's-estimated-profit', area: 's', section: 'estimated-profit' }],
  },
  /**
   * Production sheets of the agency (owner, accounting, order exporter). The invoice-based reports
   * (`/api/invoices/search/*`: money per team, orders per invoice) are 'invoices.agency'.
   */
  'orders.reports': { roles: ['agency.owner', 'agency.accounting', 'agency.order_exporter'] },
  /** Tracking: shipments, the tracking import and the store sync. */
  'tracking.agency': { routes: [{ name: 'ag-tracking', area: 'ag' }] },
  /** The agency's own users (Agency Users screen). */
  'users.agency': { routes: [{ name: 'ag-users-list', area: 'ag' }] },
  /** A seller team's sub-users (/s/users): the manager. */
  'users.seller': { routes: [{ name: 's-users', area: 's', section: 'users' }] },
  /** Designers to assign design requests to. */
  'users.designers': { routes: [{ name: 'ds-orders', area: 'ds' }] },
  /** Staff list for the Supporter selects of the Sellers screens. */
  'agency.staffs': { routes: [{ name: 'ag-sellers', area: 'ag' }] },
  /**
   * Stores (docs/stores.md): a seller team's manager connects and manages its shops (no seller sub-role
   * has the `integrations` section); the agency's owner and customer support read its sellers' stores,
   * never their credentials.
   */
  'stores.seller': { routes: [{ name: 's-integrations', area: 's', section: 'integrations' }] },
  'stores.agency': { routes: [{ name: 'ag-stores', area: 'ag' }] },
  /**
   * A team's store products (/s/products): whoever opens the page reads them (the manager, and the staff
   * and accounting sub-users, whose sections list products); the manager and staff change them.
   */
  'products.seller': { routes: [{ name: 's-products', area: 's', section: 'products' }] },
  'products.manage': { roles: ['seller.manager', 'seller.staff'] },
  /** Proxies to pick from: user dialogs, order filters, the proxy screen. */
  'proxies.read': { routes: [{ name: 'ag-orders', area: 'ag' }, { name: 'ag-users-list', area: 'ag' }, { name: 'ag-proxy-groups', area: 'ag' }] },
  'proxies.manage': { routes: [{ name: 'ag-proxy-groups', area: 'ag' }] },
  /** E-mails the agency's tenants were sent: the owner (staff is sent home from it). */
  'email.history': { routes: [{ name: 'ag-email-history', area: 'ag' }] },
  /** The image library of an agency or a seller team. */
  'images.library': { routes: [{ name: 'ag-image-library', area: 'ag' }, { name: 's-image-library', area: 's', section: 'image-library' }] },
  /** Presigned uploads: image library users and the owner's theme logo and favicon. */
  'images.upload': {
    routes: [{ name: 'ag-image-library', area: 'ag' }, { name: 's-image-library', area: 's', section: 'image-library' }, { name: 'ag-settings', area: 'ag' },
      // Catalog mockup galleries: the administrator's forms and an agency's own catalogs.
      { name: 'a-catalogs-create', area: 'a' }, { name: 'ag-catalogs-create', area: 'ag' }],
  },
  /** The agency's settings pages: its owner. */
  'agency.settings': { routes: [{ name: 'ag-settings', area: 'ag' }] },
  /** The agency's full theme and settings: every agency user reads it at start-up. */
  'agency.config.read': { roles: agencyRoles() },
  /** Seller teams (Sellers list, detail, dialogs): owner and staff. */
  'sellers.agency': { routes: [{ name: 'ag-sellers', area: 'ag' }] },
  /** Deposits: the agency's list, the seller detail's Deposits card and Topup (owner, accounting; not staff). */
  'deposits.agency': { routes: [{ name: 'ag-deposits', area: 'ag' }] },
  /** A seller team's own top-up requests (from /s/balance). */
  'deposits.seller': { routes: [{ name: 's-balance', area: 's', section: 'balance' }] },
  /** Manual wallet adjustments with a reason: the agency owner only. */
  'money.adjust': { roles: ['agency.owner'] },
  /** Invoices and bills. */
  'invoices.agency': { routes: [{ name: 'ag-invoices', area: 'ag' }] },
  'invoices.seller': { routes: [{ name: 's-invoices', area: 's', section: 'invoices' }] },
  /** The seller's own ledger with a running balance. */
  'balance.seller': { routes: [{ name: 's-balance', area: 's', section: 'balance' }] },
  /** Payouts: the agency approves (owner, accounting), the seller manager requests. */
  'payouts.agency': { routes: [{ name: 'ag-payouts', area: 'ag' }] },
  'payouts.seller': { routes: [{ name: 's-payouts', area: 's', section: 'payouts' }] },
  /** Profit figures per team for the Sellers list. */
  'profits.agency': { routes: [{ name: 'ag-sellers', area: 'ag' }, { name: 'ag-payouts', area: 'ag' }] },
  /** The seller's profit detail and estimated profit. */
  'profits.seller': { routes: [{ name: 's-profit-detail', area: 's', section: 'profit-detail' }, { name: 's-estimated-profit', area: 's', section: 'estimated-profit' }] },
  'referrals.agency': { routes: [{ name: 'ag-referrals', area: 'ag' }] },
  'referrals.seller': { routes: [{ name: 's-referrals', area: 's', section: 'referrals' }] },
  /** Notifications are loaded only for agency and seller types. */
  notifications: { roles: [...agencyRoles(), ...sellerRoles()] },
  /** Balance is loaded only for the seller type. */
  'seller.balance': { roles: sellerRoles() },
  /** The header hides Profit for sub-users; accounting still reads it (docs/decisions.md). */
  'seller.profit': { roles: ['seller.manager', 'seller.accounting'] },
  /**
   * Warehouses (docs/warehouses.md "Who works it"). The agency: the owner manages warehouses and their fees; staff
   * and customer support read them; owner and staff adjust stock with a reason.
   */
  'warehouses.agency': { routes: [{ name: 'ag-warehouses', area: 'ag' }] },
  'warehouses.manage': { roles: ['agency.owner'] },
  'warehouses.adjust': { roles: ['agency.owner', 'agency.staff'] },
  /** The warehouse team: its queue, receiving, tracking, adjustments (the fulfilment view only: no money). */
  'warehouse.operate': { routes: [{ name: 's-orders-warehouse', area: 's', section: 'orders-warehouse' }] },
  /** Warehouse products and stock: the owning team's readers, and the operators of the warehouses holding them. */
  'warehouseProducts.read': { routes: [{ name: 's-products-warehouse', area: 's', section: 'products-warehouse' }] },
  /** The owning team creates and edits its warehouse products and declares inbound shipments (manager, staff). */
  'warehouseProducts.manage': { roles: ['seller.manager', 'seller.staff'] },
  /**
   * Customers (docs/customers.md): whoever opens the agency's Customers page (owner, customer support; staff is sent
   * home from it) reads its sellers' customers; a seller team's manager and the sub-users whose sections list
   * customers (staff, customer support, accounting) read their team's.
   */
  'customers.agency': { routes: [{ name: 'ag-customers', area: 'ag' }] },
  'customers.seller': { routes: [{ name: 's-customers', area: 's', section: 'customers' }] },
  /**
   * Erasing a customer's personal data (docs/customers.md "Privacy"): it cannot be undone, so only the agency's owner
   * and a seller team's manager, not the sub-users who read customers (customer support among them).
   */
  'customers.erase': { roles: ['agency.owner', 'seller.manager'] },
  /** The seller's warehouses page: where its stock is, and its inbound shipments. */
  'warehouses.seller': { routes: [{ name: 's-warehouses', area: 's', section: 'warehouses' }] },
} satisfies Record<string, ApiPermissionRule>;

export type ApiPermission = keyof typeof API_PERMISSIONS;

function unionOf(...lists: (readonly Role[])[]): Role[] {
  return [...new Set(lists.flat())];
}

function agencyRoles(): Role[] {
  return ['agency.owner', 'agency.staff', 'agency.customer_support', 'agency.accounting', 'agency.designer',
    'agency.order_exporter', 'agency.accept_design'];
}
function sellerRoles(): Role[] {
  return ['seller.manager', 'seller.staff', 'seller.customer_support', 'seller.accounting', 'seller.designer',
    'seller.order_exporter', 'seller.accept_design'];
}

/**
 * What a warehouse team's users may call at all: their three pages' permissions and the shell's. Role-based rules
 * (a manager's, a staff's) never reach past this, so an operator never acts on orders, money or stores.
 */
const WAREHOUSE_OPERATOR_PERMISSIONS: readonly string[] = [
  'warehouse.operate', 'warehouseProducts.read', 'warehouses.seller', 'notifications',
];

export function can(actor: Actor | null, permission: ApiPermission): boolean {
  if (permission === 'public') return true;
  if (!actor) return false;
  if (permission === 'authenticated') return true;
  if (isWarehouseOperator(actor) && !WAREHOUSE_OPERATOR_PERMISSIONS.includes(permission)) return false;
  const rule: ApiPermissionRule = API_PERMISSIONS[permission];
  if (rule.roles?.includes(roleOf(actor))) return true;
  return (rule.routes ?? []).some((r) => canOpenRoute(actor, r));
}
