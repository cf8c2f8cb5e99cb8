/**
 * WCAG contrast helpers. Agencies pick their colours freely and the spec's defaults
 * (#409eff, #67c23a, #f56c6c...) are too light for text on white (under 4.5:1), so the
 * antd tokens use the nearest darker shade of the same hue that is readable.
 */
import { generate } from '@ant-design/colors';

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

export function parseHex(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? h.split('').map((c) => c + c).join('') : h.slice(0, 6);
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** AA for normal text. */
export const MIN_CONTRAST = 4.5;

/**
 * `color` if it reads on `background`, else the first darker shade of its palette that does
 * (the palette's index 5 is the colour itself, 6-9 are darker).
 */
export function readableShade(color: string, background: string, min = MIN_CONTRAST + 0.1): string {
  if (contrastRatio(color, background) >= min) return color;
  const palette = generate(color);
  for (let i = 6; i < palette.length; i += 1) {
    if (contrastRatio(palette[i], background) >= min) return palette[i];
  }
  return palette[palette.length - 1];
}

/** Mixes two colours; `weight` is the share of `a`. */
export function mix(a: string, b: string, weight: number): string {
  const ca = parseHex(a);
  const cb = parseHex(b);
  const out = ca.map((v, i) => Math.round(v * weight + cb[i] * (1 - weight)));
  return `#${out.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * A secondary text colour (descriptions, placeholders, empty states) that still reads: antd's
 * default 45% alpha grey is 3.4:1, below AA.
 */
export function mutedText(text: string, background: string): string {
  for (let weight = 0.6; weight < 1; weight += 0.02) {
    const candidate = mix(text, background, weight);
    if (contrastRatio(candidate, background) >= MIN_CONTRAST + 0.2) return candidate;
  }
  return text;
}
