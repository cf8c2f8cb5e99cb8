import { queryKeys } from '../../../api/query-keys';
import { useConfirmDelete, useWrite } from '../../../hooks/useWrite';
import { productKeys } from '../products.api';

const REFRESH = [productKeys.all];

/** A product change with its toast (the server's message); every product query refreshes after. */
export const useProductWrite = () => useWrite({ refresh: REFRESH, keepOnRefusal: true });

/** "Apply mapping to open orders": its toast is the server's ('Mapping applied to N orders'); the orders refresh too. */
export const useSyncToItemWrite = () => useWrite({ refresh: [...REFRESH, queryKeys.orders.all], keepOnRefusal: true });

/** 'Are you sure to delete this?' then the delete; the product lists refresh. */
export const useProductDelete = () => useConfirmDelete(REFRESH);
