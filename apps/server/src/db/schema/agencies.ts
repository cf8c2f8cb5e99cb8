import { boolean, index, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ThemeConfig } from '@fbo/shared';
import { createdAt, id, updatedAt } from './columns';

export const agencies = pgTable(
  'agencies',
  {
    id: id(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    active: boolean('active').notNull().default(true),
    /** The agency sign-ups land in when the requesting host belongs to no agency. */
    isDefault: boolean('is_default').notNull().default(false),
    managerId: uuid('manager_id'),
    /** The administrator's base cost this agency buys at (a basecosts row with no agency). */
    basecostId: uuid('basecost_id'),
    config: jsonb('config').$type<ThemeConfig>().notNull(),
    /** Agency settings (spec part 2 section 3, Agency settings); shape in packages/shared. */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('agencies_code_uq').on(t.code)],
);

export const domains = pgTable(
  'domains',
  {
    id: id(),
    agencyId: uuid('agency_id').notNull().references(() => agencies.id),
    host: text('host').notNull(),
    connectStatus: smallint('connect_status').notNull().default(0),
    /** When the DNS connection check last ran. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('domains_host_uq').on(t.host), index('domains_agency_idx').on(t.agencyId)],
);
