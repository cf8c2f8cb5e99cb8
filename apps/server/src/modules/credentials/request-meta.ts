import type { FastifyRequest } from 'fastify';

export interface RequestMeta {
  /**
   * The Host the request named: picks the agency of a sign-up; a link uses it only when it is a
   * connected domain of the recipient's agency (lib/public-links.ts).
   */
  host?: string;
  /** The client address, for the throttles. */
  address?: string;
}

/**
 * Host and client address of a request. Both read X-Forwarded-* only when TRUST_PROXY is set; even
 * then the host never becomes a link by itself (lib/public-links.ts).
 */
export function requestMeta(request: FastifyRequest): RequestMeta {
  return { host: request.host, address: request.ip };
}
