import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { tokenStore } from '../../api/storage';
import { actorOf } from './actor';
import { meQuery } from './session.api';

export function useAccessToken(): string | null {
  return useSyncExternalStore(tokenStore.subscribe, tokenStore.get, () => null);
}

/**
 * The signed-in user. Never fetches by itself: route loaders load it before a page renders,
 * so a page that needs it can rely on it being there.
 */
export function useSession() {
  const token = useAccessToken();
  const { data: info } = useQuery({ ...meQuery(), enabled: false });
  if (!token || !info) return { info: null, actor: null } as const;
  return { info, actor: actorOf(info) } as const;
}

/** For pages that only render for a signed-in user (the guard guarantees it). */
export function useRequiredSession() {
  const session = useSession();
  if (!session.info) throw new Error('This page needs a signed-in user');
  return session;
}
