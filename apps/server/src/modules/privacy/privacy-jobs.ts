/** The scheduled completion of waiting erasures (docs/stores.md, "Privacy"): orders that closed since are erased. */
import type { AppContext } from '../../context';
import { completeWaitingErasures } from './privacy-erase';

export const PRIVACY_COMPLETE_JOB = 'privacy.complete';
/** Every 30 minutes: an erasure waits at most that long after its last order closed. */
export const PRIVACY_COMPLETE_CRON = '*/30 * * * *';

export function registerPrivacyJobs(ctx: AppContext): void {
  ctx.jobs.register(PRIVACY_COMPLETE_JOB, async () => ({ ok: true, ...(await completeWaitingErasures(ctx.db)) }));
}

export async function schedulePrivacy(ctx: AppContext): Promise<void> {
  await ctx.jobs.schedule({ name: PRIVACY_COMPLETE_JOB, kind: PRIVACY_COMPLETE_JOB, cron: PRIVACY_COMPLETE_CRON });
}
