/**
 * Etsy counts requests per app key, not per shop: every shop the app serves draws on one per-second and one
 * per-day allowance (docs/stores-etsy.md, "Limits"). The caller keeps ONE budget per process and hands it to
 * every adapter it makes; the answers' x-limit-* / x-remaining-* headers correct what it believes.
 */
import { EtsyError } from './etsy-error';

export interface EtsyRateBudgetOptions {
  /** Requests per second for the app key; Etsy's default 10. */
  perSecond?: number;
  /** Requests per 24 hours for the app key; Etsy's default 10,000. */
  perDay?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const DAY_MS = 86_400_000;
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class EtsyRateBudget {
  perSecond: number;
  perDay: number;
  private tokens: number;
  private refilledAt: number;
  /** What is left today: Etsy's last x-remaining-today, less what was sent since. */
  private dayLeft: number;
  /** When the local day count starts again if Etsy never told us (its window slides; ours is coarser). */
  private dayResetAt: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(options: EtsyRateBudgetOptions = {}) {
    this.perSecond = options.perSecond ?? 10;
    this.perDay = options.perDay ?? 10_000;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? defaultSleep;
    this.tokens = this.perSecond;
    this.refilledAt = this.now();
    this.dayLeft = this.perDay;
    this.dayResetAt = this.refilledAt + DAY_MS;
  }

  private refill() {
    const t = this.now();
    this.tokens = Math.min(this.perSecond, this.tokens + ((t - this.refilledAt) / 1000) * this.perSecond);
    this.refilledAt = t;
    if (t >= this.dayResetAt) {
      this.dayLeft = this.perDay;
      this.dayResetAt = t + DAY_MS;
    }
  }

  /** Requests still allowed today, as far as this process knows. */
  remainingToday(): number {
    this.refill();
    return Math.max(0, Math.floor(this.dayLeft));
  }

  /**
   * Waits for a slot in this second, then counts the request. An empty day is thrown at once as a retryable
   * 'throttled' (nobody should sleep for hours inside a request).
   */
  async take(): Promise<void> {
    for (;;) {
      this.refill();
      if (this.dayLeft < 1) {
        throw new EtsyError('Etsy: the app key has no requests left today', { kind: 'throttled', retryable: true, retryAfterMs: Math.max(1000, this.dayResetAt - this.now()) });
      }
      if (this.tokens >= 1) {
        this.tokens -= 1;
        this.dayLeft -= 1;
        return;
      }
      await this.sleep(Math.ceil(((1 - this.tokens) / this.perSecond) * 1000));
    }
  }

  /** Etsy's own figures from an answer's headers (absent headers change nothing). */
  observe(headers: Headers): void {
    const read = (name: string) => {
      const value = Number(headers.get(name) ?? Number.NaN);
      return Number.isFinite(value) && value >= 0 ? value : null;
    };
    this.refill();
    const perSecond = read('x-limit-per-second');
    const perDay = read('x-limit-per-day');
    const leftSecond = read('x-remaining-this-second');
    const leftToday = read('x-remaining-today');
    if (perSecond) this.perSecond = perSecond;
    if (perDay) this.perDay = perDay;
    if (leftSecond !== null) this.tokens = Math.min(this.tokens, leftSecond);
    if (leftToday !== null) this.dayLeft = leftToday;
  }
}

/**
 * How many receipts pulls the rest of today's budget holds: each pull costs `requestsPerPull` (pages, plus the
 * reads a pull makes), and `reserve` stays for what must not starve (tracking pushes, a person's connect).
 */
export function receiptPullsThatFit(budget: EtsyRateBudget, options: { requestsPerPull?: number; reserve?: number } = {}): number {
  const perPull = Math.max(1, options.requestsPerPull ?? 1);
  return Math.max(0, Math.floor((budget.remainingToday() - (options.reserve ?? 0)) / perPull));
}
