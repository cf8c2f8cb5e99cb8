import { isCountryCode } from '@fbo/shared';

/** Every ISO 3166-1 country the server accepts, named in English by the browser (Intl.DisplayNames), A to Z by name. */
export function countryOptions(): { value: string; label: string }[] {
  const names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region' }) : null;
  const out: { value: string; label: string }[] = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (!isCountryCode(code)) continue;
      let name = code;
      try {
        name = names?.of(code) ?? code;
      } catch {
        // An engine without the region's name shows its code.
      }
      out.push({ value: code, label: name === code ? code : `${name} (${code})` });
    }
  }
  return out.sort((x, y) => x.label.localeCompare(y.label));
}
