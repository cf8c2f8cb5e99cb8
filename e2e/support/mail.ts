import { existsSync, readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const MAIL_DIR = path.join(os.tmpdir(), `fbo-e2e-mail-${process.env.E2E_PORT ?? 3300}`);

/** Waits for the newest mail to an address that holds a link to `pathPart`, and returns that link. */
export async function waitForMailLink(to: string, pathPart: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const pattern = new RegExp(`https?://[^\\s"<>]*${pathPart.replace(/[/?]/g, '\\$&')}[^\\s"<>]*`);
  while (Date.now() < deadline) {
    const files = existsSync(MAIL_DIR) ? readdirSync(MAIL_DIR).sort().reverse() : [];
    for (const file of files) {
      const raw = readFileSync(path.join(MAIL_DIR, file), 'utf8');
      if (!raw.startsWith(`X-Test-To: ${to}`)) continue;
      // Files hold the decoded text already (global-setup.ts).
      const match = raw.match(pattern);
      if (match) return match[0].replace(/&amp;/g, '&');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} with a ${pathPart} link`);
}
