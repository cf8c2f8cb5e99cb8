/**
 * The packing slip's fonts (docs/warehouses.md "Packing slip"), shipped with the project as npm packages (SIL Open
 * Font License 1.1) and read once per process, on the first slip:
 * - Noto Sans (`@embedpdf/fonts-latin`): Latin with Vietnamese, Latin Extended (Polish, Turkish, Czech...), Greek,
 *   Cyrillic; regular and bold.
 * - Noto Sans CJK SC, the subset font (`@embedpdf/fonts-sc`, 8 MB): Chinese (GB 2312 whole, most of GBK and Big5),
 *   Japanese kana and every JIS X 0208 kanji.
 * - Noto Sans CJK KR, the subset font (`@embedpdf/fonts-kr`, 4.5 MB): Hangul (all 11,172 syllables).
 * Each character takes the first font of that order which has it (see `fontFor`); the PDF embeds a subset of each
 * font used (pdfkit subsets), so a slip stays small.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { create, type Font } from 'fontkit';

export type SlipFontName = 'latin' | 'latinBold' | 'cjkSc' | 'cjkKr';

export interface SlipFonts {
  /** The parsed fonts, by name, for pdfkit (which accepts a fontkit font as a font source). */
  byName: Record<SlipFontName, Font>;
}

/** The fallback order for regular and for bold text (CJK has one weight here: bold CJK prints regular). */
export const REGULAR_CHAIN: readonly SlipFontName[] = ['latin', 'cjkSc', 'cjkKr'];
export const BOLD_CHAIN: readonly SlipFontName[] = ['latinBold', 'cjkSc', 'cjkKr'];

const FILES: Record<SlipFontName, { pkg: string; file: string }> = {
  latin: { pkg: '@embedpdf/fonts-latin', file: 'NotoSans-Regular.ttf' },
  latinBold: { pkg: '@embedpdf/fonts-latin', file: 'NotoSans-Bold.ttf' },
  cjkSc: { pkg: '@embedpdf/fonts-sc', file: 'NotoSansHans-Regular.otf' },
  cjkKr: { pkg: '@embedpdf/fonts-kr', file: 'NotoSansKR-Regular.otf' },
};

/**
 * Where a font file is on disk. The packages export only their index (dist/index.js, which lists their files), so
 * the index is resolved and the font is found in its `fonts/` folder beside `dist/`. Resolved from this file's URL:
 * the same in dev (tsx), in tests and in the bundled server (apps/server/dist/main.js, where these packages stay
 * external and resolve from node_modules).
 */
export function fontPath(name: SlipFontName): string {
  const { pkg, file } = FILES[name];
  const entry = createRequire(import.meta.url).resolve(pkg);
  return join(dirname(entry), '..', 'fonts', file);
}

async function loadFont(name: SlipFontName): Promise<Font> {
  const bytes = await readFile(fontPath(name));
  const font = create(bytes);
  if (!('hasGlyphForCodePoint' in font)) throw new Error(`packing slip font ${name}: a collection, not one font`);
  return font;
}

let loading: Promise<SlipFonts> | null = null;

/** The fonts, read and parsed once per process (lazily: a server that prints no slip never reads them). */
export function slipFonts(): Promise<SlipFonts> {
  loading ??= (async () => {
    const names = Object.keys(FILES) as SlipFontName[];
    const fonts = await Promise.all(names.map(loadFont));
    return { byName: Object.fromEntries(names.map((n, i) => [n, fonts[i]])) as Record<SlipFontName, Font> };
  })();
  // A failed read is not remembered: the next slip tries again.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

const LETTER = /[\p{L}\p{M}]/u;

/**
 * The font that prints a character: a letter takes the first font of the chain that has it (so Latin letters
 * after CJK print in Noto Sans, not in the CJK font's own Latin); a digit, space or punctuation stays in the font
 * already in use if it has it (fewer font changes); a character no font has takes the chain's first (it prints as
 * that font's empty box rather than failing the slip).
 */
export function fontFor(
  fonts: SlipFonts,
  chain: readonly SlipFontName[],
  char: string,
  current: SlipFontName | null,
): SlipFontName {
  const codePoint = char.codePointAt(0) ?? 0;
  if (current && !LETTER.test(char) && fonts.byName[current].hasGlyphForCodePoint(codePoint)) return current;
  return chain.find((n) => fonts.byName[n].hasGlyphForCodePoint(codePoint)) ?? chain[0];
}
