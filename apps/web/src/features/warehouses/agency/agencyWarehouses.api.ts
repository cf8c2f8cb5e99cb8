import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { WarehouseBody, WarehouseRow } from '@fbo/shared';
import type { stockAdjustAnswer, stockAdjustBody, warehouseAnswer, warehouseListQuery, warehouseTeamOptions } from '@fbo/shared/schemas/warehouses';
import { http, unwrap } from '../../../api/http';

export type AgencyWarehouseListParams = Partial<z.infer<typeof warehouseListQuery>>;
type ListAnswer = { data: WarehouseRow[]; total: number; totalCapped?: boolean };
export type WarehouseAnswer = z.infer<typeof warehouseAnswer>;
export type WarehouseTeamOption = z.infer<typeof warehouseTeamOptions>['data'][number];
export type StockAdjustBody = z.input<typeof stockAdjustBody>;
export type StockAdjustAnswer = z.infer<typeof stockAdjustAnswer>;

const BASE = '/warehouses';

/** Every agency-warehouse query lives under 'agency-warehouses': a save or an adjustment refreshes them all. */
export const agencyWarehouseKeys = {
  all: ['agency-warehouses'] as const,
  list: (query: object) => ['agency-warehouses', 'list', query] as const,
  teamOptions: ['agency-warehouses', 'team-options'] as const,
  detail: (id: string) => ['agency-warehouses', 'detail', id] as const,
};

/** GET /api/warehouses: one page of the agency's warehouses with their figures. */
export const agencyWarehouseListQuery = (params: AgencyWarehouseListParams) =>
  queryOptions({
    queryKey: agencyWarehouseKeys.list(params),
    queryFn: async ({ signal }) => unwrap(await http.get<ListAnswer>(BASE, { query: { ...params }, signal, list: true })),
    placeholderData: keepPreviousData,
  });

/** GET /api/warehouses/:id: one warehouse (the stock drawer of an address whose warehouse is not on the page). */
export const agencyWarehouseQuery = (id: string, enabled: boolean) =>
  queryOptions({
    queryKey: agencyWarehouseKeys.detail(id),
    queryFn: async ({ signal }) => unwrap(await http.get<WarehouseAnswer>(`${BASE}/${encodeURIComponent(id)}`, { signal })).data,
    enabled,
  });

/** GET /api/warehouses/team-options: the seller teams of type warehouse (the owner's form). */
export const warehouseTeamOptionsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: agencyWarehouseKeys.teamOptions,
    queryFn: async ({ signal }) => unwrap(await http.get<{ data: WarehouseTeamOption[] }>(`${BASE}/team-options`, { signal })).data,
    enabled,
  });

export const agencyWarehousesApi = {
  create: (body: WarehouseBody) => http.post<WarehouseAnswer>(BASE, body),
  update: (id: string, body: WarehouseBody) => http.put<WarehouseAnswer>(`${BASE}/${encodeURIComponent(id)}`, body),
  /** A count corrected by hand; 409 (rejects as an HttpError) when it would go below what is reserved. */
  adjust: (id: string, body: StockAdjustBody) => http.post<StockAdjustAnswer>(`${BASE}/${encodeURIComponent(id)}/adjust`, body),
};
