/** The products module's face (docs/stores.md, "Products"): what other modules may use. */
export { registerProductJobs, SYNC_STORE_PRODUCTS } from './product-sync';
