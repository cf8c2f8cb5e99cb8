/** Etsy's scheduled receipt pull within the app key's budget (docs/stores-etsy.md): filled by the Etsy wiring. */
import type { AppContext } from '../../context';

export function registerEtsyPullJobs(_ctx: AppContext): void {}

export async function scheduleEtsyPulls(_ctx: AppContext): Promise<void> {}
