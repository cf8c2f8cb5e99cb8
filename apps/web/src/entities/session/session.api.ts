import { queryOptions } from '@tanstack/react-query';
import type { ThemeConfig, UserInfo } from '@fbo/shared';
import { http, unwrap } from '../../api/http';
import { queryKeys, type ConfigKind } from '../../api/query-keys';
import { STORAGE_KEYS, storage, tokenStore } from '../../api/storage';

export type AgencyThemeConfig = ThemeConfig & { agencyId?: string; agencyName?: string };

/** GET /users/info, mirrored into the browser keys the spec lists (info, type, isOrderExporter). */
export async function fetchUserInfo(): Promise<UserInfo> {
  // Start-up decides itself where a 401 goes (a public page stays reachable), hence skipAuthRedirect.
  const { data } = unwrap(await http.get<{ data: UserInfo }>('/users/info', { skipAuthRedirect: true }));
  storage.setJson(STORAGE_KEYS.info, data);
  storage.set(STORAGE_KEYS.type, data.userType);
  storage.set(STORAGE_KEYS.isOrderExporter, String(data.authority === 'order_exporter'));
  return data;
}

/** An agency reads its full configuration, everyone else the public theme of the domain. */
export async function fetchConfig(kind: ConfigKind): Promise<AgencyThemeConfig> {
  const path = kind === 'agency' ? '/agencies/config' : '/agencies/config/public';
  const { data } = unwrap(await http.get<{ data: AgencyThemeConfig }>(path, { skipAuthRedirect: true }));
  // `config` is part of the stored session (logout removes it): signed-out pages load theirs fresh.
  if (tokenStore.get()) storage.setJson(STORAGE_KEYS.config, data);
  return data;
}

export const meQuery = () =>
  queryOptions({
    queryKey: queryKeys.me,
    queryFn: fetchUserInfo,
    // The user changes only through the profile form, which invalidates this key.
    staleTime: Infinity,
    retry: false,
  });

export const configQuery = (kind: ConfigKind) =>
  queryOptions({
    queryKey: queryKeys.config.kind(kind),
    queryFn: () => fetchConfig(kind),
    // Re-read only when settings invalidate it: the theme must not flicker on refetches.
    staleTime: Infinity,
    retry: false,
  });

export function configKindOf(info: Pick<UserInfo, 'userType'> | null | undefined): ConfigKind {
  return info?.userType === 'agency' ? 'agency' : 'public';
}

export function storedConfig(): AgencyThemeConfig | null {
  return storage.getJson<AgencyThemeConfig>(STORAGE_KEYS.config);
}
