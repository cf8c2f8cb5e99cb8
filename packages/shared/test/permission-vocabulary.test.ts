import { describe, expect, it } from 'vitest';
import {
  API_PERMISSIONS, DESIGN_ASSIGN_ROLES, DESIGN_REQUEST_ROLES, DESIGN_REVIEW_ROLES, DESIGN_STATUS_ROLES,
  DESIGN_WORK_ROLES, ORDER_ACTION_ROLES, ROUTES, ROUTES_TO_COME,
} from '../src/index';

/**
 * The order and design role lists are read from the permission table (auth/access.ts) instead of
 * being kept by hand beside it: these are the lists as they were written out before, role for role.
 */
describe('role lists derived from the permission table', () => {
  it('order actions: each side as before', () => {
    expect(ORDER_ACTION_ROLES).toEqual({
      seller: ['seller.manager', 'seller.staff', 'seller.customer_support'],
      agency: ['agency.owner', 'agency.customer_support'],
    });
  });

  it('design service: each step as before', () => {
    expect(DESIGN_REQUEST_ROLES).toEqual(['seller.manager', 'seller.staff', 'seller.customer_support', 'seller.designer']);
    expect(DESIGN_ASSIGN_ROLES).toEqual(['agency.owner', 'agency.accept_design']);
    expect(DESIGN_WORK_ROLES).toEqual(['agency.owner', 'agency.designer']);
    expect(DESIGN_REVIEW_ROLES).toEqual(['agency.owner', 'agency.accept_design', 'seller.manager', 'seller.accept_design']);
    expect(DESIGN_STATUS_ROLES).toEqual({
      assign: DESIGN_ASSIGN_ROLES, in_review: DESIGN_WORK_ROLES, approved: DESIGN_REVIEW_ROLES, rejected: DESIGN_REVIEW_ROLES,
    });
  });

  it('the permissions the routes declare keep their roles', () => {
    expect(API_PERMISSIONS['orders.seller.act'].roles).toEqual(['seller.manager', 'seller.staff', 'seller.customer_support']);
    expect(API_PERMISSIONS['orders.agency.act'].roles).toEqual(['agency.owner', 'agency.customer_support']);
    expect(API_PERMISSIONS['design.request'].roles).toEqual(['seller.manager', 'seller.staff', 'seller.customer_support', 'seller.designer']);
    expect(API_PERMISSIONS['design.change'].roles).toEqual(['agency.owner', 'agency.accept_design', 'agency.designer', 'seller.manager', 'seller.accept_design']);
    expect(API_PERMISSIONS['design.price'].roles).toEqual(['agency.owner', 'agency.accept_design']);
  });
});

describe('route names of the allow-lists and menus', () => {
  it('a route still to come is not in the route table (a landed page leaves ROUTES_TO_COME)', () => {
    const landed = new Set<string>(ROUTES.map((r) => r.name));
    expect(ROUTES_TO_COME.filter((name) => landed.has(name))).toEqual([]);
  });
});
