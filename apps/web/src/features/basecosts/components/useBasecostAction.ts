import { queryKeys } from '../../../api/query-keys';
import { useChangeAction, useConfirmDelete as useConfirmDeleteOf } from '../../../hooks/useChangeAction';

const REFRESH = [queryKeys.basecosts.all];

/** A base-cost change with its message; every base-cost query refreshes after. */
export const useBasecostAction = () => useChangeAction(REFRESH);
export const useConfirmDelete = () => useConfirmDeleteOf(REFRESH);
