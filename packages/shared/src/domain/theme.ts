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
/**
 * The order and tracking import templates the server generates (orders issue): an agency that set
 * no file of its own gets these links, and may keep them when it saves its template files.
 */
export const GENERATED_TEMPLATE_PATHS = {
  importOrderFilePath: '/api/orders/import/template',
  importTrackingFilePath: '/api/tracking/import/template',
} as const;

/** A template file link: an http(s) address, empty, or one of the generated templates. */
export function isTemplateFileLink(value: string, isHttpUrl: (v: string) => boolean): boolean {
  return isHttpUrl(value) || (Object.values(GENERATED_TEMPLATE_PATHS) as string[]).includes(value);
}

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
    importOrderFilePath: GENERATED_TEMPLATE_PATHS.importOrderFilePath,
    importTrackingFilePath: GENERATED_TEMPLATE_PATHS.importTrackingFilePath,
    dataCatalogFile: '',
    importFileToCancel: '',
    importFileToHold: '',
    importSupplierCode: '',
  },
};


/** The theme keys the Theme page edits (everything but templateFile, which has its own page). */
export type ThemeKey = ColorKey | 'logo' | 'faviconImg' | 'title';

export const THEME_LIMITS = { titleMin: 1, titleMax: 60, imageUrl: 2048 } as const;

/** Labels of the colour pickers, in the spec's key order. */
export const COLOR_LABELS: Record<ColorKey, string> = {
  white: 'White',
  black: 'Black',
  primary: 'Primary',
  success: 'Success',
  warning: 'Warning',
  danger: 'Danger',
  error: 'Error',
  info: 'Info',
};

// The spec gives no texts for these refusals (docs/decisions.md, Theme setting).
export const THEME_MSG = {
  invalidColor: 'Please pick a colour in #rrggbb form',
  title: `Title should be ${THEME_LIMITS.titleMin} to ${THEME_LIMITS.titleMax} length`,
  invalidImage: 'Please upload an image (a /files/ path or an https:// address)',
} as const;

export function isHexColor(value: string): boolean {
  return /^#[0-9a-fA-F]{6}$/.test(value);
}

/**
 * Logo and favicon: empty, an uploaded file's path under /files/, or an https address. Never
 * http or javascript:, since the value lands in <img src> and <link rel=icon> on every page.
 */
export function isThemeImage(value: string): boolean {
  if (value === '') return true;
  if (value.length > THEME_LIMITS.imageUrl || /\s/.test(value)) return false;
  if (value.startsWith('/files/')) return !value.includes('..') && !value.startsWith('/files//');
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}
