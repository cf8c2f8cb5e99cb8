import { generate } from '@ant-design/colors';
import type { ThemeConfig as AntTheme } from 'antd';
import type { ThemeConfig } from '@fbo/shared';
import { mutedText, readableShade } from './contrast';

export interface Palette {
  /** The ten tints of the configured primary, lightest first (--primary-1..--primary-10). */
  primaryTints: string[];
  antd: AntTheme;
}

/** antd tokens from the agency colours (spec part 1 section 9). */
export function buildPalette(config: ThemeConfig): Palette {
  const background = config.white;
  const text = config.black;
  const muted = mutedText(text, background);
  return {
    primaryTints: generate(config.primary),
    antd: {
      // CSS variables: switching agency colours re-themes without re-generating every style.
      cssVar: { key: 'fbo' },
      token: {
        colorPrimary: readableShade(config.primary, background),
        colorSuccess: readableShade(config.success, background),
        colorWarning: readableShade(config.warning, background),
        colorError: readableShade(config.danger, background),
        colorInfo: readableShade(config.info, background),
        colorLink: readableShade(config.primary, background),
        colorTextBase: text,
        colorBgBase: background,
        colorTextDescription: muted,
        colorTextTertiary: muted,
        colorTextPlaceholder: muted,
        borderRadius: 6,
        fontFamily:
          "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
      },
      components: {
        Layout: { headerBg: background, siderBg: background, bodyBg: '#f5f7fa', headerPadding: '0 16px' },
      },
    },
  };
}
