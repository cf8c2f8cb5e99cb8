import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import type { S3Settings } from '../storage/storage';

type Directives = Record<string, string[]>;

/** Features the back office never uses: a script that slipped in cannot ask for them either. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

/**
 * The policy of the pages: the web app under /cms/ and the API docs (swagger-ui), both built with
 * no inline script and no eval. Inline styles stay: antd writes its CSS-in-JS as <style> tags.
 * Images may come from any https host: imported artwork links and store mockups are shown where
 * they are, not copied into storage (docs/decisions.md). Uploads PUT straight to the S3 endpoint.
 */
export function pageDirectives(s3?: S3Settings): Directives {
  const bucket = s3 ? [new URL(s3.publicUrl ?? `${s3.endpoint}/${s3.bucket}`).origin] : [];
  const endpoint = s3 ? [new URL(s3.endpoint).origin] : [];
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...new Set(bucket), 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...new Set(endpoint)],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** JSON answers load nothing and are framed by nobody. */
const API_DIRECTIVES: Directives = { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] };

const isPage = (req: FastifyRequest) => !req.url.startsWith('/api/') || req.url.startsWith('/api/docs');

/**
 * Browser hardening headers on every answer (@fastify/helmet): nosniff, X-Frame-Options DENY,
 * Referrer-Policy, Permissions-Policy, HSTS when the public address is https; a Content-Security-
 * Policy for pages and a closed one for the API. Registered before any route so all of them,
 * the 404 handler (deep links into /cms/) included, get the headers.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { publicUrl?: string; s3?: S3Settings }) {
  const https = !!options.publicUrl?.startsWith('https://');
  const page = { useDefaults: false, directives: pageDirectives(options.s3) };
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: API_DIRECTIVES },
    frameguard: { action: 'deny' },
    // Full address within the site, nothing (no reset or confirmation token in a path) to other hosts.
    referrerPolicy: { policy: 'same-origin' },
    // Over plain http (local runs, tests) HSTS would only confuse; subdomains are not ours to pin.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    // Store-connect and download links open in new windows; keep those working.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  app.addHook('onRequest', async (req, reply) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    if (isPage(req)) await reply.helmet({ contentSecurityPolicy: page });
  });
}
