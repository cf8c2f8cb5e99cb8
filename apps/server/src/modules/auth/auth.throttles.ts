/**
 * Limits on what creates accounts or sends mail (MAIL_THROTTLE): each attempt counts against its
 * e-mail and its client address, in rate_events, so the limits hold across replicas.
 */
import { MAIL_THROTTLE } from '@fbo/shared';
import type { AppContext } from '../../context';
import { takeRate, type RateRule } from '../../lib/rate-limit';

export type MailAction = 'signup' | 'resendConfirmation' | 'forgotPassword';

const windowMs = MAIL_THROTTLE.windowMinutes * 60_000;

/** The two rules of an action (exported for tests that fill a window without the slow sign-ups). */
export const mailRules = (action: MailAction): { email: RateRule; address: RateRule } => ({
  email: { bucket: `${action}:email`, limit: MAIL_THROTTLE[action].perEmail, windowMs },
  address: { bucket: `${action}:address`, limit: MAIL_THROTTLE[action].perAddress, windowMs },
});

/**
 * 429 once the e-mail or the address has used up its attempts at `action`; otherwise counts this
 * one. Called before anything is looked up, so a known and an unknown e-mail are counted alike.
 */
export async function throttleMail(ctx: AppContext, action: MailAction, email: string, address: string | undefined) {
  const rule = mailRules(action);
  await takeRate(ctx.db, [
    { rule: rule.email, key: email.trim().toLowerCase() },
    { rule: rule.address, key: address },
  ]);
}
