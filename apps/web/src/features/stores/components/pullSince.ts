import { STORE_LIMITS } from '@fbo/shared/domain/stores';

/** The days a pull may start from, as 'YYYY-MM-DD' (both ends included). */
export interface PullSinceWindow {
  first: string;
  last: string;
  /** The form's starting value: a week before the last day. */
  initial: string;
}

const DAY_MS = 86_400_000;
const DEFAULT_DAYS_BACK = 7;

/** 'YYYY-MM-DD' moved by whole days (calendar arithmetic in UTC, so no clock change shifts it). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

const minDay = (a: string, b: string) => (a < b ? a : b);
const maxDay = (a: string, b: string) => (a > b ? a : b);

/**
 * The server takes a day whose UTC midnight is past and at most STORE_LIMITS.pullDays (+1) days ago. The
 * user's calendar is local: the window is what both agree on, so no day offered is refused and no day in
 * the user's future is offered (a few hours around midnight either end may lose a day).
 */
export function pullSinceWindow(localToday: string, utcToday: string): PullSinceWindow {
  const last = minDay(localToday, utcToday);
  const first = addDays(maxDay(localToday, utcToday), -STORE_LIMITS.pullDays);
  return { first, last, initial: maxDay(first, addDays(last, -DEFAULT_DAYS_BACK)) };
}

/** The window at a moment, from the browser's own calendar and UTC's. */
export function pullSinceWindowAt(now: Date): PullSinceWindow {
  const pad = (n: number) => String(n).padStart(2, '0');
  const local = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return pullSinceWindow(local, now.toISOString().slice(0, 10));
}

/** True when the day may be chosen (the date picker greys out the others). */
export const inPullWindow = (window: PullSinceWindow, day: string) => day >= window.first && day <= window.last;
