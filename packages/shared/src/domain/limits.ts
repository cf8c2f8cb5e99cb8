/** Business constants and limits of spec part 1 section 9 and part 2 section 9. */
export const LIMITS = {
  password: { min: 6, max: 128 },
  sellerResetPassword: { min: 6, max: 60 },
  name: { min: 2, max: 60 },
  fullName: { min: 2, max: 128 },
  email: { max: 254 },
  notificationsPageSize: 6,
  notificationsLoadMoreStep: 3,
  pollIntervalMs: 60_000,
  searchDebounceMs: 500,
  pageSizes: [10, 20, 50, 100, 200] as const,
  /** Lists larger than this show "10,000+" rather than counting every row. */
  countCap: 10_000,
  publicImageSize: 992,
} as const;

/** Single-use token lifetimes. */
export const TOKEN_TTL = {
  emailConfirmationHours: 72,
  passwordResetMinutes: 60,
} as const;

/**
 * What may create an account or send a mail, per hour, per e-mail (lower-cased) and per client
 * address before 429 (lib/rate-limit.ts, rows in rate_events). Forgot-password counts unknown
 * addresses like known ones, so the throttle tells nothing about which exist. The per-address
 * numbers leave room for an office behind one address; the per-e-mail ones for a user who lost a
 * mail or two.
 */
export const MAIL_THROTTLE = {
  windowMinutes: 60,
  signup: { perEmail: 5, perAddress: 20 },
  resendConfirmation: { perEmail: 5, perAddress: 20 },
  forgotPassword: { perEmail: 5, perAddress: 30 },
} as const;

/** Failed logins allowed in the window before 429, per e-mail and per address. */
export const LOGIN_THROTTLE = {
  windowMinutes: 15,
  perEmail: 5,
  perAddress: 30,
} as const;
