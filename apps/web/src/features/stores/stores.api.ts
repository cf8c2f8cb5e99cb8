import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CreateStoreBody,
  StoreListQuery,
  UpdateStoreBody,
  connectShopifyAnswer,
  sellerTeamOptionsResponse,
  storeAnswer,
  storeListResponse,
} from '@fbo/shared';
import { http, unwrap } from '../../api/http';

export type StoreListAnswer = z.infer<typeof storeListResponse>;
export type StoreListParams = Partial<StoreListQuery>;
type StoreAnswer = z.infer<typeof storeAnswer>;
type ConnectAnswer = z.infer<typeof connectShopifyAnswer>;
type TeamOptions = z.infer<typeof sellerTeamOptionsResponse>;

/** Every store query lives under 'stores': one invalidation after a change refreshes them all. */
export const storeKeys = {
  all: ['stores'] as const,
  list: (query: object) => ['stores', 'list', query] as const,
  teams: ['stores', 'teams'] as const,
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

type Message = { message: string };

export const storesApi = {
  createManual: (body: Omit<CreateStoreBody, 'platform'>) => http.post<StoreAnswer>('/stores', { platform: 'manual', ...body }),
  update: (id: string, body: UpdateStoreBody) => http.put<StoreAnswer>(`/stores/${id}`, body),
  disconnect: (id: string) => http.post<StoreAnswer>(`/stores/${id}/disconnect`),
  remove: (id: string) => http.delete<Message>(`/stores/${id}`),
  connectShopify: (shop: string) => http.post<ConnectAnswer>('/stores/shopify/connect', { shop }),
};
