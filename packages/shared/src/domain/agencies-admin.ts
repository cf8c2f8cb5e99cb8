/**
 * The administrator's agencies (spec part 2: Agency list, Agency detail, Agency catalog card,
 * sections 5 and 7): limits, messages and the 'Update cost' arithmetic, free of zod so the web uses
 * the very rules the server applies. Messages the spec does not give are ours (docs/decisions.md,
 * "Categories and the administrator's agencies").
 */
import { lengthMessage } from './messages';

export const AGENCY_LIMITS = {
  /** Create: name and code 2 to 128 (spec section 5). */
  create: { min: 2, max: 128 },
  /** Update: name and code 3 to 128, both required (spec section 5). */
  update: { min: 3, max: 128 },
  /** Members load limit (spec section 9). */
  membersLimit: 10_000,
  /** Agency list default page size (spec section 9). */
  listPageSize: 20,
  /** Catalog card and 'Product Catalog List' page size. */
  catalogPageSize: 10,
  /** Ids one Save or one 'Update cost' may name. */
  maxIds: 1000,
  /** 'Update cost' amounts: dollars or percent, two decimals. */
  maxAmount: 1_000_000,
  minPercent: -100,
} as const;

export const AGENCY_MSG = {
  inputName: 'Please input name',
  inputCode: 'Please input code',
  createNameLength: lengthMessage('name', AGENCY_LIMITS.create.min, AGENCY_LIMITS.create.max),
  createCodeLength: lengthMessage('code', AGENCY_LIMITS.create.min, AGENCY_LIMITS.create.max),
  updateNameLength: lengthMessage('name', AGENCY_LIMITS.update.min, AGENCY_LIMITS.update.max),
  updateCodeLength: lengthMessage('code', AGENCY_LIMITS.update.min, AGENCY_LIMITS.update.max),
  codeTaken: 'An agency with this code already exists',
  basecostNotFound: 'Base cost not found',
  managerBound: 'This email belongs to a user of another agency or seller team',
  managerNotAgency: 'This email belongs to an administrator or a supplier account',
  notFoundAgency: 'Not found agency',
  hasMembers: (teams: number, users: number) =>
    `This agency can not be deleted: it still has ${teams} seller team${teams === 1 ? '' : 's'} and ${users} user${users === 1 ? '' : 's'} besides its owner`,
  hasOwnCatalogs: (n: number) => `This agency can not be deleted: it has ${n} catalog${n === 1 ? '' : 's'} of its own`,
  catalogsNotFound: (n: number) => `${n} catalog${n === 1 ? ' was' : 's were'} not found among the master catalogs`,
  catalogsNotAssigned: (n: number) => `${n} catalog${n === 1 ? ' is' : 's are'} not assigned to this agency`,
  addAndDelete: 'A catalog can not be added and deleted at once',
  nothingToSave: 'No changed!',
  updateSuccess: 'Update success!',
  inputAmount: 'Please input amount',
  amountRange: `amount should be between -${AGENCY_LIMITS.maxAmount} and ${AGENCY_LIMITS.maxAmount}`,
  setNegative: 'A set amount can not be negative',
  percentRange: `A percentage can not be below ${AGENCY_LIMITS.minPercent}`,
  updatedCosts: (n: number) => `Updated ${n} cost${n === 1 ? '' : 's'}`,
} as const;

export const COST_MODES = ['add', 'set'] as const;
export type CostMode = (typeof COST_MODES)[number];
export const COST_UNITS = ['usd', 'percent'] as const;
export type CostUnit = (typeof COST_UNITS)[number];

/**
 * The 'Update cost' rule, in integer cents (docs/decisions.md):
 *   add $  cost + amount           add %  cost + cost * amount / 100
 *   set $  amount                  set %  base * (1 + amount / 100)
 * where base is the administrator base price of the variant in the agency's base cost. Percent
 * results are rounded half up to the cent; nothing goes below 0. Answers null when the rule needs a
 * base price the variant does not have (its cost is left as it is).
 */
export function applyCostChange(costCents: number, baseCents: number | null, change: { mode: CostMode; unit: CostUnit; amount: number }): number | null {
  // Amounts carry two decimals: work in hundredths, in BigInt, so no float rounding creeps in.
  const hundredths = BigInt(Math.round(change.amount * 100));
  let next: bigint;
  if (change.mode === 'add') {
    next = change.unit === 'usd' ? BigInt(costCents) + hundredths : BigInt(costCents) + divideHalfUp(BigInt(costCents) * hundredths, 10_000n);
  } else if (change.unit === 'usd') {
    next = hundredths;
  } else {
    if (baseCents === null) return null;
    next = divideHalfUp(BigInt(baseCents) * (10_000n + hundredths), 10_000n);
  }
  return next < 0n ? 0 : Number(next);
}

/** n / d rounded half up (half away from zero: 0.5 cent becomes 1, -0.5 becomes -1). */
function divideHalfUp(n: bigint, d: bigint): bigint {
  const negative = n < 0n;
  const q = ((negative ? -n : n) * 2n + d) / (2n * d);
  return negative ? -q : q;
}
