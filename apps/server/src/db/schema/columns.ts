import { bigint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from 'uuidv7';

/** Time-ordered ids (UUIDv7): index-friendly and safe to shard. */
export const id = () => uuid('id').primaryKey().$defaultFn(() => uuidv7());
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
/** Money is integer cents; `number` mode is exact up to 2^53 cents (90 trillion dollars). */
export const cents = (name: string) => bigint(name, { mode: 'number' });
/** The six artwork slots (spec: artwork1 to artwork6) of an order line or a mapped store variant. */
export const artworkSlots = () => ({
  artwork1: text('artwork1'),
  artwork2: text('artwork2'),
  artwork3: text('artwork3'),
  artwork4: text('artwork4'),
  artwork5: text('artwork5'),
  artwork6: text('artwork6'),
});

/** A buyer's name, contact and postal address: an order's, and its customer's (the latest order's). */
export const buyerColumns = () => ({
  fullName: text('full_name').notNull().default(''),
  email: text('email').notNull().default(''),
  phone: text('phone').notNull().default(''),
  address1: text('address1').notNull().default(''),
  address2: text('address2').notNull().default(''),
  city: text('city').notNull().default(''),
  province: text('province').notNull().default(''),
  zipCode: text('zip_code').notNull().default(''),
  country: text('country').notNull().default(''),
  countryCode: text('country_code').notNull().default(''),
});
