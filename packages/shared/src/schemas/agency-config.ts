import { z } from 'zod';

export const COLOR_KEYS = ['white', 'black', 'primary', 'success', 'warning', 'danger', 'error', 'info'] as const;
export type ColorKey = (typeof COLOR_KEYS)[number];

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

/** Defaults of spec part 1 section 9; white, black and error follow the same palette. */
export const DEFAULT_THEME: ThemeConfig = {
  white: '#ffffff',
  black: '#303133',
  primary: '#409eff',
  success: '#67c23a',
  warning: '#e6a23c',
  danger: '#f56c6c',
  error: '#f56c6c',
  info: '#909399',
  logo: '',
  title: 'Fulfilment',
  faviconImg: '',
  templateFile: {
    importOrderFilePath: '',
    importTrackingFilePath: '',
    dataCatalogFile: '',
    importFileToCancel: '',
    importFileToHold: '',
    importSupplierCode: '',
  },
};

/** The public answer omits nothing secret: it is the theme of the agency owning the domain. */
export const publicConfigResponse = z.object({ data: themeConfig });
export const fullConfigResponse = z.object({
  data: themeConfig.extend({ agencyId: z.string(), agencyName: z.string() }),
});
