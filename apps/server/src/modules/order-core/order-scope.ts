/**
 * Whose orders an actor reaches: its agency, narrowed to its team for a seller. Decided from the
 * actor, never from input, so another tenant's order is simply not found. A seller's scope names
 * the agency too (a team belongs to one agency, so the rows are the same): the agency is the
 * column a sharded database routes on (docs/deploy.md).
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { Actor, OrderSide } from '@fbo/shared';
import { orders } from '../../db/schema/index';

export interface OrderScope {
  agencyId: string;
  /** Set for a seller: only its team's orders. */
  sellerTeamId: string | null;
}

/** The actor's order tenant, or null when it has none (an administrator, a seller without a team). */
export function orderScope(actor: Actor): OrderScope | null {
  if (!actor.agencyId) return null;
  if (actor.userType === 'seller') return actor.sellerTeamId ? { agencyId: actor.agencyId, sellerTeamId: actor.sellerTeamId } : null;
  if (actor.userType === 'agency') return { agencyId: actor.agencyId, sellerTeamId: null };
  return null;
}

/** The scope as a condition on `orders`. */
export function orderScopeCondition(scope: OrderScope): SQL {
  return scope.sellerTeamId ? and(eq(orders.agencyId, scope.agencyId), eq(orders.sellerTeamId, scope.sellerTeamId))! : eq(orders.agencyId, scope.agencyId);
}

export const sideOf = (actor: Actor): OrderSide => (actor.userType === 'seller' ? 'seller' : 'agency');
