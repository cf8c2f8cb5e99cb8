import { describe, expect, it } from 'vitest';
import { pullOrdersBody } from '@fbo/shared/schemas/stores';
import { STORE_LIMITS } from '@fbo/shared/domain/stores';
import { addDays, inPullWindow, pullSinceWindow } from '../src/features/stores/components/pullSince';

describe("the Pull orders dialog's days", () => {
  it('offers today back to today minus pullDays, starting a week ago', () => {
    const window = pullSinceWindow('2026-03-10', '2026-03-10');
    expect(window).toEqual({ first: addDays('2026-03-10', -STORE_LIMITS.pullDays), last: '2026-03-10', initial: '2026-03-03' });
    expect(window.first).toBe('2026-01-09');
    expect(inPullWindow(window, '2026-01-08')).toBe(false);
    expect(inPullWindow(window, '2026-01-09')).toBe(true);
    expect(inPullWindow(window, '2026-03-10')).toBe(true);
    expect(inPullWindow(window, '2026-03-11')).toBe(false);
  });

  it('keeps to the days the user and the server (UTC) both accept around midnight', () => {
    // East of UTC after local midnight: the local day is UTC's tomorrow, which the server refuses.
    expect(pullSinceWindow('2026-03-11', '2026-03-10')).toMatchObject({ first: '2026-01-10', last: '2026-03-10' });
    // West of UTC late in the evening: UTC's day is the user's tomorrow, not offered.
    expect(pullSinceWindow('2026-03-10', '2026-03-11')).toMatchObject({ first: '2026-01-10', last: '2026-03-10' });
  });

  it('counts calendar days across month and year ends', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-01-03', -7)).toBe('2025-12-27');
  });

  it('offers only days the server takes', () => {
    const now = new Date();
    const utc = now.toISOString().slice(0, 10);
    const window = pullSinceWindow(utc, utc);
    expect(pullOrdersBody.safeParse({ since: window.first }).success).toBe(true);
    expect(pullOrdersBody.safeParse({ since: window.last }).success).toBe(true);
    expect(pullOrdersBody.safeParse({ since: window.initial }).success).toBe(true);
    expect(pullOrdersBody.safeParse({ since: addDays(window.last, 1) }).success).toBe(false);
    expect(pullOrdersBody.safeParse({ since: addDays(window.first, -2) }).success).toBe(false);
  });
});
