import { queryOptions } from '@tanstack/react-query';
import type { RefundAnswer, RefundBody, RefundOverview } from '@fbo/shared/schemas/refunds';
import { http, unwrap } from '../../api/http';
import { orderDetailKey } from '../../entities/order';

/** Under the order's detail key: refreshing the orders root after a refund refreshes this too. */
export const refundOverviewQuery = (id: string) =>
  queryOptions({
    queryKey: [...orderDetailKey(id), 'refunds'] as const,
    queryFn: async ({ signal }) => unwrap(await http.get<RefundOverview>(`/orders/${id}/refunds`, { signal })).data,
    retry: false,
  });

export const refundsApi = {
  /** Money moves: one Idempotency-Key per intent (useIdempotencyKey), so a double click refunds once. */
  refund: (id: string, body: RefundBody, idempotencyKey: string) => http.post<RefundAnswer>(`/orders/${id}/refund`, body, { idempotencyKey }),
};
