import { describe, expect, it } from 'vitest';
import { can, type ApiPermission } from '../src/auth/access';
import { ROLES, type Actor, type Role } from '../src/auth/roles';
import {
  availableActions, derivedShippingStatus, moneyOf, nextStatus, ORDER_ACTION_ROLES, ORDER_ACTIONS, refusal,
  type ItemStatus, type OrderAction, type OrderFacts, type OrderSide,
} from '../src/domain/order-machine';
import { ORDER_STATUSES, type OrderStatus } from '../src/domain/orders';

/**
 * The transition table written out independently of the code (docs/orders.md, "State machine"):
 * from which statuses, by which side, to where. Every action x status x side is checked against it.
 */
const PRE: OrderStatus[] = ['Unfulfilled', 'InReview', 'Approved', 'Hold', 'Rejected'];
const EXPECTED: Record<OrderAction, { from: OrderStatus[]; by: OrderSide[]; to: OrderStatus | 'held-from' | 'same' }> = {
  submit: { from: ['Unfulfilled', 'Rejected'], by: ['seller'], to: 'InReview' },
  approve: { from: ['InReview'], by: ['agency'], to: 'Approved' },
  reject: { from: ['InReview'], by: ['agency'], to: 'Rejected' },
  hold: { from: ['Unfulfilled', 'InReview', 'Approved'], by: ['seller', 'agency'], to: 'Hold' },
  unhold: { from: ['Hold'], by: ['seller'], to: 'held-from' },
  'agency-unhold': { from: ['Hold'], by: ['agency'], to: 'held-from' },
  cancel: { from: PRE, by: ['seller', 'agency'], to: 'Cancel' },
  'shipment-cancel': { from: ['InProduction', 'InTransit', 'PartiallyFulfilled'], by: ['agency'], to: 'CancelShipment' },
  pickup: { from: ['Approved', 'CancelShipment'], by: ['agency'], to: 'InProduction' },
  'ignore-cannot-ship': { from: PRE, by: ['agency'], to: 'same' },
};
const SIDES: OrderSide[] = ['seller', 'agency'];

/** Facts under which only the table decides (ignore-cannot-ship needs a flagged order to act on). */
const factsFor = (action: OrderAction, status: OrderStatus): OrderFacts => ({
  status,
  heldBy: 'seller',
  holdFromStatus: 'InReview',
  cannotShip: action === 'ignore-cannot-ship',
  ignoreCannotShip: false,
});

describe('refusal: every action x every status x both sides', () => {
  const cases = ORDER_ACTIONS.flatMap((action) => ORDER_STATUSES.flatMap((status) => SIDES.map((side) => ({ action, status, side }))));
  it.each(cases)('$action on $status by $side', ({ action, status, side }) => {
    const e = EXPECTED[action];
    const allowed = e.by.includes(side) && e.from.includes(status);
    const answer = refusal(action, side, factsFor(action, status));
    if (allowed) expect(answer).toBeNull();
    else expect(answer).toMatch(e.by.includes(side) ? new RegExp(`that is ${status}`) : /cannot/);
  });

  it('lets only the agency release a hold the agency put', () => {
    const held: OrderFacts = { status: 'Hold', heldBy: 'agency', holdFromStatus: 'Approved' };
    expect(refusal('unhold', 'seller', held)).toBe('The agency holds this order: only the agency can release it.');
    expect(refusal('agency-unhold', 'agency', held)).toBeNull();
    expect(refusal('unhold', 'seller', { ...held, heldBy: 'seller' })).toBeNull();
  });

  it('stops submit, approve and pickup of a cannot-ship order until the agency ignores it', () => {
    const flagged = (status: OrderStatus): OrderFacts => ({ status, cannotShip: true, ignoreCannotShip: false });
    expect(refusal('submit', 'seller', flagged('Unfulfilled'))).toBe('The agency does not ship to this destination.');
    expect(refusal('approve', 'agency', flagged('InReview'))).toBe('The agency does not ship to this destination.');
    expect(refusal('pickup', 'agency', flagged('Approved'))).toBe('The agency does not ship to this destination.');
    expect(refusal('approve', 'agency', { ...flagged('InReview'), ignoreCannotShip: true })).toBeNull();
    expect(refusal('hold', 'seller', flagged('InReview'))).toBeNull();
    expect(refusal('cancel', 'seller', flagged('InReview'))).toBeNull();
    expect(refusal('ignore-cannot-ship', 'agency', { status: 'InReview', cannotShip: false })).toBe('The order ships to an allowed destination.');
  });

  it('offers as buttons exactly the actions not refused', () => {
    expect(availableActions('seller', { status: 'Unfulfilled' })).toEqual(['submit', 'hold', 'cancel']);
    expect(availableActions('agency', { status: 'InReview' })).toEqual(['approve', 'reject', 'hold', 'cancel']);
    expect(availableActions('agency', { status: 'InTransit' })).toEqual(['shipment-cancel']);
    expect(availableActions('seller', { status: 'Fulfilled' })).toEqual([]);
  });
});

describe('nextStatus and moneyOf', () => {
  it.each(ORDER_ACTIONS)('%s leads where the table says', (action) => {
    const e = EXPECTED[action];
    const facts = { ...factsFor(action, e.from[0]!), holdFromStatus: 'Approved' as const };
    const to = e.to === 'held-from' ? 'Approved' : e.to === 'same' ? e.from[0] : e.to;
    expect(nextStatus(action, facts)).toBe(to);
  });

  it('sends a submit of an auto-approve team straight to Approved, charging it', () => {
    expect(nextStatus('submit', { status: 'Unfulfilled', autoApprove: true })).toBe('Approved');
    expect(moneyOf('submit', { status: 'Unfulfilled', autoApprove: true })).toBe('charge');
    expect(moneyOf('submit', { status: 'Rejected', autoApprove: false })).toBeNull();
  });

  it('releases a hold to where it was held from, Unfulfilled when unknown', () => {
    for (const from of ['Unfulfilled', 'InReview', 'Approved'] as const) {
      expect(nextStatus('unhold', { status: 'Hold', holdFromStatus: from })).toBe(from);
      expect(nextStatus('agency-unhold', { status: 'Hold', holdFromStatus: from })).toBe(from);
    }
    expect(nextStatus('unhold', { status: 'Hold', holdFromStatus: null })).toBe('Unfulfilled');
  });

  it('charges on approve, refunds on cancel, moves no money otherwise', () => {
    for (const action of ORDER_ACTIONS) {
      const expected = action === 'approve' ? 'charge' : action === 'cancel' ? 'refund' : null;
      expect(moneyOf(action, { status: 'InReview' }), action).toBe(expected);
    }
  });
});

describe('derivedShippingStatus', () => {
  const of = (...statuses: ItemStatus[]) => derivedShippingStatus(statuses.map((status) => ({ status })));
  it.each([
    [['InProduction', 'InProduction'], 'InProduction'],
    [['InTransit', 'InProduction'], 'PartiallyFulfilled'],
    [['Fulfilled', 'InProduction'], 'PartiallyFulfilled'],
    [['InTransit', 'InTransit'], 'InTransit'],
    [['InTransit', 'Fulfilled'], 'InTransit'],
    [['Fulfilled', 'Fulfilled'], 'Fulfilled'],
    [['Fulfilled', 'Cancel'], 'Fulfilled'],
    [['InProduction', 'Cancel'], 'InProduction'],
    [['Cancel', 'Cancel'], 'Cancel'],
    [[], 'Cancel'],
  ] as [ItemStatus[], OrderStatus][])('%j -> %s', (items, expected) => {
    expect(of(...items)).toBe(expected);
  });
});

describe('who may take each action (every role x action through can())', () => {
  const actorOf = (role: Role): Actor => {
    const [type, authority] = role.split('.') as [string, string | undefined];
    if (type === 'administrator' || type === 'supplier') return { userId: 'u', userType: type, authority: null, isSubUser: false, agencyId: null, sellerTeamId: null };
    if (type === 'agency') return { userId: 'u', userType: 'agency', authority: authority as Actor['authority'], isSubUser: authority !== 'owner', agencyId: 'ag', sellerTeamId: null };
    const manager = authority === 'manager';
    return { userId: 'u', userType: 'seller', authority: (manager ? 'seller' : authority) as Actor['authority'], isSubUser: !manager, agencyId: 'ag', sellerTeamId: 'team' };
  };
  const ALLOWED: Record<OrderSide, Role[]> = {
    seller: ['seller.manager', 'seller.staff', 'seller.customer_support'],
    agency: ['agency.owner', 'agency.customer_support'],
  };
  const PERMISSION: Record<OrderSide, ApiPermission> = { seller: 'orders.seller.act', agency: 'orders.agency.act' };

  it('matches the roles the machine names', () => {
    expect(ORDER_ACTION_ROLES).toEqual(ALLOWED);
  });

  const cases = ORDER_ACTIONS.flatMap((action) => ROLES.map((role) => ({ action, role })));
  it.each(cases)('$role on $action', ({ action, role }) => {
    const sides = EXPECTED[action].by;
    const allowed = sides.some((side) => ALLOWED[side].includes(role));
    // The route declares the permissions of its sides, any of them admits.
    expect(sides.some((side) => can(actorOf(role), PERMISSION[side]))).toBe(allowed);
  });
});
