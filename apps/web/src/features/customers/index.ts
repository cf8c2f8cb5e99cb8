/** The customers feature's face (docs/customers.md): its query keys, so a change elsewhere (an order edit) can refresh them. */
export { customerKeys } from './customers.api';
