/**
 * Etsy's per-app limits as the fake keeps them: a per-second and a per-day count for the app key (every shop
 * shares them), the x-limit-* / x-remaining-* headers on each answer, 429 with Retry-After past either.
 */
export interface LimitState {
  perSecond: number;
  perDay: number;
  usedToday: number;
  second: number;
  usedThisSecond: number;
}

export function createLimits(initial: { perSecond?: number; perDay?: number }) {
  const state: LimitState = { perSecond: initial.perSecond ?? 10, perDay: initial.perDay ?? 10_000, usedToday: 0, second: 0, usedThisSecond: 0 };

  /** Counts one request; answers which limit it broke (if any) and the headers to send. */
  function count(): { over: 'second' | 'day' | null; headers: Record<string, string> } {
    const second = Math.floor(Date.now() / 1000);
    if (second !== state.second) {
      state.second = second;
      state.usedThisSecond = 0;
    }
    let over: 'second' | 'day' | null = null;
    if (state.usedToday >= state.perDay) over = 'day';
    else if (state.usedThisSecond >= state.perSecond) over = 'second';
    else {
      state.usedToday++;
      state.usedThisSecond++;
    }
    return {
      over,
      headers: {
        'x-limit-per-second': String(state.perSecond),
        'x-remaining-this-second': String(Math.max(0, state.perSecond - state.usedThisSecond)),
        'x-limit-per-day': String(state.perDay),
        'x-remaining-today': String(Math.max(0, state.perDay - state.usedToday)),
      },
    };
  }

  function set(input: { perSecond?: number; perDay?: number; usedToday?: number }) {
    if (input.perSecond !== undefined) state.perSecond = input.perSecond;
    if (input.perDay !== undefined) state.perDay = input.perDay;
    if (input.usedToday !== undefined) state.usedToday = input.usedToday;
  }

  return { state, count, set };
}
