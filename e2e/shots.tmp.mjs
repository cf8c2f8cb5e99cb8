// Temporary manual-check script (not committed): signs in as personas and screenshots pages.
import { chromium } from '@playwright/test';
const base = process.env.BASE ?? 'http://localhost:3000';
const plan = JSON.parse(process.argv[2]);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
for (const [email, pages] of Object.entries(plan)) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${base}/cms/auth/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.includes('/auth/login'));
  for (const [name, path] of pages) {
    await page.goto(`${base}/cms${path}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: false });
    console.log('shot', name, page.url());
  }
  await page.close();
}
await browser.close();
