/** What other features may use of Stores: the query keys, so a change elsewhere can refresh the lists. */
export { storeKeys } from './stores.api';
