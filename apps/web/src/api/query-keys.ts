/**
 * Query-key factories: one place so invalidation (after a save, a mark-as-read, a login)
 * always names the same keys the screens read.
 */
export type ConfigKind = 'agency' | 'public';

export const queryKeys = {
  me: ['me'] as const,
  config: {
    all: ['config'] as const,
    kind: (kind: ConfigKind) => ['config', kind] as const,
  },
  notifications: {
    all: ['notifications'] as const,
    list: (limit: number) => ['notifications', { limit }] as const,
  },
  balance: ['balance', 'seller-team'] as const,
  profit: ['profit', 'available'] as const,
  catalogs: {
    all: ['catalogs'] as const,
    list: (query: object) => ['catalogs', 'list', query] as const,
  },
  orders: {
    all: ['orders'] as const,
    list: (query: object) => ['orders', 'list', query] as const,
  },
  /** CSV order imports (/s/orders/import/histories). */
  orderImports: {
    all: ['order-imports'] as const,
    list: (query: object) => ['order-imports', 'list', query] as const,
    detail: (id: string) => ['order-imports', 'detail', id] as const,
  },
  categories: {
    all: ['categories'] as const,
    list: (query: object) => ['categories', 'list', query] as const,
    options: ['categories', 'options'] as const,
  },
  agencies: {
    all: ['agencies'] as const,
    list: (query: object) => ['agencies', 'list', query] as const,
    detail: (id: string) => ['agencies', 'detail', id] as const,
    members: (id: string) => ['agencies', 'members', id] as const,
    notAdded: (id: string, query: object) => ['agencies', 'not-added', id, query] as const,
  },
  /** Base costs: one invalidation of 'basecosts' after a change refreshes every list, detail and select. */
  basecosts: {
    all: ['basecosts'] as const,
    options: ['basecosts', 'options'] as const,
    list: (scope: string, query: object) => ['basecosts', scope, 'list', query] as const,
    detail: (scope: string, id: string) => ['basecosts', scope, 'detail', id] as const,
    catalogOptions: (scope: string, id: string, search: string) => ['basecosts', scope, 'catalog-options', id, search] as const,
    catalogCosts: (scope: string, id: string, catalogId: string) => ['basecosts', scope, 'catalog-costs', id, catalogId] as const,
    acrossGroups: (catalogId: string) => ['basecosts', 'across-groups', catalogId] as const,
  },
  /** Seller teams and money: each feature nests its own keys under these roots (docs/money.md). */
  sellers: { all: ['sellers'] as const },
  deposits: { all: ['deposits'] as const },
  invoices: { all: ['invoices'] as const },
  ledger: { all: ['ledger'] as const },
  payouts: { all: ['payouts'] as const },
  profits: { all: ['profits'] as const },
  referrals: { all: ['referrals'] as const },
  /** Background jobs polled by JobProgress. */
  job: (id: string) => ['jobs', id] as const,
  supplierPrices: {
    all: ['supplier-prices'] as const,
    variants: (catalogId: string) => ['supplier-prices', 'variants', catalogId] as const,
    logs: (query: object) => ['supplier-prices', 'logs', query] as const,
  },
  confirmEmail: (token: string) => ['confirm-email', token] as const,
  publicProduct: (id: string) => ['public-product', id] as const,
};
