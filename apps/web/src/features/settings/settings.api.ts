import { queryOptions } from '@tanstack/react-query';
import type { AgencyInfo, AgencySettings, AgencySettingsPatch, DomainItem, DomainListResponse, ThemeConfig } from '@fbo/shared';
import { http, unwrap } from '../../api/http';

export const settingsKeys = {
  info: ['settings', 'agency-info'] as const,
  domains: ['settings', 'domains'] as const,
};

export const agencyInfoQuery = () =>
  queryOptions({
    queryKey: settingsKeys.info,
    queryFn: async ({ signal }) => unwrap(await http.get<{ data: AgencyInfo }>('/agencies/info', { signal, list: true })).data,
  });

export const domainsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.domains,
    queryFn: async ({ signal }) => unwrap(await http.get<DomainListResponse>('/domains', { signal, list: true })),
  });

export interface DomainAnswer {
  message: string;
  data: DomainItem;
}

/** PATCH /agencies/config and its reset answer the whole stored config. */
export interface ConfigAnswer {
  message: string;
  data: ThemeConfig;
}

export const settingsApi = {
  update: (settings: AgencySettingsPatch) =>
    http.patch<{ message: string; data: AgencySettings }>('/agencies/update-settings', { settings }),
  updateTemplateFiles: (templateFile: Partial<ThemeConfig['templateFile']>) =>
    http.patch<ConfigAnswer>('/agencies/config', { config: { templateFile } }),
  updateTheme: (config: Partial<Omit<ThemeConfig, 'templateFile'>>) => http.patch<ConfigAnswer>('/agencies/config', { config }),
  resetTheme: () => http.post<ConfigAnswer>('/agencies/config/reset'),
  addDomain: (host: string) => http.post<DomainAnswer>('/domains', { host }),
  checkDomain: (id: string) => http.post<DomainAnswer>(`/domains/${encodeURIComponent(id)}/check`),
  deleteDomain: (id: string) => http.delete<{ message: string }>(`/domains/${encodeURIComponent(id)}`),
};
