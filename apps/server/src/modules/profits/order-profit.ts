/**
 * Order profit (docs/money.md, "Order profit" and "Sale price"). An order sold through one of the
 * agency's store fronts (proxy_id set) was paid by the customer to the agency, so once it is
 * Fulfilled the team earns its sale on the profit account, held for the team's pendingPayoutDays.
 * The sale is what the store recorded when it created the order (sale_total_cents), never
 * totalPrice: the seller may edit its prices, and must not set what it is paid. Orders of the
 * seller's own stores earn nothing here (the store paid the seller), nor does an order without a
 * recorded sale.
 *
 * accrueOrderProfit() computes what the order should have earned and posts only the difference,
 * so it is safe to call any number of times (the tracking code calls it when an order becomes
 * Fulfilled; PUT /api/profits/calc-order-profit calls it on demand).
 */
import { and, eq, sql } from 'drizzle-orm';
import { displayOrderName } from '@fbo/shared';
import type { Db, Tx } from '../../db/client';
import { ledgerEntries, orders, sellerTeams } from '../../db/schema/index';
import { lockAccount, postEntry } from '../money';

const DAY_MS = 86_400_000;

type OrderRow = Pick<typeof orders.$inferSelect, 'proxyId' | 'status' | 'saleTotalCents'>;

/** What the order should have earned on the profit account, in cents: at most its recorded sale. */
export function dueOrderProfitCents(order: OrderRow): number {
  if (order.proxyId === null || order.status !== 'Fulfilled') return 0;
  // bigint column read as a number by the driver; null = no recorded sale, which earns nothing.
  return Math.max(0, Number(order.saleTotalCents ?? 0));
}

/**
 * The idempotency key of the order's n-th profit entry. The first keeps the plain key of
 * docs/money.md (and of the seed), later corrections are numbered.
 */
export function orderProfitKey(orderId: string, n: number): string {
  return n === 0 ? `order:${orderId}:profit` : `order:${orderId}:profit:${n}`;
}

/** Sum and count of the order's profit entries so far. */
export async function postedOrderProfit(db: Db | Tx, orderId: string) {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::bigint`, n: sql<number>`count(*)::int` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.refType, 'order'), eq(ledgerEntries.refId, orderId), eq(ledgerEntries.type, 'order_profit')));
  return { cents: Number(row?.cents ?? 0), count: Number(row?.n ?? 0) };
}

export interface AccrualResult {
  dueCents: number;
  postedCents: number;
  /** What this call moved (0 when the order already earned what it should). */
  movedCents: number;
}

/** Brings the order's profit to what it should be, in the caller's transaction. Null when the order does not exist. */
export async function accrueOrderProfit(tx: Tx, orderId: string, actorId: string | null): Promise<AccrualResult | null> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  // Lock the profit account before reading what was posted: two accruals at once run one after
  // the other, and the second sees the first's entry (so it moves nothing).
  await lockAccount(tx, order.sellerTeamId, 'profit');
  const posted = await postedOrderProfit(tx, orderId);
  const dueCents = dueOrderProfitCents(order);
  const diff = dueCents - posted.cents;
  if (diff === 0) return { dueCents, postedCents: posted.cents, movedCents: 0 };
  const [team] = await tx.select({ days: sellerTeams.pendingPayoutDays }).from(sellerTeams).where(eq(sellerTeams.id, order.sellerTeamId));
  const now = Date.now();
  // An earning waits for the hold window; a correction downwards counts at once (like a payout).
  const availableAt = new Date(diff > 0 ? now + (team?.days ?? 0) * DAY_MS : now);
  const name = displayOrderName(order.orderName);
  await postEntry(tx, {
    agencyId: order.agencyId,
    sellerTeamId: order.sellerTeamId,
    account: 'profit',
    type: 'order_profit',
    amountCents: diff,
    key: orderProfitKey(orderId, posted.count),
    refType: 'order',
    refId: orderId,
    description: posted.count === 0 ? `Order profit ${name}` : `Order profit correction ${name}`,
    actorId,
    availableAt,
  });
  return { dueCents, postedCents: posted.cents + diff, movedCents: diff };
}
