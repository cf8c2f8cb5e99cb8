import { useQueryClient } from '@tanstack/react-query';
import type { AgencyInfo, AgencySettings, AgencySettingsPatch } from '@fbo/shared';
import { settingsApi, settingsKeys } from '../settings.api';
import { useWrite } from '../../../hooks/useWrite';
import { SETTINGS_WRITE } from './settings-write';

/** Saves part of the settings; on success every settings page sees the server's merged result. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  const { run, busy } = useWrite(SETTINGS_WRITE);

  async function save(patch: AgencySettingsPatch): Promise<AgencySettings | null> {
    const answer = await run(() => settingsApi.update(patch));
    if (!answer) return null;
    queryClient.setQueryData<AgencyInfo>(settingsKeys.info, (info) => (info ? { ...info, settings: answer.data } : info));
    return answer.data;
  }

  return { save, saving: busy };
}
