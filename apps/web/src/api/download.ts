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
