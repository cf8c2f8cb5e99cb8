/**
 * The menus of spec part 1 section 6, whole. A menu shows only the entries whose route
 * exists in the route table (routes.ts) and that the user may open (access.ts).
 */
import type { SpecRouteName } from '../routes';

export interface MenuEntry {
  route: SpecRouteName;
  label: string;
}

export const ADMIN_MENU: readonly MenuEntry[] = [
  { route: 'a-catalogs', label: 'Seller Catalog' },
  { route: 'a-category-catalog', label: 'Category Catalog' },
  { route: 'a-agencies', label: 'Agencies' },
  { route: 'a-supplier-catalog', label: 'Supplier Catalog' },
];

export const AGENCY_MENU: readonly MenuEntry[] = [
  { route: 'ag-kpis', label: 'KPIs' },
  { route: 'ag-catalogs', label: 'Product Catalog' },
  { route: 'ag-category-catalog', label: 'Category Catalog' },
  { route: 'ag-base-cost', label: 'Base cost' },
  { route: 'ag-sellers', label: 'Sellers' },
  { route: 'ag-orders', label: 'Orders' },
  { route: 'ag-order-items', label: 'Order Items' },
  { route: 'ds-orders', label: 'Requested Designs' },
  { route: 'ag-tracking', label: 'Tracking' },
  { route: 'ag-deposits', label: 'Deposits' },
  { route: 'ag-invoices', label: 'Invoices' },
  { route: 'ag-payouts', label: 'Payouts' },
  { route: 'ag-customers', label: 'Customers' },
  { route: 'ag-stores', label: 'Stores' },
  { route: 'ag-warehouses', label: 'Warehouses' },
  { route: 'ag-referrals', label: 'Referrals' },
  { route: 'ag-image-library', label: 'Image Library' },
  { route: 'ag-tickets', label: 'Tickets' },
  { route: 'ag-chatbot-ticket', label: 'Chatbot Ticket' },
  { route: 'ag-email-history', label: 'Email History' },
  { route: 'ag-users', label: 'Users' },
  { route: 'ag-proxy-groups', label: 'Proxy Groups' },
  { route: 'ag-settings', label: 'Settings' },
];

export const SELLER_MENU: readonly MenuEntry[] = [
  { route: 's-orders', label: 'Orders' },
  { route: 's-order-items', label: 'Order Items' },
  { route: 's-products', label: 'Products' },
  { route: 's-catalogs', label: 'Catalogs' },
  { route: 's-integrations', label: 'Stores' },
  { route: 's-balance', label: 'Balance' },
  { route: 's-invoices', label: 'Invoices' },
  { route: 's-payouts', label: 'Payouts' },
  { route: 's-profit-detail', label: 'Profit Detail' },
  { route: 's-estimated-profit', label: 'Estimated Profit' },
  { route: 's-customers', label: 'Customers' },
  { route: 's-image-library', label: 'Image Library' },
  { route: 's-products-warehouse', label: 'Warehouse Products' },
  { route: 's-orders-warehouse', label: 'Warehouse Orders' },
  { route: 's-warehouses', label: 'Warehouses' },
  { route: 's-referrals', label: 'Referrals' },
  { route: 's-users', label: 'Users' },
];

/** A warehouse team's menu (docs/warehouses.md "Who works it"): the queue first, where its users land. */
export const WAREHOUSE_MENU: readonly MenuEntry[] = [
  { route: 's-orders-warehouse', label: 'Warehouse Orders' },
  { route: 's-products-warehouse', label: 'Warehouse Products' },
  { route: 's-warehouses', label: 'Warehouses' },
];
