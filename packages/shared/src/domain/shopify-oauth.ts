/**
 * What Shopify signs on an OAuth redirect (the install link and the callback): every query parameter
 * but `hmac` (and `signature`), sorted by name, `k=v` joined by `&`; an array value as `["a", "b"]`.
 * The HMAC-SHA256 (hex) of this message with the app's secret is the `hmac` parameter. Pure, so the
 * server (modules/stores/shopify signOauthQuery) and the e2e support sign the same message; the HMAC
 * itself stays with each caller (node:crypto has no place in this package).
 * https://shopify.dev/docs/apps/build/authentication-authorization/access-tokens/authorization-code-grant
 */
export type ShopifyOauthQuery = Record<string, string | string[] | undefined>;

export function shopifyOauthMessage(query: ShopifyOauthQuery): string {
  return Object.keys(query)
    .filter((k) => k !== 'hmac' && k !== 'signature' && query[k] !== undefined)
    .sort()
    .map((k) => {
      const v = query[k]!;
      return `${k}=${Array.isArray(v) ? `[${v.map((x) => `"${x}"`).join(', ')}]` : v}`;
    })
    .join('&');
}
