import { describe, expect, it } from 'vitest';
import {
  AGENCY_MENU, ROUTES, can, canOpenRoute, findRoute, forbiddenRedirect, landingPath, menuFor, roleOf,
} from '../src/index';
import { PERSONAS } from './personas';

const labels = (actor: (typeof PERSONAS)[keyof typeof PERSONAS]) => menuFor(actor).map((m) => m.label);

describe('roles', () => {
  it('maps user type and authority to a role', () => {
    expect(roleOf(PERSONAS.agency)).toBe('agency.owner');
    expect(roleOf(PERSONAS.support)).toBe('agency.customer_support');
    expect(roleOf(PERSONAS.seller)).toBe('seller.manager');
    expect(roleOf(PERSONAS.sellerDesigner)).toBe('seller.designer');
  });
});

describe('landing page after login (spec part 1 section 6)', () => {
  it.each([
    ['admin', '/a/catalogs'],
    ['supplier', '/a/supplier-catalog'],
    ['agency', '/ag/catalogs'],
    ['staff', '/ag/catalogs'],
    ['designer', '/ds/orders'],
    ['exporter', '/ag/orders'],
    ['support', '/ag/orders'],
    ['seller', '/s/orders'],
    ['sellerAccounting', '/s/orders'],
    ['sellerExporter', '/s/orders'],
    ['warehouseManager', '/s/orders-warehouse'],
    ['warehouseStaff', '/s/orders-warehouse'],
  ] as const)('%s lands on %s', (persona, path) => {
    expect(landingPath(PERSONAS[persona])).toBe(path);
  });

  it('a user whose spec landing page is closed to it lands on its first menu entry', () => {
    expect(landingPath(PERSONAS.accounting)).toBe('/ag/deposits');
  });
});

describe('menus are the spec menus less what does not exist or is not allowed', () => {
  it.each([
    ['admin', ['Seller Catalog', 'Category Catalog', 'Agencies', 'Supplier Catalog']],
    ['supplier', ['Supplier Catalog']],
    ['agency', ['KPIs', 'Product Catalog', 'Category Catalog', 'Base cost', 'Sellers', 'Orders', 'Order Items', 'Requested Designs', 'Tracking', 'Deposits', 'Invoices', 'Payouts', 'Customers', 'Stores', 'Warehouses', 'Referrals', 'Image Library', 'Email History', 'Users', 'Proxy Groups', 'Settings']],
    ['staff', ['Product Catalog', 'Category Catalog', 'Base cost', 'Sellers', 'Tracking', 'Warehouses']],
    ['support', ['Orders', 'Order Items', 'Tracking', 'Customers', 'Stores', 'Warehouses']],
    ['accounting', ['Deposits', 'Invoices', 'Payouts', 'Proxy Groups']],
    ['designer', ['Requested Designs', 'Image Library']],
    ['exporter', ['Orders']],
    ['acceptDesign', ['Product Catalog', 'Orders', 'Order Items', 'Requested Designs']],
    ['seller', ['Orders', 'Order Items', 'Products', 'Catalogs', 'Stores', 'Balance', 'Invoices', 'Payouts', 'Profit Detail', 'Estimated Profit', 'Customers', 'Image Library', 'Warehouse Products', 'Warehouses', 'Referrals', 'Users']],
    // A warehouse team's users: the operator's menu, whatever their sub-role (docs/warehouses.md).
    ['warehouseManager', ['Warehouse Orders', 'Warehouse Products', 'Warehouses']],
    ['warehouseStaff', ['Warehouse Orders', 'Warehouse Products', 'Warehouses']],
    ['sellerDesigner', ['Orders', 'Order Items', 'Image Library']],
    ['sellerExporter', ['Orders']],
  ] as const)('%s sees %j', (persona, expected) => {
    expect(labels(PERSONAS[persona])).toEqual(expected);
  });

  it('agency staff never sees Deposits, Users, Customers or Email History', () => {
    const hidden = ['Deposits', 'Users', 'Customers', 'Email History'];
    const staffEntries = AGENCY_MENU.filter((m) => canOpenRoute(PERSONAS.staff, { name: m.route, area: m.route.startsWith('ds') ? 'ds' : 'ag' }));
    expect(staffEntries.map((m) => m.label)).toEqual(['Product Catalog', 'Category Catalog', 'Base cost', 'Sellers', 'Tracking', 'Warehouses']);
    expect(staffEntries.some((m) => hidden.includes(m.label))).toBe(false);
  });

  it('the full menus per special staff match spec part 1 section 6', () => {
    const full = (actor: (typeof PERSONAS)[keyof typeof PERSONAS]) =>
      AGENCY_MENU.filter((m) => canOpenRoute(actor, { name: m.route, area: m.route.startsWith('ds') ? 'ds' : 'ag' })).map((m) => m.label);
    expect(full(PERSONAS.support)).toEqual(['Orders', 'Order Items', 'Tracking', 'Customers', 'Stores', 'Warehouses', 'Chatbot Ticket']);
    expect(full(PERSONAS.accounting)).toEqual(['Deposits', 'Invoices', 'Payouts', 'Proxy Groups']);
    expect(full(PERSONAS.designer)).toEqual(['Requested Designs', 'Image Library']);
    expect(full(PERSONAS.exporter)).toEqual(['Orders']);
  });
});

describe('route guard', () => {
  const route = (name: string) => findRoute(name)!;

  it('keeps every area to its own users', () => {
    expect(canOpenRoute(PERSONAS.seller, route('ag-orders'))).toBe(false);
    expect(canOpenRoute(PERSONAS.agency, route('s-orders'))).toBe(false);
    expect(canOpenRoute(PERSONAS.supplier, route('a-catalogs'))).toBe(false);
    expect(canOpenRoute(PERSONAS.admin, route('ag-catalogs'))).toBe(false);
  });

  it('sends a sub-role typing a forbidden route to /no-access', () => {
    expect(canOpenRoute(PERSONAS.support, route('ag-catalogs'))).toBe(false);
    expect(forbiddenRedirect(PERSONAS.support, 'ag-catalogs')).toBe('/no-access');
  });

  it('sends agency staff opening deposits, customers, users or email history to /', () => {
    for (const name of ['ag-deposits', 'ag-customers', 'ag-users', 'ag-email-history']) {
      expect(canOpenRoute(PERSONAS.staff, { name, area: 'ag' })).toBe(false);
      expect(forbiddenRedirect(PERSONAS.staff, name)).toBe('/');
    }
    expect(forbiddenRedirect(PERSONAS.support, 'ag-deposits')).toBe('/no-access');
  });

  it('lets everyone signed in open the profile and nobody signed out', () => {
    for (const actor of Object.values(PERSONAS)) expect(canOpenRoute(actor, route('profile'))).toBe(true);
    expect(canOpenRoute(null, route('profile'))).toBe(false);
    expect(canOpenRoute(null, route('login'))).toBe(true);
  });

  it('gives seller sub-users only their sections', () => {
    const invoices = { name: 's-invoices', area: 's' as const, section: 'invoices' };
    expect(canOpenRoute(PERSONAS.sellerAccounting, invoices)).toBe(true);
    expect(canOpenRoute(PERSONAS.sellerDesigner, invoices)).toBe(false);
    expect(canOpenRoute(PERSONAS.seller, invoices)).toBe(true);
  });

  it('names every route uniquely', () => {
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
  });
});

describe('warehouse operators (docs/warehouses.md "Who works it")', () => {
  const route = (name: string) => findRoute(name)!;
  it('opens the queue to the warehouse team only, the stock pages to owners and operators', () => {
    expect(canOpenRoute(PERSONAS.warehouseManager, route('s-orders-warehouse'))).toBe(true);
    expect(canOpenRoute(PERSONAS.seller, route('s-orders-warehouse'))).toBe(false);
    expect(canOpenRoute(PERSONAS.seller, route('s-products-warehouse'))).toBe(true);
    expect(canOpenRoute(PERSONAS.sellerDesigner, route('s-products-warehouse'))).toBe(false);
    for (const name of ['s-orders', 's-balance', 's-integrations', 's-products', 's-users']) {
      expect(canOpenRoute(PERSONAS.warehouseManager, route(name)), name).toBe(false);
    }
  });
  it('never lets a role rule reach past the operator allow-list', () => {
    for (const p of ['orders.seller.act', 'orders.import', 'seller.balance', 'money.adjust', 'products.manage', 'warehouseProducts.manage'] as const) {
      expect(can(PERSONAS.warehouseManager, p), p).toBe(false);
    }
    expect(can(PERSONAS.warehouseManager, 'warehouse.operate')).toBe(true);
    expect(can(PERSONAS.warehouseStaff, 'warehouse.operate')).toBe(true);
    expect(can(PERSONAS.warehouseManager, 'notifications')).toBe(true);
    expect(can(PERSONAS.seller, 'warehouse.operate')).toBe(false);
    expect(can(PERSONAS.seller, 'warehouseProducts.manage')).toBe(true);
  });
  it('lets the agency owner manage warehouses, staff adjust, support read', () => {
    expect(can(PERSONAS.agency, 'warehouses.manage')).toBe(true);
    expect(can(PERSONAS.staff, 'warehouses.manage')).toBe(false);
    expect(can(PERSONAS.staff, 'warehouses.adjust')).toBe(true);
    expect(can(PERSONAS.support, 'warehouses.agency')).toBe(true);
    expect(can(PERSONAS.support, 'warehouses.adjust')).toBe(false);
    expect(can(PERSONAS.accounting, 'warehouses.agency')).toBe(false);
  });
});

describe('API permissions follow the screens', () => {
  it('loads notifications only for agency and seller types, balance only for sellers', () => {
    expect(can(PERSONAS.admin, 'notifications')).toBe(false);
    expect(can(PERSONAS.support, 'notifications')).toBe(true);
    expect(can(PERSONAS.sellerDesigner, 'seller.balance')).toBe(true);
    expect(can(PERSONAS.agency, 'seller.balance')).toBe(false);
    expect(can(PERSONAS.sellerDesigner, 'seller.profit')).toBe(false);
    expect(can(PERSONAS.seller, 'seller.profit')).toBe(true);
  });

  it('lets only roles whose screens need them read orders and catalogs', () => {
    expect(can(PERSONAS.exporter, 'orders.agency')).toBe(true);
    expect(can(PERSONAS.staff, 'orders.agency')).toBe(false);
    expect(can(PERSONAS.designer, 'orders.design')).toBe(true);
    expect(can(PERSONAS.designer, 'orders.agency')).toBe(false);
    expect(can(PERSONAS.supplier, 'catalogs.supplier')).toBe(true);
    expect(can(PERSONAS.supplier, 'catalogs.master')).toBe(false);
    expect(can(null, 'authenticated')).toBe(false);
    expect(can(null, 'public')).toBe(true);
  });
});
