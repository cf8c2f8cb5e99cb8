/**
 * Remembers for a few seconds which counts reached their cap ("10,000+"). On a large scope the
 * capped count is the most expensive part of a list request, and a count above its cap stays
 * above it while orders come and go a few at a time. A count under its cap is never remembered:
 * it is cheap to take again and must be exact (docs/orders.md, "Lists and filters").
 */
export class CappedCounts {
  private readonly until = new Map<string, number>();

  constructor(private readonly ttlMs = 15_000, private readonly maxEntries = 10_000) {}

  /** Whether this count was found at its cap within the last ttl. */
  isCapped(key: string, now = Date.now()): boolean {
    const expiry = this.until.get(key);
    if (expiry === undefined) return false;
    if (expiry > now) return true;
    this.until.delete(key);
    return false;
  }

  remember(key: string, now = Date.now()): void {
    // A Map keeps insertion order: when full, the oldest entry goes first.
    if (this.until.size >= this.maxEntries) this.until.delete(this.until.keys().next().value as string);
    this.until.set(key, now + this.ttlMs);
  }
}

/** A stable key for a scope and its filters (paging left out). */
export function countKey(kind: string, scope: object, filters: object): string {
  const { page: _page, limit: _limit, ...rest } = filters as Record<string, unknown>;
  const sorted = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== null && v !== '').sort(([a], [b]) => a.localeCompare(b)));
  return `${kind}:${JSON.stringify(scope)}:${JSON.stringify(sorted)}`;
}
