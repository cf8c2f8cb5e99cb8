import { queryKeys } from '../../../api/query-keys';
import { useChangeAction, useConfirmDelete as useConfirmDeleteOf } from '../../../hooks/useChangeAction';

const REFRESH = [queryKeys.catalogs.all];

/** A catalog change with its message; every catalog query refreshes after. */
export const useCatalogAction = () => useChangeAction(REFRESH);
export const useConfirmDelete = () => useConfirmDeleteOf(REFRESH);
