/**
 * The store URL guard: a merchant types the URL, so without it a store row could make the server call
 * its own metadata endpoint (169.254.169.254), a database port or anything on the private network
 * (server-side request forgery). Checked on every request and every redirect hop, since a DNS answer
 * may change between two calls (fetch resolves once more on its own: the window left is one lookup).
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { refusedUrl, WooCommerceError } from './woocommerce-error';

export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

export interface UrlGuardOptions {
  /** Tests and the local fakes (127.0.0.1 over http): only outside production (assertTestOnly). */
  allowPrivateForTests?: boolean;
  /** Read for the production check; default process.env.NODE_ENV. */
  nodeEnv?: string;
  /** Tests inject names; default: the system resolver, every address of the name. */
  resolve?: Resolver;
}

/** IPv4 ranges no store lives in: this network, loopback, private, CGNAT, link-local, multicast and reserved. */
const V4: [string, number][] = [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16],
  ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 3],
];
/** IPv6: unspecified, loopback and the deprecated IPv4-compatible forms (::/96), ULA, link-local, multicast. */
const V6: [string, number][] = [['::', 96], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]];

const blocked = new BlockList();
for (const [net, prefix] of V4) {
  blocked.addSubnet(net, prefix, 'ipv4');
  // The IPv4-mapped form (::ffff:127.0.0.1, written ::ffff:7f00:1 by the URL parser) reaches the same host.
  blocked.addSubnet(`::ffff:${net}`, 96 + prefix, 'ipv6');
  // NAT64 (64:ff9b::/96) maps to IPv4 too.
  blocked.addSubnet(`64:ff9b::${net}`, 96 + prefix, 'ipv6');
}
for (const [net, prefix] of V6) blocked.addSubnet(net, prefix, 'ipv6');

export function forbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const systemResolve: Resolver = (host) => lookup(host, { all: true, verbatim: true });

/** In production a test-only option is a misconfiguration, refused as STORE_FAKES_URL is (config.ts). */
export function assertTestOnly(options: { allowPrivateForTests?: boolean; nodeEnv?: string }): void {
  if (options.allowPrivateForTests && (options.nodeEnv ?? process.env.NODE_ENV) === 'production') {
    throw new Error('WooCommerce: allowPrivateForTests lets store calls reach private addresses: it is refused when NODE_ENV=production');
  }
}

/** The URL, parsed, when it may be called now; else a WooCommerceError (kind 'not-found', code store_url_refused). */
export async function guardStoreUrl(raw: string | URL, options: UrlGuardOptions = {}): Promise<URL> {
  assertTestOnly(options);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refusedUrl(`${String(raw)} is not a URL`);
  }
  const open = options.allowPrivateForTests === true;
  if (url.protocol !== 'https:' && !(open && url.protocol === 'http:')) throw refusedUrl(`${url.protocol} is not https:`);
  if (url.username || url.password) throw refusedUrl('credentials in the URL');
  if (open) return url;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await (options.resolve ?? systemResolve)(host)).map((a) => a.address);
    } catch (err) {
      throw new WooCommerceError(`WooCommerce: ${host} could not be resolved: ${err instanceof Error ? err.message : String(err)}`, { kind: 'network', retryable: true });
    }
  }
  if (addresses.length === 0) throw new WooCommerceError(`WooCommerce: ${host} has no address`, { kind: 'network', retryable: true });
  // Every address: a name answering one public and one private address would otherwise pass half the time.
  const bad = addresses.find(forbiddenAddress);
  if (bad) throw refusedUrl(`${host} resolves to ${bad}, a loopback, private or link-local address`);
  return url;
}
