import { useQueryClient } from '@tanstack/react-query';
import type { OrderDetail, OrderDetailAnswer } from '@fbo/shared/schemas/order-detail';
import { queryKeys } from '../../api/query-keys';
import type { WriteOptions } from '../../hooks/useWrite';

/** Under the orders root: invalidating queryKeys.orders.all after any change refreshes the lists and the detail. */
export const orderDetailKey = (id: string) => [...queryKeys.orders.all, 'detail', id] as const;

/**
 * After a change: the orders root (lists, counts, items, this detail) and the seller's header
 * figures (an approval or a cancel moves the wallet).
 */
const ORDER_REFRESH = [queryKeys.orders.all, queryKeys.balance, queryKeys.profit];

export function useRefreshOrder() {
  const client = useQueryClient();
  return (answer?: OrderDetail) => {
    if (answer) client.setQueryData(orderDetailKey(answer.id), answer);
    for (const queryKey of ORDER_REFRESH) void client.invalidateQueries({ queryKey });
  };
}

/**
 * The detail page's own writes answer the order as it is now: it goes straight into the page.
 * A refusal changed nothing, so nothing reloads; 'Error!' when the server said nothing.
 */
export const ORDER_DETAIL_WRITE: WriteOptions<OrderDetailAnswer> = {
  refresh: ORDER_REFRESH,
  keepOnRefusal: true,
  replace: (answer) => ({ queryKey: orderDetailKey(answer.data.id), data: answer.data }),
  fallback: 'Error!',
};

/** Writes beside the order (change requests, SKU changes): the order is read again whatever came of them. */
export const ORDER_SIDE_WRITE: WriteOptions<{ message: string }> = { refresh: ORDER_REFRESH, fallback: 'Error!' };
