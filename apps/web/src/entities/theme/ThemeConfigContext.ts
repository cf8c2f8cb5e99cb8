import { createContext, useContext } from 'react';
import type { AgencyThemeConfig } from '../session';

/**
 * The agency theme in effect, or null while none could be loaded. The route loaders load it
 * before the first page renders, so null means the config call failed: pages then fall back
 * to antd's own look rather than to a copy of the defaults (which live beside zod schemas
 * in the shared package and would add the whole of zod to the sign-in page).
 */
export const ThemeConfigContext = createContext<AgencyThemeConfig | null>(null);

export interface BrandInfo {
  title: string;
  logo: string;
}

export function useThemeConfig(): AgencyThemeConfig | null {
  return useContext(ThemeConfigContext);
}

/** Logo and title for headers: empty strings when no theme is loaded. */
export function useBrand(): BrandInfo {
  const config = useContext(ThemeConfigContext);
  return { title: config?.title ?? '', logo: config?.logo ?? '' };
}
