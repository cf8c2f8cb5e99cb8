import { useQueryClient } from '@tanstack/react-query';
import type { OrderDetail } from '@fbo/shared/schemas/order-detail';
import { queryKeys } from '../../api/query-keys';

/** Under the orders root: invalidating queryKeys.orders.all after any change refreshes the lists and the detail. */
export const orderDetailKey = (id: string) => [...queryKeys.orders.all, 'detail', id] as const;

/**
 * After a change: the orders root (lists, counts, items, this detail) and the seller's header
 * figures (an approval or a cancel moves the wallet).
 */
export function useRefreshOrder() {
  const client = useQueryClient();
  return (answer?: OrderDetail) => {
    if (answer) client.setQueryData(orderDetailKey(answer.id), answer);
    void client.invalidateQueries({ queryKey: queryKeys.orders.all });
    void client.invalidateQueries({ queryKey: queryKeys.balance });
    void client.invalidateQueries({ queryKey: queryKeys.profit });
  };
}
