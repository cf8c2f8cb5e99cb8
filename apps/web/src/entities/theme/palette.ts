import { generate } from '@ant-design/colors';
import type { ThemeConfig as AntTheme } from 'antd';
import type { ThemeConfig } from '@fbo/shared';
import { contrastRatio, MIN_CONTRAST, mix, mutedText, readableShade } from './contrast';

export interface Palette {
  /** The ten tints of the configured primary, lightest first (--primary-1..--primary-10). */
  primaryTints: string[];
  /** The page background behind cards and tables. */
  bodyBg: string;
  antd: AntTheme;
}

type Semantic = 'Primary' | 'Success' | 'Warning' | 'Error' | 'Info';

/**
 * Tokens of one semantic colour. Backgrounds and borders are light mixes of the configured colour
 * with the page background; the colour used for text is the nearest shade that reads on that
 * light background. (Letting antd derive tints from an already darkened seed, or from a grey
 * like the default info colour, gives murky grey backgrounds, so they are set here.)
 */
function semanticTokens(name: Semantic, seed: string, background: string): Record<string, string> {
  const tints = generate(seed);
  const bg = mix(seed, background, 0.1);
  const strong = readableShade(seed, bg);
  const index = Math.max(5, tints.indexOf(strong));
  const darker = tints[Math.min(index + 1, 9)];
  // Hover is usually a lighter step; it carries white text on buttons, so it must still read.
  const lighter = tints[Math.max(index - 1, 4)];
  const hover = contrastRatio(lighter, background) >= MIN_CONTRAST + 0.1 ? lighter : darker;
  return {
    [`color${name}`]: strong,
    [`color${name}Bg`]: bg,
    [`color${name}BgHover`]: mix(seed, background, 0.18),
    [`color${name}Border`]: mix(seed, background, 0.35),
    [`color${name}BorderHover`]: mix(seed, background, 0.5),
    [`color${name}Hover`]: hover,
    [`color${name}Active`]: darker,
    [`color${name}TextHover`]: hover,
    [`color${name}Text`]: strong,
    [`color${name}TextActive`]: darker,
  };
}

/** antd tokens from the agency colours (spec part 1 section 9). */
export function buildPalette(config: ThemeConfig): Palette {
  const background = config.white;
  const text = config.black;
  // A hint of the text colour in the page background, so white cards stand out from it.
  const bodyBg = mix(text, background, 0.04);
  // Checked against the darker of the two backgrounds: secondary text appears on both.
  const muted = mutedText(text, bodyBg);
  const primary = semanticTokens('Primary', config.primary, background);
  return {
    primaryTints: generate(config.primary),
    bodyBg,
    antd: {
      // CSS variables: switching agency colours re-themes without re-generating every style.
      cssVar: { key: 'fbo' },
      token: {
        ...primary,
        ...semanticTokens('Success', config.success, background),
        ...semanticTokens('Warning', config.warning, background),
        ...semanticTokens('Error', config.danger, background),
        ...semanticTokens('Info', config.info, background),
        colorLink: primary.colorPrimary,
        colorLinkHover: primary.colorPrimaryHover,
        colorLinkActive: primary.colorPrimaryActive,
        colorTextBase: text,
        colorBgBase: background,
        colorTextDescription: muted,
        colorTextTertiary: muted,
        colorTextPlaceholder: muted,
        borderRadius: 6,
      },
      components: {
        Layout: { headerBg: background, siderBg: background, bodyBg, headerPadding: '0 16px' },
      },
    },
  };
}
