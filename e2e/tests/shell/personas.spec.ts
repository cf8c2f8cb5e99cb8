import { test, expect, signIn, expectAccessible, expectMenu, logOut } from '../../support/fixtures';
import { headersOf } from '../../support/api';

/** Each persona lands on its page and sees exactly its menu (docs/decisions.md, Permissions). */
const PERSONAS = [
  { email: 'admin@demo.test', landing: /\/cms\/a\/catalogs$/, menu: ['Seller Catalog', 'Category Catalog', 'Agencies', 'Supplier Catalog'], heading: 'Seller Catalog' },
  { email: 'supplier@demo.test', landing: /\/cms\/a\/supplier-catalog$/, menu: ['Supplier Catalog'], heading: 'Supplier Catalog' },
  { email: 'agency@demo.test', landing: /\/cms\/ag\/catalogs$/, menu: ['KPIs', 'Product Catalog', 'Category Catalog', 'Base cost', 'Sellers', 'Orders', 'Order Items', 'Requested Designs', 'Tracking', 'Deposits', 'Invoices', 'Payouts', 'Customers', 'Stores', 'Warehouses', 'Referrals', 'Image Library', 'Email History', 'Users', 'Proxy Groups', 'Settings'], heading: 'Product Catalog' },
  { email: 'staff@demo.test', landing: /\/cms\/ag\/catalogs$/, menu: ['Product Catalog', 'Category Catalog', 'Base cost', 'Sellers', 'Tracking', 'Warehouses'], heading: 'Product Catalog' },
  { email: 'support@demo.test', landing: /\/cms\/ag\/orders$/, menu: ['Orders', 'Order Items', 'Tracking', 'Customers', 'Stores', 'Warehouses'], heading: 'Orders' },
  { email: 'accounting@demo.test', landing: /\/cms\/ag\/deposits$/, menu: ['Deposits', 'Invoices', 'Payouts', 'Proxy Groups'], heading: 'Deposits' },
  { email: 'designer@demo.test', landing: /\/cms\/ds\/orders$/, menu: ['Requested Designs', 'Image Library'], heading: 'Requested Designs' },
  { email: 'exporter@demo.test', landing: /\/cms\/ag\/orders$/, menu: ['Orders'], heading: 'Orders' },
  { email: 'seller@demo.test', landing: /\/cms\/s\/orders$/, menu: ['Orders', 'Order Items', 'Products', 'Catalogs', 'Stores', 'Balance', 'Invoices', 'Payouts', 'Profit Detail', 'Estimated Profit', 'Customers', 'Image Library', 'Warehouse Products', 'Warehouses', 'Referrals', 'Users'], heading: 'Orders' },
  { email: 'seller-accounting@demo.test', landing: /\/cms\/s\/orders$/, menu: ['Orders', 'Order Items', 'Products', 'Catalogs', 'Balance', 'Invoices', 'Customers', 'Image Library'], heading: 'Orders' },
  { email: 'seller-designer@demo.test', landing: /\/cms\/s\/orders$/, menu: ['Orders', 'Order Items', 'Image Library'], heading: 'Orders' },
  { email: 'seller-support@demo.test', landing: /\/cms\/s\/orders$/, menu: ['Orders', 'Order Items', 'Customers', 'Image Library'], heading: 'Orders' },
  { email: 'other-agency@demo.test', landing: /\/cms\/ag\/catalogs$/, menu: ['KPIs', 'Product Catalog', 'Category Catalog', 'Base cost', 'Sellers', 'Orders', 'Order Items', 'Requested Designs', 'Tracking', 'Deposits', 'Invoices', 'Payouts', 'Customers', 'Stores', 'Warehouses', 'Referrals', 'Image Library', 'Email History', 'Users', 'Proxy Groups', 'Settings'], heading: 'Product Catalog' },
  { email: 'other-seller@demo.test', landing: /\/cms\/s\/orders$/, menu: ['Orders', 'Order Items', 'Products', 'Catalogs', 'Stores', 'Balance', 'Invoices', 'Payouts', 'Profit Detail', 'Estimated Profit', 'Customers', 'Image Library', 'Warehouse Products', 'Warehouses', 'Referrals', 'Users'], heading: 'Orders' },
];

for (const persona of PERSONAS) {
  test(`${persona.email} lands on its page with exactly its menu`, async ({ page }) => {
    await signIn(page, persona.email);
    await expect(page).toHaveURL(persona.landing);
    await expect(page.getByRole('heading', { level: 1, name: persona.heading })).toBeVisible();
    await expectMenu(page, persona.menu);
    await expectAccessible(page);
  });
}

test('the seller header shows base cost, balance and profit; a sub-user sees no profit', async ({ page }) => {
  await signIn(page, 'seller@demo.test');
  const header = page.getByRole('banner');
  await expect(header.getByText('Standard')).toBeVisible();
  await expect(header.getByText('Balance')).toBeVisible();
  await expect(header.getByText('Profit')).toBeVisible();
  // Real figures from the ledger (the demo seller has seeded top-ups and profit; other journeys add more).
  await expect(header.getByText(/^\$[\d,]+\.\d\d$/).first()).toBeVisible();

  await logOut(page);

  await signIn(page, 'seller-designer@demo.test');
  await expect(page.getByRole('banner').getByText('Balance')).toBeVisible();
  await expect(page.getByRole('banner').getByText('Profit')).toHaveCount(0);
});

test('the seller lists only its own orders, with the status tabs and page sizes', async ({ page }) => {
  await signIn(page, 'seller@demo.test');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  // The demo seller's own orders only (the import journeys add some, so the figure is the API's).
  const answer = await page.request.get('/api/orders?limit=10', { headers: await headersOf(page.request, 'seller@demo.test') });
  const { total } = (await answer.json()) as { total: number };
  expect(total).toBeGreaterThanOrEqual(64);
  await expect(page.getByText(`Total ${total}`, { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Unfulfilled' }).click();
  await expect(page).toHaveURL(/status=Unfulfilled/);
});
