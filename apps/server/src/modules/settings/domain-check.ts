import { Resolver } from 'node:dns/promises';
import { isIPv4 } from 'node:net';
import { DEFAULT_DOMAIN_TARGET, normaliseHost } from '@fbo/shared';

/** The two lookups the connection check needs. */
export interface DnsResolver {
  resolveCname(host: string): Promise<string[]>;
  resolve4(host: string): Promise<string[]>;
}

// Short timeouts: the check runs while the owner waits for the answer.
const resolver = new Resolver({ timeout: 3000, tries: 2 });

/**
 * The resolver the check uses. Tests replace its functions (vi.spyOn) so no test needs a network;
 * it is read at call time, so a replacement takes effect at once.
 */
export const dnsResolver: DnsResolver = {
  resolveCname: (host) => resolver.resolveCname(host),
  resolve4: (host) => resolver.resolve4(host),
};

/** Where custom domains must point: APP_DOMAIN_TARGET (a host, or an IPv4 address), read at each check. */
export function domainTarget(env: NodeJS.ProcessEnv = process.env): string {
  return normaliseHost(env.APP_DOMAIN_TARGET || DEFAULT_DOMAIN_TARGET);
}

export type CheckResult = { connected: true } | { connected: false; reason: string };

class LookupFailed extends Error {}

/** "No such name" and "no record of that type" are answers (empty); anything else is a failed lookup. */
async function lookup(fn: (host: string) => Promise<string[]>, host: string): Promise<string[]> {
  try {
    return (await fn(host)).map(normaliseHost);
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'ERROR';
    if (code === 'ENOTFOUND' || code === 'ENODATA' || code === 'NOTFOUND' || code === 'NODATA') return [];
    throw new LookupFailed(code);
  }
}

/**
 * Connected when the host's CNAME is the target, or when the host's A records share an address
 * with the target's (apex domains cannot hold a CNAME, so they use A records).
 */
export async function checkConnection(host: string, target: string, dns: DnsResolver = dnsResolver): Promise<CheckResult> {
  try {
    const cnames = await lookup((h) => dns.resolveCname(h), host);
    if (cnames.includes(target)) return { connected: true };
    const [hostIps, targetIps] = await Promise.all([
      lookup((h) => dns.resolve4(h), host),
      isIPv4(target) ? Promise.resolve([target]) : lookup((h) => dns.resolve4(h), target),
    ]);
    if (hostIps.some((ip) => targetIps.includes(ip))) return { connected: true };
    if (cnames.length > 0) return { connected: false, reason: `${host} points to ${cnames.join(', ')} instead of ${target}` };
    if (hostIps.length > 0) {
      return { connected: false, reason: `${host} resolves to ${hostIps.join(', ')}, not to ${target}${targetIps.length ? ` (${targetIps.join(', ')})` : ''}` };
    }
    return { connected: false, reason: `no CNAME or A record found for ${host}` };
  } catch (error) {
    if (error instanceof LookupFailed) return { connected: false, reason: `DNS lookup failed (${error.message})` };
    throw error;
  }
}
