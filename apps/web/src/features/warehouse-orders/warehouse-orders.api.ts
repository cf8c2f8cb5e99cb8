import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CannotShipWarehouseOrderBody, ShipWarehouseOrderBody, WarehouseOrderAnswer, WarehouseOrderCounts, WarehouseOrderCountsQuery, WarehouseOrderDetail,
  WarehouseOrderListQuery,
} from '@fbo/shared';
import type { warehouseOrderListResponse } from '@fbo/shared/schemas/warehouse-orders';
import { HttpError, buildUrl, http, sessionHeaders, unwrap } from '../../api/http';

export type WarehouseOrderListAnswer = z.infer<typeof warehouseOrderListResponse>;

const BASE = '/warehouse-orders';

/** Every queue query lives under one root: a pack or a shipment refreshes the tabs, the list and the detail. */
export const warehouseOrderKeys = {
  all: ['warehouse-orders'] as const,
  list: (params: object) => ['warehouse-orders', 'list', params] as const,
  counts: (params: object) => ['warehouse-orders', 'counts', params] as const,
  detail: (id: string) => ['warehouse-orders', 'detail', id] as const,
};

/** GET /api/warehouse-orders: one page of the queue. */
export const warehouseOrderListQuery = (params: Partial<WarehouseOrderListQuery>) =>
  queryOptions({
    queryKey: warehouseOrderKeys.list(params),
    queryFn: async ({ signal }) => unwrap(await http.get<WarehouseOrderListAnswer>(BASE, { query: { ...params }, signal, list: true })),
    placeholderData: keepPreviousData,
  });

/** GET /api/warehouse-orders/counts: the tabs' counts, with the list's filters. */
export const warehouseOrderCountsQuery = (params: Partial<WarehouseOrderCountsQuery>) =>
  queryOptions({
    queryKey: warehouseOrderKeys.counts(params),
    queryFn: async ({ signal }) => unwrap(await http.get<{ data: WarehouseOrderCounts }>(`${BASE}/counts`, { query: { ...params }, signal })).data,
    placeholderData: keepPreviousData,
  });

/** GET /api/warehouse-orders/:id: the fulfilment view. */
export const warehouseOrderQuery = (id: string) =>
  queryOptions({
    queryKey: warehouseOrderKeys.detail(id),
    queryFn: async ({ signal }) => unwrap(await http.get<{ data: WarehouseOrderDetail }>(`${BASE}/${id}`, { signal })).data,
  });

export const warehouseOrdersApi = {
  pack: (id: string) => http.post<WarehouseOrderAnswer>(`${BASE}/${id}/pack`),
  ship: (id: string, body: ShipWarehouseOrderBody) => http.post<WarehouseOrderAnswer>(`${BASE}/${id}/ship`, body),
  cannotShip: (id: string, body: CannotShipWarehouseOrderBody) => http.post<WarehouseOrderAnswer>(`${BASE}/${id}/cannot-ship`, body),
  resume: (id: string) => http.post<WarehouseOrderAnswer>(`${BASE}/${id}/resume`),
};

/**
 * The packing slip: a PDF behind the session's bearer token, so a plain link cannot open it. The tab is opened at
 * once (inside the click, so no pop-up blocker stops it), the PDF fetched with the client's headers as a blob, and
 * the tab shown its object URL. Rejects with an HttpError (the tab closed) when the server refuses.
 */
export async function openPackingSlip(id: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const response = await fetch(buildUrl(`${BASE}/${id}/packing-slip`), { headers: sessionHeaders('application/pdf') });
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { message?: string };
      throw new HttpError(response.status, body.message ?? response.statusText, body);
    }
    const url = URL.createObjectURL(await response.blob());
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.open(url, '_blank', 'noopener');
    }
    // The tab has loaded it by then; the object URL is freed with the page anyway.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

