/**
 * THE route table: every page that exists, with its name, path (under the /cms/ base), area
 * and seller section. The web router, the menus and the guard are built from it.
 * Routes of features still to come join this table when their pages land.
 */
import { type Actor, isWarehouseOperator, roleOf } from './auth/roles';
import { type RouteAccess, canOpenRoute } from './auth/access';
import { ADMIN_MENU, AGENCY_MENU, SELLER_MENU, WAREHOUSE_MENU, type MenuEntry } from './auth/menus';

export interface AppRoute extends RouteAccess {
  path: string;
  title: string;
}

export const ROUTES = [
  // Account screens and public pages.
  { name: 'login', path: '/auth/login', area: 'public', title: 'Sign in' },
  { name: 'register', path: '/auth/register', area: 'public', title: 'Sign up' },
  { name: 'forgot-password', path: '/auth/forgot-password', area: 'public', title: 'Forgot password' },
  { name: 'reset-password', path: '/auth/reset-password', area: 'public', title: 'Reset password' },
  { name: 'sign-in-welcome', path: '/auth/sign-in-welcome', area: 'public', title: 'Welcome' },
  { name: 'sign-in-require', path: '/auth/sign-in-require', area: 'public', title: 'Link your account' },
  { name: 'active-success', path: '/active-success', area: 'public', title: 'Verified' },
  { name: 'subcribe-success', path: '/subcribe-success', area: 'public', title: 'Thank you' },
  { name: 'error', path: '/error', area: 'public', title: 'Error' },
  { name: 'public-product', path: '/products/:id', area: 'public', title: 'Product' },
  // Signed-in pages.
  { name: 'no-access', path: '/no-access', area: 'common', title: 'No permission' },
  { name: 'profile', path: '/ag/users/:id', area: 'common', title: 'Profile' },
  { name: 'a-catalogs', path: '/a/catalogs', area: 'a', title: 'Seller Catalog' },
  { name: 'a-supplier-catalog', path: '/a/supplier-catalog', area: 'a', title: 'Supplier Catalog' },
  { name: 'ag-catalogs', path: '/ag/catalogs', area: 'ag', title: 'Product Catalog' },
  { name: 'ag-orders', path: '/ag/orders', area: 'ag', title: 'Orders' },
  { name: 'ds-orders', path: '/ds/orders', area: 'ds', title: 'Requested Designs' },
  { name: 's-orders', path: '/s/orders', area: 's', section: 'orders', title: 'Orders' },
  // Orders and fulfilment (issue: orders).
  { name: 'ag-order-detail', path: '/ag/orders/:id', area: 'ag', title: 'Order Detail' },
  { name: 'ds-order-detail', path: '/ds/orders/:id', area: 'ds', title: 'Requested Design' },
  { name: 's-order-detail', path: '/s/orders/:id', area: 's', section: 'orders', title: 'Order Detail' },
  { name: 'ag-order-refund', path: '/ag/orders/:id/refund', area: 'ag', title: 'Refund Order' },
  { name: 'ag-order-items', path: '/ag/order-items', area: 'ag', title: 'Order Items' },
  { name: 's-order-items', path: '/s/order-items', area: 's', section: 'order-items', title: 'Order Items' },
  { name: 's-order-import-histories', path: '/s/orders/import/histories', area: 's', section: 'orders', title: 'Import Histories' },
  { name: 's-order-import-history', path: '/s/orders/import/histories/:id', area: 's', section: 'orders', title: 'Import Detail' },
  { name: 'ag-tracking', path: '/ag/tracking', area: 'ag', title: 'Tracking' },
  { name: 'ag-tracking-detail', path: '/ag/tracking/:id', area: 'ag', title: 'Tracking Detail' },
  // Agency staff, proxies and settings (issue: agency staff, profile and white-label settings).
  { name: 'ag-users', path: '/ag/users', area: 'ag', title: 'Users' },
  { name: 'ag-users-list', path: '/ag/users/list', area: 'ag', title: 'Agency Users' },
  { name: 's-users', path: '/s/users', area: 's', section: 'users', title: 'Users' },
  { name: 'ag-proxy-groups', path: '/ag/proxy-groups', area: 'ag', title: 'Proxy Groups' },
  { name: 'ag-settings', path: '/ag/settings', area: 'ag', title: 'Settings' },
  { name: 'ag-settings-board', path: '/ag/settings/board', area: 'ag', title: 'Settings' },
  { name: 'ag-settings-domain', path: '/ag/settings/domain', area: 'ag', title: 'Domain Setting' },
  { name: 'ag-settings-payment', path: '/ag/settings/payment', area: 'ag', title: 'Payment Setting' },
  { name: 'ag-settings-shipping', path: '/ag/settings/shipping', area: 'ag', title: 'Shipping Setting' },
  { name: 'ag-settings-landing-page', path: '/ag/settings/landing-page', area: 'ag', title: 'Landing Page Setting' },
  { name: 'ag-settings-template-file', path: '/ag/settings/template-file', area: 'ag', title: 'Template File Setting' },
  { name: 'ag-settings-others', path: '/ag/settings/others', area: 'ag', title: 'Others Setting' },
  { name: 'ag-settings-theme', path: '/ag/settings/theme', area: 'ag', title: 'Theme Setting' },
  { name: 'ag-settings-email', path: '/ag/settings/email', area: 'ag', title: 'Email Setting' },
  { name: 'ag-settings-email-customize', path: '/ag/settings/email/customize/:id', area: 'ag', title: 'Customize' },
  { name: 'ag-email-history', path: '/ag/email-history', area: 'ag', title: 'Email History' },
  { name: 'ag-image-library', path: '/ag/image-library', area: 'ag', title: 'Image Library' },
  { name: 's-image-library', path: '/s/image-library', area: 's', section: 'image-library', title: 'Image Library' },
  // Stores (issue 15): the seller's shops, and the agency's view of its sellers' shops.
  { name: 's-integrations', path: '/s/integrations', area: 's', section: 'integrations', title: 'Stores' },
  { name: 's-products', path: '/s/products', area: 's', section: 'products', title: 'Products' },
  { name: 's-product-detail', path: '/s/products/:id', area: 's', section: 'products', title: 'Product Detail' },
  // Mapping: /s/mapping takes a store variant's id, /s/mapping-product a product's, /s/mapping-products a catalog's (the products in ?products=a,b).
  { name: 's-mapping', path: '/s/mapping/:id', area: 's', section: 'products', title: 'Mapping' },
  { name: 's-mapping-product', path: '/s/mapping-product/:id', area: 's', section: 'products', title: 'Mapping Product' },
  { name: 's-mapping-products', path: '/s/mapping-products/:id', area: 's', section: 'products', title: 'Mapping Products' },
  { name: 'ag-stores', path: '/ag/stores', area: 'ag', title: 'Stores' },
  // Catalog, supplier pricing, base costs and agencies (issue: catalog).
  { name: 'a-catalogs-create', path: '/a/catalogs/create', area: 'a', title: 'Create Catalog' },
  { name: 'a-catalogs-create-dropship', path: '/a/catalogs/create-dropship', area: 'a', title: 'Create Dropship Catalog' },
  { name: 'a-catalogs-update', path: '/a/catalogs/update/:id', area: 'a', title: 'Update Catalog' },
  { name: 'a-catalogs-detail', path: '/a/catalogs/detail/:id', area: 'a', title: 'Catalog Detail' },
  { name: 'a-catalogs-detail-drop', path: '/a/catalogs/detail-drop/:id', area: 'a', title: 'Dropship Catalog Detail' },
  { name: 'ag-catalogs-create', path: '/ag/catalogs/create', area: 'ag', title: 'Create Catalog' },
  { name: 'ag-catalogs-create-dropship', path: '/ag/catalogs/create-dropship', area: 'ag', title: 'Create Dropship Catalog' },
  { name: 's-catalogs', path: '/s/catalogs', area: 's', section: 'catalogs', title: 'Catalogs' },
  { name: 's-catalogs-detail', path: '/s/catalogs/detail/:id', area: 's', section: 'catalogs', title: 'Catalog Detail' },
  { name: 'a-category-catalog', path: '/a/category-catalog', area: 'a', title: 'Category Catalog' },
  { name: 'ag-category-catalog', path: '/ag/category-catalog', area: 'ag', title: 'Category Catalog' },
  { name: 'a-agencies', path: '/a/agencies', area: 'a', title: 'Agencies' },
  { name: 'a-agency-detail', path: '/a/agencies/:id', area: 'a', title: 'Agency Detail' },
  { name: 'a-base-cost', path: '/a/base-cost', area: 'a', title: 'Base cost' },
  { name: 'a-base-cost-create', path: '/a/base-cost/create', area: 'a', title: 'Create Base cost' },
  { name: 'a-base-cost-update', path: '/a/base-cost/update/:id', area: 'a', title: 'Update Base cost' },
  { name: 'ag-base-cost', path: '/ag/base-cost', area: 'ag', title: 'Base cost' },
  { name: 'ag-base-cost-group-create', path: '/ag/base-cost/group/:groupId/create', area: 'ag', title: 'Add Catalog Cost' },
  { name: 'ag-base-cost-group-update', path: '/ag/base-cost/group/:groupId/update/:id', area: 'ag', title: 'Update Catalog Cost' },
  { name: 'ag-base-cost-catalogs', path: '/ag/base-cost/catalogs/:id', area: 'ag', title: 'Catalog Costs' },
  { name: 'ag-base-cost-catalog-cost', path: '/ag/base-cost/catalog-cost/:id/basecost/:basecostId', area: 'ag', title: 'Catalog Cost' },
  // Seller teams and money (docs/money.md).
  { name: 'ag-sellers', path: '/ag/sellers', area: 'ag', title: 'Sellers' },
  { name: 'ag-seller-detail', path: '/ag/sellers/:id', area: 'ag', title: 'Sellers Deposits' },
  { name: 'ag-deposits', path: '/ag/deposits', area: 'ag', title: 'Deposits' },
  { name: 'ag-invoices', path: '/ag/invoices', area: 'ag', title: 'Invoices' },
  { name: 'ag-invoice-detail', path: '/ag/invoices/:id', area: 'ag', title: 'Invoice Detail' },
  { name: 'ag-payouts', path: '/ag/payouts', area: 'ag', title: 'Payouts' },
  { name: 'ag-referrals', path: '/ag/referrals', area: 'ag', title: 'Referrals' },
  { name: 's-invoices', path: '/s/invoices', area: 's', section: 'invoices', title: 'Invoices' },
  { name: 's-invoice-detail', path: '/s/invoices/:id', area: 's', section: 'invoices', title: 'Invoice Detail' },
  { name: 's-balance', path: '/s/balance', area: 's', section: 'balance', title: 'Balance' },
  { name: 's-payouts', path: '/s/payouts', area: 's', section: 'payouts', title: 'Payouts' },
  { name: 's-profit-detail', path: '/s/profit-detail', area: 's', section: 'profit-detail', title: 'Profit Detail' },
  { name: 's-estimated-profit', path: '/s/estimated-profit', area: 's', section: 'estimated-profit', title: 'Estimated Profit' },
  { name: 's-referrals', path: '/s/referrals', area: 's', section: 'referrals', title: 'Referrals' },
  // Warehouses (issue 17, docs/warehouses.md): the agency's, the owning team's and the warehouse team's pages.
  { name: 'ag-warehouses', path: '/ag/warehouses', area: 'ag', title: 'Warehouses' },
  { name: 's-products-warehouse', path: '/s/products-warehouse', area: 's', section: 'products-warehouse', title: 'Warehouse Products' },
  { name: 's-products-warehouse-create', path: '/s/products-warehouse/create', area: 's', section: 'products-warehouse', title: 'Create Warehouse Product' },
  { name: 's-products-warehouse-update', path: '/s/products-warehouse/update/:id', area: 's', section: 'products-warehouse', title: 'Update Warehouse Product' },
  { name: 's-orders-warehouse', path: '/s/orders-warehouse', area: 's', section: 'orders-warehouse', title: 'Warehouse Orders' },
  { name: 's-order-warehouse-detail', path: '/s/orders-warehouse/:id', area: 's', section: 'orders-warehouse', title: 'Warehouse Order' },
  { name: 's-warehouses', path: '/s/warehouses', area: 's', section: 'warehouses', title: 'Warehouses' },
  { name: 's-warehouse-detail', path: '/s/warehouses/:id', area: 's', section: 'warehouses', title: 'Warehouse' },
  // Customers (issue 18, docs/customers.md): the buyers of the orders; a customer's detail opens in a drawer of the list.
  { name: 'ag-customers', path: '/ag/customers', area: 'ag', title: 'Customers' },
  { name: 's-customers', path: '/s/customers', area: 's', section: 'customers', title: 'Customers' },
  // KPIs (issue 18, docs/kpis.md): the agency's figures from the roll-ups; the seller's are on /s/profit-detail.
  { name: 'ag-kpis', path: '/ag/kpis', area: 'ag', title: 'KPIs' },
] as const satisfies readonly AppRoute[];

export type RouteName = (typeof ROUTES)[number]['name'];

/**
 * Spec routes whose pages have not landed yet: the allow-lists and menus (auth/) name them already.
 * A page that lands moves its name from here into ROUTES.
 */
export const ROUTES_TO_COME = [
  'ag-tickets', 'ag-chatbot-ticket',
] as const;

/** A route name of the spec, landed or to come: the allow-lists and menus use it, so a typo fails tsc. */
export type SpecRouteName = RouteName | (typeof ROUTES_TO_COME)[number];

/** Routes reachable without a token (spec part 1 section 4). Everything else goes to /auth/login. */
export const TOKENLESS_ROUTES: readonly string[] = [
  'login', 'register', 'reset-password', 'forgot-password', 'active-success', 'subcribe-success',
  'sign-in-welcome', 'sign-in-require', 'error', 'public-product',
] satisfies readonly RouteName[];

const byName = new Map<string, AppRoute>(ROUTES.map((r) => [r.name, r]));

export function findRoute(name: string): AppRoute | undefined {
  return byName.get(name);
}

/** Fills `:param` segments of a route's path. */
export function routePath(name: RouteName, params: Record<string, string> = {}): string {
  const route = byName.get(name);
  if (!route) throw new Error(`Unknown route ${name}`);
  return route.path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
}

export interface MenuItem extends MenuEntry {
  path: string;
}

/** The menu a user sees: its area's spec menu, less what does not exist yet or is not allowed. */
export function menuFor(actor: Actor): MenuItem[] {
  const entries =
    actor.userType === 'agency' ? AGENCY_MENU
    : isWarehouseOperator(actor) ? WAREHOUSE_MENU
    : actor.userType === 'seller' ? SELLER_MENU
    : ADMIN_MENU;
  return entries.flatMap((entry) => {
    const route = byName.get(entry.route);
    return route && canOpenRoute(actor, route) ? [{ ...entry, path: route.path }] : [];
  });
}

/**
 * Landing page after login (spec part 1 section 6). When the spec's landing page is not open
 * to the user (a customer_support cannot open catalogs), the first menu entry is used instead,
 * and the profile when the user has no page yet.
 */
export function landingPath(actor: Actor): string {
  const role = roleOf(actor);
  const preferred =
    role === 'agency.order_exporter' ? 'ag-orders'
    : actor.userType === 'administrator' ? 'a-catalogs'
    : actor.userType === 'supplier' ? 'a-supplier-catalog'
    : role === 'agency.designer' ? 'ds-orders'
    : actor.userType === 'agency' ? 'ag-catalogs'
    : isWarehouseOperator(actor) ? 's-orders-warehouse'
    : 's-orders';
  const route = byName.get(preferred);
  if (route && canOpenRoute(actor, route)) return route.path;
  const first = menuFor(actor)[0];
  return first ? first.path : routePath('profile', { id: actor.userId });
}
