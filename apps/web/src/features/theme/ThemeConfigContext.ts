import { createContext, useContext } from 'react';
import { DEFAULT_THEME } from '@fbo/shared';
import type { AgencyThemeConfig } from '../session';

export const ThemeConfigContext = createContext<AgencyThemeConfig>(DEFAULT_THEME);

/** The agency theme in effect (logo, title, colours, template files). */
export function useThemeConfig(): AgencyThemeConfig {
  return useContext(ThemeConfigContext);
}
