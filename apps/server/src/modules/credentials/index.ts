/**
 * What proves who someone is, shared by sign-up (auth) and by the screens that create accounts for
 * others (sellers, agencies-admin, users): kept apart from auth so those do not depend on it.
 */
export { hashPassword } from './passwords';
export { consumeOneTimeToken, issueOneTimeToken } from './one-time-tokens';
export { requestMeta, type RequestMeta } from './request-meta';
