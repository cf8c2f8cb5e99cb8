import { z } from 'zod';

/**
 * Zod 4 compiles object parsers with `new Function` when it can, probing with `Function('')`.
 * The pages' CSP has no 'unsafe-eval' (apps/server/src/plugins/security-headers.ts), so the probe
 * is refused and Chromium reports a CSP violation; jitless mode never tries. Imported first by
 * main.tsx, before any schema is used.
 */
z.config({ jitless: true });
