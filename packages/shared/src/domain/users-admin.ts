/**
 * Agency users and seller sub-users: the spec's form messages (part 2 sections 5 and 8) and the
 * server's own where the spec is silent (docs/decisions.md, "Agency users and seller sub-users").
 * No zod here: the web's form rules import this without pulling the schemas in.
 */
import { LIMITS } from './limits';
import { lengthMessage } from './messages';

const { fullName, password } = LIMITS;

export const USER_ADMIN_MSG = {
  inputFullName: 'Please input Full Name',
  fullNameLength: lengthMessage('Full Name', fullName.min, fullName.max),
  inputAuthority: 'Please input Authority',
  inputPassword: 'Please input Password',
  passwordLength: lengthMessage('Password', password.min, password.max),
  inputConfirmPassword: 'Please input Confirm Password',
  confirmPasswordLength: lengthMessage('Confirm Password', password.min, password.max),
  confirmPasswordNotSame: 'Confirm Password not same with Password',
  deleteConfirm: 'Are you sure to delete this user?',
  cancelAction: 'Cancel action!',
  created: 'Created',
  updated: 'Updated',
  updateFailed: 'Update failed',
  deleted: 'Deleted',
  // Server rules the spec does not word.
  cannotDeleteSelf: 'You can not delete your own account',
  cannotDeleteOwner: 'The agency owner can not be deleted',
  cannotDeleteManager: 'The team manager can not be deleted',
  cannotChangeOwner: 'The agency owner can not be changed here',
  cannotChangeManager: 'The team manager can not be changed here',
  emailReadOnly: 'Email can not be changed',
  proxyNotFound: 'Proxy not found',
  proxiesAgencyOnly: 'Proxies can only be given to agency users',
} as const;

/** A seller manager's create dialog preselects Staff (spec part 1 section 6). */
export const DEFAULT_SUB_AUTHORITY = 'staff' as const;
