/** Proxies: the Postgres error code helper is shared with other admin screens. */
export { pgErrorCode } from './proxies.repo';
