import { queryOptions } from '@tanstack/react-query';
import type { OrderAction } from '@fbo/shared/domain/order-machine';
import type { CustomerUpdateBody, OrderDetail, OrderDetailAnswer, OrderNoteBody, OrderUpdateBody } from '@fbo/shared/schemas/order-detail';
import type { OrderCommandResponse } from '@fbo/shared/schemas/order-commands';
import { http, unwrap } from '../../api/http';
import { orderDetailKey } from '../../entities/order';

export const orderDetailQuery = (id: string) =>
  queryOptions({
    queryKey: orderDetailKey(id),
    queryFn: async ({ signal }) => unwrap(await http.get<{ data: OrderDetail }>(`/orders/${id}`, { signal })).data,
    retry: false,
  });

/** The writes answer 200 with the order as it is now, or 400 with the server's message (shown as is). */
export const orderDetailApi = {
  update: (id: string, body: Partial<OrderUpdateBody>) => http.put<OrderDetailAnswer>(`/orders/${id}`, body),
  updateCustomer: (id: string, body: CustomerUpdateBody) => http.post<OrderDetailAnswer>(`/orders/${id}/customer/update`, body),
  confirmAddress: (id: string) => http.post<OrderDetailAnswer>(`/orders/${id}/address/confirm`),
  checkAddress: (id: string) => http.post<OrderDetailAnswer>(`/orders/${id}/address/checking`),
  addNote: (id: string, body: OrderNoteBody) => http.post<OrderDetailAnswer>(`/orders/${id}/notes`, body),
  /** A state-machine command on this one order (the commands contract is bulk: a list of one). */
  command: (action: OrderAction, id: string, reason?: string) =>
    http.post<OrderCommandResponse>(`/orders/${action}`, { ids: [id], ...(reason ? { reason } : {}) }),
};
