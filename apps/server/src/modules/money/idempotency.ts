/**
 * `Idempotency-Key` on money-moving requests (docs/money.md). The key is claimed by inserting
 * its row first, in the same transaction as the change: a concurrent duplicate waits on the
 * unique key until the first commits, then finds the stored answer and returns it, moving
 * nothing. A failed request rolls its claim back, so a retry after an error runs again.
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { MONEY_LIMITS, MONEY_MSG } from '@fbo/shared/domain/money';
import type { Db, Tx } from '../../db/client';
import { idempotencyKeys } from '../../db/schema/index';
import { badRequest, conflict } from '../../lib/errors';

export interface MoneyAnswer<T> {
  statusCode: number;
  body: T;
  /** True when this answer is a replay of the first one. */
  replayed: boolean;
}

const KEY_PATTERN = /^[A-Za-z0-9_\-:.]{8,128}$/;

/**
 * What a money-moving request brings for its Idempotency-Key: the key (if sent), who sends it, the
 * route it was sent to, and a fingerprint of the request (a key reused for another request is refused).
 */
export interface IdempotentRequest {
  key: string | undefined;
  userId: string;
  route: string;
  requestHash: string;
}

/** Read by the route from its request; services take the result, never the request. */
export function idempotencyOf(req: FastifyRequest): IdempotentRequest {
  const header = req.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  return {
    key,
    userId: req.actor!.userId,
    route: `${req.method} ${req.routeOptions.url ?? req.url}`,
    requestHash: key ? createHash('sha256').update(`${req.method} ${req.url}\n${JSON.stringify(req.body ?? null)}`).digest('hex') : '',
  };
}

/**
 * What a money-moving service takes of its request besides the actor and the body: the Idempotency-Key
 * and the request's log (a mail that fails after the commit is logged, not answered as an error).
 */
export interface MoneySource {
  idempotency: IdempotentRequest;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/** Read by the route; the service never sees the request. */
export function moneySourceOf(req: FastifyRequest): MoneySource {
  return { idempotency: idempotencyOf(req), log: req.log };
}

/**
 * Runs `change` in one transaction; with an Idempotency-Key, at most once per key and user.
 * `change` must return plain JSON (dates as ISO strings): a replay returns the stored copy.
 */
export async function moneyTransaction<T>(
  db: Db,
  request: IdempotentRequest,
  change: (tx: Tx) => Promise<T>,
  statusCode = 200,
): Promise<MoneyAnswer<T>> {
  const { key, userId, route, requestHash } = request;
  if (!key) return { statusCode, body: await db.transaction(change), replayed: false };
  if (!KEY_PATTERN.test(key)) throw badRequest('Idempotency-Key must be 8 to 128 letters, digits, "-", "_", ":" or "."');

  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId, key, route, requestHash, statusCode: 0 })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [first] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      if (!first) throw conflict('Please retry the request');
      const expired = first.createdAt.getTime() < Date.now() - MONEY_LIMITS.idempotencyKeyHours * 3_600_000;
      if (!expired) {
        if (first.requestHash !== requestHash) throw conflict(MONEY_MSG.idempotencyMismatch);
        return { statusCode: first.statusCode, body: first.response as T, replayed: true };
      }
      // An expired key is a new request: take it over.
      await tx
        .update(idempotencyKeys)
        .set({ route, requestHash, statusCode: 0, response: null, createdAt: new Date() })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    }
    const body = await change(tx);
    const stored = body === undefined ? null : (JSON.parse(JSON.stringify(body)) as T);
    await tx
      .update(idempotencyKeys)
      .set({ statusCode, response: stored })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    return { statusCode, body: stored as T, replayed: false };
  });
}
