/** Every user-facing string of the account screens, exactly as the spec gives it. */
export const MSG = {
  loginSuccess: 'Login Success!',
  resetBanner: 'The password has been reset successfully',
  canNotAuthorize: 'can not authorize',
  inputName: 'Please input name',
  inputEmail: 'Please input email',
  inputPassword: 'Please input password',
  confirmNotMatch: 'Your confirm password not match!',
  inputNewPassword: 'Please input new password',
  notRegistered: 'This email address has not been registered. Please try again with another email',
  instructionsSent: 'Instructions to reset your password have been emailed to you. Not receive email yet? Resend.',
  passwordReseted: 'Password has been reseted',
  serverError: 'Sorry, Server or data error',
  forbidden: 'Forbidden resource',
  noPermission: 'No permission',
  thanksSignup: 'Thanks for signing up!',
  sentConfirmation: 'We have sent you an email confirmation.',
  pleaseConfirm: 'Please confim your email and then we will activate your account.',
  verified: 'Verified! You have successfully verified account.',
  subscribed: 'Thank you for subcribing! We will send you text message promotions and update.',
  inputEmailAddress: 'Please input email address',
  correctEmailAddress: 'Please input correct email address',
  // Server-side messages that the spec leaves to us (docs/decisions.md).
  invalidCredentials: 'Email or password is incorrect',
  accountNotConfirmed: 'Please confirm your email before signing in. Check your inbox or sign up again to resend it.',
  accountDisabled: 'This account has been disabled. Please contact your agency.',
  emailTaken: 'This email address is already registered',
  tokenInvalid: 'This link is invalid or has expired',
  tooManyAttempts: (minutes: number) =>
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  /** The other throttles (sign-up, confirmation and reset mails, upload links), in the sign-in throttle's words. */
  tooManyRequests: (minutes: number) =>
    `Too many requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  unauthorized: 'Please sign in to continue',
  notFound: 'Not found',
  invalidInput: 'Invalid input',
  confirmationResent: 'We have sent you an email confirmation.',
  updatePasswordSuccess: 'Update password success',
  currentPasswordWrong: 'The current password is incorrect',
} as const;

export const lengthMessage = (field: string, min: number, max: number) =>
  `${field} should be ${min} to ${max} length`;
