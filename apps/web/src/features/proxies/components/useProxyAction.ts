import { useConfirmDelete as useConfirmDeleteOf, useWrite } from '../../../hooks/useWrite';
import { proxyKeys } from '../proxies.api';

const REFRESH = [proxyKeys.all];

/** A proxy or group change with its message; every proxy list refreshes after. */
export const useProxyAction = () => useWrite({ refresh: REFRESH }).run;
export const useConfirmDelete = () => useConfirmDeleteOf(REFRESH);
