import { z } from 'zod';
import type { ThemeConfigShape } from '../domain/theme';

export {
  COLOR_KEYS, COLOR_LABELS, DEFAULT_THEME, THEME_LIMITS, THEME_MSG, isHexColor, isThemeImage, type ColorKey, type ThemeKey,
} from '../domain/theme';

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/);

export const templateFile = z.object({
  importOrderFilePath: z.string().default(''),
  importTrackingFilePath: z.string().default(''),
  dataCatalogFile: z.string().default(''),
  importFileToCancel: z.string().default(''),
  importFileToHold: z.string().default(''),
  importSupplierCode: z.string().default(''),
});

export const themeConfig = z.object({
  white: hexColor,
  black: hexColor,
  primary: hexColor,
  success: hexColor,
  warning: hexColor,
  danger: hexColor,
  error: hexColor,
  info: hexColor,
  logo: z.string(),
  title: z.string(),
  faviconImg: z.string(),
  templateFile,
});
export type ThemeConfig = z.infer<typeof themeConfig>;

// The zod-free shape in domain/theme.ts must stay the schema's type.
const _sameShape: ThemeConfigShape extends ThemeConfig ? (ThemeConfig extends ThemeConfigShape ? true : never) : never = true;
void _sameShape;

/** The public answer omits nothing secret: it is the theme of the agency owning the domain. */
export const publicConfigResponse = z.object({ data: themeConfig });
export const fullConfigResponse = z.object({
  data: themeConfig.extend({ agencyId: z.string(), agencyName: z.string() }),
});
