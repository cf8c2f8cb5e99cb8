import { queryKeys } from '../../../api/query-keys';
import { useConfirmDelete as useConfirmDeleteOf, useWrite } from '../../../hooks/useWrite';

const REFRESH = [queryKeys.catalogs.all];

/** A catalog change with its message; every catalog query refreshes after. */
export const useCatalogAction = () => useWrite({ refresh: REFRESH }).run;
export const useConfirmDelete = () => useConfirmDeleteOf(REFRESH);
