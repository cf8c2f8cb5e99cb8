import { defineConfig } from 'vitest/config';

/** Unit tests (shared rules) and API tests (server through app.inject) in one run: `npm test`. */
export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'apps/server/test/**/*.test.ts', 'apps/web/test/**/*.test.ts'],
    globalSetup: ['apps/server/test/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: two workers keep both busy without thrashing PGlite's memory.
    maxWorkers: 2,
  },
});
