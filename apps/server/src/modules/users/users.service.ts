import { verify } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import { MSG, type UserInfo } from '@fbo/shared';
import type { AppContext } from '../../context';
import { basecosts, sellerTeams, users } from '../../db/schema/index';
import { badRequest, notFound } from '../../lib/errors';
import { writeAudit } from '../audit';
import { hashPassword } from '../credentials';

export async function info(ctx: AppContext, userId: string): Promise<UserInfo> {
  const [row] = await ctx.db
    .select({
      user: users,
      team: { id: sellerTeams.id, name: sellerTeams.name, code: sellerTeams.code, sellerType: sellerTeams.sellerType },
      basecost: { id: basecosts.id, name: basecosts.name },
    })
    .from(users)
    .leftJoin(sellerTeams, eq(sellerTeams.id, users.sellerTeamId))
    .leftJoin(basecosts, eq(basecosts.id, sellerTeams.basecostId))
    .where(eq(users.id, userId));
  if (!row) throw notFound();
  const { user, team, basecost } = row;
  return {
    id: user.id,
    email: user.email,
    fullName: user.fullName,
    userType: user.userType,
    authority: user.authority as UserInfo['authority'],
    isSubUser: user.isSubUser,
    agencyId: user.agencyId,
    sellerTeam: team?.id ? { ...team, basecost: basecost?.id ? basecost : null } : null,
  };
}

export async function updateOwnName(ctx: AppContext, userId: string, fullName: string) {
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select({ fullName: users.fullName, agencyId: users.agencyId }).from(users).where(eq(users.id, userId));
    await tx.update(users).set({ fullName, updatedAt: new Date() }).where(eq(users.id, userId));
    await writeAudit(tx, { actorId: userId, agencyId: before?.agencyId ?? null, entity: 'user', entityId: userId, action: 'update_profile', before: { fullName: before?.fullName }, after: { fullName } });
  });
  return { message: 'Update success' };
}

/** Changing the password signs the user out elsewhere; this session gets a fresh token. */
export async function changeOwnPassword(
  ctx: AppContext,
  userId: string,
  input: { oldPassword: string; newPassword: string },
) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  const ok = await verify(user.passwordHash, input.oldPassword).catch(() => false);
  if (!ok) throw badRequest(MSG.currentPasswordWrong, { oldPassword: MSG.currentPasswordWrong });
  const passwordHash = await hashPassword(input.newPassword);
  const version = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ tokenVersion: users.tokenVersion });
    await writeAudit(tx, { actorId: userId, agencyId: user.agencyId, entity: 'user', entityId: userId, action: 'change_password' });
    return row!.tokenVersion;
  });
  return { message: MSG.updatePasswordSuccess, access_token: await ctx.tokens.sign(userId, version) };
}
