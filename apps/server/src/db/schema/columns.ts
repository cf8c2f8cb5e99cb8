import { bigint, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from 'uuidv7';

/** Time-ordered ids (UUIDv7): index-friendly and safe to shard. */
export const id = () => uuid('id').primaryKey().$defaultFn(() => uuidv7());
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
/** Money is integer cents; `number` mode is exact up to 2^53 cents (90 trillion dollars). */
export const cents = (name: string) => bigint(name, { mode: 'number' });
