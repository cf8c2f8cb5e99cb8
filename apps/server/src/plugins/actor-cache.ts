/**
 * Per-process memory for the two costs every signed-in request pays before its handler runs:
 * verifying the token's signature, and reading its user row (status, token version, role).
 *
 * - Verified tokens: a token's signature and claims never change; only its expiry does, which is
 *   checked on every hit. Safe to keep until it expires.
 * - User rows: kept for ROW_TTL_MS, for reads only (GET/HEAD). Every write request on this process
 *   ends (after its commit, before its answer is sent) by starting a new generation; a row read in
 *   an older generation is never served again, so a logout, a
 *   password change, a disabled user or a changed role answered by this process is seen by the
 *   very next request. Another replica sees it within ROW_TTL_MS; write requests always read the
 *   row fresh, so a disabled user can never change anything (docs/architecture.md, "Request path").
 */
export const ROW_TTL_MS = 2_000;
/** Both maps are bounded: when full they start over (a burst of new users costs reads, not memory). */
const MAX_ENTRIES = 20_000;

export interface TokenClaims {
  userId: string;
  tokenVersion: number;
}

interface Row<T> {
  value: T;
  readAt: number;
  generation: number;
}

export class ActorCache<T> {
  private readonly tokens = new Map<string, { claims: TokenClaims; expiresAt: number }>();
  private readonly rows = new Map<string, Row<T>>();
  private generation = 0;

  constructor(private readonly now: () => number = Date.now) {}

  claimsOf(token: string): TokenClaims | undefined {
    const hit = this.tokens.get(token);
    if (!hit) return undefined;
    if (hit.expiresAt > this.now()) return hit.claims;
    this.tokens.delete(token);
    return undefined;
  }

  rememberClaims(token: string, claims: TokenClaims, expiresAt: number): void {
    if (this.tokens.size >= MAX_ENTRIES) this.tokens.clear();
    this.tokens.set(token, { claims, expiresAt });
  }

  /** The generation a read starts in: a row read now may be kept only if no write came meanwhile. */
  currentGeneration(): number {
    return this.generation;
  }

  rowOf(userId: string): T | undefined {
    const hit = this.rows.get(userId);
    if (!hit) return undefined;
    if (hit.generation === this.generation && this.now() - hit.readAt < ROW_TTL_MS) return hit.value;
    this.rows.delete(userId);
    return undefined;
  }

  rememberRow(userId: string, value: T, readInGeneration: number, readAt: number): void {
    if (readInGeneration !== this.generation) return;
    if (this.rows.size >= MAX_ENTRIES) this.rows.clear();
    this.rows.set(userId, { value, readAt, generation: readInGeneration });
  }

  /** A write request is answering: rows read before its commit are no longer served. */
  startGeneration(): void {
    this.generation += 1;
    this.rows.clear();
  }
}
