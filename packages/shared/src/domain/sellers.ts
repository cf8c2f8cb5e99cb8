/**
 * Seller teams: the Sellers screens' limits and strings (spec part 1 sections 2, 5, 8, 9).
 * No zod here: the web's form rules import it without pulling the schemas in.
 */
import { lengthMessage } from './messages';

export const SELLER_LIMITS = {
  createName: { min: 2, max: 255 },
  editName: { min: 2, max: 128 },
  code: { min: 2, max: 255 },
  resetPassword: { min: 6, max: 60 },
  referralCode: { min: 4, max: 32 },
  rate: { min: 0, max: 50, step: 0.05 },
  pendingPayoutDays: { min: 0, max: 100, default: 2 },
  pageSize: 10,
  selectLimit: 1000,
} as const;

export const SELLER_TYPES = ['default', 'warehouse'] as const;
export type SellerType = (typeof SELLER_TYPES)[number];
export const AUTO_APPROVE = ['AUTO', 'MANUAL'] as const;

export const SELLER_MSG = {
  created: 'Created',
  updated: 'Updated',
  deleted: 'Deleted',
  mapped: 'Mapped',
  unexpected: 'Opps...Unexpected error. Please try again latter!',
  deleteConfirm: 'Are you sure to delete this account?',
  cancelAction: 'Cancel action!',
  passwordsNotMatch: 'The passwords not match.',
  resetError: 'Reset password error!',
  resetSuccess: 'Reset password success!',
  inputName: 'Please input name',
  createNameLength: lengthMessage('name', 2, 255),
  editNameLength: lengthMessage('name', 2, 128),
  inputCode: 'Please input code',
  codeLength: lengthMessage('code', 2, 255),
  inputBasecost: 'Please input basecost',
  inputReferralCode: 'Please input referralCode',
  inputPendingPayoutDays: 'Please input pendingPayoutDays',
  pendingPayoutDaysRange: 'Pending Payout Days should be 0 to 100',
  rateRange: 'Referral Rate should be 0 to 50 in steps of 0.05',
  inputMappedUser: 'Please input mappedUserId',
  inputPassword: 'Please input password',
  passwordLength: lengthMessage('password', 6, 60),
  // Server rules the spec does not word (docs/decisions.md, "Sellers").
  managerRequired: 'The seller has no manager to reset the password of',
  codeTaken: 'This code is already used by another seller',
  referralCodeTaken: 'This referral code is already used',
  managerTaken: 'This e-mail belongs to a user of another team or agency',
  deleteHasMoney: 'This seller still holds money (balance, profit, pending deposits or payouts) and can not be deleted',
  deleteHasOrders: 'This seller has open orders and can not be deleted',
  basecostNotFound: 'Base cost not found',
  supporterNotFound: 'Supporter not found',
  mapWarehouseOnly: 'Only a warehouse seller can be mapped to a user',
  rateStep: 'Referral Rate should be 0 to 50 in steps of 0.05',
  // Added with the Sellers endpoints (docs/decisions.md, "Sellers").
  inputManager: 'Please input manager email',
  managerEmail: 'Please input correct email address',
  inputConfirmPassword: 'Please confirm the password',
  referralCodeLength: 'referralCode should be 4 to 32 letters or digits',
  mappedUserNotFound: 'User not found',
  notFound: 'Seller not found',
  managerNotFound: 'Seller manager not found',
  inputSellerTeamIds: 'Please input sellerTeamIds',
} as const;

export const SELLER_TYPE_LABELS: Record<SellerType, string> = { default: 'Default', warehouse: 'Warehouse' };

/** Open orders block deleting a team: every status but these final ones. */
export const SELLER_CLOSED_ORDER_STATUSES = ['Fulfilled', 'Cancel', 'Rejected', 'CancelShipment'] as const;

/** Is the rate a multiple of 0.05 within 0-50 (compared in hundredths to avoid float error)? */
export function isValidReferralRate(rate: number): boolean {
  const hundredths = Math.round(rate * 100);
  return rate >= 0 && rate <= 50 && Math.abs(rate * 100 - hundredths) < 1e-6 && hundredths % 5 === 0;
}
