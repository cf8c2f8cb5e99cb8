import { HttpError, buildUrl, sessionHeaders } from './http';

/**
 * Downloads a file the server answered as `data.url` (exports, import reports). The address is
 * signed by the server, so a plain navigation works without the bearer token.
 */
export function downloadUrl(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  link.download = '';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** The file name a Content-Disposition header gives, if any. */
function fileNameOf(disposition: string | null): string | undefined {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1];
}

/**
 * Downloads a file the API sends itself (a JSON document, a template) behind the session's bearer token, which a plain
 * link cannot carry: fetched with the session's headers, then saved from memory under the server's file name. Rejects
 * with an HttpError when the server refuses.
 */
export async function downloadWithSession(path: string, fallbackName: string): Promise<void> {
  const response = await fetch(buildUrl(path), { headers: sessionHeaders('*/*') });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new HttpError(response.status, body.message ?? response.statusText, body);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('Content-Disposition')) ?? fallbackName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
