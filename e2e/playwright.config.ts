import { defineConfig } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3300);

/** Debian's Chromium; nothing is downloaded. Flags keep it off the (closed) network. */
export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  // Long journeys (create, publish, edit, each page checked by axe) on a loaded 2-core machine.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    // A trace records every action's page snapshot (a third of a run's time): only a failing test's retry keeps one.
    trace: 'on-first-retry',
    // The app honours the setting (no antd animations): no click lands on a menu still moving in.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync',
      ],
    },
  },
});
