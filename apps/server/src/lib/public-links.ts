/**
 * The origin of every link that leaves the server (mails today). A request's Host (or, behind a
 * trusted proxy, X-Forwarded-Host) is chosen by whoever sends the request, so it is never copied
 * into a link: a link goes to PUBLIC_URL, or to a host the `domains` table says is a connected
 * domain of the recipient's own agency (so a seller who signed up on the agency's domain gets mails
 * on that domain). A connected domain takes PUBLIC_URL's scheme and port (https in any real
 * deployment): the same deployment serves both, and the header's port is not trusted either.
 */
import { and, eq } from 'drizzle-orm';
import { DOMAIN_CONNECTED } from '@fbo/shared';
import type { AppContext } from '../context';
import type { Db, Tx } from '../db/client';
import { domains } from '../db/schema/index';

/** PUBLIC_URL's stand-in in development when it is not set (production requires it). */
export const localPublicUrl = (port = 3000) => `http://localhost:${port}`;

/** Who a link is for: the agency of its recipient, and the host the request came in on. */
export interface LinkAudience {
  agencyId: string | null | undefined;
  requestHost: string | undefined;
}

/** The host name of a Host header value ("Shop.Agency.com:443" -> "shop.agency.com"), or null when malformed. */
function hostName(header: string | undefined): string | null {
  if (!header) return null;
  try {
    const url = new URL(`http://${header}`);
    // Anything beyond host[:port] (a user part, a path) means this is not a plain host.
    return url.host === header.toLowerCase() ? url.hostname : null;
  } catch {
    return null;
  }
}

async function isConnectedDomain(db: Db | Tx, agencyId: string, host: string) {
  const [row] = await db
    .select({ host: domains.host })
    .from(domains)
    .where(and(eq(domains.host, host), eq(domains.agencyId, agencyId), eq(domains.connectStatus, DOMAIN_CONNECTED)))
    .limit(1);
  return !!row;
}

/** The origin (and any base path of PUBLIC_URL) that links for this audience start with, no trailing slash. */
export async function linkBase(ctx: Pick<AppContext, 'db' | 'publicUrl'>, audience: LinkAudience): Promise<string> {
  const base = new URL(ctx.publicUrl ?? localPublicUrl());
  const fallback = base.href.replace(/\/+$/, '');
  const host = hostName(audience.requestHost);
  if (!host || host === base.hostname || !audience.agencyId) return fallback;
  if (!(await isConnectedDomain(ctx.db, audience.agencyId, host))) return fallback;
  const onDomain = new URL(base.href);
  onDomain.hostname = host;
  return onDomain.href.replace(/\/+$/, '');
}

/** An absolute link to a page of the web app (`path` under /cms, e.g. `/auth/reset-password?token=..`). */
export async function appLink(ctx: Pick<AppContext, 'db' | 'publicUrl'>, audience: LinkAudience, path: string) {
  return `${await linkBase(ctx, audience)}/cms${path}`;
}
