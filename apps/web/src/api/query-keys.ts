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
  confirmEmail: (token: string) => ['confirm-email', token] as const,
  publicProduct: (id: string) => ['public-product', id] as const,
};
