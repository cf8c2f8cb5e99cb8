import { boolean, index, inet, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { agencies } from './agencies';

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    userType: text('user_type', { enum: ['administrator', 'supplier', 'agency', 'seller'] }).notNull(),
    authority: text('authority'),
    isSubUser: boolean('is_sub_user').notNull().default(false),
    agencyId: uuid('agency_id').references(() => agencies.id),
    sellerTeamId: uuid('seller_team_id'),
    status: text('status', { enum: ['pending', 'active', 'disabled'] }).notNull().default('pending'),
    /** Bumped by password change/reset and logout-everywhere: older tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(1),
    /** Deleted users stay for history and audit; they cannot sign in and leave every list. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    index('users_agency_idx').on(t.agencyId),
    index('users_team_idx').on(t.sellerTeamId),
  ],
);

/** E-mail confirmation and password reset: only the SHA-256 of the token is stored. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id),
    purpose: text('purpose', { enum: ['confirm_email', 'reset_password'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('one_time_tokens_hash_uq').on(t.tokenHash), index('one_time_tokens_user_idx').on(t.userId)],
);

/** Failed sign-ins, counted per e-mail and per address for throttling (shared by all replicas). */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: id(),
    email: text('email').notNull(),
    address: inet('address'),
    createdAt: createdAt(),
  },
  (t) => [index('login_failures_email_idx').on(t.email, t.createdAt), index('login_failures_addr_idx').on(t.address, t.createdAt)],
);

/**
 * Throttled actions (sign-up, confirmation resend, password reset mail, upload links...): one row
 * per attempt, counted per bucket and key (an e-mail, a client address, a user) over a window, so
 * the limit holds across replicas. Old rows are pruned as new ones are written.
 */
export const rateEvents = pgTable(
  'rate_events',
  {
    id: id(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('rate_events_bucket_key_idx').on(t.bucket, t.key, t.createdAt)],
);

/** Store-app authorisations waiting for a back-office account (sign-in-welcome / sign-in-require). */
export const storeAppTokens = pgTable(
  'store_app_tokens',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    platform: text('platform', { enum: ['shopify', 'woocommerce', 'etsy'] }).notNull().default('shopify'),
    shopDomain: text('shop_domain').notNull(),
    /** The platform credentials handed over with the install, sealed (bound to `app-token:<id>`); moved into the store on linking. */
    credentials: text('credentials'),
    scopes: text('scopes'),
    userId: uuid('user_id').references(() => users.id),
    linkedAt: timestamp('linked_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('store_app_tokens_hash_uq').on(t.tokenHash)],
);

/** Settings the application keeps for itself, e.g. the generated JWT secret in development. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});
