import type { StoreItem } from '@fbo/shared';
import type { StoreRow } from './stores.repo';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A store as the screens see it: everything but its credentials, which never leave the server. */
export function storeView(store: StoreRow, team: { teamName: string; teamCode: string; hasOrders: boolean }): StoreItem {
  return {
    id: store.id,
    name: store.name,
    platform: store.platform,
    shopDomain: store.shopDomain,
    currency: store.currency,
    status: store.status,
    statusReason: store.statusReason,
    sellerTeam: { id: store.sellerTeamId, name: team.teamName, code: team.teamCode },
    isDemo: store.isDemo,
    hasOrders: team.hasOrders,
    importRules: {
      paidOnly: store.importPaidOnly,
      skipIgnoredOnly: store.skipIgnoredOnly,
      submitDelayMinutes: store.submitDelayMinutes,
      shippingMap: store.shippingMap,
      personalizedOrders: store.personalizedOrders,
    },
    lastProductSyncAt: iso(store.lastProductSyncAt),
    lastOrderAt: iso(store.lastOrderAt),
    connectedAt: iso(store.connectedAt),
    createdAt: store.createdAt.toISOString(),
  };
}
