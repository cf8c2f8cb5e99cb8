import { queryOptions } from '@tanstack/react-query';
import type { BasecostPreview, ChangeRequest, CreateChangeRequestBody, ResolveChangeRequestBody } from '@fbo/shared/schemas/order-changes';
import { http, unwrap } from '../../api/http';
import { orderDetailKey } from '../../entities/order';

/** Under the order's detail key: refreshing the order (queryKeys.orders.all) refreshes its requests too. */
export const changeRequestsQuery = (orderId: string) =>
  queryOptions({
    queryKey: [...orderDetailKey(orderId), 'change-requests'] as const,
    queryFn: async ({ signal }) => unwrap(await http.get<{ data: ChangeRequest[] }>(`/orders/${orderId}/change-requests`, { signal })).data,
    retry: false,
  });

type Answer = { message: string; data: ChangeRequest };
type ItemCodeAnswer = { message: string; data: { orderId: string; charged: number; previousCharged: number; difference: number } };

export const orderChangesApi = {
  create: (orderId: string, body: CreateChangeRequestBody) => http.post<Answer>(`/orders/${orderId}/change-requests`, body),
  resolve: (body: ResolveChangeRequestBody) => http.put<Answer>('/orders/update-change-history', body),
  updateItemCode: (orderItemId: string, sku: string) => http.put<ItemCodeAnswer>('/orders/update-item-code', { orderItemId, sku }),
  preview: (orderId: string, orderItemId: string, sku: string) =>
    http.put<{ data: BasecostPreview[] }>('/orders/calc-order-basecost', { ids: [orderId], orderItemId, sku }),
};
