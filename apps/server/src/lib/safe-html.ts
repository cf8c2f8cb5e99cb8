import sanitizeHtml from 'sanitize-html';

/** Descriptions come from sellers' stores: only formatting survives, never scripts or handlers. */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: sanitizeHtml.defaults.allowedTags.concat(['img']),
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['https', 'http', 'mailto'],
};

/** HTML a page may render as it is. */
export function safeHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE);
}
