import { queryKeys } from '../../../api/query-keys';
import { useConfirmDelete as useConfirmDeleteOf, useWrite } from '../../../hooks/useWrite';

const REFRESH = [queryKeys.basecosts.all];

/** A base-cost change with its message; every base-cost query refreshes after. */
export const useBasecostAction = () => useWrite({ refresh: REFRESH }).run;
export const useConfirmDelete = () => useConfirmDeleteOf(REFRESH);
