import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AddShipmentBody,
  ShipmentAnswer,
  SyncTrackAnswer,
  TrackingDetail,
  TrackingListQuery,
  sellerTeamOptionsResponse,
  trackingImportAnswer,
  trackingListResponse,
} from '@fbo/shared';
import { http, postFile, unwrap } from '../../api/http';

export type TrackingListAnswer = z.infer<typeof trackingListResponse>;
type TeamOptions = z.infer<typeof sellerTeamOptionsResponse>;
type ImportAnswer = z.infer<typeof trackingImportAnswer>;

/** Every tracking query lives under one root: one invalidation after a change refreshes them all. */
const root = ['tracking'] as const;
export const trackingKeys = {
  all: root,
  list: (params: object) => [...root, 'list', params] as const,
  detail: (id: string) => [...root, 'detail', id] as const,
  teams: [...root, 'teams'] as const,
};

export const trackingListQuery = (params: Partial<TrackingListQuery>) =>
  queryOptions({
    queryKey: trackingKeys.list(params),
    queryFn: async ({ signal }) => unwrap(await http.get<TrackingListAnswer>('/tracking', { query: { ...params }, signal, list: true })),
    placeholderData: keepPreviousData,
  });

export const trackingDetailQuery = (orderId: string) =>
  queryOptions({
    queryKey: trackingKeys.detail(orderId),
    queryFn: async ({ signal }) => unwrap(await http.get<{ data: TrackingDetail }>(`/tracking/${orderId}`, { signal })).data,
  });

export const trackingTeamsQuery = () =>
  queryOptions({
    queryKey: trackingKeys.teams,
    queryFn: async ({ signal }) => unwrap(await http.get<TeamOptions>('/tracking/seller-teams', { signal })).data,
    staleTime: 60_000,
  });

export const trackingApi = {
  addShipment: (orderId: string, body: AddShipmentBody) => http.post<ShipmentAnswer>(`/tracking/${orderId}/shipments`, body),
  markDelivered: (shipmentId: string) => http.patch<ShipmentAnswer>(`/tracking/shipments/${shipmentId}/delivered`),
  syncToStore: (ids: string[]) => http.post<SyncTrackAnswer>('/orders/synced-track-to-store', undefined, { query: { ids: ids.join(',') } }),
  importFile: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return postFile<ImportAnswer>('/tracking/import', form);
  },
};
