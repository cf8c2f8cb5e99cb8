/** What other features may use: the proxy select source (user dialogs, order filters). */
export { proxyOptionsQuery } from './proxies.api';
