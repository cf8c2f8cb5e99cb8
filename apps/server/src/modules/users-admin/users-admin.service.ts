import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  DEFAULT_SUB_AUTHORITY,
  MSG,
  USER_ADMIN_MSG as M,
  authorityLabel,
  roleOf,
  type Actor,
  type Authority,
  type ManagedUser,
  type UserCreateBody,
  type UserUpdateBody,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import { sellerTeams, users } from '../../db/schema/index';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { listAnswer } from '../../lib/list';
import { writeAudit } from '../audit';
import { hashPassword } from '../credentials';
import { userByEmail } from '../auth';
import { notify } from '../notifications';
import * as repo from './users-admin.repo';
import type { UserRow, UserScope } from './users-admin.repo';

/**
 * The agency owner manages its agency's users, a seller manager its team's sub-users. The
 * route's permission already let only those two in; this turns the actor into its scope.
 */
async function scopeOf(ctx: AppContext, actor: Actor): Promise<UserScope> {
  if (actor.userType === 'agency' && actor.agencyId) return { kind: 'agency', agencyId: actor.agencyId };
  if (actor.userType === 'seller' && actor.sellerTeamId) {
    // New sub-users belong to the team's agency: read it from the team, not from the manager's row.
    const [team] = await ctx.db
      .select({ agencyId: sellerTeams.agencyId })
      .from(sellerTeams)
      .where(eq(sellerTeams.id, actor.sellerTeamId));
    if (team) return { kind: 'seller', agencyId: team.agencyId, sellerTeamId: actor.sellerTeamId };
  }
  throw forbidden();
}

function toItem(row: UserRow, proxies: ManagedUser['proxies'] = []): ManagedUser {
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    userType: row.userType,
    authority: row.authority as Authority | null,
    isSubUser: row.isSubUser,
    proxies,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Proxies are an agency's store-front domains: only its own, and only for agency users. */
async function checkProxies(ctx: AppContext, scope: UserScope, ids: string[] | undefined): Promise<string[] | undefined> {
  if (ids === undefined) return undefined;
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  if (scope.kind !== 'agency') throw badRequest(M.proxiesAgencyOnly, { proxies: M.proxiesAgencyOnly });
  if ((await repo.countAgencyProxies(ctx.db, scope.agencyId, unique)) !== unique.length) {
    throw badRequest(M.proxyNotFound, { proxies: M.proxyNotFound });
  }
  return unique;
}

/** An owner or a team manager is managed elsewhere (profile, the Sellers screens). */
function protectedMessage(target: UserRow, forDelete: boolean): string {
  if (target.userType === 'agency') return forDelete ? M.cannotDeleteOwner : M.cannotChangeOwner;
  return forDelete ? M.cannotDeleteManager : M.cannotChangeManager;
}

async function loadInScope(ctx: AppContext, scope: UserScope, id: string): Promise<UserRow> {
  const target = await repo.userInScope(ctx.db, scope, id);
  if (!target) throw notFound();
  return target;
}

export async function list(ctx: AppContext, actor: Actor, q: { page: number; limit: number; search?: string }) {
  const scope = await scopeOf(ctx, actor);
  const { rows, total } = await repo.listUsers(ctx.db, scope, q);
  const proxies = await repo.proxiesOf(ctx.db, rows.map((r) => r.id));
  return listAnswer(rows.map((r) => toItem(r, proxies.get(r.id))), total, q);
}

export async function get(ctx: AppContext, actor: Actor, id: string) {
  const target = await loadInScope(ctx, await scopeOf(ctx, actor), id);
  const proxies = await repo.proxiesOf(ctx.db, [target.id]);
  return { data: toItem(target, proxies.get(target.id)) };
}

/**
 * A user's profile by id (/ag/users/{id}): the agency owner reads any user of its own agency (its
 * Users list links there); everyone else only itself. Any other id is not found (404, not 403), so
 * probing ids tells nothing about who exists.
 */
export async function profile(ctx: AppContext, actor: Actor, id: string) {
  const target =
    id === actor.userId ? await repo.liveUser(ctx.db, id)
    : roleOf(actor) === 'agency.owner' && actor.agencyId ? await repo.userInScope(ctx.db, { kind: 'agency', agencyId: actor.agencyId }, id)
    : null;
  if (!target) throw notFound();
  const proxies = await repo.proxiesOf(ctx.db, [target.id]);
  return { data: toItem(target, proxies.get(target.id)) };
}

export async function create(ctx: AppContext, actor: Actor, input: UserCreateBody) {
  const scope = await scopeOf(ctx, actor);
  if (input.password !== input.confirmPassword) {
    throw badRequest(M.confirmPasswordNotSame, { confirmPassword: M.confirmPasswordNotSame });
  }
  // The spec makes the owner choose; a seller manager's dialog preselects Staff.
  const authority = input.authority ?? (scope.kind === 'seller' ? DEFAULT_SUB_AUTHORITY : undefined);
  if (!authority) throw badRequest(M.inputAuthority, { authority: M.inputAuthority });
  const proxyIds = (await checkProxies(ctx, scope, input.proxies)) ?? [];
  if (await userByEmail(ctx.db, input.email)) throw badRequest(MSG.emailTaken, { email: MSG.emailTaken });
  const passwordHash = await hashPassword(input.password);

  const user = await ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        fullName: input.fullName,
        passwordHash,
        userType: scope.kind,
        authority,
        isSubUser: true,
        agencyId: scope.agencyId,
        sellerTeamId: scope.kind === 'seller' ? scope.sellerTeamId : null,
        // Created by the people who run the account: no e-mail confirmation round.
        status: 'active',
      })
      .onConflictDoNothing()
      .returning();
    // Lost a race with another creation or sign-up of the same address.
    if (!user) throw badRequest(MSG.emailTaken, { email: MSG.emailTaken });
    await repo.replaceUserProxies(tx, user.id, proxyIds);
    await writeAudit(tx, {
      actorId: actor.userId,
      agencyId: scope.agencyId,
      entity: 'user',
      entityId: user.id,
      action: 'create',
      after: { email: user.email, fullName: user.fullName, userType: user.userType, authority, sellerTeamId: user.sellerTeamId, proxies: proxyIds },
    });
    return user;
  });
  const proxies = await repo.proxiesOf(ctx.db, [user.id]);
  return { message: M.created, data: toItem(user, proxies.get(user.id)) };
}

export async function update(ctx: AppContext, actor: Actor, id: string, input: UserUpdateBody) {
  const scope = await scopeOf(ctx, actor);
  const target = await loadInScope(ctx, scope, id);
  if (!target.isSubUser) throw badRequest(protectedMessage(target, false));
  if (input.email !== undefined && input.email.trim().toLowerCase() !== target.email) {
    throw badRequest(M.emailReadOnly, { email: M.emailReadOnly });
  }
  const proxyIds = await checkProxies(ctx, scope, input.proxies);
  const changes = {
    ...(input.fullName !== undefined ? { fullName: input.fullName } : {}),
    ...(input.authority !== undefined ? { authority: input.authority } : {}),
  };

  await ctx.db.transaction(async (tx) => {
    // The permissions follow on the user's next request: the auth plugin reads the row each time.
    const [updated] = await tx
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(users.id, target.id), isNull(users.deletedAt)))
      .returning({ id: users.id });
    if (!updated) throw notFound();
    const before: Record<string, unknown> = { fullName: target.fullName, authority: target.authority };
    if (proxyIds !== undefined) {
      before.proxies = (await repo.proxiesOf(tx, [target.id])).get(target.id)?.map((p) => p.id) ?? [];
      await repo.replaceUserProxies(tx, target.id, proxyIds);
    }
    await writeAudit(tx, {
      actorId: actor.userId,
      agencyId: scope.agencyId,
      entity: 'user',
      entityId: target.id,
      action: 'update',
      before,
      after: { ...changes, ...(proxyIds !== undefined ? { proxies: proxyIds } : {}) },
    });
    if (changes.authority && changes.authority !== target.authority) {
      await notify(tx, [target.id], {
        agencyId: scope.agencyId,
        title: 'Your role has changed',
        content: `Your authority is now ${authorityLabel(changes.authority)}.`,
      });
    }
  });
  return { message: M.updated };
}

/**
 * Soft delete: the row stays for history and audit, the account is disabled, its sessions end
 * (token version) and its proxies are released.
 */
export async function remove(ctx: AppContext, actor: Actor, id: string) {
  const scope = await scopeOf(ctx, actor);
  const target = await loadInScope(ctx, scope, id);
  if (target.id === actor.userId) throw badRequest(M.cannotDeleteSelf);
  if (!target.isSubUser) throw badRequest(protectedMessage(target, true));

  await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx
      .update(users)
      .set({ status: 'disabled', deletedAt: new Date(), tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(and(eq(users.id, target.id), isNull(users.deletedAt)))
      .returning({ id: users.id });
    // Deleted meanwhile by someone else.
    if (!deleted) throw notFound();
    await repo.replaceUserProxies(tx, target.id, []);
    await writeAudit(tx, {
      actorId: actor.userId,
      agencyId: scope.agencyId,
      entity: 'user',
      entityId: target.id,
      action: 'delete',
      before: { email: target.email, fullName: target.fullName, authority: target.authority, status: target.status },
      after: { status: 'disabled' },
    });
  });
  return { message: M.deleted };
}

export async function designers(ctx: AppContext, actor: Actor) {
  if (!actor.agencyId) throw forbidden();
  return { data: await repo.agencyUsersWithAuthority(ctx.db, actor.agencyId, 'designer') };
}

export async function staffs(ctx: AppContext, actor: Actor, q: { page: number; limit: number; search?: string }) {
  if (!actor.agencyId || actor.userType !== 'agency') throw forbidden();
  const { rows, total } = await repo.agencyStaffs(ctx.db, actor.agencyId, q);
  return listAnswer(rows.map((r) => ({ ...r, authority: r.authority as Authority | null })), total, q);
}
