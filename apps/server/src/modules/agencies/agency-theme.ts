import { DEFAULT_THEME, themeConfig } from '@fbo/shared';

/** Fills keys a stored config may lack (older rows, partial saves) from the defaults. */
export function withDefaults(config: unknown) {
  const merged = { ...DEFAULT_THEME, ...(config as object) };
  merged.templateFile = { ...DEFAULT_THEME.templateFile, ...(merged.templateFile ?? {}) };
  return themeConfig.parse(merged);
}
