import { bigint, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { agencies } from './agencies';
import { users } from './users';

/** An agency's own copy of a default mail template, found by code (docs/emails.md). */
export const mailTemplates = pgTable(
  'mail_templates',
  {
    id: id(),
    agencyId: uuid('agency_id').notNull().references(() => agencies.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('mail_templates_agency_code_uq').on(t.agencyId, t.code)],
);

/** An uploaded file (presigned upload): who owns it, where it is stored, what it is. */
export const files = pgTable(
  'files',
  {
    id: id(),
    agencyId: uuid('agency_id').references(() => agencies.id),
    sellerTeamId: uuid('seller_team_id'),
    uploadedBy: uuid('uploaded_by').references(() => users.id),
    /** Storage key, e.g. images/2026/11/<uuid>-logo.png */
    path: text('path').notNull(),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }),
    /** The size declared when the link was minted: the most its PUT may send. */
    maxSize: bigint('max_size', { mode: 'number' }),
    contentType: text('content_type'),
    /** pending until the PUT arrives and its bytes are checked. */
    status: text('status', { enum: ['pending', 'uploading', 'uploaded'] }).notNull().default('pending'),
    /** Shown in the image library (theme logos are files too, but not library items). */
    inLibrary: text('in_library', { enum: ['yes', 'no'] }).notNull().default('no'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('files_path_uq').on(t.path),
    index('files_agency_created_idx').on(t.agencyId, t.createdAt),
    index('files_team_created_idx').on(t.sellerTeamId, t.createdAt),
  ],
);
