/**
 * Session life cycle (spec part 1 section 4): start-up, sign-in, sign-out.
 * Outside React so route loaders and the HTTP client's 401 handler can use it.
 */
import type { Actor, UserInfo } from '@fbo/shared';
import { queryClient } from '../../api/query-client';
import { appTokenStore, clearStoredSession, STORAGE_KEYS, storage, tokenStore } from '../../api/storage';
import { HttpError, http } from '../../api/http';
import { actorOf } from './actor';
import { configKindOf, configQuery, meQuery, type AgencyThemeConfig } from './session.api';

export interface Session {
  info: UserInfo;
  actor: Actor;
  config: AgencyThemeConfig;
}

/**
 * Loads the user and its theme once (cached afterwards). `fresh` refetches both: used right
 * after sign-in, when whatever is cached belongs to nobody.
 */
export async function loadSession(options: { fresh?: boolean } = {}): Promise<Session> {
  const info = options.fresh
    ? await queryClient.fetchQuery({ ...meQuery(), staleTime: 0 })
    : await queryClient.ensureQueryData(meQuery());
  const kind = configKindOf(info);
  const config = options.fresh
    ? await queryClient.fetchQuery({ ...configQuery(kind), staleTime: 0 })
    : await queryClient.ensureQueryData(configQuery(kind));
  return { info, actor: actorOf(info), config };
}

/**
 * Start-up: the session when a token is held and loads, else null. Only a refused token (401) is dropped: a
 * network error, a 5xx or a load cut short by a reload must never sign the user out (the route's error page
 * offers to try again instead).
 */
export async function loadSessionOrNull(): Promise<Session | null> {
  if (!tokenStore.get()) return null;
  try {
    return await loadSession();
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 401) throw error;
    endSession();
    return null;
  }
}

/**
 * Removes every session key, the tab's app state and every cached answer (one user's data must
 * never show to the next). `keepAppToken`: "Another account" keeps the pending store link.
 */
export function endSession(options: { keepAppToken?: boolean } = {}): void {
  clearStoredSession(options);
  queryClient.clear();
}

/** Result of linking the pending store app, if any (sign-in and the Welcome page). */
export type LinkResult = { kind: 'none' } | { kind: 'linked'; message?: string } | { kind: 'failed' };

export async function linkPendingStore(): Promise<LinkResult> {
  const appToken = appTokenStore.get();
  if (!appToken) return { kind: 'none' };
  try {
    const result = await http.post<{ message?: string }>('/auth/link-store', { appToken });
    return result.ok ? { kind: 'linked', message: result.body.message } : { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  } finally {
    // The spec clears the app token after the attempt, whatever its outcome.
    appTokenStore.clear();
  }
}

/** Stores the access token carried by the address (store app hand-off, e-mail links). */
export function captureTokensFromUrl(): void {
  const url = new URL(window.location.href);
  const accessToken = url.searchParams.get('access_token');
  const appToken = url.searchParams.get('app_token');
  if (!accessToken && !appToken) return;
  if (accessToken) tokenStore.set(accessToken);
  if (appToken) storage.set(STORAGE_KEYS.appToken, appToken);
  url.searchParams.delete('access_token');
  url.searchParams.delete('app_token');
  // Tokens must not stay in the address bar, the history or a shared link.
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
