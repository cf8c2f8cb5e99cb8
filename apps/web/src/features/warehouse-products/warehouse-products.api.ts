import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  WarehouseProductExportQuery, WarehouseProductInput, WarehouseProductListQuery, WarehouseProductThresholdsBody,
} from '@fbo/shared';
import type {
  warehouseProductAnswer, warehouseProductExportAnswer, warehouseProductListResponse, warehouseProductMovementsResponse, warehouseProductResponse,
  warehouseProductVariantOptionsResponse, warehouseProductWarehousesResponse,
} from '@fbo/shared/schemas/warehouse-products';
import { http, unwrap } from '../../api/http';

export type WarehouseProductListAnswer = z.infer<typeof warehouseProductListResponse>;
export type WarehouseProductListParams = Partial<WarehouseProductListQuery>;
export type WarehouseOption = z.infer<typeof warehouseProductWarehousesResponse>['data'][number];
type DetailResponse = z.infer<typeof warehouseProductResponse>;
export type WarehouseProductAnswer = z.infer<typeof warehouseProductAnswer>;
type MovementsAnswer = z.infer<typeof warehouseProductMovementsResponse>;
type VariantOptionsAnswer = z.infer<typeof warehouseProductVariantOptionsResponse>;
type ExportAnswer = z.infer<typeof warehouseProductExportAnswer>;
type Message = { message: string };

const BASE = '/warehouse-products';

/** Every warehouse product query lives under 'warehouse-products': one invalidation after a change refreshes them all. */
export const warehouseProductKeys = {
  all: ['warehouse-products'] as const,
  list: (query: object) => ['warehouse-products', 'list', query] as const,
  detail: (id: string) => ['warehouse-products', 'detail', id] as const,
  movements: (id: string, page: number, limit: number) => ['warehouse-products', 'movements', id, page, limit] as const,
  variantOptions: (id: string, search: string, page: number) => ['warehouse-products', 'variant-options', id, search, page] as const,
  warehouses: ['warehouse-products', 'warehouses'] as const,
};

/** GET /api/warehouse-products: one page of the products the caller sees, with their stock per warehouse. */
export const warehouseProductListQuery = (params: WarehouseProductListParams) =>
  queryOptions({
    queryKey: warehouseProductKeys.list(params),
    queryFn: async ({ signal }) => unwrap(await http.get<WarehouseProductListAnswer>(BASE, { query: { ...params }, signal, list: true })),
    placeholderData: keepPreviousData,
  });

/** GET /api/warehouse-products/:id. */
export const warehouseProductDetailQuery = (id: string) =>
  queryOptions({
    queryKey: warehouseProductKeys.detail(id),
    queryFn: async ({ signal }) => unwrap(await http.get<DetailResponse>(`${BASE}/${encodeURIComponent(id)}`, { signal })).data,
  });

/** GET /api/warehouse-products/:id/movements: the stock history, newest first. */
export const warehouseProductMovementsQuery = (id: string, page: number, limit: number) =>
  queryOptions({
    queryKey: warehouseProductKeys.movements(id, page, limit),
    queryFn: async ({ signal }) => unwrap(await http.get<MovementsAnswer>(`${BASE}/${encodeURIComponent(id)}/movements`, { query: { page, limit }, signal, list: true })),
    placeholderData: keepPreviousData,
  });

/** GET /api/warehouse-products/:id/variant-options: the team's store variants to pick from (20 a page). */
export const warehouseProductVariantOptionsQuery = (id: string, search: string, page: number, enabled: boolean) =>
  queryOptions({
    queryKey: warehouseProductKeys.variantOptions(id, search, page),
    queryFn: async ({ signal }) =>
      unwrap(await http.get<VariantOptionsAnswer>(`${BASE}/${encodeURIComponent(id)}/variant-options`, { query: { page, search: search || undefined }, signal })),
    placeholderData: keepPreviousData,
    enabled,
  });

/** GET /api/warehouse-products/warehouses: the warehouses the caller sees (the warehouse filter). */
export const warehouseOptionsQuery = () =>
  queryOptions({
    queryKey: warehouseProductKeys.warehouses,
    queryFn: async ({ signal }) => unwrap(await http.get<{ data: WarehouseOption[] }>(`${BASE}/warehouses`, { signal })).data,
    staleTime: 60_000,
  });

export const warehouseProductsApi = {
  create: (body: WarehouseProductInput) => http.post<WarehouseProductAnswer>(BASE, body),
  update: (id: string, body: WarehouseProductInput) => http.put<WarehouseProductAnswer>(`${BASE}/${encodeURIComponent(id)}`, body),
  remove: (id: string) => http.delete<Message>(`${BASE}/${encodeURIComponent(id)}`),
  setThresholds: (id: string, body: WarehouseProductThresholdsBody) => http.put<WarehouseProductAnswer>(`${BASE}/${encodeURIComponent(id)}/thresholds`, body),
  setVariants: (id: string, variantIds: string[]) => http.put<WarehouseProductAnswer>(`${BASE}/${encodeURIComponent(id)}/variants`, { variantIds }),
  /** The list's filters as a file: answers its address. */
  exportList: (query: WarehouseProductExportQuery) => http.get<ExportAnswer>(`${BASE}/export`, { query: { ...query } }),
};
