import { z } from 'zod';
import { NO_GROUP, PROXY_LIMITS, PROXY_MSG, isValidProxyDomain } from '../domain/proxies';
import { listQuery, listResponse } from './common';

const groupName = z
  .string({ error: PROXY_MSG.inputGroupName })
  .trim()
  .min(1, PROXY_MSG.inputGroupName)
  .min(PROXY_LIMITS.groupName.min, PROXY_MSG.groupNameLength)
  .max(PROXY_LIMITS.groupName.max, PROXY_MSG.groupNameLength);

/** Stored trimmed and lower-cased: `Shop.Example.com ` and `shop.example.com` are one proxy. */
const proxyDomain = z
  .string({ error: PROXY_MSG.inputDomain })
  .trim()
  .toLowerCase()
  .min(1, PROXY_MSG.inputDomain)
  .max(PROXY_LIMITS.domain.max, PROXY_MSG.domainLength)
  .refine(isValidProxyDomain, PROXY_MSG.domainInvalid);

/** null (or absent on create) = no group. */
const groupRef = z.uuid({ error: PROXY_MSG.groupNotFound }).nullable();

// GET /api/orders/proxy/list: every proxy of the agency, small, for selects and order filters.
export const proxyOption = z.object({
  id: z.string(),
  proxyDomain: z.string(),
  groupId: z.string().nullable(),
  groupName: z.string().nullable(),
});
export type ProxyOption = z.infer<typeof proxyOption>;
export const proxyOptionsResponse = z.object({ data: z.array(proxyOption) });

// Proxy groups.
export const proxyGroupListQuery = listQuery;
export type ProxyGroupListQuery = z.infer<typeof proxyGroupListQuery>;
export const proxyGroupItem = z.object({
  id: z.string(),
  name: z.string(),
  proxyCount: z.number().int(),
  createdAt: z.string(),
});
export type ProxyGroupItem = z.infer<typeof proxyGroupItem>;
export const proxyGroupListResponse = listResponse(proxyGroupItem);
export const proxyGroupBody = z.object({ name: groupName });
export type ProxyGroupBody = z.infer<typeof proxyGroupBody>;
export const proxyGroupAnswer = z.object({ message: z.string(), data: proxyGroupItem });

// Proxies.
export const proxyListQuery = listQuery.extend({
  /** A group's id, or `none` for proxies in no group. */
  groupId: z.union([z.uuid(), z.literal(NO_GROUP)]).optional(),
});
export type ProxyListQuery = z.infer<typeof proxyListQuery>;
export const proxyItem = z.object({
  id: z.string(),
  proxyDomain: z.string(),
  group: z.object({ id: z.string(), name: z.string() }).nullable(),
  userCount: z.number().int(),
  orderCount: z.number().int(),
  createdAt: z.string(),
});
export type ProxyItem = z.infer<typeof proxyItem>;
export const proxyListResponse = listResponse(proxyItem);
export const proxyCreateBody = z.object({ proxyDomain, groupId: groupRef.optional() });
export type ProxyCreateBody = z.infer<typeof proxyCreateBody>;
export const proxyUpdateBody = z
  .object({ proxyDomain: proxyDomain.optional(), groupId: groupRef.optional() })
  .refine((b) => b.proxyDomain !== undefined || b.groupId !== undefined, PROXY_MSG.nothingToUpdate);
export type ProxyUpdateBody = z.infer<typeof proxyUpdateBody>;
export const proxyAnswer = z.object({ message: z.string(), data: proxyItem });
