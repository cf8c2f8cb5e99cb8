export { actorOf } from './actor';
export { guardLoader, indexLoader, notFoundLoader } from './guard';
export { captureTokensFromUrl, endSession, linkPendingStore, loadSession, type LinkResult, type Session } from './session';
export { configKindOf, configQuery, meQuery, storedConfig, type AgencyThemeConfig } from './session.api';
export { useAccessToken, useRequiredSession, useSession } from './useSession';
