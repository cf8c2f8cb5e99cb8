/** Theme keys and defaults, free of zod so the web's first chunk stays small. */
export const COLOR_KEYS = ['white', 'black', 'primary', 'success', 'warning', 'danger', 'error', 'info'] as const;
export type ColorKey = (typeof COLOR_KEYS)[number];

export interface ThemeConfigShape {
  white: string;
  black: string;
  primary: string;
  success: string;
  warning: string;
  danger: string;
  error: string;
  info: string;
  logo: string;
  title: string;
  faviconImg: string;
  templateFile: {
    importOrderFilePath: string;
    importTrackingFilePath: string;
    dataCatalogFile: string;
    importFileToCancel: string;
    importFileToHold: string;
    importSupplierCode: string;
  };
}

/** Defaults of spec part 1 section 9; white, black and error follow the same palette. */
export const DEFAULT_THEME: ThemeConfigShape = {
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

