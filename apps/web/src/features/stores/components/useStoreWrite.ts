import { useWrite } from '../../../hooks/useWrite';
import { storeKeys } from '../stores.api';

const REFRESH = [storeKeys.all];

/** A store change with its toast (the server's message); every store list refreshes after. */
export const useStoreWrite = () => useWrite({ refresh: REFRESH, keepOnRefusal: true });
