/** Input hygiene rules shared by the schemas (schemas/common.ts) and the zod-free upload code. */

/**
 * C0 control characters except tab, line feed and carriage return. PostgreSQL refuses U+0000 in text
 * (a 500 before this rule); the others are never typed by a person and only serve to spoof logs and
 * exports. The server refuses them in every request string before Zod runs (app.ts); `text()` in
 * schemas/common.ts is the same rule for the web's forms.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

/** The longest stored file name, in characters (extension included): well under the 255 bytes of a path part. */
export const FILE_NAME_MAX = 120;

/**
 * An uploaded file's name made safe to store and to build a path from: control characters dropped,
 * path separators made hyphens, shortened to `max` keeping its extension (a 250-character name once
 * ended in ENAMETOOLONG: 500).
 */
export function safeFileName(fileName: string, max: number = FILE_NAME_MAX): string {
  const plain = fileName.replace(new RegExp(CONTROL_CHARS.source, 'g'), '').replace(/[/\\]/g, '-').trim();
  if (plain.length <= max) return plain || 'file';
  const dot = plain.lastIndexOf('.');
  const extension = dot > 0 && plain.length - dot <= 11 ? plain.slice(dot) : '';
  return plain.slice(0, max - extension.length) + extension;
}

const CONTROL_CHARS_ALL = new RegExp(CONTROL_CHARS.source, 'g');

/** Text read from an imported file with its control characters dropped (a NUL cell once failed the whole import). */
export function withoutControlChars(text: string): string {
  return CONTROL_CHARS.test(text) ? text.replace(CONTROL_CHARS_ALL, '') : text;
}
