/**
 * The stock rules (docs/warehouses.md), pure: what each kind of movement does to a level, and whether the level it
 * leaves is allowed. The ledger (stock-ledger.ts) applies them under the level's row lock.
 */
import type { StockMovementKind } from '../../db/schema/index';

export interface Level {
  onHand: number;
  reserved: number;
}

/** A movement as asked for: its kind and the quantity it moves (always positive; adjust and transfer may say which way). */
export interface MoveRequest {
  kind: StockMovementKind;
  quantity: number;
  /** adjust only: +quantity found, -quantity lost or damaged. */
  direction?: 1 | -1;
}

/**
 * What each kind does to on hand and reserved. A reservation holds stock for an approved order; a release gives it
 * back (cancel, reject); a shipment takes the reserved units out; a return and a receipt add to on hand.
 */
export function deltasOf(move: MoveRequest): { onHand: number; reserved: number } {
  const q = move.quantity;
  switch (move.kind) {
    case 'receipt':
    case 'return':
    case 'transfer-in':
      return { onHand: q, reserved: 0 };
    case 'reserve':
      return { onHand: 0, reserved: q };
    case 'release':
      return { onHand: 0, reserved: -q };
    case 'ship':
      return { onHand: -q, reserved: -q };
    case 'transfer-out':
      return { onHand: -q, reserved: 0 };
    case 'adjust':
      return { onHand: (move.direction ?? 1) * q, reserved: 0 };
  }
}

export const available = (level: Level) => level.onHand - level.reserved;

/** Why a movement cannot be made, or null: the level it would leave must keep 0 <= reserved <= on hand. */
export function refusal(level: Level, move: MoveRequest): 'quantity' | 'insufficient' | 'not-reserved' | null {
  if (!Number.isInteger(move.quantity) || move.quantity <= 0) return 'quantity';
  const d = deltasOf(move);
  const next = { onHand: level.onHand + d.onHand, reserved: level.reserved + d.reserved };
  if (next.reserved < 0) return 'not-reserved';
  if (next.onHand < 0 || next.reserved > next.onHand) return 'insufficient';
  return null;
}

export function applyMove(level: Level, move: MoveRequest): Level {
  const d = deltasOf(move);
  return { onHand: level.onHand + d.onHand, reserved: level.reserved + d.reserved };
}
