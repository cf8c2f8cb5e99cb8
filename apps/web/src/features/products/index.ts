/** What other features may use of Products: the query keys, so a change elsewhere (a mapping) can refresh them. */
export { productKeys } from './products.api';
