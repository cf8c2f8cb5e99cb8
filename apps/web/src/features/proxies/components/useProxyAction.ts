import { useChangeAction, useConfirmDelete as useConfirmDeleteOf } from '../../../hooks/useChangeAction';
import { proxyKeys } from '../proxies.api';

const REFRESH = [proxyKeys.all];

/** A proxy or group change with its message; every proxy list refreshes after. */
export const useProxyAction = () => useChangeAction(REFRESH);
export const useConfirmDelete = () => useConfirmDeleteOf(REFRESH);
