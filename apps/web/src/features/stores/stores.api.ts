import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CreateStoreBody,
  PullOrdersBody,
  StoreImportLogQuery,
  StoreListQuery,
  UpdateStoreBody,
  connectShopifyAnswer,
  pullOrdersAnswer,
  TeamPullOrdersAnswer,
  PullableStoresAnswer,
  sellerTeamOptionsResponse,
  storeAnswer,
  storeImportLogResponse,
  storeListResponse,
  storeHealthResponse,
  SyncNowAnswer,
} from '@fbo/shared';
import { http, unwrap } from '../../api/http';

export type StoreListAnswer = z.infer<typeof storeListResponse>;
export type StoreListParams = Partial<StoreListQuery>;
type StoreAnswer = z.infer<typeof storeAnswer>;
type ConnectAnswer = z.infer<typeof connectShopifyAnswer>;
type TeamOptions = z.infer<typeof sellerTeamOptionsResponse>;
export type StoreImportLogAnswer = z.infer<typeof storeImportLogResponse>;
export type StoreImportLogParams = Partial<StoreImportLogQuery>;
type PullAnswer = z.infer<typeof pullOrdersAnswer>;

/** Every store query lives under 'stores': one invalidation after a change refreshes them all. */
export const storeKeys = {
  all: ['stores'] as const,
  list: (query: object) => ['stores', 'list', query] as const,
  teams: ['stores', 'teams'] as const,
  importLog: (id: string, query: object) => ['stores', 'import-log', id, query] as const,
  health: (id: string) => ['stores', 'health', id] as const,
};

/** GET /api/stores: the seller's own stores, or (agency) every store of its sellers. */
export const storeListQuery = (params: StoreListParams) =>
  queryOptions({
    queryKey: storeKeys.list(params),
    queryFn: async ({ signal }) => unwrap(await http.get<StoreListAnswer>('/stores', { query: { ...params }, signal, list: true })),
    placeholderData: keepPreviousData,
  });

/**
 * The agency's seller teams for the Stores page's team filter. The stores API has no team list of
 * its own; the tracking filter's one (id, name, code) is open to everyone who reads /ag/stores
 * (owner, customer support).
 */
export const storeTeamsQuery = () =>
  queryOptions({
    queryKey: storeKeys.teams,
    queryFn: async ({ signal }) => unwrap(await http.get<TeamOptions>('/tracking/seller-teams', { signal })).data,
    staleTime: 60_000,
  });

/** GET /api/seller-teams/{id}/pullable-stores: what the agency's pull of a team would read. */
export const pullableStoresQuery = (teamId: string) =>
  queryOptions({
    queryKey: [...storeKeys.all, 'pullable', teamId] as const,
    queryFn: async ({ signal }) => unwrap(await http.get<PullableStoresAnswer>(`/seller-teams/${teamId}/pullable-stores`, { signal })).data,
    staleTime: 0,
  });

/**
 * GET /api/stores/{id}/import-log: what the store's platform sent, newest first, and what became of each
 * delivery. Read in a drawer, so a 403 is the table's error, not a trip to /no-access.
 */
export const storeImportLogQuery = (id: string, params: StoreImportLogParams) =>
  queryOptions({
    queryKey: storeKeys.importLog(id, params),
    queryFn: async ({ signal }) => unwrap(await http.get<StoreImportLogAnswer>(`/stores/${id}/import-log`, { query: { ...params }, signal })),
    placeholderData: keepPreviousData,
  });

/** GET /api/stores/{id}/health: deliveries of the last 7 days, the last pull and what it caught up, credentials about to expire. */
export const storeHealthQuery = (id: string) =>
  queryOptions({
    queryKey: storeKeys.health(id),
    queryFn: async ({ signal }) => unwrap(await http.get<z.infer<typeof storeHealthResponse>>(`/stores/${id}/health`, { signal })).data,
  });

type Message = { message: string };

export const storesApi = {
  createManual: (body: Omit<CreateStoreBody, 'platform'>) => http.post<StoreAnswer>('/stores', { platform: 'manual', ...body }),
  update: (id: string, body: UpdateStoreBody) => http.put<StoreAnswer>(`/stores/${id}`, body),
  disconnect: (id: string) => http.post<StoreAnswer>(`/stores/${id}/disconnect`),
  remove: (id: string) => http.delete<Message>(`/stores/${id}`),
  connectShopify: (shop: string) => http.post<ConnectAnswer>('/stores/shopify/connect', { shop }),
  /** 202 with the job to follow (GET /api/jobs/{id}); refused (400) for manual, demo and unconnected stores and with Get order API off. */
  /** 202: the products sync job, and the orders pull since the last one (null with Get order API off). */
  syncNow: (id: string) => http.post<SyncNowAnswer>(`/stores/${id}/sync-now`),
  pullOrders: (id: string, body: PullOrdersBody) => http.post<PullAnswer>(`/stores/${id}/pull-orders`, body),
  /** The agency's pull of every connected store of a team (one job each), offered when it turns Get order API on. */
  pullTeamOrders: (teamId: string, body: PullOrdersBody) => http.post<TeamPullOrdersAnswer>(`/seller-teams/${teamId}/pull-orders`, body),
};
