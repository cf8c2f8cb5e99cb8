/** What other features may use: the proxy select source (user dialogs, order filters). */
export { proxyKeys, proxyOptionsQuery, type ProxyOptionsAnswer } from './proxies.api';
