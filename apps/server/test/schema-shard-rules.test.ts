/**
 * Shard-ready tables (docs/deploy.md, "Distribution plan (Citus)"). A deployment that outgrows one
 * PostgreSQL moves to Citus, distributed by `agency_id`; Citus enforces a primary key, a unique index
 * or a foreign key between distributed tables only when it includes the distribution column, and a
 * distributed row cannot have a null one. Citus cannot be installed on these machines, so this test
 * is what checks the plan: it reads the migrated schema and holds every table to the rules of its class.
 *
 * A new table must be classified here, and a tenant table must be born right. Today's offenders sit on
 * NOT_YET_DISTRIBUTABLE with the exact rules they break and why; that list only shrinks (a table that
 * becomes compliant must leave it) and issue 20 empties it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { testDatabase } from './helpers/db';
import { executedRows, type Database } from '../src/db/client';

/** Global lookups, read before any agency is known or by every agency: copied to every Citus node. */
const REFERENCE_TABLES: Record<string, string> = {
  agencies: 'the tenants themselves; an agency is found by code or domain before any shard is known',
  users: 'sign-in finds a user by e-mail across agencies (users_email_uq); administrators have no agency',
  domains: 'a request host picks its agency (domains_host_uq) before any shard is known',
  app_settings: 'process-wide secrets and switches, a handful of rows',
};

/**
 * Stay on the coordinator as plain (Citus local) tables: never joined with tenant rows on a hot path,
 * written often or claimed across agencies, so neither distributing nor copying them to every node fits.
 */
const COORDINATOR_TABLES: Record<string, string> = {
  jobs: 'the queue: any worker claims the oldest due job of any agency (FOR UPDATE SKIP LOCKED); system jobs have no agency',
  job_schedules: 'recurring ticks keyed by name, no agency',
  job_files: 'files of jobs (reports, exports), deleted with their job by the retention job',
  job_file_parts: 'the bytes of job files, streamed by file id',
  login_failures: 'sign-in throttle by e-mail and address, before the agency is known; written on every failed sign-in',
  rate_events: 'sign-up and mail throttles by key, before the agency is known; written on every throttled action',
  one_time_tokens: 'confirmation and reset links are looked up by token hash alone',
  store_app_tokens: 'store-app authorisations are looked up by token hash before any account is linked',
  kpi_fold_state: "one row, the KPI fold's generation: bumped by the fold job once a minute, read with every KPI request",
};

/** Distributed by agency_id, colocated with agencies' other rows. */
const TENANT_TABLES = [
  'accounts', 'agency_catalogs', 'agency_variant_costs', 'audit_entries', 'basecost_items', 'basecosts',
  'catalog_categories', 'catalog_variants', 'catalogs', 'categories', 'deposits', 'email_messages', 'files',
  // idempotency_keys: the claim commits in the same transaction as the money change it guards, which writes
  // the agency's ledger: colocated, that transaction stays on one node.
  'idempotency_keys',
  'invoice_lines', 'invoices', 'ledger_entries', 'mail_templates', 'notifications', 'order_change_requests',
  'order_events', 'order_imports', 'order_items', 'order_refunds', 'order_shipments', 'orders', 'payouts',
  'price_change_logs', 'privacy_erasures', 'product_variants', 'products', 'proxies', 'proxy_groups', 'seller_teams', 'stock_levels', 'stock_movements', 'inbound_shipments', 'inbound_lines', 'warehouse_fulfilments', 'warehouse_storage_charges', 'store_webhooks', 'stores', 'user_proxies',
  'warehouse_products', 'warehouses',
  // customer_backfills: one row per agency (its key is agency_id), written by the agency's backfill job only.
  'customers', 'customer_orders', 'customer_backfills',
  // KPI roll-ups (docs/kpis.md): appended by triggers in the writer's transaction, co-located with the rows they count.
  'kpi_deltas', 'kpi_daily',
];

/** Rows keyed on `id` alone: the key gains agency_id, and so does every foreign key that points at it. */
const KEYED_ON_ID = 'keyed on id alone (issue 20: primary key (agency_id, id), foreign keys through agency_id)';
/** Rows whose agency_id is null for the administrator's own records. */
const ADMIN_ROWS = 'agency_id is null for the administrator\u2019s rows';

/**
 * Today's offenders, each with the exact rules it breaks: a rule fixed must leave the list, a new one fails.
 * Names: `no agency_id`, `agency_id nullable`, `pk <constraint>`, `unique <index>`, `fk <constraint>`.
 */
const NOT_YET_DISTRIBUTABLE: Record<string, { reason: string; breaks: string[] }> = {
  accounts: {
    reason: `${KEYED_ON_ID}; a team's wallet kinds are unique per team, not per agency`,
    breaks: ['fk accounts_seller_team_id_seller_teams_id_fk', 'pk accounts_pkey', 'unique accounts_team_kind_uq'],
  },
  agency_catalogs: {
    reason: "the catalog may be the administrator's master catalog (agency_id null), on no agency's shard",
    breaks: ['fk agency_catalogs_catalog_id_catalogs_id_fk'],
  },
  agency_variant_costs: {
    reason: "the catalog and variant may be the administrator's master ones, on no agency's shard",
    breaks: ['fk agency_variant_costs_catalog_id_catalogs_id_fk', 'fk agency_variant_costs_catalog_variant_id_catalog_variants_id_fk'],
  },
  audit_entries: {
    reason: ADMIN_ROWS,
    breaks: ['agency_id nullable', 'pk audit_entries_pkey'],
  },
  basecost_items: {
    reason: "no agency_id: the rows of a base cost, which may be the administrator's (basecosts); keyed on id, unique per base cost",
    breaks: ['fk basecost_items_basecost_id_basecosts_id_fk', 'fk basecost_items_catalog_id_catalogs_id_fk', 'fk basecost_items_catalog_variant_id_catalog_variants_id_fk', 'no agency_id', 'pk basecost_items_pkey', 'unique basecost_items_variant_uq'],
  },
  basecosts: {
    reason: `${ADMIN_ROWS}; the administrator's base costs are what agencies pay`,
    breaks: ['agency_id nullable', 'pk basecosts_pkey'],
  },
  catalog_categories: {
    reason: "no agency_id: links of a catalog to categories, either of which may be the administrator's master",
    breaks: ['fk catalog_categories_catalog_id_catalogs_id_fk', 'fk catalog_categories_category_id_categories_id_fk', 'no agency_id', 'pk catalog_categories_catalog_id_category_id_pk'],
  },
  catalog_variants: {
    reason: 'no agency_id: variants of a catalog that may be the master; variant codes are unique platform-wide',
    breaks: ['fk catalog_variants_catalog_id_catalogs_id_fk', 'no agency_id', 'pk catalog_variants_pkey', 'unique catalog_variants_code_uq'],
  },
  catalogs: {
    reason: `${ADMIN_ROWS} (the master catalog every agency sells); product codes are unique platform-wide`,
    breaks: ['agency_id nullable', 'pk catalogs_pkey', 'unique catalogs_code_uq'],
  },
  categories: {
    reason: `${ADMIN_ROWS}; names are unique per owner through coalesce(agency_id, ...), an expression Citus does not count`,
    breaks: ['agency_id nullable', 'pk categories_pkey', 'unique categories_owner_name_uq'],
  },
  deposits: {
    reason: KEYED_ON_ID,
    breaks: ['fk deposits_seller_team_id_seller_teams_id_fk', 'pk deposits_pkey'],
  },
  email_messages: {
    reason: `${ADMIN_ROWS}; mails to administrators and suppliers`,
    breaks: ['agency_id nullable', 'pk email_messages_pkey'],
  },
  files: {
    reason: `${ADMIN_ROWS}; paths are unique platform-wide`,
    breaks: ['agency_id nullable', 'pk files_pkey', 'unique files_path_uq'],
  },
  idempotency_keys: {
    reason: 'no agency_id: keyed (user_id, key); gains the agency whose wallet the request moves',
    breaks: ['no agency_id', 'pk idempotency_keys_user_id_key_pk'],
  },
  invoice_lines: {
    reason: 'no agency_id: lines reached through their invoice',
    breaks: ['fk invoice_lines_invoice_id_invoices_id_fk', 'fk invoice_lines_ledger_entry_id_ledger_entries_id_fk', 'no agency_id', 'pk invoice_lines_pkey'],
  },
  invoices: {
    reason: KEYED_ON_ID,
    breaks: ['fk invoices_seller_team_id_seller_teams_id_fk', 'pk invoices_pkey'],
  },
  ledger_entries: {
    reason: `${KEYED_ON_ID}; idempotency keys are unique platform-wide`,
    breaks: ['fk ledger_entries_account_id_accounts_id_fk', 'fk ledger_entries_seller_team_id_seller_teams_id_fk', 'pk ledger_entries_pkey', 'unique ledger_entries_key_uq'],
  },
  mail_templates: {
    reason: KEYED_ON_ID,
    breaks: ['pk mail_templates_pkey'],
  },
  notifications: {
    reason: ADMIN_ROWS,
    breaks: ['agency_id nullable', 'pk notifications_pkey'],
  },
  order_change_requests: {
    reason: KEYED_ON_ID,
    breaks: ['fk order_change_requests_order_id_orders_id_fk', 'pk order_change_requests_pkey'],
  },
  order_events: {
    reason: KEYED_ON_ID,
    breaks: ['fk order_events_order_id_orders_id_fk', 'pk order_events_pkey'],
  },
  order_imports: {
    reason: KEYED_ON_ID,
    breaks: ['fk order_imports_seller_team_id_seller_teams_id_fk', 'pk order_imports_pkey'],
  },
  order_items: {
    reason: KEYED_ON_ID,
    breaks: ['fk order_items_order_id_orders_id_fk', 'pk order_items_pkey'],
  },
  order_refunds: {
    reason: KEYED_ON_ID,
    breaks: ['fk order_refunds_order_id_orders_id_fk', 'fk order_refunds_seller_team_id_seller_teams_id_fk', 'pk order_refunds_pkey'],
  },
  order_shipments: {
    reason: `${KEYED_ON_ID}; tracking numbers are unique per order`,
    breaks: ['fk order_shipments_order_id_orders_id_fk', 'fk order_shipments_seller_team_id_seller_teams_id_fk', 'pk order_shipments_pkey', 'unique order_shipments_tracking_uq'],
  },
  orders: {
    reason: KEYED_ON_ID,
    breaks: ['fk orders_seller_team_id_seller_teams_id_fk', 'pk orders_pkey'],
  },
  payouts: {
    reason: KEYED_ON_ID,
    breaks: ['fk payouts_seller_team_id_seller_teams_id_fk', 'pk payouts_pkey'],
  },
  price_change_logs: {
    reason: 'no agency_id: supplier price changes of a catalog that may be the master',
    breaks: ['fk price_change_logs_catalog_id_catalogs_id_fk', 'no agency_id', 'pk price_change_logs_pkey'],
  },
  product_variants: {
    reason: `${KEYED_ON_ID}; its product is reached by id alone`,
    breaks: ['fk product_variants_product_id_products_id_fk', 'pk product_variants_pkey'],
  },
  products: {
    reason: KEYED_ON_ID,
    breaks: ['pk products_pkey'],
  },
  proxies: {
    reason: KEYED_ON_ID,
    breaks: ['fk proxies_group_id_proxy_groups_id_fk', 'pk proxies_pkey'],
  },
  proxy_groups: {
    reason: KEYED_ON_ID,
    breaks: ['pk proxy_groups_pkey'],
  },
  seller_teams: {
    reason: `${KEYED_ON_ID}; referral codes are unique platform-wide: they move to a referral-code reference table`,
    breaks: ['fk seller_teams_basecost_id_basecosts_id_fk', 'pk seller_teams_pkey', 'unique seller_teams_referral_uq'],
  },
  user_proxies: {
    reason: "no agency_id: a user's proxies, reached through user_id and proxy_id",
    breaks: ['fk user_proxies_proxy_id_proxies_id_fk', 'no agency_id', 'pk user_proxies_user_id_proxy_id_pk'],
  },
};

interface SchemaFacts {
  tables: { name: string; agencyId: 'not null' | 'nullable' | null }[];
  indexes: { table: string; name: string; primary: boolean; hasAgency: boolean }[];
  foreignKeys: { name: string; from: string; to: string; byAgency: boolean }[];
}

let database: Database;
let facts: SchemaFacts;

beforeAll(async () => {
  database = await testDatabase();
  facts = await readSchema(database);
});
afterAll(() => database.close());

/** The catalog facts the rules need, the same on PGlite and PostgreSQL. */
async function readSchema({ db }: Database): Promise<SchemaFacts> {
  const rowsOf = async <T>(query: ReturnType<typeof sql>) => executedRows<T>(await db.execute(query));
  const tables = await rowsOf<{ name: string; agency_id: boolean | null }>(sql`
    select c.relname as name,
      (select not a.attnotnull from pg_attribute a
        where a.attrelid = c.oid and a.attname = 'agency_id' and not a.attisdropped) as agency_id
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')`);
  const indexes = await rowsOf<{ table: string; name: string; primary: boolean; has_agency: boolean }>(sql`
    select t.relname as table, i.relname as name, x.indisprimary as primary,
      exists (select 1 from pg_attribute a
        where a.attrelid = x.indrelid and a.attname = 'agency_id' and a.attnum = any (x.indkey::int2[])) as has_agency
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
      join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = 'public' and x.indisunique`);
  // A foreign key keeps rows on one shard only when it maps agency_id to agency_id.
  const foreignKeys = await rowsOf<{ name: string; from: string; to: string; by_agency: boolean }>(sql`
    select co.conname as name, src.relname as from, dst.relname as to,
      exists (select 1 from unnest(co.conkey, co.confkey) as k(src_att, dst_att)
        join pg_attribute sa on sa.attrelid = co.conrelid and sa.attnum = k.src_att
        join pg_attribute da on da.attrelid = co.confrelid and da.attnum = k.dst_att
        where sa.attname = 'agency_id' and da.attname = 'agency_id') as by_agency
    from pg_constraint co join pg_class src on src.oid = co.conrelid join pg_class dst on dst.oid = co.confrelid
      join pg_namespace n on n.oid = src.relnamespace
    where co.contype = 'f' and n.nspname = 'public'`);
  return {
    tables: tables.map((t) => ({ name: t.name, agencyId: t.agency_id === null ? null : t.agency_id ? 'nullable' : 'not null' })),
    indexes: indexes.map((i) => ({ table: i.table, name: i.name, primary: i.primary, hasAgency: i.has_agency })),
    foreignKeys: foreignKeys.map((f) => ({ name: f.name, from: f.from, to: f.to, byAgency: f.by_agency })),
  };
}

type TableClass = 'reference' | 'coordinator' | 'tenant';

function classOf(table: string): TableClass | undefined {
  if (table in REFERENCE_TABLES) return 'reference';
  if (table in COORDINATOR_TABLES) return 'coordinator';
  return TENANT_TABLES.includes(table) ? 'tenant' : undefined;
}

/** The rules a tenant table breaks, named as NOT_YET_DISTRIBUTABLE names them. */
function tenantBreaks(table: string): string[] {
  const breaks: string[] = [];
  const agencyId = facts.tables.find((t) => t.name === table)!.agencyId;
  if (agencyId === null) breaks.push('no agency_id');
  if (agencyId === 'nullable') breaks.push('agency_id nullable');
  for (const index of facts.indexes.filter((i) => i.table === table && !i.hasAgency)) {
    breaks.push(`${index.primary ? 'pk' : 'unique'} ${index.name}`);
  }
  for (const fk of facts.foreignKeys.filter((f) => f.from === table && classOf(f.to) === 'tenant' && !f.byAgency)) {
    breaks.push(`fk ${fk.name}`);
  }
  return breaks.sort();
}

/** Which classes a foreign key of each class may point at (Citus: no key from a copied or local table into a shard). */
const MAY_REFERENCE: Record<TableClass, readonly TableClass[]> = {
  reference: ['reference'],
  coordinator: ['reference', 'coordinator'],
  tenant: ['reference', 'tenant'],
};

describe('shard-ready schema (Citus, distributed by agency_id)', () => {
  it('classifies every table once: reference, coordinator or tenant', () => {
    const names = facts.tables.map((t) => t.name).sort();
    const classified = [...Object.keys(REFERENCE_TABLES), ...Object.keys(COORDINATOR_TABLES), ...TENANT_TABLES].sort();
    expect(names.filter((n) => !classOf(n)), 'new tables: classify them in this test').toEqual([]);
    expect(classified.filter((n) => !names.includes(n)), 'classified tables that no longer exist').toEqual([]);
    expect(new Set(classified).size, 'a table in two classes').toBe(classified.length);
  });

  it('keys, unique indexes and foreign keys of tenant tables include agency_id (or are on the allow-list, exactly)', () => {
    const actual = Object.fromEntries(TENANT_TABLES.map((t) => [t, tenantBreaks(t)]).filter(([, b]) => b.length > 0));
    const allowed = Object.fromEntries(Object.entries(NOT_YET_DISTRIBUTABLE).map(([t, entry]) => [t, [...entry.breaks].sort()]));
    // A break not listed fails (new code is born right); a listed break that is gone fails (the list only shrinks).
    expect(actual).toEqual(allowed);
  });

  it('foreign keys never point from a copied or coordinator table into a distributed one', () => {
    // Unclassified tables fail the first test; here they are left out.
    const wrong = facts.foreignKeys
      .filter((f) => classOf(f.from) && classOf(f.to) && !MAY_REFERENCE[classOf(f.from)!].includes(classOf(f.to)!))
      .map((f) => `${f.name}: ${classOf(f.from)} ${f.from} -> ${classOf(f.to)} ${f.to}`);
    expect(wrong).toEqual([]);
  });

  it('every allow-listed table is a tenant table and says why', () => {
    for (const [table, entry] of Object.entries(NOT_YET_DISTRIBUTABLE)) {
      expect(classOf(table), table).toBe('tenant');
      expect(entry.reason.length, table).toBeGreaterThan(10);
    }
  });
});
