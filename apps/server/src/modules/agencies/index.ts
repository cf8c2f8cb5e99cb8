/** Agencies as tenants: found by id or by the host a request names, and their theme. */
export { agencyById, agencyForHost } from './agencies.repo';
export { withDefaults } from './agency-theme';
