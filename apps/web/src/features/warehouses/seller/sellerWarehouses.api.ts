import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SellerWarehouseStockQuery } from '@fbo/shared';
import type { sellerWarehouseDetailResponse, sellerWarehousesResponse } from '@fbo/shared/schemas/inbound';
import { http, unwrap } from '../../../api/http';

type ListAnswer = z.infer<typeof sellerWarehousesResponse>;
type DetailAnswer = z.infer<typeof sellerWarehouseDetailResponse>;

/** Every seller-warehouse query lives under 'seller-warehouses': a receipt or a declaration refreshes them all. */
export const sellerWarehouseKeys = {
  all: ['seller-warehouses'] as const,
  list: ['seller-warehouses', 'list'] as const,
  detail: (id: string, query: object) => ['seller-warehouses', 'detail', id, query] as const,
};

/** GET /api/seller-warehouses: the warehouses the team sees, their fees and its stock there. */
export const sellerWarehousesQuery = () =>
  queryOptions({
    queryKey: sellerWarehouseKeys.list,
    queryFn: async ({ signal }) => unwrap(await http.get<ListAnswer>('/seller-warehouses', { signal })).data,
  });

/** GET /api/seller-warehouses/:id: the warehouse, one page of stock, its inbound shipments by status. */
export const sellerWarehouseQuery = (id: string, query: Partial<SellerWarehouseStockQuery>) =>
  queryOptions({
    queryKey: sellerWarehouseKeys.detail(id, query),
    queryFn: async ({ signal }) => unwrap(await http.get<DetailAnswer>(`/seller-warehouses/${id}`, { query: { ...query }, signal })).data,
    placeholderData: keepPreviousData,
  });
