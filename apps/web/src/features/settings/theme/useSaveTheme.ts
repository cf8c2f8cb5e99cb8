import { useQueryClient } from '@tanstack/react-query';
import type { AgencyInfo, ThemeConfig } from '@fbo/shared';
import { queryKeys } from '../../../api/query-keys';
import { STORAGE_KEYS, storage } from '../../../api/storage';
import type { AgencyThemeConfig } from '../../../entities/session';
import { useWrite } from '../../../hooks/useWrite';
import { SETTINGS_WRITE } from '../hooks/settings-write';
import { settingsApi, settingsKeys, type ConfigAnswer } from '../settings.api';
import type { HttpResult } from '../../../api/http';

export type ThemeValues = Omit<ThemeConfig, 'templateFile'>;

/**
 * Save and Reset of the Theme page. The server answers the whole config; it goes straight into
 * the config query the ThemeProvider reads (so the app re-themes without a reload or a refetch),
 * into the stored session's `config` (what the next start-up paints first) and into the settings
 * pages' agency info, so all three stay in step.
 */
export function useSaveTheme() {
  const queryClient = useQueryClient();
  const { run, busy } = useWrite(SETTINGS_WRITE);

  async function apply(call: () => Promise<HttpResult<ConfigAnswer>>): Promise<ThemeConfig | null> {
    const answer = await run(call);
    if (!answer) return null;
    const config = answer.data;
    const current = queryClient.getQueryData<AgencyThemeConfig>(queryKeys.config.kind('agency'));
    const next: AgencyThemeConfig = { ...current, ...config };
    queryClient.setQueryData(queryKeys.config.kind('agency'), next);
    storage.setJson(STORAGE_KEYS.config, next);
    queryClient.setQueryData<AgencyInfo>(settingsKeys.info, (info) => (info ? { ...info, config } : info));
    // The public theme of this agency's domains changed too; re-read it whenever it is next used.
    void queryClient.invalidateQueries({ queryKey: queryKeys.config.kind('public') });
    return config;
  }

  return {
    save: (values: ThemeValues) => apply(() => settingsApi.updateTheme(values)),
    reset: () => apply(() => settingsApi.resetTheme()),
    busy,
  };
}
