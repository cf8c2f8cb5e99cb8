import { and, asc, count, eq } from 'drizzle-orm';
import { type Actor, type DomainItem, DOMAIN_CONNECTED, SETTINGS_LIMITS, SETTINGS_MSG } from '@fbo/shared';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { domains } from '../../db/schema/index';
import { badRequest, notFound } from '../../lib/errors';
import { writeAudit } from '../audit';
import { checkConnection, domainTarget } from './domain-check';

type DomainRow = typeof domains.$inferSelect;

function toItem(row: DomainRow): DomainItem {
  return {
    id: row.id,
    host: row.host,
    connectStatus: row.connectStatus,
    createdAt: row.createdAt.toISOString(),
    checkedAt: row.checkedAt?.toISOString() ?? null,
  };
}

function agencyOf(actor: Actor): string {
  if (!actor.agencyId) throw notFound();
  return actor.agencyId;
}

/** One of the actor's agency's domains; another agency's is simply not found. */
async function ownDomain(db: Db | Tx, actor: Actor, id: string): Promise<DomainRow> {
  const [row] = await db.select().from(domains).where(and(eq(domains.id, id), eq(domains.agencyId, agencyOf(actor))));
  if (!row) throw notFound();
  return row;
}

export async function list(ctx: AppContext, actor: Actor) {
  const rows = await ctx.db.select().from(domains).where(eq(domains.agencyId, agencyOf(actor))).orderBy(asc(domains.createdAt), asc(domains.id));
  return { data: rows.map(toItem), target: domainTarget() };
}

/** Host names are unique across all agencies: a request's host decides whose theme and sign-up it gets. */
export async function create(ctx: AppContext, actor: Actor, host: string) {
  const agencyId = agencyOf(actor);
  const row = await ctx.db.transaction(async (tx) => {
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(domains).where(eq(domains.agencyId, agencyId));
    if (Number(n) >= SETTINGS_LIMITS.domainsPerAgency) throw badRequest(SETTINGS_MSG.tooManyDomains);
    // The unique index decides, also between two agencies adding the same host at once.
    const [inserted] = await tx.insert(domains).values({ agencyId, host }).onConflictDoNothing({ target: domains.host }).returning();
    if (!inserted) throw badRequest(SETTINGS_MSG.hostTaken(host), { host: SETTINGS_MSG.hostTaken(host) });
    await writeAudit(tx, { actorId: actor.userId, agencyId, entity: 'domain', entityId: inserted.id, action: 'create', after: { host } });
    return inserted;
  });
  return { message: SETTINGS_MSG.created, data: toItem(row) };
}

/** Runs the DNS check (outside any transaction: it waits on the network) and records its outcome. */
export async function check(ctx: AppContext, actor: Actor, id: string) {
  const domain = await ownDomain(ctx.db, actor, id);
  const result = await checkConnection(domain.host, domainTarget());
  const connectStatus = result.connected ? DOMAIN_CONNECTED : 0;
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(domains)
      .set({ connectStatus, checkedAt: new Date() })
      .where(and(eq(domains.id, id), eq(domains.agencyId, domain.agencyId)))
      .returning();
    // Deleted while the lookup ran.
    if (!updated) throw notFound();
    if (updated.connectStatus !== domain.connectStatus) {
      await writeAudit(tx, {
        actorId: actor.userId, agencyId: domain.agencyId, entity: 'domain', entityId: id, action: 'check_connection',
        before: { connectStatus: domain.connectStatus }, after: { connectStatus },
        reason: result.connected ? undefined : result.reason,
      });
    }
    return updated;
  });
  return { message: result.connected ? SETTINGS_MSG.connected : SETTINGS_MSG.notConnected(result.reason), data: toItem(row) };
}

export async function remove(ctx: AppContext, actor: Actor, id: string) {
  await ctx.db.transaction(async (tx) => {
    const domain = await ownDomain(tx, actor, id);
    await tx.delete(domains).where(eq(domains.id, domain.id));
    await writeAudit(tx, { actorId: actor.userId, agencyId: domain.agencyId, entity: 'domain', entityId: id, action: 'delete', before: { host: domain.host, connectStatus: domain.connectStatus } });
  });
  return { message: SETTINGS_MSG.deleted };
}
