import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { test, expect, signIn, expectAccessible, clickUntil } from '../../support/fixtures';
import { headersOf } from '../../support/api';

/**
 * expectAccessible on part of a page: the seller detail and /s/balance also hold other modules'
 * cards (deposits, seller information), which their own specs check.
 */
async function expectAccessibleIn(page: Page, include: string, exclude?: string) {
  let builder = new AxeBuilder({ page }).include(include);
  if (exclude) builder = builder.exclude(exclude);
  const results = await builder.analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`)).toEqual([]);
}

/** The newest toast saying this (older toasts linger). */
const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text).last();
const uniqueTag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}${test.info().retry}`;

/** Demo Seller's team id, read as the owner. */
async function demoTeamId(request: APIRequestContext) {
  const res = await request.get('/api/invoices/seller-teams', { headers: await headersOf(request, 'agency@demo.test') });
  const teams = (await res.json()).data as { id: string; name: string }[];
  return teams.find((t) => t.name === 'Demo Seller')!.id;
}

/** An adjustment made through the API as the owner; answers the invoice id. */
async function adjustByApi(request: APIRequestContext, teamId: string, amount: number, reason: string) {
  const res = await request.post(`/api/balances/seller-teams/${teamId}/adjust`, {
    headers: { ...(await headersOf(request, 'agency@demo.test')), 'idempotency-key': `e2e-${crypto.randomUUID()}` },
    data: { amount, reason },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { invoiceId: string; balance: { amount: number } };
}

async function downloadText(page: Page, click: () => Promise<void>) {
  const download = page.waitForEvent('download');
  await click();
  const file = await (await download).path();
  return readFileSync(file!, 'utf8');
}

test('the owner adjusts a seller balance from Bills, opens the invoice and exports it', async ({ page, request }) => {
  test.slow();
  const tag = uniqueTag();
  const reason = `E2E goodwill credit ${tag}`;
  const teamId = await demoTeamId(request);

  await signIn(page, 'agency@demo.test');
  await page.goto(`/cms/ag/sellers/${teamId}`);
  const bills = page.locator('.ant-card').filter({ has: page.getByText('Bills', { exact: true }) });
  await expect(bills.getByRole('tab', { name: 'Payment' })).toBeVisible();
  await expectAccessibleIn(page, '.bills-card');

  // The dialog's rules first.
  await clickUntil(bills.getByRole('button', { name: 'Adjust balance' }), () => expect(page.getByRole('dialog', { name: 'Adjust balance' })).toBeVisible());
  const dialog = page.getByRole('dialog', { name: 'Adjust balance' });
  await dialog.getByRole('button', { name: 'Adjust' }).click();
  await expect(dialog.getByText('Please input amount')).toBeVisible();
  await expect(dialog.getByText('Please input reason')).toBeVisible();
  await expectAccessibleIn(page, '.ant-modal');

  await dialog.getByLabel(/Amount/).fill('12.34');
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Adjust' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Please confirm the adjustment' });
  await expect(confirm).toContainText('Current balance: $');
  await expect(confirm).toContainText('New balance: $');
  await expect(confirm).toContainText('Credit $12.34');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, /Balance adjusted/)).toBeVisible();
  await expect(dialog).toBeHidden();

  // The IN invoice is the newest row of Payment; Debts does not list it.
  const firstRow = bills.locator('.ant-table-tbody tr.ant-table-row').first();
  await expect(firstRow).toContainText('$12.34');
  await expect(firstRow).toContainText('IN');
  const name = (await firstRow.getByRole('link').textContent())!.trim();
  expect(name).toMatch(/^IN-\d{6}$/);
  await bills.getByRole('tab', { name: 'Debts' }).click();
  await expect(bills.getByRole('link', { name })).toHaveCount(0);
  await bills.getByRole('tab', { name: 'Payment' }).click();

  await bills.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/cms\/ag\/invoices\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: `Invoice ${name}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Invoice lines' })).toContainText(reason);
  await expectAccessible(page);
  const csv = await downloadText(page, () => page.getByRole('button', { name: 'Export' }).click());
  expect(csv).toContain(name);
  expect(csv).toContain(reason);
  expect(csv).toContain('12.34');
});

test('/ag/invoices: tabs, search and seller filter in the address, export of the current filter', async ({ page, request }) => {
  test.slow();
  const tag = uniqueTag();
  const teamId = await demoTeamId(request);
  const made = await adjustByApi(request, teamId, -0.5, `E2E debit ${tag}`);

  await signIn(page, 'accounting@demo.test');
  await page.goto('/cms/ag/invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'Debts' }).click();
  await expect(page).toHaveURL(/activeName=debts/);
  const row = page.locator('.ant-table-tbody tr.ant-table-row').first();
  await expect(row).toContainText('OUT');
  await expect(row).toContainText('Demo Seller');
  const name = (await row.getByRole('link').first().textContent())!.trim();

  await page.getByLabel('Invoice name').fill(`  ${name}  `);
  await expect(page).toHaveURL(new RegExp(`search=${name}`));
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await page.reload();
  await expect(page.getByLabel('Invoice name')).toHaveValue(name);
  await expect(page.getByRole('tab', { name: 'Debts', selected: true })).toBeVisible();

  const csv = await downloadText(page, () => page.getByRole('button', { name: 'Export' }).click());
  expect(csv.trim().split(/\r?\n/)).toHaveLength(2);
  expect(csv).toContain(name);

  await page.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/cms/ag/invoices/${made.invoiceId}$`));
  await expect(page.getByText(`E2E debit ${tag}`).first()).toBeVisible();
  await expectAccessible(page);
});

test('the seller sees the adjustment with its running balance on /s/balance and opens its invoice', async ({ page, request }) => {
  test.slow();
  const tag = uniqueTag();
  const reason = `E2E seller view ${tag}`;
  const made = await adjustByApi(request, await demoTeamId(request), 7.25, reason);

  await signIn(page, 'seller@demo.test');
  await page.goto('/cms/s/balance');
  await expect(page.getByRole('heading', { level: 1, name: 'Balance' })).toBeVisible();
  const ledger = page.getByRole('region', { name: 'Ledger' });
  const rows = ledger.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toContainText(reason);
  await expect(rows.first()).toContainText('Adjustment');
  await expect(rows.first()).toContainText('+$7.25');
  await expectAccessibleIn(page, 'body', '.balance-deposit-requests');

  // Running balance: this row's balance = the next (older) row's balance + this amount.
  const cells = async (i: number) => rows.nth(i).locator('td').allTextContents();
  const [newer, older] = [await cells(0), await cells(1)];
  const signed = (text: string) => (text.trim().startsWith('-') ? -1 : 1) * Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
  // Date, Type, Description, Invoice, Amount, Balance after.
  expect(signed(newer[5]!)).toBe(signed(older[5]!) + signed(newer[4]!));
  expect(signed(newer[5]!)).toBe(Math.round(made.balance.amount * 100));
  // The header shows the same balance.
  await expect(page.getByText(/\$[\d,]+\.\d\d/).first()).toBeVisible();

  // Filters live in the address.
  await page.locator('label.ant-radio-button-wrapper', { hasText: '30 days' }).click();
  await expect(page).toHaveURL(/range=30/);
  await expect(rows.first()).toContainText(reason);
  const csv = await downloadText(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
  expect(csv).toContain(reason);

  // Its invoice, from the seller's side.
  await rows.first().getByRole('link', { name: /View invoice/ }).click();
  await expect(page).toHaveURL(new RegExp(`/cms/s/invoices/${made.invoiceId}$`));
  await expect(page.getByRole('region', { name: 'Invoice lines' })).toContainText(reason);
  await expectAccessible(page);

  await page.goto('/cms/s/invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  await expect(page.getByLabel('Seller team')).toHaveCount(0);
  await expectAccessible(page);
});
