/**
 * The customers module's face (docs/customers.md): `linkCustomers`, which every order writer calls in its own
 * transaction, the backfill of orders made before customers existed, and what the seed uses.
 */
export { linkCustomers, recountCustomers, touchesCustomer, customerKeyOf } from './customer-link';
export { CUSTOMER_BACKFILL_JOB, CUSTOMER_IMPORT_LINK_JOB, enqueueImportLink, linkAllOrders, registerCustomerBackfill, startCustomerBackfills } from './customer-link-jobs';
