/**
 * Proxies (store-front domains) and proxy groups: limits, the host-name rule and messages, free of zod
 * so the web's forms use the very rule the server applies. Messages the spec does not give are ours
 * (docs/decisions.md, "Proxies and proxy groups").
 */
import { lengthMessage } from './messages';

export const PROXY_LIMITS = {
  groupName: { min: 2, max: 128 },
  /** RFC 1035: a host name is at most 253 characters, each label 1 to 63. */
  domain: { min: 3, max: 253 },
} as const;

/** `groupId=none` in the proxy list asks for proxies in no group. */
export const NO_GROUP = 'none';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** The last label names a top-level domain: letters, or an IDN's punycode; never all digits (an IP). */
const TOP_LABEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** The form the server stores: trimmed and lower-cased. */
export function normalizeProxyDomain(value: string): string {
  return value.trim().toLowerCase();
}

/** A host name of two labels or more (shop.example.com): no scheme, path, port or trailing dot. */
export function isValidProxyDomain(value: string): boolean {
  const host = normalizeProxyDomain(value);
  if (host.length < PROXY_LIMITS.domain.min || host.length > PROXY_LIMITS.domain.max) return false;
  const labels = host.split('.');
  return labels.length >= 2 && labels.every((l) => LABEL.test(l)) && TOP_LABEL.test(labels.at(-1)!);
}

const { groupName, domain } = PROXY_LIMITS;

export const PROXY_MSG = {
  inputGroupName: 'Please input name',
  groupNameLength: lengthMessage('name', groupName.min, groupName.max),
  groupNameTaken: 'A proxy group with this name already exists',
  groupNotFound: 'Proxy group not found',
  inputDomain: 'Please input proxyDomain',
  domainLength: lengthMessage('proxyDomain', domain.min, domain.max),
  domainInvalid: 'Please input a valid domain name, e.g. shop.example.com',
  domainTaken: 'This proxy domain already exists',
  nothingToUpdate: 'Nothing to update',
  proxyHasOrders: (orders: number) =>
    `This proxy can not be deleted: ${orders} order${orders === 1 ? ' uses' : 's use'} it`,
} as const;
