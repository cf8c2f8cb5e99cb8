/**
 * Downloads an image from an address a shop gave us (its CDN), as a hostile address: http(s) only, no private,
 * loopback, link-local or other reserved address on any hop (the address checked is the one connected to, so a
 * DNS answer cannot change between the check and the connection), at most a few redirects each checked again,
 * a size cap counted while reading, a deadline for the whole download, and an image content type.
 */
import http from 'node:http';
import https from 'node:https';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

export interface ImageFetchOptions {
  /** The most bytes read; a larger image is refused (its Content-Length first, then while reading). */
  maxBytes: number;
  /** The whole download, redirects included. */
  timeoutMs: number;
  maxRedirects: number;
  /**
   * Origins allowed although they are private (the local platform fakes in tests and local trials, a test
   * setting production refuses). A redirect elsewhere is checked as usual.
   */
  allowedOrigins?: ReadonlySet<string>;
}

export const IMAGE_FETCH_DEFAULTS: ImageFetchOptions = { maxBytes: 15 * 1024 * 1024, timeoutMs: 20_000, maxRedirects: 3 };

/** A download refused for good: the reason is kept on the job's result; the product keeps the shop's address. */
export class ImageRefused extends Error {}

const reserved = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) reserved.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['2001:db8::', 32], ['64:ff9b::', 96], ['100::', 64],
] as const) reserved.addSubnet(net, prefix, 'ipv6');

/** True for an address no shop image may live at (IPv4-mapped IPv6 addresses are checked as IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return reserved.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 4) return reserved.check(address, 'ipv4');
  if (family === 6) return reserved.check(address, 'ipv6');
  return true;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup that fails when the name resolves to any private address. */
function guardedLookup(hostname: string, options: { all?: boolean }, callback: LookupCallback) {
  dnsLookup(hostname, { all: true }, (err, addresses) => {
    if (err) return callback(err, '');
    const bad = addresses.find((a) => isPrivateAddress(a.address));
    if (bad || addresses.length === 0) return callback(Object.assign(new ImageRefused(`${hostname} is a private address`), { code: 'EPRIVATE' }), '');
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

interface Hop {
  status: number;
  location?: string;
  contentType: string;
  bytes?: Buffer;
}

function requestOnce(url: URL, options: ImageFetchOptions, trusted: boolean, signal: AbortSignal): Promise<Hop> {
  return new Promise((resolve, reject) => {
    const get = url.protocol === 'https:' ? https.get : http.get;
    const req = get(
      url,
      { signal, headers: { accept: 'image/*', 'user-agent': 'fbo-image-copy' }, ...(trusted ? {} : { lookup: guardedLookup as never }) },
      (res) => {
        const status = res.statusCode ?? 0;
        const contentType = String(res.headers['content-type'] ?? '').toLowerCase();
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return resolve({ status, location: res.headers.location, contentType });
        }
        if (status !== 200) {
          res.resume();
          return resolve({ status, contentType });
        }
        if (!contentType.startsWith('image/')) {
          res.resume();
          return reject(new ImageRefused(`not an image (${contentType || 'no content type'})`));
        }
        const declared = Number(res.headers['content-length'] ?? NaN);
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          res.destroy();
          return reject(new ImageRefused(`larger than ${options.maxBytes} bytes`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            res.destroy();
            reject(new ImageRefused(`larger than ${options.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, contentType, bytes: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => reject(err.code === 'EPRIVATE' ? new ImageRefused(err.message) : err));
  });
}

/** The image's bytes and content type, or ImageRefused (or a network error) when it cannot be taken. */
export async function fetchImage(address: string, options: ImageFetchOptions = IMAGE_FETCH_DEFAULTS): Promise<{ bytes: Buffer; contentType: string }> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new ImageRefused('not an address');
  }
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ImageRefused(`${url.protocol} is not http(s)`);
    const trusted = options.allowedOrigins?.has(url.origin) ?? false;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    // An address written as an IP is connected to without a lookup: checked here.
    if (!trusted && isIP(host) && isPrivateAddress(host)) throw new ImageRefused(`${host} is a private address`);
    let answer: Hop;
    try {
      answer = await requestOnce(url, options, trusted, signal);
    } catch (err) {
      if (signal.aborted) throw new ImageRefused(`no answer within ${options.timeoutMs / 1000} s`);
      throw err;
    }
    if (answer.location !== undefined) {
      if (hop >= options.maxRedirects) throw new ImageRefused('too many redirects');
      url = new URL(answer.location, url);
      continue;
    }
    if (!answer.bytes) throw new ImageRefused(`the shop answered ${answer.status}`);
    return { bytes: answer.bytes, contentType: answer.contentType };
  }
}
