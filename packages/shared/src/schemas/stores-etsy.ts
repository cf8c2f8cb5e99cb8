/** Etsy's request and answer shapes (docs/stores-etsy.md, "Connecting"). */
import { z } from 'zod';

/** What a person reads about connecting an Etsy shop (the dialog and the server say the same). */
export const ETSY_MSG = {
  notConfigured: 'Etsy is not set up on this platform yet: ask the platform’s administrator to add the Etsy app',
  intro: 'You will approve our app on Etsy, then come back here with your shop connected.',
  pulled: 'Etsy sends no notifications of new orders: your shop’s orders are read every few minutes instead.',
  notConfirmed: 'Etsy did not confirm the connection. Please try again.',
  refused: 'The connection was refused on Etsy',
  unreachable: 'Etsy could not be reached. Please try again.',
} as const;

/**
 * The job that reads one Etsy shop's receipts since its high-water mark and advances the mark when it succeeds:
 * queued by the stores module at connect and by the scheduled pull, run by the store-orders module (neither module
 * reaches into the other, so the kind they share is named here).
 */
export const ETSY_PULL_JOB = 'store-orders.etsy-pull';

// POST /api/stores/etsy/connect: nothing to send (Etsy's approval page asks which shop); answers where to approve.
export const connectEtsyBody = z.object({}).optional();
export const connectEtsyAnswer = z.object({ url: z.string() });
export type ConnectEtsyAnswer = z.infer<typeof connectEtsyAnswer>;

// GET /api/stores/etsy/callback: where Etsy sends the browser back (RFC 6749: code and state, or error and state).
export const etsyCallbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(4096).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
}).loose();
export type EtsyCallbackQuery = z.infer<typeof etsyCallbackQuery>;
