import { index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { agencies } from './agencies';
import { users } from './users';

/** Groups of store-front domains an agency sells through (spec: proxy groups). */
export const proxyGroups = pgTable(
  'proxy_groups',
  {
    id: id(),
    agencyId: uuid('agency_id').notNull().references(() => agencies.id),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('proxy_groups_agency_name_uq').on(t.agencyId, t.name)],
);

/** A store-front domain (proxyDomain); agency users and orders are tied to proxies. */
export const proxies = pgTable(
  'proxies',
  {
    id: id(),
    agencyId: uuid('agency_id').notNull().references(() => agencies.id),
    proxyDomain: text('proxy_domain').notNull(),
    groupId: uuid('group_id').references(() => proxyGroups.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('proxies_agency_domain_uq').on(t.agencyId, t.proxyDomain), index('proxies_group_idx').on(t.groupId)],
);

/** Which proxies an agency user works on. */
export const userProxies = pgTable(
  'user_proxies',
  {
    userId: uuid('user_id').notNull().references(() => users.id),
    proxyId: uuid('proxy_id').notNull().references(() => proxies.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.proxyId] }), index('user_proxies_proxy_idx').on(t.proxyId)],
);
