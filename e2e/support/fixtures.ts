import { test as base, expect, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export const DEMO_PASSWORD = 'demo-password';

/** Signs in through the real login form and waits for the landing page. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/cms/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

/**
 * Clicks until `done` holds: a click that lands while a dialog or carousel is still animating in
 * can be lost on a loaded machine, as a person would simply click again. `prepare` runs before each
 * try (to open the menu the target sits in, say).
 */
export async function clickUntil(target: Locator, done: () => Promise<void>, prepare?: () => Promise<void>) {
  await expect(async () => {
    await prepare?.();
    try {
      await target.click({ timeout: 2000 });
    } catch (error) {
      // A click that landed while the page was still settling can report a timeout after it opened
      // the dialog (whose overlay then blocks every further click): look before trying again.
      await done().catch(() => {
        throw error;
      });
      return;
    }
    await done();
  }).toPass({ timeout: 30_000 });
}

/**
 * Picks `option` in the antd select `select` (its combobox) and checks the select shows it: a click
 * that lands while the dropdown is still being placed (a loaded machine, a page that scrolls) is
 * tried again, as a person would pick again.
 */
export async function pickOption(page: Page, select: Locator, option: string) {
  // antd 6 keeps the chosen option's text as the title of the combobox's wrapper.
  const shown = select.locator('xpath=..');
  await expect(async () => {
    if (!(await page.locator('.ant-select-dropdown:visible').count())) await select.click({ timeout: 2000 });
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).click({ timeout: 2000 });
    await expect(shown).toHaveAttribute('title', option, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/**
 * Opens the dropdown menu behind `opener` and picks `item` until `done` holds: on a loaded machine a
 * click can land while the menu is still animating in, or the fixed header can catch it and the menu
 * closes; a person would open the menu again and pick again. `done` must hold once the pick took
 * effect (a dialog shows, the address changes), so a pick is never made twice.
 */
export async function pickFromMenu(page: Page, opener: Locator, item: string, done: () => Promise<void>) {
  const entry = page.getByRole('menuitem', { name: item });
  await clickUntil(entry, done, async () => {
    if (!(await entry.isVisible())) await opener.click({ timeout: 2000 });
  });
}

/** Logs out through the user menu and waits for the login page. */
/**
 * The main menu's entries, exactly these labels in this order. The Orders entry may carry the count of orders that
 * need attention (a badge that loads after the menu, "Orders 57", "Orders 1,000+"): the label is what is compared.
 */
export async function expectMenu(page: Page, labels: string[]) {
  const entries = page.getByRole('navigation', { name: 'Main menu' }).getByRole('menuitem');
  const escaped = (label: string) => label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(entries).toHaveText(labels.map((label) => new RegExp(`^${escaped(label)}(\\s*[\\d,]+\\+?)?$`)));
}

export async function logOut(page: Page) {
  await pickFromMenu(page, page.getByRole('button', { name: /Account menu/ }), 'Logout', async () => {
    await expect(page).toHaveURL(/\/cms\/auth\/login$/, { timeout: 5000 });
  });
}

/** No serious or critical axe violation on the current page. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`)).toEqual([]);
}

/**
 * Every test fails on a Content-Security-Policy violation the browser reports on any page of its
 * context: the CSP (apps/server/src/plugins/security-headers.ts) must never block the app's own
 * scripts, styles, images or requests. Two listeners, because each misses something: the DOM's
 * `securitypolicyviolation` event says which directive and address, and Chromium's console
 * "Refused to ..." errors also cover what has no document listener yet (workers, early loads).
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const seen: string[] = [];
      context.on('console', (message) => {
        if (message.type() === 'error' && message.text().startsWith('Refused to ')) seen.push(`${message.text()} (${message.location().url})`);
      });
      await context.exposeBinding('__reportCspViolation', (_source, text: string) => {
        seen.push(text);
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __reportCspViolation?: (text: string) => void }).__reportCspViolation;
          void report?.(`CSP ${event.effectiveDirective} blocked ${event.blockedURI || 'inline code'} in ${event.sourceFile || event.documentURI}:${event.lineNumber}`);
        });
      });
      await use(seen);
      expect(seen, 'Content-Security-Policy violations reported by the browser').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
