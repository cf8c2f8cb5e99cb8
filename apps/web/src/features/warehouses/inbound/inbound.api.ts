import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreateInboundBody, InboundListQuery, ReceiveInboundBody } from '@fbo/shared';
import type { inboundAnswer, inboundListResponse, inboundResponse } from '@fbo/shared/schemas/inbound';
import { http, unwrap } from '../../../api/http';

type ListAnswer = z.infer<typeof inboundListResponse>;
type DetailAnswer = z.infer<typeof inboundResponse>;
export type InboundWriteAnswer = z.infer<typeof inboundAnswer>;

/** A warehouse product as the declaration's picker shows it (GET /api/warehouse-products rows). */
export interface WarehouseProductOption {
  id: string;
  sku: string;
  name: string;
}

export const inboundKeys = {
  all: ['inbound-shipments'] as const,
  list: (query: object) => ['inbound-shipments', 'list', query] as const,
  detail: (id: string) => ['inbound-shipments', 'detail', id] as const,
  products: (search: string) => ['inbound-shipments', 'products', search] as const,
};

export const inboundListQuery = (query: Partial<InboundListQuery>) =>
  queryOptions({
    queryKey: inboundKeys.list(query),
    queryFn: async ({ signal }) => unwrap(await http.get<ListAnswer>('/inbound-shipments', { query: { ...query }, signal, list: true })),
    placeholderData: keepPreviousData,
  });

export const inboundDetailQuery = (id: string) =>
  queryOptions({
    queryKey: inboundKeys.detail(id),
    queryFn: async ({ signal }) => unwrap(await http.get<DetailAnswer>(`/inbound-shipments/${id}`, { signal })).data,
  });

/** The team's warehouse products matching a search (the first 50), for a declaration's lines. */
export const warehouseProductOptionsQuery = (search: string) =>
  queryOptions({
    queryKey: inboundKeys.products(search),
    queryFn: async ({ signal }) =>
      unwrap(await http.get<{ data: WarehouseProductOption[] }>('/warehouse-products', { query: { page: 1, limit: 50, search: search || undefined }, signal })).data,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const inboundApi = {
  declare: (body: CreateInboundBody) => http.post<InboundWriteAnswer>('/inbound-shipments', body),
  inTransit: (id: string) => http.post<InboundWriteAnswer>(`/inbound-shipments/${id}/in-transit`),
  cancel: (id: string) => http.post<InboundWriteAnswer>(`/inbound-shipments/${id}/cancel`),
  receive: (id: string, body: ReceiveInboundBody) => http.post<InboundWriteAnswer>(`/inbound-shipments/${id}/receive`, body),
  close: (id: string) => http.post<InboundWriteAnswer>(`/inbound-shipments/${id}/close`),
};
