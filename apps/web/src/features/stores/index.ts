/**
 * What other features may use of Stores: the query keys, so a change elsewhere can refresh the lists, and the
 * pull of a team's store orders the Sellers page offers when Get order API is turned on.
 */
export { storeKeys } from './stores.api';
export { TeamPullOrdersDialog } from './components/PullOrdersDialog';
