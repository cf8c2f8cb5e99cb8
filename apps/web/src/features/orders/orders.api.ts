import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OrderListQuery, orderListResponse } from '@fbo/shared';
import { http, unwrap } from '../../api/http';
import { queryKeys } from '../../api/query-keys';

export type OrderListAnswer = z.infer<typeof orderListResponse>;
export type OrderListParams = Partial<OrderListQuery> & { hireDesign?: boolean };

export const orderListQuery = (params: OrderListParams) =>
  queryOptions({
    queryKey: queryKeys.orders.list(params),
    queryFn: async ({ signal }) =>
      unwrap(await http.get<OrderListAnswer>('/orders', { query: { ...params }, signal, list: true })),
    placeholderData: keepPreviousData,
  });
