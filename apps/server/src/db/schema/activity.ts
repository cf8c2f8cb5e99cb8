import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { agencies } from './agencies';
import { users } from './users';

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id),
    agencyId: uuid('agency_id').references(() => agencies.id),
    title: text('title').notNull(),
    content: text('content').notNull(),
    viewed: boolean('viewed').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    // Partial index so the unread badge count stays cheap whatever the history size.
    index('notifications_user_unviewed_idx').on(t.userId).where(sql`viewed = false`),
  ],
);

/** Every e-mail the product sends, with its delivery status. */
export const emailMessages = pgTable(
  'email_messages',
  {
    id: id(),
    agencyId: uuid('agency_id').references(() => agencies.id),
    toAddress: text('to_address').notNull(),
    templateCode: text('template_code').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: ['sent', 'failed', 'recorded'] }).notNull(),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('email_messages_agency_created_idx').on(t.agencyId, t.createdAt)],
);

/** Who did what to which record, with before and after. */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: id(),
    actorId: uuid('actor_id'),
    agencyId: uuid('agency_id'),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_entity_idx').on(t.entity, t.entityId)],
);
