import type { Page } from '@playwright/test';
import { test, expect, signIn, logOut, expectAccessible, clickUntil, pickOption } from '../../support/fixtures';
import { ordersOf } from '../../support/api';

/**
 * The design service (docs/orders.md, "Design service"): the seller hires a designer, the agency
 * assigns designer@demo.test, the designer puts the artwork on and sends it for review, and the
 * seller approves it: the design price is charged to its balance.
 */
type Row = { id: string; orderName: string; itemCount: number; addressStatus: number; designStatus: string | null; sellerTeam: { name: string } };

const designCard = (page: Page) => page.locator('.ant-card').filter({ has: page.locator('.ant-card-head', { hasText: 'Design service' }) });
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text).last();

/** Opens a dialog with its button (retrying a click lost to an animation) and returns the dialog. */
async function openDialog(page: Page, button: string, title: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await clickUntil(designCard(page).getByRole('button', { name: button }), async () => expect(dialog).toBeVisible({ timeout: 1000 }));
  return dialog;
}

/** Confirms a step asked in a confirmation dialog. */
async function confirmStep(page: Page, button: string, ok: string) {
  const confirm = page.getByRole('dialog');
  await clickUntil(designCard(page).getByRole('button', { name: button }), async () => expect(confirm).toBeVisible({ timeout: 1000 }));
  await confirm.getByRole('button', { name: ok }).click();
  await expect(toast(page, 'Update success')).toBeVisible();
}

test('a design request goes from the seller to the designer and back, and its approval charges the seller', async ({ page, request }) => {
  test.setTimeout(240_000);
  const candidates = (await ordersOf<Row>(request, 'seller@demo.test', 'status=Unfulfilled&limit=200')).filter(
    (o) => o.designStatus === null && o.itemCount > 0 && o.addressStatus !== 0,
  );
  expect(candidates.length).toBeGreaterThan(0);
  // From the end: the lists and detail journeys act on the first Unfulfilled orders.
  const order = candidates[candidates.length - 1]!;

  // The seller hires a designer.
  await signIn(page, 'seller@demo.test');
  await page.goto(`/cms/s/orders/${order.id}`);
  await expect(designCard(page)).toContainText('Not requested');
  const hire = await openDialog(page, 'Hire designer', 'Hire designer');
  await hire.getByLabel('What should the design look like?').fill('Bold retro sunset with the shop name');
  await expectAccessible(page);
  await hire.getByRole('button', { name: 'Hire' }).click();
  await expect(toast(page, 'Update success')).toBeVisible();
  await expect(designCard(page)).toContainText('Assign');
  await expect(designCard(page)).toContainText('$5.00');
  await logOut(page);

  // The agency assigns its designer.
  await signIn(page, 'agency@demo.test');
  await page.goto(`/cms/ag/orders/${order.id}`);
  const assign = await openDialog(page, 'Assign designer', 'Assign designer');
  await pickOption(page, assign.getByRole('combobox', { name: 'Designer' }), 'Dana Designer (designer@demo.test)');
  await assign.getByRole('button', { name: 'Assign' }).click();
  await expect(toast(page, 'Update success')).toBeVisible();
  await expect(designCard(page)).toContainText('designer@demo.test');
  await logOut(page);

  // The designer puts the artwork on and sends it for review.
  await signIn(page, 'designer@demo.test');
  await page.goto(`/cms/ds/orders/${order.id}`);
  const upload = await openDialog(page, 'Upload design', 'Upload design');
  await upload.getByRole('textbox', { name: 'Artwork 1', exact: true }).fill('https://cdn.example.test/designs/sunset-front.png');
  await expectAccessible(page);
  await upload.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Update success')).toBeVisible();
  await confirmStep(page, 'Send for review', 'Send');
  await expect(designCard(page)).toContainText('In Review');
  await logOut(page);

  // The seller approves it: $5.00 is charged.
  await signIn(page, 'seller@demo.test');
  await page.goto(`/cms/s/orders/${order.id}`);
  await confirmStep(page, 'Approve design', 'Approve');
  await expect(designCard(page)).toContainText('Approved');
  await expect(designCard(page)).toContainText(/Charged\s*\$5\.00/);
  await expectAccessible(page);
});
