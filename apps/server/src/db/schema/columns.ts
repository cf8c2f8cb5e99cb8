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
